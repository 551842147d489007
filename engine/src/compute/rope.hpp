#pragma once
// Rotary position embeddings as Hugging Face computes them: the "rotate half" pairing
// (dimension i turns with dimension i + head_dim/2, not with its neighbour), inverse
// frequencies theta^(-2i/d) in fp32, optionally rescaled (linear, or Llama 3.x's llama3
// scheme that slows only the low frequencies), and an angle position * frequency rounded to
// fp32 before its cosine, so positions in the thousands turn exactly as in transformers.
#include <vector>

#include "tokenscope/config.hpp"

namespace ts::kernels {

// head_dim / 2 inverse frequencies for the config's rope_theta and rope scaling.
std::vector<float> ropeInverseFrequencies(const Config& c);
// The sliding layers' frequencies: base ropeLocalTheta, no scaling (Gemma 3's local RoPE);
// empty when the config has no separate local base.
std::vector<float> ropeLocalInverseFrequencies(const Config& c);

// cos and sin of position * invFreq[i], for i < half (each array has `half` entries).
void ropeAngles(const std::vector<float>& invFreq, int position, float* cosOut, float* sinOut);

// Rotates one head vector x [2 * half] in place: (x_i, x_{i+half}) turn by angle_i.
void applyRope(float* x, int half, const float* cosv, const float* sinv);
// The same rotation with adjacent pairs: (x_2i, x_2i+1) turn by angle_i (llama.cpp's
// "norm" RoPE, for the permuted rows of GGUF llama files; Config::ropeAdjacentPairs).
void applyRopeAdjacent(float* x, int half, const float* cosv, const float* sinv);

}  // namespace ts::kernels
