// The packed linear kernels (see packed_linear.hpp), one template per storage type: the
// only difference between F32, F16 and BF16 is how a run of weights is loaded into fp32
// registers, so every tile is written once and instantiated three times.
#include "compute/packed_linear.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "compute/half.hpp"
#include "compute/kernels.hpp"
#include "compute/quant_linear.hpp"
#include "compute/size_cast.hpp"

#if defined(__x86_64__)
// GCC 12's widening intrinsics start from _mm512_undefined_*(), which -Wmaybe-uninitialized
// reports at every inlined use; the values are fully written by the conversion.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#endif

namespace ts::kernels {
namespace {

int g_levelCap = 2;  // see limitPackedKernel

template <WeightType WT>
using Elem = std::conditional_t<WT == WeightType::F32, float, std::uint16_t>;

template <WeightType WT>
inline float widen(Elem<WT> v) {
    if constexpr (WT == WeightType::F32)
        return v;
    else if constexpr (WT == WeightType::F16)
        return halfToFloat(v);
    else
        return bf16ToFloat(v);
}

// The shape of one call, shared by every tile of it.
struct Job {
    const float* X;
    int T;
    const PackedWeight* W;
    const float* bias;
    float* Y;
    const PackedInput* packed = nullptr;  // X already repacked (packInput), or null
};

template <WeightType WT>
const Elem<WT>* weights(const Job& j) {
    return static_cast<const Elem<WT>*>(j.W->data);
}

// ---- portable fallback -----------------------------------------------------------------
template <WeightType WT>
void panelsScalar(const Job& j, int pb, int pe) {
    const int in = j.W->in, out = j.W->out;
    for (int p = pb; p < pe; ++p) {
        const Elem<WT>* P = weights<WT>(j) + sz(p) * sz(in) * kPanel;
        const int cols = std::min(kPanel, out - p * kPanel);
        for (int t = 0; t < j.T; ++t) {
            float acc[kPanel];
            for (int c = 0; c < kPanel; ++c)
                acc[c] = (j.bias && c < cols) ? j.bias[p * kPanel + c] : 0.0f;
            const float* x = j.X + sz(t) * sz(in);
            for (int k = 0; k < in; ++k)
                for (int c = 0; c < kPanel; ++c)
                    acc[c] += x[k] * widen<WT>(P[sz(k) * kPanel + sz(c)]);
            std::memcpy(j.Y + sz(t) * sz(out) + sz(p) * kPanel, acc, sz(cols) * sizeof(float));
        }
    }
}

#if defined(__x86_64__)
#define TS_AVX512 __attribute__((target("avx512f")))
#define TS_AVX2 __attribute__((target("avx2,fma,f16c")))

bool haveAvx512() {
    static const bool v = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f");
    }();
    return v && g_levelCap >= 2;
}
bool haveAvx2() {
    static const bool v = haveAvx2FmaF16c();
    return v && g_levelCap >= 1;
}

// 16 consecutive weights of a panel row, widened to fp32.
template <WeightType WT>
TS_AVX512 inline __m512 load16w(const Elem<WT>* p) {
    if constexpr (WT == WeightType::F32) {
        return _mm512_loadu_ps(p);
    } else {
        const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        if constexpr (WT == WeightType::F16)
            return _mm512_cvtph_ps(h);
        else
            return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16));
    }
}
// 8 consecutive weights, widened to fp32.
template <WeightType WT>
TS_AVX2 inline __m256 load8w(const Elem<WT>* p) {
    if constexpr (WT == WeightType::F32) {
        return _mm256_loadu_ps(p);
    } else {
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
        if constexpr (WT == WeightType::F16)
            return _mm256_cvtph_ps(h);
        else
            return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
    }
}

// A block of X repacked for the prefill kernels: rows in tiles of MR, and inside a tile,
// for each k, the MR values side by side, so a tile's broadcasts read one contiguous stream.
// The block covers the inputs [k0, k0 + kc) of every row.
void packInputs(const Job& j, int k0, int kc, int mr, std::vector<float>& dst) {
    const int in = j.W->in;
    dst.resize(sz(j.T) * sz(kc));
    float* d = dst.data();
    for (int t0 = 0; t0 < j.T; t0 += mr) {
        const int rows = std::min(mr, j.T - t0);
        const float* x = j.X + sz(t0) * sz(in) + sz(k0);
        for (int k = 0; k < kc; ++k)
            for (int r = 0; r < rows; ++r) d[sz(k) * sz(rows) + sz(r)] = x[sz(r) * sz(in) + sz(k)];
        d += sz(rows) * sz(kc);
    }
}

