// Continuation scoring and fact probes (the hallucination lens): how probable the model finds
// a true and some false continuations of a prompt, and what it would say itself.
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "formats/json_file.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {

ContinuationScore scoreContinuation(std::shared_ptr<const Model> model,
                                    const std::vector<int>& prompt,
                                    const std::vector<int>& continuation) {
    if (prompt.empty()) throw Error("cannot score a continuation of an empty prompt");
    if (continuation.empty()) throw Error("the continuation to score is empty");
    std::vector<int> ids = prompt;
    ids.insert(ids.end(), continuation.begin(), continuation.end() - 1);
    checkFitsContext(ids.size(), model->config().nCtx, "the prompt plus the continuation");
    Session session(model);
    TraceOptions options;
    options.allLogits = true;
    const StepTrace trace = session.prefill(ids, options);
    ContinuationScore score;
    for (std::size_t i = 0; i < continuation.size(); ++i) {
        const auto& logits = trace.allLogits[prompt.size() - 1 + i];
        const double lp = static_cast<double>(logits[static_cast<std::size_t>(continuation[i])]) -
                          logSumExp(logits);
        score.tokenLogProbs.push_back(lp);
        score.logProb += lp;
        if (i == 0) score.firstTokenRank = rankOf(logits, continuation[0]);
    }
    return score;
}

std::vector<FactProbe> loadFactProbes(const std::filesystem::path& file) {
    nlohmann::json j = readJsonFile(file, "probe file");
    const auto& list = j.is_object() && j.contains("probes") ? j["probes"] : j;
    if (!list.is_array())
        throw Error("probe file " + file.string() + ": expected a list of probes");
    std::vector<FactProbe> probes;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& p = list[i];
        const std::string where = file.string() + ": probe " + std::to_string(i);
        if (!p.is_object() || !p.contains("prompt") || !p["prompt"].is_string() ||
            !p.contains("truth") || !p["truth"].is_string())
            throw Error(where + " needs string fields \"prompt\" and \"truth\"");
        FactProbe probe;
        probe.prompt = p["prompt"];
        probe.truth = p["truth"];
        if (p.contains("false")) {
            if (!p["false"].is_array())
                throw Error(where + ": \"false\" must be a list of strings");
            for (const auto& f : p["false"]) {
                if (!f.is_string()) throw Error(where + ": \"false\" must be a list of strings");
                probe.falsehoods.push_back(f);
            }
        }
        if (p.contains("group") && p["group"].is_string()) probe.group = p["group"];
        checkUtf8(probe.prompt, where);
        checkUtf8(probe.truth, where);
        probes.push_back(std::move(probe));
    }
    return probes;
}

void saveFactProbes(const std::vector<FactProbe>& probes, const std::filesystem::path& file) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& p : probes)
        list.push_back({{"prompt", p.prompt},
                        {"truth", p.truth},
                        {"false", p.falsehoods},
                        {"group", p.group}});
    std::ofstream out(file);
    if (!out) throw Error("cannot write probe file " + file.string());
    out << nlohmann::ordered_json{{"probes", list}}.dump(1) << '\n';
}

ProbeResult runFactProbe(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe, const PromptOptions& promptOptions) {
    // The prompt as every command reads it (parsePrompt), and each answer tokenized together
    // with it, so " Paris" gets the ids it has after the prompt's last word.
    const int nVocab = model->config().nVocab;
    const auto prompt = parsePrompt(probe.prompt, &tokenizer, nVocab, promptOptions).ids();
    auto scoreAnswer = [&](const std::string& answer, const char* what) {
        if (answer.empty()) throw Error("fact probe '" + probe.prompt + "' has an empty " + what);
        const auto split =
            parsePromptWithContinuation(probe.prompt, answer, tokenizer, nVocab, promptOptions);
        return std::make_pair(scoreContinuation(model, split.prompt.ids(), split.continuation),
                              split);
    };
    ProbeResult r;
    const auto [truthScore, truthSplit] = scoreAnswer(probe.truth, "truth");
    r.logPTrue = truthScore.logProb;
    for (const auto& f : probe.falsehoods)
        r.logPFalse.push_back(scoreAnswer(f, "false answer").first.logProb);
    // The model's own answer: the greedy first step of the one loop every caller uses.
    Transcript transcript(model, nullptr);
    SamplingParams greedy;
    greedy.temperature = 0.0f;
    const auto& first = transcript.startIds(prompt, greedy);
    const auto& logits = first.trace->logits;
    const auto probs = softmax(logits);
    r.topToken = first.sampledToken;
    r.topProb = probs[static_cast<std::size_t>(r.topToken)];
    // P(the truth's first token) after the prompt, when the truth leaves the prompt's tokens
    // as they are (else the truth's score above is the figure that holds).
    r.truthFirstTokenProb = truthSplit.prompt.ids() == prompt
                                ? probs[static_cast<std::size_t>(truthSplit.continuation[0])]
                                : static_cast<float>(std::exp(truthScore.tokenLogProbs[0]));
    r.truthWins = true;
    for (double lp : r.logPFalse) r.truthWins = r.truthWins && r.logPTrue > lp;
    r.answer = modelAnswer(model, tokenizer, prompt);
    return r;
}

}  // namespace ts
