#pragma once
// The prompt ids generate starts from: token ids as given (--ids), a text prompt with the
// model's start token in front when its start-token rule says so (--prompt), or a chat
// prompt built from --system/--user with the model's chat format.
#include <vector>

#include "options.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts::cli {

std::vector<int> promptIds(const Options& opts, const LoadedModel& model);

// Whether a sampled token ends generation: the model's end tokens (generation_config.json,
// else the tokenizer's eos) or GPT-2's <|endoftext|>.
bool endsGeneration(const LoadedModel& model, int token);

}  // namespace ts::cli