// Inputs per block: the weights of two panels for kKc inputs (32 KiB in F32) stay in L1
// while every row tile of X passes them.
constexpr int kKc = 256;

// The per-thread work of a prefill: for each block of inputs, repack X, then run every
// (panel group, row tile) pair; accumulators start from the bias on the first block and
// from Y on the later ones, so each output is still summed in k order.
template <int MR, int NP, class TileFor>
void gemmPanels(const Job& j, int pb, int pe, TileFor tileFor) {
    thread_local std::vector<float> A;
    const int in = j.W->in;
    const bool prepacked = j.packed && j.packed->mr == MR && j.packed->X == j.X &&
                           j.packed->T == j.T && j.packed->in == in;
    for (int k0 = 0; k0 < in; k0 += kKc) {
        const int kc = std::min(kKc, in - k0);
        if (!prepacked) packInputs(j, k0, kc, MR, A);
        // A packed input holds its blocks end to end: block k0 starts T * k0 floats in.
        const float* block = prepacked ? j.packed->data.data() + sz(j.T) * sz(k0) : A.data();
        for (int p = pb; p < pe; p += NP) {
            const int np = std::min(NP, pe - p);
            const float* a = block;
            for (int t = 0; t < j.T; t += MR) {
                const int rows = std::min(MR, j.T - t);
                tileFor(rows, np)(j, a, t, p, k0, kc);
                a += sz(rows) * sz(kc);
            }
        }
    }
}

using GemmTile = void (*)(const Job&, const float* a, int t0, int p0, int k0, int kc);
using DecodeTile = void (*)(const Job&, int p0);

// ---- AVX-512 ----------------------------------------------------------------------------
TS_AVX512 inline __mmask16 colMask(const Job& j, int p) {
    const int cols = std::clamp(j.W->out - p * kPanel, 0, kPanel);
    return static_cast<__mmask16>(cols == kPanel ? 0xFFFFu : (1u << cols) - 1u);
}

// MR rows of X times NP panels over inputs [k0, k0 + kc); all accumulators in registers
// (12 x 2 = 24 of the 32).
template <WeightType WT, int MR, int NP>
TS_AVX512 void gemm512(const Job& j, const float* a, int t0, int p0, int k0, int kc) {
    const int out = j.W->out;
    const std::size_t pstride = sz(j.W->in) * kPanel;
    const Elem<WT>* P = weights<WT>(j) + sz(p0) * pstride + sz(k0) * kPanel;
    __mmask16 mask[NP];
    __m512 c[MR][NP];
#pragma GCC unroll 16
    for (int n = 0; n < NP; ++n) {
        mask[n] = colMask(j, p0 + n);
        const __m512 b = j.bias ? _mm512_maskz_loadu_ps(mask[n], j.bias + (p0 + n) * kPanel)
                                : _mm512_setzero_ps();
#pragma GCC unroll 16
        for (int r = 0; r < MR; ++r)
            c[r][n] = k0 == 0 ? b
                              : _mm512_maskz_loadu_ps(
                                    mask[n], j.Y + sz(t0 + r) * sz(out) + sz(p0 + n) * kPanel);
    }
    for (int k = 0; k < kc; ++k) {
        __m512 w[NP];
#pragma GCC unroll 16
        for (int n = 0; n < NP; ++n) w[n] = load16w<WT>(P + sz(n) * pstride + sz(k) * kPanel);
#pragma GCC unroll 16
        for (int r = 0; r < MR; ++r) {
            const __m512 x = _mm512_set1_ps(a[sz(k) * MR + sz(r)]);
#pragma GCC unroll 16
            for (int n = 0; n < NP; ++n) c[r][n] = _mm512_fmadd_ps(x, w[n], c[r][n]);
        }
    }
#pragma GCC unroll 16
    for (int r = 0; r < MR; ++r)
#pragma GCC unroll 16
        for (int n = 0; n < NP; ++n)
            _mm512_mask_storeu_ps(j.Y + sz(t0 + r) * sz(out) + sz(p0 + n) * kPanel, mask[n],
                                  c[r][n]);
}

