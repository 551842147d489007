#pragma once
// What the widgets get for one step of the loop: the engine's immutable ts::TranscriptStep
// (tokenscope/transcript.hpp), made by the one Transcript the engine worker drives; nothing
// here points into engine memory. StepRecord is not a wrapper but another name for that one
// type: the views were written against a UI struct of that name before the engine's
// Transcript took over the loop, and the alias kept them compiling. The engine's name is the
// one to use (new code writes ts::TranscriptStep); the alias goes when the last of its ~120
// uses in 40 files is renamed, a mechanical change left for a moment when those files are not
// being edited in parallel (#41).
#include <memory>

#include "tokenscope/transcript.hpp"

namespace ts::ui {

using StepRecord = ts::TranscriptStep;
using StepRecordPtr = ts::TranscriptStepPtr;
using ts::attentionRow;

}  // namespace ts::ui
