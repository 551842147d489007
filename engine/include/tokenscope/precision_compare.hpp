#pragma once
// What precision costs: the same model stored in two or three precisions (say F32, Q8_0 and
// Q4_K GGUF files, or a BF16 folder beside them) run on the same prompt.
//
// Teacher-forced: the first model (the reference) continues the prompt greedily, and every
// model then scores that same token sequence in one pass. Each position's probability of the
// actual next token is compared with the reference's, so the per-token difference is exact
// and not blurred by the texts drifting apart. The KL divergence from the reference says how
// much of the whole next-token distribution moved.
//
// Free-running: every model continues the prompt greedily on its own, and the comparison says
// at which generated token the texts part.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tokenscope/model.hpp"

namespace ts {

struct PrecisionLane {
    std::string label;    // what the caller named it (file or folder name)
    std::string storage;  // the stored types, e.g. "Q8_0+F32"
    std::size_t decodeBytesPerToken = 0;
    // Teacher-forced, one entry per scored position (prompt tokens after the first, then the
    // reference's continuation): the probability of the actual next token, the model's own
    // top token and its probability, and KL(reference || this model) in bits.
    std::vector<float> tokenProb;
    std::vector<int> topToken;
    std::vector<float> topProb;
    std::vector<float> klBits;
    double meanNll = 0;         // nats per scored token
    double maxAbsProbDiff = 0;  // against the reference, over the scored positions
    double top1Agreement = 0;   // share of positions whose top token equals the reference's
    // Free-running: the model's own greedy continuation of the prompt.
    std::vector<int> freeRun;
};

struct PrecisionComparison {
    std::vector<int> tokens;  // prompt + the reference's greedy continuation
    int promptLength = 0;
    std::vector<PrecisionLane> lanes;  // lanes[0] is the reference
    // Index into the generated tokens where some model's free run first differs from the
    // reference's (or ends where the other goes on), or -1 when all runs are the same.
    int freeRunPartsAt = -1;
};

struct PrecisionModel {
    std::string label;
    std::shared_ptr<const Model> model;
};

// `models` (2 or more, the reference first) must share the vocabulary size; the prompt
// (at least one token) plus `steps` must fit every model's context. A greedy run stops after
// drawing one of `endTokens` (the one end-of-text rule; empty: never), so the free runs
// may differ in length, and the teacher-forced text is the reference's run up to its end.
// `progress` (0..1) and `cancel` as elsewhere; a cancelled run throws ts::Cancelled.
PrecisionComparison comparePrecisions(const std::vector<PrecisionModel>& models,
                                      const std::vector<int>& prompt, int steps,
                                      const std::function<void(double)>& progress = {},
                                      const std::atomic<bool>* cancel = nullptr,
                                      const std::vector<int>& endTokens = {});

}  // namespace ts