// One token times NP panels over all inputs: NP weight streams, one broadcast per k.
template <WeightType WT, int NP>
TS_AVX512 void decode512(const Job& j, int p0) {
    const int in = j.W->in;
    const std::size_t pstride = sz(in) * kPanel;
    const Elem<WT>* P = weights<WT>(j) + sz(p0) * pstride;
    __mmask16 mask[NP];
    __m512 c[NP];
#pragma GCC unroll 16
    for (int n = 0; n < NP; ++n) {
        mask[n] = colMask(j, p0 + n);
        c[n] = j.bias ? _mm512_maskz_loadu_ps(mask[n], j.bias + (p0 + n) * kPanel)
                      : _mm512_setzero_ps();
    }
    for (int k = 0; k < in; ++k) {
        const __m512 x = _mm512_set1_ps(j.X[k]);
#pragma GCC unroll 16
        for (int n = 0; n < NP; ++n)
            c[n] = _mm512_fmadd_ps(x, load16w<WT>(P + sz(n) * pstride + sz(k) * kPanel), c[n]);
    }
#pragma GCC unroll 16
    for (int n = 0; n < NP; ++n) _mm512_mask_storeu_ps(j.Y + sz(p0 + n) * kPanel, mask[n], c[n]);
}

// ---- AVX2: the same with each panel in two 8-wide halves ---------------------------------
// Loads / stores a panel's 16 values of which only `cols` exist.
TS_AVX2 inline void load16(const float* p, int cols, __m256& lo, __m256& hi) {
    if (cols == kPanel) {
        lo = _mm256_loadu_ps(p);
        hi = _mm256_loadu_ps(p + 8);
        return;
    }
    float t[kPanel] = {};
    if (cols > 0) std::memcpy(t, p, sz(cols) * sizeof(float));
    lo = _mm256_loadu_ps(t);
    hi = _mm256_loadu_ps(t + 8);
}
TS_AVX2 inline void store16(float* p, int cols, __m256 lo, __m256 hi) {
    if (cols == kPanel) {
        _mm256_storeu_ps(p, lo);
        _mm256_storeu_ps(p + 8, hi);
        return;
    }
    float t[kPanel];
    _mm256_storeu_ps(t, lo);
    _mm256_storeu_ps(t + 8, hi);
    if (cols > 0) std::memcpy(p, t, sz(cols) * sizeof(float));
}
inline int colsOf(const Job& j, int p) { return std::clamp(j.W->out - p * kPanel, 0, kPanel); }

template <WeightType WT, int MR>
TS_AVX2 void gemm256(const Job& j, const float* a, int t0, int p0, int k0, int kc) {
    const int out = j.W->out, cols = colsOf(j, p0);
    const Elem<WT>* P = weights<WT>(j) + sz(p0) * sz(j.W->in) * kPanel + sz(k0) * kPanel;
    __m256 lo[MR], hi[MR];
    __m256 blo = _mm256_setzero_ps(), bhi = blo;
    if (j.bias) load16(j.bias + p0 * kPanel, cols, blo, bhi);
#pragma GCC unroll 16
    for (int r = 0; r < MR; ++r) {
        if (k0 == 0) {
            lo[r] = blo;
            hi[r] = bhi;
        } else {
            load16(j.Y + sz(t0 + r) * sz(out) + sz(p0) * kPanel, cols, lo[r], hi[r]);
        }
    }
    for (int k = 0; k < kc; ++k) {
        const __m256 wlo = load8w<WT>(P + sz(k) * kPanel);
        const __m256 whi = load8w<WT>(P + sz(k) * kPanel + 8);
#pragma GCC unroll 16
        for (int r = 0; r < MR; ++r) {
            const __m256 x = _mm256_set1_ps(a[sz(k) * MR + sz(r)]);
            lo[r] = _mm256_fmadd_ps(x, wlo, lo[r]);
            hi[r] = _mm256_fmadd_ps(x, whi, hi[r]);
        }
    }
#pragma GCC unroll 16
    for (int r = 0; r < MR; ++r)
        store16(j.Y + sz(t0 + r) * sz(out) + sz(p0) * kPanel, cols, lo[r], hi[r]);
}

