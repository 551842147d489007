#pragma once
// The experiments built on interventions (tokenscope/interventions.hpp): the means of mean
// ablation, steering directions, activation patching between two prompts and the kinds of
// attention heads. Engine indices are 0-based; the CLI and JSON count layers and heads from 1.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tokenscope/interventions.hpp"

namespace ts {

class Model;

// The steering direction at block `layer` (0-based): the mean residual entering it over the
// positive prompt's positions minus the same over the negative prompt's, positions after a
// leading start token (the model's BOS id) only. Not normalised.
std::vector<float> steeringDirection(const std::shared_ptr<const Model>& model,
                                     std::span<const int> positive, std::span<const int> negative,
                                     int layer);

struct PatchingResult {
    double cleanDiff = 0;    // logit(answer) - logit(wrong) at the clean prompt's last position
    double corruptDiff = 0;  // the same for the corrupted prompt
    // restored[l][p]: (d_patched - d_corrupt) / (d_clean - d_corrupt) with the residual
    // entering block l + 1 at position p taken from the clean run.
    std::vector<std::vector<double>> restored;
    long long forwardPasses = 0;  // passes run, partial ones (from a block, a position) included
    long long tokenBlocks = 0;    // token x block evaluations, the work actually done
};

// Activation patching of the residual stream. The prompts must have the same length (throws
// ts::Error otherwise, and when |d_clean - d_corrupt| < 1e-6: the pair does not separate the
// prompts). Patching block l at position p changes nothing before p, nor any block before l,
// so each run resumes from the corrupted run's cache at block l: about a quarter of full
// passes. `progress(done, total)` is called after each run; `cancel` is polled (ts::Cancelled).
PatchingResult patchResidualStream(const std::shared_ptr<const Model>& model,
                                   std::span<const int> clean, std::span<const int> corrupt,
                                   int answer, int wrong,
                                   const std::function<void(int, int)>& progress = {},
                                   const std::atomic<bool>* cancel = nullptr);

// What each attention head does, measured (tokenscope-cli heads, the app's badges).
struct HeadKindThresholds {
    double previous = 0.5;   // mean weight on position i - 1
    double first = 0.5;      // mean weight on position 0 (the sink)
    double induction = 0.4;  // mean weight on the token after the earlier copy
};

struct HeadKindRow {
    int layer = 0;  // 0-based
    int head = 0;   // 0-based query head
    double previous = 0;
    double first = 0;
    double induction = 0;
    std::string kind;  // "induction", "previous", "first", or "" below every threshold
};

struct HeadKinds {
    std::vector<HeadKindRow> heads;  // layer-major
    HeadKindThresholds thresholds;
    int promptTokens = 0;   // tokens of the prompt `previous` and `first` were measured on
    int repeatTokens = 32;  // length of each copy of the random sequence (induction): 32, or
                            // (context - start token) / 2 where the context is shorter
};

// `previous` and `first` are averaged over the prompt's query positions 1..T-1 (position 0
// sees only itself); with an empty prompt, over the random sequence. `induction` is measured
// on 2 x 32 tokens drawn uniformly from the vocabulary with `seed` (a leading start token where
// the model has one): for each query in the second copy, the weight on the position after the
// same token's first occurrence. A head is labelled only above its threshold, induction first
// (an induction head also looks back), then previous, then first.
HeadKinds headKinds(const std::shared_ptr<const Model>& model, std::span<const int> prompt,
                    std::uint64_t seed, const HeadKindThresholds& thresholds = {});

}  // namespace ts
