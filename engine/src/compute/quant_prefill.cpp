// The integer prefill kernel (see quant_prefill.hpp), AVX-512 VNNI. It sums a (row, token)
// pair with the operations of the AVX-512 decode kernels (dotQ8_0PlanarRows4 and
// dotQuantizedWide's Q8_0 loop in quant_dot.cpp): one 16-lane float accumulator; per block
// vpdpwssd of the 32 weights widened to int16 with the 32 int16 activations, converted,
// FMA with the float product (weight scale) * (activation scale); at the end
// _mm512_reduce_add_ps, then the bias added.
#include "compute/quant_prefill.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "compute/kernels.hpp"
#include "compute/size_cast.hpp"
#include "tokenscope/error.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
// GCC 12's widening intrinsics start from _mm512_undefined_*(), which -Wmaybe-uninitialized
// reports at every inlined use; the values are fully written by the conversion.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace ts::quant {
namespace {

#if defined(__x86_64__)
#define TS_PF_WIDE \
    __attribute__((target("avx2,fma,f16c,avx512f,avx512vl,avx512bw,avx512dq,avx512vnni")))

// AVX-512: a tile of 4 rows x C tokens is 4C accumulators (24 of the 32 registers at C = 6),
// plus the 4 rows' widened block and one activation block. In a single-core test with the
// data in L1 (AMD EPYC, AVX-512 VNNI) it made 2.8 G (block, row, token) products a second;
// 4 x 4 and 4 x 5 tiles ran the same, and vpmaddwd in place of vpdpwssd (no zeroed register)
// too. Two blocks in one register (lanes 0-7 one block, 8-15 the next) halve the conversions
// and FMAs (3.5 G without the scales), but each pair then needs its own vector of two
// scales, and making those (a permute and a store per pair) brought it down to 2.0 G.
constexpr int kWideRows = 4;
constexpr int kWideTokens = 6;

// rows: 4 planar rows (the caller repeats the last one for a short tile); xq / xd: the
// first token's integers and scales, the next tokens' n and xStride further on.
// out[t * 4 + r]: row r . token t.
template <int C>
TS_PF_WIDE void tileWide(const std::uint8_t* const rows[kWideRows], std::size_t n,
                         const std::int16_t* xq, const float* xd, std::size_t xStride, float* out) {
    const std::size_t groups = n / 32;
    __m512 acc[kWideRows][C];
    for (int r = 0; r < kWideRows; ++r)
        for (int t = 0; t < C; ++t) acc[r][t] = _mm512_setzero_ps();
    // Each (row, token) pair's block scales, 16 blocks at a time: the same float product
    // as decode's (fp16 weight scale converted exactly, times the activation scale).
    alignas(64) float scale[kWideRows][C][16];
    for (std::size_t g0 = 0; g0 < groups; g0 += 16) {
        const std::size_t m = std::min<std::size_t>(16, groups - g0);
        const __mmask16 mask = static_cast<__mmask16>((1u << m) - 1u);
        __m512 dw[kWideRows];
        for (int r = 0; r < kWideRows; ++r)
            dw[r] = _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(mask, rows[r] + n + 2 * g0));
        for (int t = 0; t < C; ++t) {
            const __m512 dx = _mm512_loadu_ps(xd + sz(t) * xStride + g0);  // zero-padded
            for (int r = 0; r < kWideRows; ++r)
                _mm512_store_ps(scale[r][t], _mm512_mul_ps(dw[r], dx));
        }
        for (std::size_t j = 0; j < m; ++j) {
            const std::size_t at = (g0 + j) * 32;
            __m512i w[kWideRows];
            for (int r = 0; r < kWideRows; ++r)
                w[r] = _mm512_cvtepi8_epi16(
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[r] + at)));
            for (int t = 0; t < C; ++t) {
                const __m512i xv = _mm512_load_si512(xq + sz(t) * n + at);
                for (int r = 0; r < kWideRows; ++r) {
                    const __m512i p = _mm512_dpwssd_epi32(_mm512_setzero_si512(), w[r], xv);
                    acc[r][t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(p),
                                                _mm512_set1_ps(scale[r][t][j]), acc[r][t]);
                }
            }
        }
    }
    for (int t = 0; t < C; ++t)
        for (int r = 0; r < kWideRows; ++r)
            out[t * kWideRows + r] = _mm512_reduce_add_ps(acc[r][t]);
}