template <WeightType WT, int NP>
TS_AVX2 void decode256(const Job& j, int p0) {
    const int in = j.W->in;
    const std::size_t pstride = sz(in) * kPanel;
    const Elem<WT>* P = weights<WT>(j) + sz(p0) * pstride;
    __m256 lo[NP], hi[NP];
#pragma GCC unroll 16
    for (int n = 0; n < NP; ++n) {
        lo[n] = hi[n] = _mm256_setzero_ps();
        if (j.bias) load16(j.bias + (p0 + n) * kPanel, colsOf(j, p0 + n), lo[n], hi[n]);
    }
    for (int k = 0; k < in; ++k) {
        const __m256 x = _mm256_set1_ps(j.X[k]);
#pragma GCC unroll 16
        for (int n = 0; n < NP; ++n) {
            const Elem<WT>* w = P + sz(n) * pstride + sz(k) * kPanel;
            lo[n] = _mm256_fmadd_ps(x, load8w<WT>(w), lo[n]);
            hi[n] = _mm256_fmadd_ps(x, load8w<WT>(w + 8), hi[n]);
        }
    }
#pragma GCC unroll 16
    for (int n = 0; n < NP; ++n)
        store16(j.Y + sz(p0 + n) * kPanel, colsOf(j, p0 + n), lo[n], hi[n]);
}

// Kernel tables indexed [rows - 1]: full tiles for the bulk, smaller ones for the last
// rows of the token dimension.
template <WeightType WT, int NP, int... R>
constexpr auto table512(std::integer_sequence<int, R...>) {
    return std::array<GemmTile, sizeof...(R)>{&gemm512<WT, R + 1, NP>...};
}
template <WeightType WT, int... R>
constexpr auto table256(std::integer_sequence<int, R...>) {
    return std::array<GemmTile, sizeof...(R)>{&gemm256<WT, R + 1>...};
}

// Register budget: AVX-512 has 32 registers, so 12 rows x 2 panels = 24 accumulators;
// AVX2 has 16, so 6 rows x 1 panel (2 halves) = 12 accumulators.
constexpr int kRows512 = 12, kRows256 = 6;

template <WeightType WT>
void panelsVector(const Job& j, int pb, int pe) {
    const bool wide = haveAvx512();
    if (j.T == 1) {
        // Decode: four panels per pass (four weight streams, one broadcast per input).
        static constexpr DecodeTile d512[4] = {&decode512<WT, 1>, &decode512<WT, 2>,
                                               &decode512<WT, 3>, &decode512<WT, 4>};
        static constexpr DecodeTile d256[4] = {&decode256<WT, 1>, &decode256<WT, 2>,
                                               &decode256<WT, 3>, &decode256<WT, 4>};
        for (int p = pb; p < pe; p += 4) {
            const int np = std::min(4, pe - p);
            (wide ? d512 : d256)[np - 1](j, p);
        }
        return;
    }
    if (wide) {
        static constexpr auto two = table512<WT, 2>(std::make_integer_sequence<int, kRows512>{});
        static constexpr auto one = table512<WT, 1>(std::make_integer_sequence<int, kRows512>{});
        gemmPanels<kRows512, 2>(
            j, pb, pe, [](int rows, int np) { return (np == 2 ? two : one)[sz(rows - 1)]; });
    } else {
        static constexpr auto one = table256<WT>(std::make_integer_sequence<int, kRows256>{});
        gemmPanels<kRows256, 1>(j, pb, pe, [](int rows, int) { return one[sz(rows - 1)]; });
    }
}
#endif

template <WeightType WT>
void panelsTyped(const Job& j, int pb, int pe) {
#if defined(__x86_64__)
    if (haveAvx2()) {
        panelsVector<WT>(j, pb, pe);
        return;
    }
#endif
    panelsScalar<WT>(j, pb, pe);
}

