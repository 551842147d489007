#pragma once
// What the widgets get for one step of the loop: an immutable record built by the engine
// worker. Views keep shared_ptrs to these; nothing here points into engine memory.
#include <memory>
#include <string>
#include <vector>

#include "tokenscope/sampling.hpp"
#include "tokenscope/trace.hpp"

namespace ts::ui {

struct StepRecord {
    int index = 0;  // 0 = the prompt's prefill, 1.. = decode steps
    std::shared_ptr<const ts::StepTrace> trace;
    // Every token in the context after this step's input was processed, positions
    // 0..trace->lastPosition(), with display text (ts::tokenDisplays: read in context, so a
    // token that splits a character shows "범 1/3"; whitespace already visible) and byte spans
    // in the prompt text where the token came from the prompt (-1 otherwise).
    std::vector<int> contextTokens;
    std::vector<std::string> tokenTexts;
    std::vector<int> promptByteStart;
    std::vector<int> promptByteEnd;
    // The token drawn from this step's logits and fed back in (-1 before sampling).
    int sampledToken = -1;
    ts::SamplingParams params;
    // The prompt as typed (UTF-8): the byte spans above index into it, so views can show
    // which characters a token covers even when it splits a character (Korean syllables).
    std::string promptText;
};

using StepRecordPtr = std::shared_ptr<const StepRecord>;

// Attention of query position `queryPos` for a layer and head, found in whichever record of
// `history` processed that position (causal attention: the prompt's full matrix is the stack
// of these rows). Empty if no record in history traced it.
inline std::span<const float> attentionRow(const std::vector<StepRecordPtr>& history, int layer,
                                           int head, int queryPos) {
    for (const auto& r : history) {
        if (!r || !r->trace) continue;
        const auto& a = r->trace->attention;
        if (queryPos >= a.firstQuery && queryPos < a.firstQuery + a.nQueries)
            return a.row(layer, head, queryPos);
    }
    return {};
}

}  // namespace ts::ui
