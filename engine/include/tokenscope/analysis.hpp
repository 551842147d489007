#pragma once
// Read-only questions asked of a loaded model or of stored traces, shared by the CLI and the
// app's classroom tools.
#include <optional>
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

// The head the attention view opens on: the one the engine ranks most informative for query
// position `query` (normally the newest token). A head is informative when the query's
// attention is concentrated on a token other than itself, the previous token or the first
// token (those three are where positional, previous-token and "resting" heads look, and say
// nothing about the text). Ranking: heads whose largest weight lies on such a token come
// first, by that weight; when no head has one, the largest weight any head puts on such a
// token; ties go to the lower layer, then the lower head. nullopt when the trace holds no row
// for `query`, or the query has no such token (positions 0 to 2).
struct InformativeHead {
    int layer = 0;      // 0-based
    int head = 0;       // 0-based
    int key = 0;        // the token position it attends to most, other than the three
    float weight = 0;   // its weight there
    bool peak = false;  // true when that is the head's largest weight of the whole row
};
std::optional<InformativeHead> mostInformativeHead(const AttentionTrace& attention, int query);

}  // namespace ts
