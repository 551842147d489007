#include "tokenscope/analysis.hpp"

#include <algorithm>
#include <cmath>

#include "tokenscope/error.hpp"
#include "tokenscope/sampling.hpp"

namespace ts {

std::vector<Neighbour> nearestTokens(const Model& model, std::span<const float> vector, int k) {
    const Config& c = model.config();
    if (vector.size() != static_cast<std::size_t>(c.nEmbd))
        throw Error("nearestTokens: vector has " + std::to_string(vector.size()) +
                    " entries, the model's width is " + std::to_string(c.nEmbd));
    double vnorm = 0.0;
    for (float x : vector) vnorm += static_cast<double>(x) * x;
    vnorm = std::sqrt(vnorm);
    std::vector<Neighbour> all;
    all.reserve(static_cast<std::size_t>(c.nVocab));
    for (int t = 0; t < c.nVocab; ++t) {
        const auto e = model.tokenEmbedding(t);
        double dot = 0.0, enorm = 0.0;
        for (std::size_t i = 0; i < e.size(); ++i) {
            dot += static_cast<double>(e[i]) * vector[i];
            enorm += static_cast<double>(e[i]) * e[i];
        }
        const double denom = std::sqrt(enorm) * vnorm;
        all.push_back({t, denom > 0 ? static_cast<float>(dot / denom) : 0.0f});
    }
    const auto n = static_cast<std::ptrdiff_t>(std::clamp(k, 0, c.nVocab));
    std::partial_sort(all.begin(), all.begin() + n, all.end(), [](const auto& a, const auto& b) {
        return a.cosine > b.cosine || (a.cosine == b.cosine && a.token < b.token);
    });
    all.resize(static_cast<std::size_t>(n));
    return all;
}

std::vector<LensEntry> logitLens(const Model& model, const StepTrace& trace) {
    std::vector<LensEntry> out;
    out.reserve(trace.residuals.size());
    for (const auto& residual : trace.residuals) {
        const std::vector<float> logits = model.logitsFromResidual(residual);
        const std::vector<float> probs = softmax(logits);
        const int top = argmax(logits);
        out.push_back({top, probs[static_cast<std::size_t>(top)],
                       static_cast<float>(entropyBits(probs))});
    }
    return out;
}

}  // namespace ts
