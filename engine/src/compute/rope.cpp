// Rotary position embeddings (see rope.hpp): the arithmetic follows transformers'
// LlamaRotaryEmbedding / _compute_llama3_parameters step by step, including where it rounds
// to fp32, because the angle of a late position is large and every rounding shows.
#include "compute/rope.hpp"

#include <cmath>

namespace ts::kernels {

std::vector<float> ropeInverseFrequencies(const Config& c) {
    const int d = c.headDim();
    const int half = d / 2;
    std::vector<float> inv(static_cast<std::size_t>(half));
    for (int i = 0; i < half; ++i) {
        // 1 / base ** (arange(0, d, 2).float() / d), in fp32 as torch computes it
        const float expo = static_cast<float>(2 * i) / static_cast<float>(d);
        const float p = static_cast<float>(std::pow(c.ropeTheta, static_cast<double>(expo)));
        inv[static_cast<std::size_t>(i)] = 1.0f / p;
    }
    const RopeScaling& s = c.ropeScaling;
    if (s.type == RopeScaling::Type::Linear) {
        for (float& f : inv) f = static_cast<float>(f / s.factor);
    } else if (s.type == RopeScaling::Type::Llama3) {
        const double old = s.originalContext;
        const double lowWavelen = old / s.lowFreqFactor;
        const double highWavelen = old / s.highFreqFactor;
        for (float& f : inv) {
            const double wavelen = 2.0 * M_PI / f;
            if (wavelen > lowWavelen) {
                f = static_cast<float>(f / s.factor);  // low frequencies: slowed down fully
            } else if (wavelen >= highWavelen) {
                // medium: a smooth blend between slowed and unchanged
                const double smooth =
                    (old / wavelen - s.lowFreqFactor) / (s.highFreqFactor - s.lowFreqFactor);
                f = static_cast<float>((1.0 - smooth) * f / s.factor + smooth * f);
            }  // high frequencies stay as they are
        }
    } else if (s.type == RopeScaling::Type::Factors) {
        // llama.cpp divides each frequency by its factor (theta / freq_factor)
        for (std::size_t i = 0; i < inv.size() && i < s.factors.size(); ++i)
            inv[i] = inv[i] / s.factors[i];
    }
    return inv;
}

std::vector<float> ropeLocalInverseFrequencies(const Config& c) {
    if (!(c.ropeLocalTheta > 0)) return {};
    Config local = c;
    local.ropeTheta = c.ropeLocalTheta;
    local.ropeScaling = {};
    return ropeInverseFrequencies(local);
}

void ropeAngles(const std::vector<float>& invFreq, int position, float* cosOut, float* sinOut) {
    const float pos = static_cast<float>(position);
    for (std::size_t i = 0; i < invFreq.size(); ++i) {
        const float angle = invFreq[i] * pos;  // one fp32 rounding, as torch's matmul
        cosOut[i] = static_cast<float>(std::cos(static_cast<double>(angle)));
        sinOut[i] = static_cast<float>(std::sin(static_cast<double>(angle)));
    }
}

void applyRope(float* x, int half, const float* cosv, const float* sinv) {
    for (int i = 0; i < half; ++i) {
        const float a = x[i], b = x[i + half];
        x[i] = a * cosv[i] - b * sinv[i];
        x[i + half] = b * cosv[i] + a * sinv[i];
    }
}

void applyRopeAdjacent(float* x, int half, const float* cosv, const float* sinv) {
    for (int i = 0; i < half; ++i) {
        const float a = x[2 * i], b = x[2 * i + 1];
        x[2 * i] = a * cosv[i] - b * sinv[i];
        x[2 * i + 1] = b * cosv[i] + a * sinv[i];
    }
}

}  // namespace ts::kernels
