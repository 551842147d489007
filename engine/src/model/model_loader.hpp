#pragma once
// Loading helpers shared by the architectures' tensor lists (model_load_gpt2.cpp,
// model_load_llama.cpp): lookup with expected-vs-found messages, packing in the stored
// precision, fp32 copies of small vectors, NaN/Inf counting, progress and cancellation.
#include <atomic>
#include <cstddef>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "formats/safetensors.hpp"
#include "model/model_data.hpp"
#include "tokenscope/model.hpp"

namespace ts {

class Loader {
  public:
    using Shape = std::vector<std::int64_t>;

    Loader(ModelData& d, const st::Checkpoint& ckpt, const ProgressCallback& progress,
           const std::atomic<bool>* cancel, int total, std::string optionalPrefix = {})
        : m_d(d),
          m_ckpt(ckpt),
          m_progress(progress),
          m_cancel(cancel),
          m_total(total),
          m_prefix(std::move(optionalPrefix)) {}

    // The tensor named `base`, or prefix + base (GPT-2's "transformer."); null when absent.
    const st::TensorInfo* lookup(const std::string& base) const;
    // As lookup, but missing or misshapen tensors throw with expected vs found.
    const st::TensorInfo& require(const std::string& base, const Shape& expected);
    const st::TensorInfo* optional(const std::string& base, const Shape& expected);

    void markUsed(const std::string& name) { m_used.insert(name); }
    bool used(const std::string& name) const { return m_used.count(name) != 0; }

    // An fp32 copy of a (small) tensor.
    const float* floats(const st::TensorInfo& t);
    // Concatenated fp32 copies; a null entry contributes `zeros[i]` zeros (absent bias parts).
    const float* concatFloats(const std::vector<const st::TensorInfo*>& parts,
                              const std::vector<int>& sizes);

    // One packed weight from tensors stored [out_i, in] (torch Linear), rows concatenated
    // in order, kept in their stored type (F32 when they differ).
    kernels::PackedWeight packOutIn(const std::vector<const st::TensorInfo*>& parts, int in);
    // A Conv1D weight stored [in, out] (GPT-2).
    kernels::PackedWeight packInOut(const st::TensorInfo& t);

    // The LM head, packed (every decode step streams all of it), and the embedding: read from
    // the head's rows when tied (d.tiedLmHead), from the stored embedding otherwise.
    void headAndEmbedding(const st::TensorInfo& head, const st::TensorInfo& embedding, int width);

    void checkFinite(const st::TensorInfo& t);
    // "warning: ignored N unknown tensors ..." for everything not used.
    void warnUnused(bool (*isBuffer)(const std::string&));
    std::string where() const { return m_ckpt.path().string(); }

  private:
    void tick(const std::string& what);
    kernels::PackedWeight pack(const std::vector<kernels::RowSource>& rows, int in,
                               kernels::WeightType type);

    ModelData& m_d;
    const st::Checkpoint& m_ckpt;
    const ProgressCallback& m_progress;
    const std::atomic<bool>* m_cancel;
    int m_total;
    int m_done = 0;
    std::string m_prefix;
    std::set<std::string> m_used;
};

kernels::WeightType weightTypeOf(st::DType d);

// Refuses a header that declares more layers than the weights hold, before anything is
// allocated per layer (a config.json with n_layer = 10,000,000 once cost 3.5 GB and 18 s
// before "missing tensor"). The weights must list `tensorsPerLayer` tensors for every
// declared layer, and each layer's `firstTensor(l)` must be there (`has`). Shared by the
// safetensors and GGUF loaders; `declaredBy` says where the count came from, for the message.
void requireDeclaredLayers(int nLayer, std::size_t tensorsHeld, int tensorsPerLayer,
                           const std::function<std::string(int)>& firstTensor,
                           const std::function<bool(const std::string&)>& has,
                           const std::string& where, const std::string& declaredBy);

// The architectures' tensor lists; each fills d from the checkpoint.
void loadGpt2Weights(ModelData& d, const st::Checkpoint& ckpt, const ProgressCallback& progress,
                     const std::atomic<bool>* cancel);
void loadLlamaWeights(ModelData& d, const st::Checkpoint& ckpt, const ProgressCallback& progress,
                      const std::atomic<bool>* cancel);

}  // namespace ts