// Rows x every token: token tiles outside, so a tile's activations stay in
// L1 while it meets each row of the group; the group's rows (the caller keeps a group to
// a few KB) stay there across token tiles.
TS_PF_WIDE void rowsWide(const std::uint8_t* data, std::size_t rowBytes, int rows,
                         const PrefillActs& x, const float* bias, float* Y, std::size_t ldY) {
    const std::size_t n = x.width(), xs = x.scaleStride();
    float out[kWideRows * kWideTokens];
    for (int t0 = 0; t0 < x.tokens(); t0 += kWideTokens) {
        const int c = std::min(kWideTokens, x.tokens() - t0);
        for (int r0 = 0; r0 < rows; r0 += kWideRows) {
            const std::uint8_t* rp[kWideRows];
            for (int i = 0; i < kWideRows; ++i)
                rp[i] = data + sz(std::min(r0 + i, rows - 1)) * rowBytes;
            const std::int16_t* xq = x.ints(t0);
            const float* xd = x.scales(t0);
            switch (c) {
                case 6:
                    tileWide<6>(rp, n, xq, xd, xs, out);
                    break;
                case 5:
                    tileWide<5>(rp, n, xq, xd, xs, out);
                    break;
                case 4:
                    tileWide<4>(rp, n, xq, xd, xs, out);
                    break;
                case 3:
                    tileWide<3>(rp, n, xq, xd, xs, out);
                    break;
                case 2:
                    tileWide<2>(rp, n, xq, xd, xs, out);
                    break;
                default:
                    tileWide<1>(rp, n, xq, xd, xs, out);
                    break;
            }
            const int nr = std::min(kWideRows, rows - r0);
            for (int t = 0; t < c; ++t) {
                float* y = Y + sz(t0 + t) * ldY + sz(r0);
                for (int i = 0; i < nr; ++i) {
                    y[i] = out[t * kWideRows + i];
                    if (bias) y[i] += bias[r0 + i];  // as decode adds it
                }
            }
        }
    }
}

#endif

}  // namespace

void PrefillActs::quantize(const float* X, int T, std::size_t n) {
    m_T = T;
    m_n = n;
    const std::size_t groups = n / 32, stride = scaleStride();
    m_blocks.resize(sz(T) * groups);
    m_intStore.resize(sz(T) * n + 32);
    const auto addr = reinterpret_cast<std::uintptr_t>(m_intStore.data());
    m_ints = m_intStore.data() + (64 - addr % 64) % 64 / sizeof(std::int16_t);
    m_scales.assign(sz(T) * stride, 0.0f);
    auto token = [&](int t) {
        ActBlock* b = m_blocks.data() + sz(t) * groups;
        quantizeActivations(X + sz(t) * n, n, b);
        std::int16_t* q = m_ints + sz(t) * n;
        float* d = m_scales.data() + sz(t) * stride;
        for (std::size_t g = 0; g < groups; ++g) {
            std::memcpy(q + g * 32, b[g].qs, sizeof b[g].qs);
            d[g] = b[g].d;
        }
    };
    // 128 tokens of 3,072 are ~0.4 M activations: worth both cores.
    if (kernels::threads() == 1 || sz(T) * n < (1u << 15)) {
        for (int t = 0; t < T; ++t) token(t);
        return;
    }
    constexpr int kChunk = 8;
    std::atomic<int> next{0};
    kernels::parallelShared([&](int, int) {
        for (int t0; (t0 = next.fetch_add(kChunk, std::memory_order_relaxed)) < T;)
            for (int t = t0; t < std::min(T, t0 + kChunk); ++t) token(t);
    });
}

bool prefillIntegerAvailable() {
#if defined(__x86_64__)
    return quantKernelLevel() == 2;
#else
    return false;
#endif
}

void prefillQ8_0PlanarRows(const std::uint8_t* data, std::size_t rowBytes, int rows,
                           const PrefillActs& x, const float* bias, float* Y, std::size_t ldY) {
    if (rows <= 0 || x.tokens() <= 0) return;
#if defined(__x86_64__)
    if (quantKernelLevel() == 2) {
        rowsWide(data, rowBytes, rows, x, bias, Y, ldY);
        return;
    }
#endif
    throw Error("the integer prefill needs AVX-512 VNNI");
}

}  // namespace ts::quant

// File-local: the engine is built in unity batches, where another file may use the name.
#undef TS_PF_WIDE
