#pragma once
// The weights in the layout the forward pass wants. Each layer's linear weights are packed
// in panels of 16 outputs (packed_linear.hpp) in the precision the checkpoint stores
// (F32, F16, BF16), which serve both a decode step and a prefill; the query, key and value
// projections are packed as one weight, as are a gated MLP's gate and up projections, so a
// layer runs four products. Norm weights and biases are small and kept in fp32.
//
// The token embedding is either its own row-major table (zero-copy in the memory-mapped file
// where possible) or, when the head is tied, the packed head itself: a tied head is stored
// once.
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "compute/aligned_buffer.hpp"
#include "compute/packed_linear.hpp"
#include "tokenscope/config.hpp"

namespace ts {

namespace st {
class Mapping;
}

struct LayerWeights {
    const float* ln1W = nullptr;    // [C] attention norm (input_layernorm)
    const float* ln1B = nullptr;    // [C] LayerNorm only
    kernels::PackedWeight qkvW;     // [qDim + 2 kvDim, C]: queries, keys, values
    const float* qkvB = nullptr;    // [qDim + 2 kvDim] or null
    const float* qNormW = nullptr;  // [headDim] per-head RMSNorm of queries (Qwen3)
    const float* kNormW = nullptr;  // [headDim] of keys
    kernels::PackedWeight projW;    // [C, qDim] attention output
    const float* projB = nullptr;
    const float* ln2W = nullptr;  // [C] MLP norm (Llama's post_attention_layernorm)
    const float* ln2B = nullptr;
    // Config::postNorms: RMSNorm of the attention output and of the MLP output before the
    // residual add (EXAONE 4's post_attention_layernorm / post_feedforward_layernorm, Gemma 3's
    // post_attention_layernorm / post_feedforward_layernorm); ln1W, ln2W are null without
    // Config::preNorms (EXAONE 4).
    const float* postAttnW = nullptr;  // [C]
    const float* postFfnW = nullptr;   // [C]
    kernels::PackedWeight fcW;         // [nInner, C], or [2 nInner, C] gate then up when gated
    const float* fcB = nullptr;
    kernels::PackedWeight fc2W;  // [C, nInner]
    const float* fc2B = nullptr;
    // GGUF files may store one layer's projections in different types (Q4_K_M keeps the
    // values in Q6_K, the queries in Q4_K), which cannot share one weight. Then qkvW holds
    // the queries alone and kW, vW the keys and values; fcW the gate alone and upW the up
    // projection. Empty (out == 0) when fused. Their outputs land where the fused
    // weight's would (forward.cpp), so nothing else sees the split.
    kernels::PackedWeight kW, vW;  // [kvDim, C] each
    kernels::PackedWeight upW;     // [nInner, C]

    // Every weight a decode step streams (the split parts included).
    std::vector<const kernels::PackedWeight*> streamed() const {
        std::vector<const kernels::PackedWeight*> v;
        for (const auto* w : {&qkvW, &kW, &vW, &projW, &fcW, &upW, &fc2W})
            if (w->out > 0) v.push_back(w);
        return v;
    }
};

// Token embedding rows: a row-major table [V, C] of `type`, or a PackedWeight: the packed
// tied head, or (GGUF) an untied embedding kept in its block type.
struct EmbeddingTable {
    const void* rows = nullptr;  // row-major table, null when the packed head serves
    kernels::WeightType type = kernels::WeightType::F32;
    const kernels::PackedWeight* packed = nullptr;
    int width = 0;

    void row(int token, float* dst) const;
    // Bytes one token's row reads from a separate table (0 when the packed head serves).
    double rowBytes() const;
};

struct ModelData {
    Config config;
    std::filesystem::path folder;
    std::vector<LayerWeights> layers;
    EmbeddingTable embedding;               // [V, C]
    kernels::PackedWeight embeddingBlocks;  // GGUF: an untied embedding kept in its block type
    const float* wpe = nullptr;             // [nCtx, C], learned positions only
    const float* lnfW = nullptr;            // final norm
    const float* lnfB = nullptr;
    kernels::PackedWeight lmHead;  // [V, C], packed
    bool tiedLmHead = true;
    std::vector<float> ropeInvFreq;       // [headDim / 2], RoPE only
    std::vector<float> ropeInvFreqLocal;  // [headDim / 2] of the sliding layers; empty = same

    WeightArena packed;             // packed weights
    std::vector<ByteBuffer> owned;  // small converted tensors (norms, biases, positions)
    std::vector<std::shared_ptr<const st::Mapping>> mappings;  // keep zero-copy tensors alive
    std::vector<std::string> warnings;
    std::size_t parameterCount = 0;
    std::size_t weightBytes = 0;                // bytes of all weights as held in memory
    std::size_t streamedPerToken = 0;           // bytes a decode step reads: layer weights + head
    std::string storageTypes;                   // e.g. "BF16" or "F32+F16"
    mutable std::once_flag embeddingNormsOnce;  // embeddingNorms is filled on first use
    mutable std::vector<float> embeddingNorms;

    // Copies a small tensor into owned fp32 memory.
    const float* ownFloats(const std::vector<float>& v);
};

// What follows the head's product for some families: logits times Config::logitMultiplier
// (Granite divides by logits_scaling, HyperCLOVA X multiplies), then the final soft-cap
// cap * tanh(logit / cap) (Config::finalSoftcap). Nothing for the others.
void finishLogits(const Config& c, float* logits, std::size_t n);

}  // namespace ts
