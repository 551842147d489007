#pragma once
// The one parser of the intervention flags that generate, trace, compare, score, probe, litm and
// patch share (docs/cli.md, "Interventions"): layers and heads count from 1 here.
//   --ban ID[,ID...]            probability 0 for these ids
//   --logit-bias ID:VALUE[,...] VALUE added to the logit before temperature
//   --ablate L:H[,L:H...]       silence query head H of layer L
//   --ablate-mode zero|mean     0, or the head's mean output over the prompt (default zero)
//   --steer-layer L --steer-positive TEXT --steer-negative TEXT --steer-strength S
#include <memory>
#include <set>
#include <span>
#include <string>

#include "common.hpp"
#include "tokenscope/interventions.hpp"

namespace ts::cli {

// The valued options above, to add to a command's Options.
const std::set<std::string>& interventionOptionNames();
// `valued` with the options above added.
std::set<std::string> withInterventionOptions(std::set<std::string> valued);

// The set the flags ask for on `model` for `prompt` (mean ablation's means are computed from
// the prompt, steering's direction from its two prompts through the one prompt path). Null
// when no flag is given. Usage errors (exit 2) for malformed lists, ts::Error (exit 1) for ids,
// layers or heads the model does not have.
std::shared_ptr<const Interventions> interventionsFrom(const Options& opts,
                                                       const LoadedModel& model,
                                                       std::span<const int> prompt);

// With an empty `prompt`, a mean ablation comes back without its means: the engine takes them
// from each prompt it runs (ts::interventionsForPrompt: probe, litm).

// The flags a model server can take (--ban, --logit-bias, applied to its logprobs by
// ts::remote::RemoteSession); the others are ts::Error (exit 1): a server does not expose
// heads or the residual stream. Null when neither is given.
std::shared_ptr<const Interventions> serverInterventionsFrom(const Options& opts,
                                                             const Config& config);

// The intervention set as the JSON commands report it ("interventions"), layers 1-based.
Json interventionsJson(const Interventions& iv);

}  // namespace ts::cli
