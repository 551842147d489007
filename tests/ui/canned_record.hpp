#pragma once
// Step records built by hand, so widget tests need no model and no engine.
#include <memory>
#include <string>
#include <vector>

#include "tokenscope/transcript.hpp"

namespace ts_test {

inline ts::TranscriptStepPtr cannedRecord(std::vector<float> logits, int sampled,
                                          std::vector<int> context = {1, 2, 3}) {
    auto trace = std::make_shared<ts::StepTrace>();
    trace->firstPosition = 0;
    trace->tokens = context;
    trace->logits = std::move(logits);
    auto rec = std::make_shared<ts::TranscriptStep>();
    rec->index = 0;
    rec->trace = trace;
    std::vector<std::string> texts;
    for (int t : context) texts.push_back(std::to_string(t));
    rec->setContext(ts::TranscriptContext::withTexts(context, texts));
    rec->sampledToken = sampled;
    // Drawn at temperature 1 with nothing cut, whatever SamplingParams{}'s defaults are: the
    // views' tests compare against the plain softmax.
    rec->params.temperature = 1.0f;
    rec->params.topK = 0;
    rec->params.topP = 1.0f;
    return rec;
}

}  // namespace ts_test
