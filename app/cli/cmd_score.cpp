// tokenscope-cli score: how probable the model finds a given text, token by token — the
// basis of the confidence colouring and of perplexity / bits-per-byte figures.
#include <cmath>

#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/session.hpp"

namespace ts::cli {

int runScore(const Args& args) {
    const Options opts(args, {"model", "text", "text-file", "threads"},
                       {"json", "no-bos", "special"});
    applyThreads(opts);
    const LoadedModel model = loadModel(opts);
    auto text = readText(opts, "text", "text-file");
    if (!text) throw UsageError{"give the text as --text STR or --text-file FILE"};
    if (!model.tokenizer)
        throw Error("the model in " + model.folder.string() + " has no tokenizer to score text");
    const auto tokens = model.tokenizer->encode(*text, opts.flag("special"));
    if (tokens.empty()) throw Error("the text is empty: nothing to score");

    // The model's start token where its start-token rule adds one (Llama 2); GPT-2 has no
    // BOS of its own, and prepending <|endoftext|> (as its training data had between
    // documents) lets the first token be scored too.
    std::vector<int> ids;
    const StartTokenRule& start = model.tokenizer->startToken();
    const auto eos = start.add && start.id ? start.id : model.tokenizer->endOfTextId();
    const bool withBos = eos && !opts.flag("no-bos");
    if (withBos) ids.push_back(*eos);
    for (const auto& t : tokens) ids.push_back(t.id);
    checkFitsContext(ids.size(), model.model->config(), "the text");
    if (ids.size() < 2) throw Error("the text is a single token: with --no-bos nothing is scored");

    Session session(model.model);
    TraceOptions traceOptions;
    traceOptions.allLogits = true;
    const StepTrace trace = session.prefill(ids, traceOptions);

    Json perToken = Json::array();
    const auto shown = tokenDisplays(model, ids);
    double nllSum = 0.0;
    std::size_t scoredBytes = 0;
    for (std::size_t i = 1; i < ids.size(); ++i) {
        const auto& logits = trace.allLogits[i - 1];
        const float lse = logSumExp(logits);
        const double logProb = static_cast<double>(logits[static_cast<std::size_t>(ids[i])]) - lse;
        const auto probs = softmax(logits);
        const auto& tok = tokens[i - (withBos ? 1 : 0)];
        nllSum -= logProb;
        scoredBytes += tok.end - tok.start;
        perToken.push_back({{"id", ids[i]},
                            {"text", tokenText(model, ids[i])},
                            {"bytes", hexBytes(tokenBytesOf(model, ids[i]))},
                            {"display", shown[i]},
                            {"start", tok.start},
                            {"end", tok.end},
                            {"logprob", logProb},
                            {"prob", std::exp(logProb)},
                            {"rank", rankOf(logits, ids[i])},
                            {"entropy_bits", entropyBits(probs)}});
    }
    const double n = static_cast<double>(ids.size() - 1);
    const double meanNll = nllSum / n;
    Json j;
    j["ids"] = ids;
    j["bos"] = withBos;
    j["tokens"] = perToken;
    j["scored_tokens"] = ids.size() - 1;
    j["scored_bytes"] = scoredBytes;
    j["mean_nll"] = meanNll;
    j["perplexity"] = std::exp(meanNll);
    j["bits_per_byte"] = nllSum / std::log(2.0) / static_cast<double>(scoredBytes);
    printJson(j);
    return 0;
}

}  // namespace ts::cli
