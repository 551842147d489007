#pragma once
// Loading helpers shared by the GGUF architectures' tensor lists (gguf_model.cpp for gpt2,
// gguf_model_llama.cpp for llama / qwen2 / qwen3): lookup with the expected and found
// shape in the message, small vectors widened to fp32, and linear weights kept in their
// stored type. It is the GGUF counterpart of model_loader.hpp's Loader.
#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "formats/gguf.hpp"
#include "model/model_data.hpp"
#include "tokenscope/model.hpp"

namespace ts {

class GgufLoader {
  public:
    using Dims = std::vector<std::int64_t>;

    GgufLoader(ModelData& d, const gguf::File& f, const ProgressCallback& progress,
               const std::atomic<bool>* cancel, int total)
        : m_d(d), m_f(f), m_progress(progress), m_cancel(cancel), m_total(total) {}

    // The tensor `name` with dims (innermost first); missing or misshapen throws.
    const gguf::TensorInfo& require(const std::string& name, const Dims& dims);
    // As require, but null when the file has no such tensor.
    const gguf::TensorInfo* optional(const std::string& name, const Dims& dims);

    // A small vector (norm weights, biases, positions), widened to F32.
    const float* vec(const gguf::TensorInfo& t);
    // Several small vectors back to back (the q, k, v biases as one).
    const float* vecs(const std::vector<const gguf::TensorInfo*>& parts);

    // A [out rows][in] weight. F32/F16/BF16 are packed in panels like safetensors weights
    // (the same numbers and kernels); block types stay as stored, read in place from the
    // mapping (PackedWeight's Blocks type).
    kernels::PackedWeight linear(const gguf::TensorInfo& t);
    // Whether tensors can share one weight: the same stored type and row length.
    static bool fusable(const std::vector<const gguf::TensorInfo*>& parts);
    // The rows of fusable tensors as one weight, in order. Plain types are packed together;
    // block rows are read in place when the tensors lie back to back in one part of the
    // file, and copied into one buffer otherwise.
    kernels::PackedWeight fused(const std::vector<const gguf::TensorInfo*>& parts);

    // The token embedding `wte` ([C, V]) and the head: output.weight when the file has one
    // (llama.cpp's converter writes it only when the head is not tied), else the embedding
    // itself, whose rows are then read from the packed head.
    void embeddingAndHead(const gguf::TensorInfo& wte, std::int64_t C, std::int64_t V);
    // After every tensor: bytes streamed per token, storage types, unused tensors.
    void finish();
    bool used(const std::string& n) const { return m_used.count(n) != 0; }

  private:
    void tick(const std::string& what);
    void checkFinite(const std::string& name, const float* p, std::size_t n);

    ModelData& m_d;
    const gguf::File& m_f;
    const ProgressCallback& m_progress;
    const std::atomic<bool>* m_cancel;
    int m_total;
    int m_done = 0;
    std::set<std::string> m_used;
    std::set<std::string> m_types;
};

// `key` as a positive int below 2^24, or a clear error naming it.
int ggufPositiveInt(const gguf::File& f, const std::string& key);

// A token id from `key` (tokenizer.ggml.bos_token_id...), -1 when absent or past an int.
int ggufTokenId(const gguf::File& f, const std::string& key);

// c.nVocab from token_embd.weight's rows (checked), and the start and end token ids from
// tokenizer.ggml.bos_token_id / eos_token_id (every architecture reads them the same way).
void readGgufVocabulary(const gguf::File& f, Config& c);

// The llama family's tensor list and hyper-parameters (gguf_model_llama.cpp): llama,
// qwen2, qwen3. Fills d (config included).
void loadGgufLlama(ModelData& d, const gguf::File& f, const std::string& arch,
                   const ProgressCallback& progress, const std::atomic<bool>* cancel);

}  // namespace ts
