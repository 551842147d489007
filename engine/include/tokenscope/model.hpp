#pragma once
// Weights of a causal language model (GPT-2 or the Llama family, see config.hpp), immutable
// after load. Tensors are checked for name, dtype and shape when loading. Weights stay in
// the precision the checkpoint stores (F32, F16, BF16) and are widened on the fly by the
// kernels; activations, the KV cache and everything a trace returns are fp32.
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tokenscope/config.hpp"

namespace ts {

// fraction in [0, 1] and a short description of what is being done
using ProgressCallback = std::function<void(double fraction, const std::string& what)>;

struct ModelData;  // weights and their layout; defined in engine/src/model/model_data.hpp

class Model {
  public:
    // Loads config.json + model.safetensors (or the shards of model.safetensors.index.json)
    // from a folder. Throws ts::Error naming the file, tensor and problem. Refuses pickled
    // .bin/.pt files with an explanation. `cancel` (optional) is polled between tensors; a
    // cancelled load throws ts::Error.
    static std::shared_ptr<const Model> loadFolder(const std::filesystem::path& folder,
                                                   const ProgressCallback& progress = {},
                                                   const std::atomic<bool>* cancel = nullptr);
    // Loads a GGUF file (any part of a split NAME-0000k-of-0000N.gguf model opens them all).
    // Quantized weights stay quantized in memory. Throws ts::Error naming file, key, tensor.
    static std::shared_ptr<const Model> loadGguf(const std::filesystem::path& file,
                                                 const ProgressCallback& progress = {},
                                                 const std::atomic<bool>* cancel = nullptr);

    ~Model();
    Model(const Model&) = delete;
    Model& operator=(const Model&) = delete;

    const Config& config() const;
    std::vector<float> tokenEmbedding(int token) const;  // [nEmbd], widened to fp32
    // [nEmbd]: the learned position vector (GPT-2), or zeros for a RoPE model, whose
    // positions enter as rotations of queries and keys inside attention instead.
    std::vector<float> positionEmbedding(int position) const;
    bool hasPositionEmbeddings() const;  // false for RoPE models
    // v . e_t for every token t [nVocab]: one pass over the embedding (the packed head's
    // product when tied), for nearest-neighbour searches over 150k-entry vocabularies.
    std::vector<float> embeddingDots(std::span<const float> v) const;
    // |e_t| for every token t [nVocab], computed on first use (thread-safe).
    const std::vector<float>& embeddingNorms() const;
    // Final norm + output projection of a residual vector: the logit lens.
    std::vector<float> logitsFromResidual(std::span<const float> residual) const;  // [nVocab]
    // The final norm alone (what the head sees).
    std::vector<float> finalNorm(std::span<const float> residual) const;  // [nEmbd]
    // Non-fatal findings while loading (NaN/Inf weights, unknown tensors...).
    const std::vector<std::string>& warnings() const;
    std::size_t parameterCount() const;
    // Bytes of all weights as held in memory (stored precision; a tied head counted once).
    std::size_t weightBytes() const;
    // Bytes of weights one decode step reads: every layer's projections and the head.
    std::size_t decodeBytesPerToken() const;
    // KV-cache bytes each token of context adds (fp32, key/value heads only: grouped-query
    // attention shrinks it by heads / kv heads).
    std::size_t kvCacheBytesPerToken() const;
    std::string weightStorage() const;  // the stored types of the streamed weights, e.g. "BF16"
    bool tiedHead() const;
    const ModelData& data() const { return *m_data; }

    explicit Model(std::unique_ptr<ModelData> data);

  private:
    std::unique_ptr<ModelData> m_data;
};

}  // namespace ts
