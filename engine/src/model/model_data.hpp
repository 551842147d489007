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

#include "compute/packed_linear.hpp"
#include "tokenscope/config.hpp"

namespace ts {

namespace st {
class Mapping;
}

// 64-byte aligned storage of T (no value-initialisation cost beyond what we write).
template <class T>
class AlignedArray {
  public:
    AlignedArray() = default;
    explicit AlignedArray(std::size_t n) { resize(n); }
    AlignedArray(AlignedArray&& o) noexcept : m_p(o.m_p), m_n(o.m_n) {
        o.m_p = nullptr;
        o.m_n = 0;
    }
    AlignedArray& operator=(AlignedArray&& o) noexcept {
        if (this != &o) {
            std::free(m_p);
            m_p = o.m_p;
            m_n = o.m_n;
            o.m_p = nullptr;
            o.m_n = 0;
        }
        return *this;
    }
    AlignedArray(const AlignedArray&) = delete;
    AlignedArray& operator=(const AlignedArray&) = delete;
    ~AlignedArray() { std::free(m_p); }

    void resize(std::size_t n) {  // discards contents
        std::free(m_p);
        m_p = nullptr;
        m_n = 0;
        if (n == 0) return;
        // Big buffers (weights, KV cache, a prefill's scratch) go on 2 MiB boundaries and ask
        // for transparent huge pages: streaming hundreds of MB per token then costs far fewer
        // TLB misses, and a fresh session's first prefill takes one page fault per 2 MiB
        // instead of one per 4 KiB (in a VM each fault costs microseconds: 40 ms for GPT-2's
        // scratch at 128 tokens, measured).
        const std::size_t align = n * sizeof(T) >= (1u << 20) ? (2u << 20) : 64u;
        const std::size_t bytes = (n * sizeof(T) + align - 1) / align * align;
        m_p = static_cast<T*>(std::aligned_alloc(align, bytes));
        if (!m_p) throw std::bad_alloc();
        if (align > 64) ::madvise(m_p, bytes, MADV_HUGEPAGE);
        m_n = n;
    }
    // Grow-only: keeps the buffer (and its contents) when it already holds n elements.
    void ensure(std::size_t n) {
        if (n > m_n) resize(n);
    }
    T* data() { return m_p; }
    const T* data() const { return m_p; }
    std::size_t size() const { return m_n; }
    T& operator[](std::size_t i) { return m_p[i]; }
    const T& operator[](std::size_t i) const { return m_p[i]; }

  private:
    T* m_p = nullptr;
    std::size_t m_n = 0;
};

using FloatBuffer = AlignedArray<float>;
using ByteBuffer = AlignedArray<std::uint8_t>;

// Packed weights, back to back in large huge-page chunks. One buffer per weight would round
// each up to a 2 MiB page, and a partly used huge page is resident as a whole: 50 MB more
// for GPT-2's 49 weights. Here only each chunk's last page has a gap.
class WeightArena {
  public:
    // 64-byte aligned, uninitialised.
    void* allocate(std::size_t bytes) {
        bytes = (bytes + 63) / 64 * 64;
        if (m_chunks.empty() || m_used + bytes > m_chunks.back().size()) {
            m_chunks.emplace_back(std::max<std::size_t>(bytes, kChunk));
            m_used = 0;
        }
        void* p = m_chunks.back().data() + m_used;
        m_used += bytes;
        return p;
    }

  private:
    static constexpr std::size_t kChunk = 64u << 20;
    std::vector<AlignedArray<std::uint8_t>> m_chunks;
    std::size_t m_used = 0;
};

struct LayerWeights {
    const float* ln1W = nullptr;    // [C] attention norm (input_layernorm)
    const float* ln1B = nullptr;    // [C] LayerNorm only
    kernels::PackedWeight qkvW;     // [qDim + 2 kvDim, C]: queries, keys, values
    const float* qkvB = nullptr;    // [qDim + 2 kvDim] or null
    const float* qNormW = nullptr;  // [headDim] per-head RMSNorm of queries (Qwen3)
    const float* kNormW = nullptr;  // [headDim] of keys
    kernels::PackedWeight projW;    // [C, qDim] attention output
    const float* projB = nullptr;
    const float* ln2W = nullptr;  // [C] MLP norm (post_attention_layernorm)
    const float* ln2B = nullptr;
    kernels::PackedWeight fcW;  // [nInner, C], or [2 nInner, C] gate then up when gated
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
    std::vector<float> ropeInvFreq;  // [headDim / 2], RoPE only

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

}  // namespace ts
