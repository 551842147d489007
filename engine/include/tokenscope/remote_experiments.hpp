#pragma once
// Classroom experiments over any step source, so that they run on a model served over HTTP
// (tokenscope/remote.hpp) as on a local one. So far the temperature lanes; the fact probes
// and the lost-in-the-middle lab still take a local ts::Model (docs/remote.md).
#include <memory>
#include <vector>

#include "tokenscope/experiments.hpp"
#include "tokenscope/step_source.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

// runTemperatureLanes (experiments.hpp) over `source`: the prompt is prefilled once, the
// transcript forked per temperature, each lane drawn by the transcript's seed policy.
std::vector<Lane> runTemperatureLanes(std::unique_ptr<StepSource> source,
                                      const std::vector<int>& prompt,
                                      const std::vector<float>& temperatures, int steps,
                                      const SamplingParams& base,
                                      std::shared_ptr<const Tokenizer> tokenizer,
                                      bool ignoreEndOfText,
                                      std::shared_ptr<const Interventions> interventions = nullptr);

}  // namespace ts
