#pragma once
// What the widgets get for one step of the loop: the engine's immutable ts::TranscriptStep
// (tokenscope/transcript.hpp), made by the one Transcript the engine worker drives. The UI
// names stay as aliases so views read as before; nothing here points into engine memory.
#include <memory>

#include "tokenscope/transcript.hpp"

namespace ts::ui {

using StepRecord = ts::TranscriptStep;
using StepRecordPtr = ts::TranscriptStepPtr;
using ts::attentionRow;

}  // namespace ts::ui
