// Temperature lanes, continuation scoring and fact probes.
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "formats/json_file.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/session.hpp"

namespace ts {

std::vector<Lane> runTemperatureLanes(std::shared_ptr<const Model> model,
                                      const std::vector<int>& prompt,
                                      const std::vector<float>& temperatures, int steps,
                                      const SamplingParams& base) {
    if (prompt.empty()) throw Error("temperature lanes need a non-empty prompt");
    if (temperatures.empty()) throw Error("temperature lanes need at least one temperature");
    if (steps < 0) throw Error("steps must be >= 0");
    const int nCtx = model->config().nCtx;
    if (static_cast<int>(prompt.size()) + steps > nCtx)
        throw Error("the prompt (" + std::to_string(prompt.size()) + " tokens) plus " +
                    std::to_string(steps) + " steps exceeds the context length of " +
                    std::to_string(nCtx));
    Session shared(model);
    const StepTrace prefix = shared.prefill(prompt);
    std::vector<Lane> lanes;
    for (float t : temperatures) {
        Lane lane;
        lane.params = base;
        lane.params.temperature = t;
        lane.params.validate();
        Session session = shared.fork();  // every lane continues the one shared prefix
        Rng rng(base.seed);
        std::vector<float> logits = prefix.logits;
        for (int s = 0; s < steps; ++s) {
            const auto dist = samplingDistribution(logits, lane.params);
            const auto raw = softmax(logits);
            const int token = sample(logits, lane.params, rng);
            lane.tokens.push_back({token, dist[static_cast<std::size_t>(token)],
                                   raw[static_cast<std::size_t>(token)],
                                   static_cast<float>(entropyBits(dist))});
            if (s + 1 < steps) logits = session.step(token).logits;
        }
        lanes.push_back(std::move(lane));
    }
    return lanes;
}

ContinuationScore scoreContinuation(std::shared_ptr<const Model> model,
                                    const std::vector<int>& prompt,
                                    const std::vector<int>& continuation) {
    if (prompt.empty()) throw Error("cannot score a continuation of an empty prompt");
    if (continuation.empty()) throw Error("the continuation to score is empty");
    std::vector<int> ids = prompt;
    ids.insert(ids.end(), continuation.begin(), continuation.end() - 1);
    if (static_cast<int>(ids.size()) > model->config().nCtx)
        throw Error("prompt plus continuation exceed the context length of " +
                    std::to_string(model->config().nCtx));
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
    if (!list.is_array()) throw Error("probe file " + file.string() + ": expected a list of probes");
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
            if (!p["false"].is_array()) throw Error(where + ": \"false\" must be a list of strings");
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
        list.push_back({{"prompt", p.prompt}, {"truth", p.truth}, {"false", p.falsehoods},
                        {"group", p.group}});
    std::ofstream out(file);
    if (!out) throw Error("cannot write probe file " + file.string());
    out << nlohmann::ordered_json{{"probes", list}}.dump(1) << '\n';
}

ProbeResult runFactProbe(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe) {
    const auto prompt = tokenizer.encodeIds(probe.prompt);
    if (prompt.empty()) throw Error("fact probe with an empty prompt");
    ProbeResult r;
    auto truth = tokenizer.encodeIds(probe.truth);
    if (truth.empty()) throw Error("fact probe '" + probe.prompt + "' has an empty truth");
    r.logPTrue = scoreContinuation(model, prompt, truth).logProb;
    for (const auto& f : probe.falsehoods) {
        const auto ids = tokenizer.encodeIds(f);
        if (ids.empty()) throw Error("fact probe '" + probe.prompt + "' has an empty false answer");
        r.logPFalse.push_back(scoreContinuation(model, prompt, ids).logProb);
    }
    Session session(model);
    const auto trace = session.prefill(prompt);
    const auto probs = softmax(trace.logits);
    r.topToken = argmax(trace.logits);
    r.topProb = probs[static_cast<std::size_t>(r.topToken)];
    r.truthFirstTokenProb = probs[static_cast<std::size_t>(truth[0])];
    r.truthWins = true;
    for (double lp : r.logPFalse) r.truthWins = r.truthWins && r.logPTrue > lp;
    return r;
}

}  // namespace ts
