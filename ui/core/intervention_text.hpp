#pragma once
// The words for a what-if set (tokenscope/interventions.hpp) wherever the app names one: the
// banner above the stage views and the line the temperature lanes and fact probes show while
// they run with the window's set. One wording, translated once (the banner's context).
#include <QString>

#include "core/vocabulary.hpp"
#include "tokenscope/interventions.hpp"

namespace ts::ui {

// "Silenced: layer 2 head 1 · Banned: “ the”" ("" for an empty set); layers and heads from 1;
// `vocabulary` names banned and biased tokens (may be null: "#id").
QString describeInterventions(const ts::Interventions& interventions, const Vocabulary* vocabulary);

}  // namespace ts::ui
