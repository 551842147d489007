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
    // One pass over the embedding for all dot products (the packed head's product when the
    // head is tied), and row norms computed once per model: fast for 150k-entry vocabularies.
    const std::vector<float> dots = model.embeddingDots(vector);
    const std::vector<float>& norms = model.embeddingNorms();
    std::vector<Neighbour> all;
    all.reserve(static_cast<std::size_t>(c.nVocab));
    for (int t = 0; t < c.nVocab; ++t) {
        const auto u = static_cast<std::size_t>(t);
        const double denom = static_cast<double>(norms[u]) * vnorm;
        all.push_back({t, denom > 0 ? static_cast<float>(dots[u] / denom) : 0.0f});
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
        out.push_back(
            {top, probs[static_cast<std::size_t>(top)], static_cast<float>(entropyBits(probs))});
    }
    return out;
}

}  // namespace ts
