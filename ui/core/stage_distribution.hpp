#pragma once
// The softmax and sampling stages draw a step from a ts::StepDistribution (the top
// candidates, entropies, cut, where u lands, the draw bar's segments), never from a pass over
// the vocabulary per step on the GUI thread. The engine worker's Transcript makes one per
// step at the settings the step was drawn with (stageDistributionRequest()); when the
// temperature slider leaves those settings, distributionFor() makes one here from the stored
// logits. That is the slider's "re-renders instantly from the stored logits": one pass over
// them, 1-3 ms for GPT-2's 50,257 (README, "event-loop stalls"), not a model run.
#include <memory>

#include "tokenscope/step_distribution.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::ui {

// What the worker asks the engine to describe for every step: enough rows for the softmax
// stage's bars and the sampling stage's candidates, and draw-bar segments exact for bars up
// to 4,096 pixels wide (the view skips segments under 0.3 px).
ts::DistributionRequest stageDistributionRequest();
inline constexpr int kStageDistributionRows = 32;
inline constexpr int kStageDistributionRowsAtOne = 12;

// The record's own description when `params` are its settings (after clamping) and it has the
// rows asked for; otherwise one made now from the record's logits (null without logits).
std::shared_ptr<const ts::StepDistribution> distributionFor(const TranscriptStep& record,
                                                            const ts::SamplingParams& params,
                                                            int rows, int rowsAtOne);

// The uniform number of a step's draw: the one the engine stored with it, or, for a token
// chosen by hand, the number the seed policy gives that position (ts::uniformAt), which is
// where the draw would have landed.
double stepUniform(const TranscriptStep& record);

}  // namespace ts::ui
