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

std::optional<InformativeHead> mostInformativeHead(const AttentionTrace& attention, int query) {
    if (query < 3) return std::nullopt;  // no token but itself, the previous and the first
    std::optional<InformativeHead> best;
    const auto better = [](const InformativeHead& a, const InformativeHead& b) {
        return a.peak != b.peak ? a.peak : a.weight > b.weight;  // ties: the earlier one stays
    };
    for (int l = 0; l < attention.nLayer; ++l) {
        for (int h = 0; h < attention.nHead; ++h) {
            const auto row = attention.row(l, h, query);
            if (row.size() != static_cast<std::size_t>(query) + 1) return std::nullopt;
            InformativeHead c{l, h, -1, -1.0f, false};
            float rowMax = -1.0f;
            for (int k = 0; k <= query; ++k) {
                const float w = row[static_cast<std::size_t>(k)];
                if (!std::isfinite(w)) continue;
                rowMax = std::max(rowMax, w);
                if (k != 0 && k != query && k != query - 1 && w > c.weight) {
                    c.key = k;
                    c.weight = w;
                }
            }
            if (c.key < 0) continue;
            c.peak = c.weight >= rowMax;
            if (!best || better(c, *best)) best = c;
        }
    }
    return best;
}

}  // namespace ts
