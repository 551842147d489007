#pragma once
// Aligned buffers for weights, the KV cache and scratch: the compute layer's storage, used by
// the kernels (threads.cpp), the model data and the sessions above it.
#include <sys/mman.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

namespace ts {

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

}  // namespace ts
