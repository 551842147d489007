#pragma once
// Read-only questions asked of a loaded model or of stored traces, shared by the CLI and the
// app's classroom tools.
#include <span>
#include <string>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/trace.hpp"

namespace ts {

struct Neighbour {
    int token;
    float cosine;
};
// The k vocabulary entries whose token embedding is closest (cosine) to `vector`.
std::vector<Neighbour> nearestTokens(const Model& model, std::span<const float> vector, int k);

// Logit lens (LensEntry in trace.hpp): for each recorded residual (embedding, after block
// 1..L) the top token and its probability after the final norm and output projection.
std::vector<LensEntry> logitLens(const Model& model, const StepTrace& trace);

}  // namespace ts