void panelsAny(const Job& j, int pb, int pe) {
    switch (j.W->type) {
        case WeightType::F32:
            panelsTyped<WeightType::F32>(j, pb, pe);
            return;
        case WeightType::F16:
            panelsTyped<WeightType::F16>(j, pb, pe);
            return;
        case WeightType::BF16:
            panelsTyped<WeightType::BF16>(j, pb, pe);
            return;
        case WeightType::Blocks:
            return;  // handled by linearPacked
    }
}

}  // namespace

void packInput(const float* X, int T, int in, PackedInput& out) {
    out.X = X;
    out.T = T;
    out.in = in;
    out.mr = 0;
    out.data.clear();
#if defined(__x86_64__)
    if (!haveAvx2() || T <= 1) return;  // the portable and decode kernels read X as it is
    out.mr = haveAvx512() ? kRows512 : kRows256;
    const PackedWeight shape{nullptr, 0, in};
    const Job j{X, T, &shape, nullptr, nullptr};
    out.data.resize(sz(T) * sz(in));
    thread_local std::vector<float> block;  // kept: a fresh one costs its page faults
    for (int k0 = 0; k0 < in; k0 += kKc) {
        const int kc = std::min(kKc, in - k0);
        packInputs(j, k0, kc, out.mr, block);
        std::copy(block.begin(), block.end(),
                  out.data.begin() + static_cast<std::ptrdiff_t>(sz(T) * sz(k0)));
    }
#endif
}

void linearPacked(const float* X, int T, const PackedWeight& W, const float* bias, float* Y,
                  const PackedInput* packed) {
    if (T <= 0 || W.out <= 0) return;
    if (W.type == WeightType::Blocks) {
        quant::linearQuant(
            X, T,
            quant::QuantWeight{static_cast<quant::Type>(W.blockType), W.out, W.in,
                               static_cast<const std::uint8_t*>(W.data), W.rowBytes, W.planar},
            bias, Y);
        return;
    }
    const Job job{X, T, &W, bias, Y, packed};
    const int np = panels(W.out);
    if (threads() == 1 || static_cast<long long>(W.out) * W.in * T < (1 << 16)) {
        panelsAny(job, 0, np);
        return;
    }
    if (T == 1) {
        // Decode is bound by memory bandwidth, which the cores do not share evenly: threads
        // take four panels at a time (one pass of the decode kernel, 100-800 KB of weights)
        // from a counter until none are left, so the last one to finish waits little.
        constexpr int kGrab = 4;
        std::atomic<int> next{0};
        parallelShared([&](int, int) {
            for (int b; (b = next.fetch_add(kGrab, std::memory_order_relaxed)) < np;)
                panelsAny(job, b, std::min(np, b + kGrab));
        });
        return;
    }
    // Prefill is bound by arithmetic and splits evenly: contiguous runs of panels, even-sized
    // so the tiles stay two panels wide (and each panel's input blocks stay in order).
    parallel([&](int t, int n) {
        int b, e;
        chunk(np, t, n, 2, b, e);
        if (b < e) panelsAny(job, b, e);
    });
}

bool linearBlocksDecode(const float* X, int T, std::span<const PackedWeight* const> parts,
                        const float* bias, float* Y) {
    if (T <= 0 || T >= 4) return false;  // a prefill widens rows into panels, part by part
    int total = 0;
    for (const PackedWeight* p : parts) {
        if (p->out > 0 && p->type != WeightType::Blocks) return false;
        total += std::max(0, p->out);
    }
    std::vector<quant::QuantPart> q;
    q.reserve(parts.size());
    int at = 0;
    for (const PackedWeight* p : parts) {
        if (p->out <= 0) continue;
        q.push_back(
            {quant::QuantWeight{static_cast<quant::Type>(p->blockType), p->out, p->in,
                                static_cast<const std::uint8_t*>(p->data), p->rowBytes, p->planar},
             bias ? bias + at : nullptr, Y + at, total});
        at += p->out;
    }
    quant::linearQuantParts(X, T, q);
    return true;
}

void limitPackedKernel(int level) { g_levelCap = std::clamp(level, 0, 2); }

const char* packedKernelName() {
#if defined(__x86_64__)
    if (haveAvx2()) return haveAvx512() ? "avx512" : "avx2";
#endif
    return "scalar";
}

}  // namespace ts::kernels

// File-local: the engine is built in unity batches, where another file may use the name.
#undef TS_AVX512
#undef TS_AVX2
