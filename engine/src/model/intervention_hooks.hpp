#pragma once
// The forward pass's hook points for interventions (tokenscope/interventions.hpp), kept out of
// forward.cpp so the pass reads as the maths it computes. Each is a no-op for an entry that
// does not concern the layer or positions at hand.
#include "tokenscope/interventions.hpp"

namespace ts::hooks {

// The residual stream X [T, C] of positions p0..p0+T-1 as it enters block `layer`: patches
// replace a position's row, then steering adds strength * direction to every row.
void blockInput(const Interventions& iv, int layer, int p0, int T, int C, float* X);

// The attention output A [T, Q] (head h at h * headDim) of block `layer` before the output
// projection: ablated heads become 0 or their fixed mean.
void attentionOutput(const Interventions& iv, int layer, int T, int Q, int headDim, float* A);

}  // namespace ts::hooks
