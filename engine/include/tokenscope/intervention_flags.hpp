#pragma once
// The one spelling of the logit and head interventions as flags, shared by tokenscope-cli
// (app/cli/intervention_options.cpp) and the app's command line (app/gui/main.cpp):
//   --ban ID[,ID...]             probability 0 for these ids
//   --logit-bias ID:VALUE[,...]  VALUE added to the logit before temperature
//   --ablate L:H[,L:H...]        silence query head H of layer L (both from 1)
//   --ablate-mode zero|mean      0, or the head's mean output over the prompt (default zero)
// Pure text parsing: the model's own checks (ids, layers and heads it has) are
// Interventions::validate's, and mean ablation's means come from prepareMeanAblation.
#include <optional>
#include <string>

#include "tokenscope/error.hpp"
#include "tokenscope/interventions.hpp"

namespace ts {

// Malformed flag text (the CLI's exit status 2); the message names the flag.
class InterventionFlagError : public Error {
  public:
    using Error::Error;
};

// The flags' values as given (nullopt: the flag is absent).
struct InterventionFlagText {
    std::optional<std::string> ban;
    std::optional<std::string> logitBias;
    std::optional<std::string> ablate;
    std::optional<std::string> ablateMode;
    bool any() const { return ban || logitBias || ablate || ablateMode; }
};

// The set the flags spell, layers and heads converted to 0-based (HeadRef). Throws
// InterventionFlagError for malformed lists, layers or heads below 1, an unknown mode, or
// --ablate-mode without --ablate.
Interventions parseInterventionFlags(const InterventionFlagText& flags);

}  // namespace ts
