#pragma once
// The weights in the layout the forward pass wants. The layers' linear weights are packed
// in panels of 16 outputs (packed_linear.hpp), which serve both a decode step and a
// prefill; the embedding and LM head stay [rows, C] row-major, since tokens look up rows.
// Everything is fp32.
#include <cstddef>
#include <cstdlib>
#include <new>

#include <sys/mman.h>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "compute/packed_linear.hpp"
#include "tokenscope/config.hpp"

namespace ts {

namespace st {
class Mapping;
}

// 64-byte aligned float storage (no value-initialisation cost beyond what we write).
class FloatBuffer {
public:
    FloatBuffer() = default;
    explicit FloatBuffer(std::size_t n) { resize(n); }
    FloatBuffer(FloatBuffer&& o) noexcept : m_p(o.m_p), m_n(o.m_n) { o.m_p = nullptr; o.m_n = 0; }
    FloatBuffer& operator=(FloatBuffer&& o) noexcept {
        if (this != &o) { std::free(m_p); m_p = o.m_p; m_n = o.m_n; o.m_p = nullptr; o.m_n = 0; }
        return *this;
    }
    FloatBuffer(const FloatBuffer&) = delete;
    FloatBuffer& operator=(const FloatBuffer&) = delete;
    ~FloatBuffer() { std::free(m_p); }

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
        const std::size_t align = n * sizeof(float) >= (1u << 20) ? (2u << 20) : 64u;
        const std::size_t bytes = (n * sizeof(float) + align - 1) / align * align;
        m_p = static_cast<float*>(std::aligned_alloc(align, bytes));
        if (!m_p) throw std::bad_alloc();
        if (align > 64) ::madvise(m_p, bytes, MADV_HUGEPAGE);
        m_n = n;
    }
    // Grow-only: keeps the buffer (and its contents) when it already holds n floats.
    void ensure(std::size_t n) {
        if (n > m_n) resize(n);
    }
    float* data() { return m_p; }
    const float* data() const { return m_p; }
    std::size_t size() const { return m_n; }
    float& operator[](std::size_t i) { return m_p[i]; }
    const float& operator[](std::size_t i) const { return m_p[i]; }

private:
    float* m_p = nullptr;
    std::size_t m_n = 0;
};

struct LayerWeights {
    const float* ln1W = nullptr;
    const float* ln1B = nullptr;
    kernels::PackedWeight qkvW;    // [3C, C]
    const float* qkvB = nullptr;   // [3C]
    kernels::PackedWeight projW;   // [C, C]
    const float* projB = nullptr;
    const float* ln2W = nullptr;
    const float* ln2B = nullptr;
    kernels::PackedWeight fcW;     // [nInner, C]
    const float* fcB = nullptr;
    kernels::PackedWeight fc2W;    // [C, nInner]
    const float* fc2B = nullptr;
};

struct ModelData {
    Config config;
    std::filesystem::path folder;
    std::vector<LayerWeights> layers;
    const float* wte = nullptr;     // [V, C]
    const float* wpe = nullptr;     // [nCtx, C]
    const float* lnfW = nullptr;
    const float* lnfB = nullptr;
    kernels::PackedWeight lmHead;   // [V, C], packed (a copy of wte when tied)
    bool tiedLmHead = true;

    std::vector<FloatBuffer> owned;            // converted / transposed tensors
    std::shared_ptr<const st::Mapping> mapping;  // keeps zero-copy tensors alive
    std::vector<std::string> warnings;
    std::size_t parameterCount = 0;
    std::size_t weightBytes = 0;       // fp32 bytes of all weights
    std::size_t streamedPerToken = 0;  // fp32 bytes of linear weights (no LM head, no embeddings)
};

}  // namespace ts
