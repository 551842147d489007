// The precision comparison (see tokenscope/precision_compare.hpp): one greedy continuation by
// the reference, scored by every model in one teacher-forced pass, and each model's own
// greedy run for where the texts part.
#include "tokenscope/precision_compare.hpp"

#include <algorithm>
#include <cmath>

#include "tokenscope/error.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {
namespace {

int argmax(const std::vector<float>& v) {
    return static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin());
}

void checkCancel(const std::atomic<bool>* cancel) {
    if (cancel && cancel->load()) throw Cancelled("precision comparison cancelled");
}

// The model's greedy continuation of the prompt (a decode step per token).
std::vector<int> greedyRun(std::shared_ptr<const Model> model, const std::vector<int>& prompt,
                           int steps, const std::atomic<bool>* cancel,
                           const std::vector<int>& endTokens) {
    Session session(std::move(model));
    session.setCancelFlag(cancel);
    std::vector<int> out;
    if (steps <= 0) return out;
    StepTrace t = session.prefill(prompt);
    for (int s = 0; s < steps; ++s) {
        out.push_back(argmax(t.logits));
        if (std::find(endTokens.begin(), endTokens.end(), out.back()) != endTokens.end()) break;
        if (s + 1 < steps) t = session.step(out.back());
    }
    return out;
}

// Probabilities of every scored position, [positions][nVocab], from one pass.
std::vector<std::vector<float>> teacherForced(std::shared_ptr<const Model> model,
                                              const std::vector<int>& tokens,
                                              const std::atomic<bool>* cancel) {
    Session session(std::move(model));
    session.setCancelFlag(cancel);
    TraceOptions options;
    options.allLogits = true;
    StepTrace t = session.prefill(tokens, options);
    std::vector<std::vector<float>> probs;
    probs.reserve(tokens.size() - 1);
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i) probs.push_back(softmax(t.allLogits[i]));
    return probs;
}

}  // namespace

PrecisionComparison comparePrecisions(const std::vector<PrecisionModel>& models,
                                      const std::vector<int>& prompt, int steps,
                                      const std::function<void(double)>& progress,
                                      const std::atomic<bool>* cancel,
                                      const std::vector<int>& endTokens) {
    if (models.size() < 2) throw Error("a precision comparison needs at least two models");
    if (prompt.empty()) throw Error("a precision comparison needs a non-empty prompt");
    if (steps < 1) throw Error("a precision comparison needs at least one step");
    const int nVocab = models.front().model->config().nVocab;
    for (const auto& m : models) {
        if (!m.model) throw Error("precision comparison: model '" + m.label + "' is not loaded");
        if (m.model->config().nVocab != nVocab)
            throw Error("precision comparison: '" + m.label + "' has " +
                        std::to_string(m.model->config().nVocab) + " vocabulary entries, '" +
                        models.front().label + "' has " + std::to_string(nVocab) +
                        ": compare precisions of one model, which share their vocabulary");
        checkFitsContext(prompt.size() + static_cast<std::size_t>(steps), m.model->config().nCtx,
                         "the prompt plus the steps (" + m.label + ")");
    }
    for (int id : prompt)
        if (id < 0 || id >= nVocab)
            throw Error("prompt token id " + std::to_string(id) + " is outside the vocabulary");

    // Work units: each model's free run (steps decode steps) and its scoring pass.
    const double units = static_cast<double>(models.size()) * 2.0;
    double done = 0;
    auto advance = [&] {
        done += 1;
        if (progress) progress(std::min(1.0, done / units));
    };

    PrecisionComparison result;
    result.promptLength = static_cast<int>(prompt.size());
    result.lanes.resize(models.size());
    for (std::size_t m = 0; m < models.size(); ++m) {
        checkCancel(cancel);
        PrecisionLane& lane = result.lanes[m];
        lane.label = models[m].label;
        lane.storage = models[m].model->weightStorage();
        lane.decodeBytesPerToken = models[m].model->decodeBytesPerToken();
        lane.freeRun = greedyRun(models[m].model, prompt, steps, cancel, endTokens);
        advance();
    }
    result.tokens = prompt;
    result.tokens.insert(result.tokens.end(), result.lanes[0].freeRun.begin(),
                         result.lanes[0].freeRun.end());
    const auto& ref = result.lanes[0].freeRun;
    for (const auto& lane : result.lanes) {
        const auto& run = lane.freeRun;
        std::size_t s = 0;
        while (s < run.size() && s < ref.size() && run[s] == ref[s]) ++s;
        if (s == run.size() && s == ref.size()) continue;  // the same run
        if (result.freeRunPartsAt < 0 || static_cast<int>(s) < result.freeRunPartsAt)
            result.freeRunPartsAt = static_cast<int>(s);
    }

    std::vector<std::vector<float>> reference;
    for (std::size_t m = 0; m < models.size(); ++m) {
        checkCancel(cancel);
        const auto probs = teacherForced(models[m].model, result.tokens, cancel);
        if (m == 0) reference = probs;
        PrecisionLane& lane = result.lanes[m];
        double nll = 0, agree = 0;
        for (std::size_t i = 0; i < probs.size(); ++i) {
            const auto& p = probs[i];
            const auto& r = reference[i];
            const int next = result.tokens[i + 1];
            const float pNext = p[static_cast<std::size_t>(next)];
            lane.tokenProb.push_back(pNext);
            const int top = argmax(p);
            lane.topToken.push_back(top);
            lane.topProb.push_back(p[static_cast<std::size_t>(top)]);
            double kl = 0;
            for (std::size_t v = 0; v < r.size(); ++v)
                if (r[v] > 0)
                    kl += static_cast<double>(r[v]) *
                          std::log2(static_cast<double>(r[v]) /
                                    std::max(static_cast<double>(p[v]), 1e-30));
            lane.klBits.push_back(static_cast<float>(std::max(0.0, kl)));
            nll -= std::log(std::max(static_cast<double>(pNext), 1e-30));
            lane.maxAbsProbDiff =
                std::max(lane.maxAbsProbDiff,
                         std::fabs(static_cast<double>(pNext) - r[static_cast<std::size_t>(next)]));
            if (top == argmax(r)) agree += 1;
        }
        lane.meanNll = probs.empty() ? 0 : nll / static_cast<double>(probs.size());
        lane.top1Agreement = probs.empty() ? 1 : agree / static_cast<double>(probs.size());
        advance();
    }
    return result;
}

}  // namespace ts
