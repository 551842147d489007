#pragma once
// The prompt generate starts from: token ids as given (--ids), a text prompt read by
// ts::parsePrompt (--prompt), or a chat prompt built from --system/--user with the model's
// chat format and read by the same function.
#include "options.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/prompt.hpp"

namespace ts::cli {

PromptTokens generatePrompt(const Options& opts, const LoadedModel& model);

}  // namespace ts::cli
