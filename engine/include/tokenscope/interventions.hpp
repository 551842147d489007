#pragma once
// What-if experiments on the forward pass: ban a token, bias a logit, silence attention heads,
// patch the residual stream of one prompt into another, steer along a direction. An
// Interventions value travels with TraceOptions into Session::prefill, so every family and
// every weight format gets it from the one forward pass (engine/src/model/forward.cpp marks
// the hook points). An empty set changes nothing: the results are bit-identical to none.
//
// Indices here are the engine's, 0-based (layer 0 is block 1); flags and JSON count layers,
// heads and blocks from 1 and convert at the edge (see docs/cli.md, "Interventions").
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ts {

struct Config;
class Model;

enum class AblateMode { Zero, Mean };

// A query head of one layer (with grouped-query attention, a query head, not a KV group).
struct HeadRef {
    int layer = 0;
    int head = 0;
    bool operator==(const HeadRef&) const = default;
};

// Replaces the residual stream entering block `layer` at absolute position `position` with
// `value` ([n_embd]): activation patching.
struct ResidualPatch {
    int layer = 0;
    int position = 0;
    std::vector<float> value;
};

struct Interventions {
    // Banned ids get probability 0: their logit is -infinity in StepTrace::logits (the model's
    // value is kept in StepTrace::bannedLogits for reports).
    std::vector<int> banned;
    // Added to the logit before temperature (and before any ban).
    std::vector<std::pair<int, float>> logitBias;

    // Heads whose attention output (before the output projection) is replaced at every
    // position: by 0 (Zero), or by ablateMeans[i] (Mean), the head's mean output over the
    // prompt in an unablated prefill, fixed for the rest of the run (see
    // prepareMeanAblation), so step-by-step and batched runs give the same numbers. Where
    // the output projection has a bias, the bias stays.
    std::vector<HeadRef> ablate;
    AblateMode ablateMode = AblateMode::Zero;
    std::vector<std::vector<float>> ablateMeans;  // [ablate.size()][head_dim], Mean only

    std::vector<ResidualPatch> patches;

    // Adds steerStrength * steerDirection ([n_embd]) to the residual entering block
    // steerLayer at every position; steerLayer < 0: no steering.
    int steerLayer = -1;
    float steerStrength = 0.0f;
    std::vector<float> steerDirection;

    bool empty() const;
    bool changesLogitsOnly() const;  // bans and biases only: the forward pass is untouched
    // Throws ts::Error, naming the entry, for ids, layers, heads, positions or vector sizes
    // the model does not have, non-finite values, a mean ablation without its means, or a
    // ban of every token.
    void validate(const Config& config) const;
};

// How the CLI and transcripts spell an intervention set: layers and heads 1-based.
// {"banned":[ids], "logit_bias":[[id,value]], "ablate":[[layer,head]], "ablate_mode":
//  "zero"|"mean", "steer":{"layer","strength","direction":[...]}} (patches are not saved: they
// belong to one patching run). Means are recomputed from the prompt when a transcript replays.
std::string interventionsToJson(const Interventions& interventions);
Interventions interventionsFromJson(const std::string& json, const std::string& whereForErrors);

// The logit adjustments of an intervention set on one vector of logits: adds the biases, then
// sets banned ids to -infinity. Returns the banned ids' model logits (before bias and ban).
std::vector<std::pair<int, float>> applyLogitInterventions(const Interventions& interventions,
                                                           std::span<float> logits);

// Fills iv.ablateMeans for a Mean ablation: each ablated head's output averaged over the
// prompt's positions in an unablated prefill. Does nothing for Zero ablation. The means stay
// fixed for the rest of the run, so step-by-step and batched runs agree.
void prepareMeanAblation(const std::shared_ptr<const Model>& model, std::span<const int> prompt,
                         Interventions& iv);

}  // namespace ts
