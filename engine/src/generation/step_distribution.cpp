// One step's distribution described for the softmax and sampling stages (see
// step_distribution.hpp): one softmax pass, one entropy pass, the top candidates by a single
// selection pass (a radix sort only when top-p needs the whole order), and one walk in
// vocabulary order for the cut, the landing of u and the draw bar. The arithmetic is that of
// sampling.cpp, operation for operation, so the figures are the same to the last bit.
#include "tokenscope/step_distribution.hpp"

#include <algorithm>
#include <cmath>

#include "tokenscope/error.hpp"

namespace ts {

SamplingParams clampedForDisplay(SamplingParams p) {
    p.temperature = std::max(0.0f, p.temperature);  // NaN gives 0
    p.topK = std::max(0, p.topK);
    p.topP = std::isfinite(p.topP) ? std::clamp(p.topP, 1e-6f, 1.0f) : 1.0f;
    return p;
}

float StepDistribution::probOf(std::span<const float> logits, int token) const {
    if (token < 0 || static_cast<std::size_t>(token) >= logits.size()) return 0.0f;
    if (params.temperature <= 0.0f) return token == argmaxToken ? 1.0f : 0.0f;
    // As softmax(): the exponential stored as float, then scaled in double.
    const double e = std::exp(
        (static_cast<double>(logits[static_cast<std::size_t>(token)]) - maxLogit) * invTemperature);
    const float stored = static_cast<float>(e);
    return static_cast<float>(stored * invSum);
}

float StepDistribution::samplingOf(std::span<const float> logits, int token) const {
    const float p = probOf(logits, token);
    if (!cut) return p;
    const bool isKept = p > lastKeptProb || (p == lastKeptProb && token <= lastKeptToken);
    return isKept ? static_cast<float>(p / keptSum) : 0.0f;
}

std::size_t StepDistribution::bytes() const {
    return sizeof(*this) + top.capacity() * sizeof(Row) + topAtOne.capacity() * sizeof(int) +
           segments.capacity() * sizeof(Segment);
}

StepDistribution describeDistribution(std::span<const float> logits, const SamplingParams& params,
                                      const DistributionRequest& request) {
    if (logits.empty()) throw Error("cannot describe the distribution of an empty logit vector");
    StepDistribution d;
    d.params = clampedForDisplay(params);
    const std::size_t n = logits.size();
    d.vocabSize = static_cast<int>(n);
    d.argmaxToken = argmax(logits);
    d.maxLogit = logits[static_cast<std::size_t>(d.argmaxToken)];
    const float t = d.params.temperature;

    // The softmax at the temperature, as softmax() computes it.
    std::vector<float> probs(n, 0.0f);
    if (t <= 0.0f) {
        probs[static_cast<std::size_t>(d.argmaxToken)] = 1.0f;
    } else {
        d.invTemperature = 1.0 / static_cast<double>(t);
        double sum = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double e =
                std::exp((static_cast<double>(logits[i]) - d.maxLogit) * d.invTemperature);
            probs[i] = static_cast<float>(e);
            sum += e;
        }
        d.invSum = 1.0 / sum;
        for (auto& p : probs) p = static_cast<float>(p * d.invSum);
    }
    d.entropyBits = entropyBits(probs);

    // The cut, as samplingDistribution() makes it: top-k first, then top-p over what is left.
    const bool useK = t > 0.0f && d.params.topK > 0 && static_cast<std::size_t>(d.params.topK) < n;
    const bool useP = t > 0.0f && d.params.topP < 1.0f;
    std::vector<float> cutDist;
    if (useK || useP) {
        const std::vector<int> kept = keptByTopKTopP(probs, d.params);
        double keptSum = 0.0;
        for (int id : kept) keptSum += probs[static_cast<std::size_t>(id)];
        d.cut = true;
        d.keptSum = keptSum;
        d.lastKeptToken = kept.back();
        d.lastKeptProb = probs[static_cast<std::size_t>(kept.back())];
        cutDist.assign(n, 0.0f);
        for (int id : kept)
            cutDist[static_cast<std::size_t>(id)] =
                static_cast<float>(probs[static_cast<std::size_t>(id)] / keptSum);
        d.samplingEntropyBits = entropyBits(cutDist);
    } else {
        d.samplingEntropyBits = d.entropyBits;
    }
    const std::vector<float>& dist = d.cut ? cutDist : probs;
    for (const float p : dist)
        if (p > 0.0f && p < StepDistribution::kTailBelow) {
            ++d.tailTokens;
            d.tailMass += p;
        }

    // Rows in the order of the logits, which is the probabilities' order wherever those differ:
    // at T = 0, or at a low T where the tail underflows to 0, the runners-up still come by
    // logit instead of as a block of zeros in vocabulary order ("!", "\"", "#", ...).
    for (int id : orderByProbability(logits, static_cast<std::size_t>(std::max(0, request.rows)))) {
        const auto i = static_cast<std::size_t>(id);
        d.top.push_back({id, logits[i], probs[i], dist[i]});
    }
    if (request.rowsAtOne > 0) {
        const auto rows = static_cast<std::size_t>(request.rowsAtOne);
        d.topAtOne = t == 1.0f ? orderByProbability(probs, rows)
                               : orderByProbability(softmax(logits, 1.0f), rows);
    }

    // One walk in vocabulary order, as sampleAt() walks: the count of tokens that can be
    // drawn, where u lands, and the draw bar's segments.
    d.u = request.u >= 0.0 && request.u < 1.0 ? request.u : -1.0;
    const bool segments = request.minSegment > 0.0;
    const float minWidth = static_cast<float>(request.minSegment);
    double cumulative = 0.0;
    int last = -1;
    for (std::size_t i = 0; i < n; ++i) {
        const float w = dist[i];
        if (w <= 0.0f) continue;
        ++d.kept;
        const double start = cumulative;
        cumulative += w;
        last = static_cast<int>(i);
        if (d.u >= 0.0 && d.landed < 0 && d.u < cumulative) d.landed = last;
        if (segments && (w >= minWidth || static_cast<int>(i) == request.markToken ||
                         std::find(d.topAtOne.begin(), d.topAtOne.end(), static_cast<int>(i)) !=
                             d.topAtOne.end()))
            d.segments.push_back({static_cast<int>(i), start, w});
    }
    if (d.u >= 0.0 && d.landed < 0) d.landed = last;  // rounding left u above the total
    return d;
}

}  // namespace ts
