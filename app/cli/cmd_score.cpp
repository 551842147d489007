// tokenscope-cli score: how probable the model finds a given text, token by token — the
// basis of the confidence colouring and of perplexity / bits-per-byte figures. Text longer
// than the context is scored with a sliding window, as Hugging Face's perplexity guide does:
// windows of the context length start every `stride` tokens, and each window scores only
// the tokens no earlier window scored, so every token is scored once, with at least
// window - stride tokens of context (fewer only at the very start).
#include <algorithm>
#include <cmath>
#include <span>

#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/session.hpp"

namespace ts::cli {

int runScore(const Args& args) {
    const Options opts = commandOptions("score", args);
    applyThreads(opts);
    const LoadedModel model = loadModel(opts);
    auto text = readText(opts, "text", "text-file");
    if (!text) throw UsageError{"give the text as --text STR or --text-file FILE"};
    if (!model.tokenizer)
        throw Error("the model in " + model.folder.string() + " has no tokenizer to score text");
    // The text as every command reads a prompt (ts::parsePrompt): the model's start token in
    // front where its files ask for one (Llama 2's <s>), nothing otherwise (GPT-2 and the
    // bundled model: their first token is then unscored; --bos puts the start token, for
    // them <|endoftext|>, the separator their training documents followed, in front so that
    // it is scored too).
    const PromptTokens prompt = parsePrompt(*text, model.tokenizer.get(),
                                            model.model->config().nVocab, promptOptions(opts));
    const std::vector<Token>& tokens = prompt.tokens;
    const std::vector<int> ids = prompt.ids();
    const bool withBos = prompt.startAdded;
    const int window = model.model->config().nCtx;
    const int stride = static_cast<int>(opts.integer("stride", std::max(1, window / 2), 1, window));
    if (ids.size() < 2)
        throw Error(
            "the text is a single token with nothing before it, so nothing is scored"
            " (--bos puts the model's start token in front)");
    const int n = static_cast<int>(ids.size());

    Json perToken = Json::array();
    const auto shown = tokenDisplays(model, ids);
    double nllSum = 0.0;
    std::size_t scoredBytes = 0;
    int windows = 0, scored = 0;
    Session session(model.model);
    TraceOptions traceOptions;
    traceOptions.allLogits = true;
    // Interventions (mean ablation's means over the first window, the prompt a run would see).
    const auto interventions = interventionsFrom(
        opts, model,
        std::span<const int>(ids).first(static_cast<std::size_t>(std::min(n, window))));
    traceOptions.interventions = interventions;
    for (int begin = 0, prevEnd = 0;; begin += stride) {
        const int end = std::min(begin + window, n);
        session.reset();
        const StepTrace trace = session.prefill(
            std::span<const int>(ids.data() + begin, static_cast<std::size_t>(end - begin)),
            traceOptions);
        ++windows;
        // Targets: the tokens after the previous window's end; the first token of a window
        // has no context inside it (only when stride == window), so it stays unscored.
        for (int i = std::max(prevEnd, begin + 1); i < end; ++i) {
            const auto& logits = trace.allLogits[static_cast<std::size_t>(i - begin - 1)];
            const auto id = static_cast<std::size_t>(ids[static_cast<std::size_t>(i)]);
            const double logProb = static_cast<double>(logits[id]) - logSumExp(logits);
            const auto probs = softmax(logits);
            const auto& tok = tokens[static_cast<std::size_t>(i)];
            nllSum -= logProb;
            ++scored;
            scoredBytes += tok.end - tok.start;
            perToken.push_back(
                {{"id", ids[static_cast<std::size_t>(i)]},
                 {"text", tokenText(model, ids[static_cast<std::size_t>(i)])},
                 {"bytes", hexBytes(tokenBytesOf(model, ids[static_cast<std::size_t>(i)]))},
                 {"display", shown[static_cast<std::size_t>(i)]},
                 {"start", tok.start},
                 {"end", tok.end},
                 {"logprob", logProb},
                 {"prob", std::exp(logProb)},
                 {"rank", rankOf(logits, static_cast<int>(id))},
                 {"entropy_bits", entropyBits(probs)},
                 {"context", i - begin}});
        }
        prevEnd = end;
        if (end == n) break;
    }
    const double meanNll = nllSum / static_cast<double>(scored);
    Json j;
    j["ids"] = ids;
    j["bos"] = withBos;
    j["tokens"] = perToken;
    j["scored_tokens"] = scored;
    j["unscored_tokens"] = n - 1 - scored;
    j["scored_bytes"] = scoredBytes;
    j["mean_nll"] = meanNll;
    j["perplexity"] = std::exp(meanNll);
    j["bits_per_byte"] = nllSum / std::log(2.0) / static_cast<double>(scoredBytes);
    j["window"] = window;
    j["stride"] = stride;
    j["windows"] = windows;
    if (interventions) j["interventions"] = interventionsJson(*interventions);
    printJson(j);
    return 0;
}

}  // namespace ts::cli
