#pragma once
// Parsers of the prompt-logprob answers (scoring in one request), beside the public ones in
// tokenscope/remote.hpp.
#include <span>
#include <string_view>

#include "tokenscope/remote.hpp"

namespace ts::remote {

// vLLM /v1/completions with prompt_logprobs: choices[0].prompt_logprobs, one entry per
// prompt position (null at 0), each {"id": {"logprob", "rank", "decoded_token"}}.
PromptScores parseVllmPromptLogprobs(std::string_view body, std::span<const int> ids, int nVocab);
// SGLang /generate with logprob_start_len 0: meta_info.input_token_logprobs [[lp, id, text]]
// and input_top_logprobs [null | [[lp, id, text], ...]].
PromptScores parseSglangPromptLogprobs(std::string_view body, std::span<const int> ids, int nVocab);

}  // namespace ts::remote
