#pragma once
// GGUF file -> Model and Tokenizer. The architecture (gpt2, llama, qwen2, qwen3) comes from
// `general.architecture` and its `<arch>.*` hyper-parameters; tensors use llama.cpp's names
// (token_embd, blk.N.attn_qkv / attn_q, ...) with dims innermost first. Linear weights stay in
// their stored type, memory-mapped (quant_linear.hpp); F32 ones are packed like safetensors
// weights, so an F32 GGUF computes exactly what the same weights in safetensors compute.
#include <atomic>
#include <memory>

#include "formats/gguf.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

// `file` is kept alive by the model (its tensors are mapped, not copied).
std::shared_ptr<const Model> modelFromGguf(std::shared_ptr<const gguf::File> file,
                                           const ProgressCallback& progress,
                                           const std::atomic<bool>* cancel);
// The tokenizer stored in the metadata (tokenizer.ggml.*); nullptr when the file has none.
std::shared_ptr<const Tokenizer> tokenizerFromGguf(const gguf::File& file);

}  // namespace ts
