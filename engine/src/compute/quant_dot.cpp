// The quantized dot products. Every block type is first unpacked to 32 small signed
// integers plus a scale (and a minimum for the asymmetric types); one integer dot routine
// then serves all of them. The portable code does the same in plain C++, so all paths sum
// the same integers and differ only in float rounding order.
#include "compute/quant_dot.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <vector>

#include "compute/half.hpp"
#include "compute/kernels.hpp"
#include "tokenscope/error.hpp"

#if defined(__x86_64__)
#include <immintrin.h>
// GCC 12's _mm512_reduce_add_ps and _mm512_cvtepi32_ps trip false -Wmaybe-uninitialized and
// -Wuninitialized warnings inside its own headers (they start from _mm256_undefined_ps).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace ts::quant {
namespace {

int g_levelCap = 2;

// The scale and minimum term of group `sub` (0..7) of a Q4_K/Q5_K super-block at b: the
// super-block's fp16 d and dmin times the group's 6-bit scale and minimum. Half is the fp16
// conversion of the caller's instruction set.
template <float (*Half)(std::uint16_t)>
inline void kGroupScales(const std::uint8_t* b, int sub, float& d, float& m) {
    std::uint16_t dh, mh;
    std::memcpy(&dh, b, 2);
    std::memcpy(&mh, b + 2, 2);
    int sc, mn;
    kScaleMin(sub, b + 4, sc, mn);
    d = Half(dh) * static_cast<float>(sc);
    m = -Half(mh) * static_cast<float>(mn);
}

// One group of 32 weights: w[i] * d0 (i < 16) or * d1 (i >= 16), plus m * sum(x).
struct Group {
    std::int8_t w[32];
    float d0, d1, m;
};

// Unpacks group g (32 elements) of a row into integers and scales (portable).
void unpack(Type t, const std::uint8_t* row, std::size_t g, Group& o) {
    o.m = 0;
    switch (t) {
        case Type::Q8_0: {
            const auto* b = reinterpret_cast<const BlockQ8_0*>(row) + g;
            std::memcpy(o.w, b->qs, 32);
            o.d0 = o.d1 = kernels::halfToFloat(b->d);
            return;
        }
        case Type::Q4_0:
        case Type::Q4_1: {
            const bool one = t == Type::Q4_1;
            const std::uint8_t* b = row + g * (one ? 20 : 18);
            std::uint16_t d, m = 0;
            std::memcpy(&d, b, 2);
            if (one) std::memcpy(&m, b + 2, 2);
            const std::uint8_t* qs = b + (one ? 4 : 2);
            const int off = one ? 0 : 8;
            for (int j = 0; j < 16; ++j) {
                o.w[j] = static_cast<std::int8_t>((qs[j] & 0xF) - off);
                o.w[j + 16] = static_cast<std::int8_t>((qs[j] >> 4) - off);
            }
            o.d0 = o.d1 = kernels::halfToFloat(d);
            o.m = one ? kernels::halfToFloat(m) : 0.0f;
            return;
        }
        case Type::Q5_0:
        case Type::Q5_1: {
            const bool one = t == Type::Q5_1;
            const std::uint8_t* b = row + g * (one ? 24 : 22);
            std::uint16_t d, m = 0;
            std::memcpy(&d, b, 2);
            if (one) std::memcpy(&m, b + 2, 2);
            std::uint32_t qh;
            std::memcpy(&qh, b + (one ? 4 : 2), 4);
            const std::uint8_t* qs = b + (one ? 8 : 6);
            const int off = one ? 0 : 16;
            for (int j = 0; j < 16; ++j) {
                o.w[j] = static_cast<std::int8_t>(((qs[j] & 0xF) | (((qh >> j) & 1) << 4)) - off);
                o.w[j + 16] =
                    static_cast<std::int8_t>(((qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4)) - off);
            }
            o.d0 = o.d1 = kernels::halfToFloat(d);
            o.m = one ? kernels::halfToFloat(m) : 0.0f;
            return;
        }
        case Type::Q4_K:
        case Type::Q5_K: {
            const bool five = t == Type::Q5_K;
            const std::uint8_t* b = row + (g / 8) * (five ? 176 : 144);
            const int sub = static_cast<int>(g % 8), c = sub / 2;
            kGroupScales<kernels::halfToFloat>(b, sub, o.d0, o.m);
            o.d1 = o.d0;
            const std::uint8_t* qh = b + 16;
            const std::uint8_t* ql = (five ? b + 48 : b + 16) + 32 * c;
            for (int l = 0; l < 32; ++l) {
                int q = (sub & 1) ? ql[l] >> 4 : ql[l] & 0xF;
                if (five) q |= ((qh[l] >> sub) & 1) << 4;
                o.w[l] = static_cast<std::int8_t>(q);
            }
            return;
        }
        case Type::Q6_K: {
            const auto* b = reinterpret_cast<const BlockQ6_K*>(row) + g / 8;
            const int q = static_cast<int>(g % 8), h = q / 4, gi = q % 4;
            const std::uint8_t* ql = b->ql + 64 * h + (gi & 1) * 32;
            const std::uint8_t* qh = b->qh + 32 * h;
            const int nibShift = (gi >> 1) * 4, hiShift = 2 * gi;
            for (int l = 0; l < 32; ++l)
                o.w[l] = static_cast<std::int8_t>(
                    (((ql[l] >> nibShift) & 0xF) | (((qh[l] >> hiShift) & 3) << 4)) - 32);
            const float d = kernels::halfToFloat(b->d);
            o.d0 = d * static_cast<float>(b->scales[8 * h + 2 * gi]);
            o.d1 = d * static_cast<float>(b->scales[8 * h + 2 * gi + 1]);
            return;
        }
        default:
            throw Error("no quantized dot product for tensor type " +
                        typeName(static_cast<std::uint32_t>(t)));
    }
}

float dotQuantizedPortable(Type t, const std::uint8_t* row, const ActBlock* x, std::size_t n) {
    float acc = 0;
    Group g;
    for (std::size_t i = 0; i < n / 32; ++i) {
        unpack(t, row, i, g);
        std::int32_t s0 = 0, s1 = 0;
        for (int j = 0; j < 16; ++j) s0 += g.w[j] * x[i].qs[j];
        for (int j = 16; j < 32; ++j) s1 += g.w[j] * x[i].qs[j];
        acc +=
            x[i].d * (g.d0 * static_cast<float>(s0) + g.d1 * static_cast<float>(s1)) + g.m * x[i].s;
    }
    return acc;
}

#if defined(__x86_64__)
#define TS_QAVX2 __attribute__((target("avx2,fma,f16c")))
#define TS_QWIDE \
    __attribute__((target("avx2,fma,f16c,avx512f,avx512vl,avx512bw,avx512dq,avx512vnni")))

bool cpuAvx2() { return kernels::haveAvx2FmaF16c(); }
bool cpuWide() {
    static const bool v = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512vnni") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw");
    }();
    return v;
}
int level() {
    static const int best = cpuAvx2() ? (cpuWide() ? 2 : 1) : 0;
    return std::min(best, g_levelCap);
}

TS_QAVX2 inline float h2fFast(std::uint16_t h) { return _cvtsh_ss(h); }

TS_QAVX2 inline __m256i nibbles(const std::uint8_t* qs) {  // 16 bytes -> lo 16, hi 16
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(qs));
    const __m128i m = _mm_set1_epi8(0x0F);
    return _mm256_set_m128i(_mm_and_si128(_mm_srli_epi16(v, 4), m), _mm_and_si128(v, m));
}

TS_QAVX2 inline __m256i bitsToBytes16(std::uint32_t qh) {  // bit j -> byte j = 0x10 or 0
    const __m256i spread =
        _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(qh)),
                            _mm256_setr_epi64x(0x0000000000000000, 0x0101010101010101,
                                               0x0202020202020202, 0x0303030303030303));
    const __m256i bits = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
    const __m256i set = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bits), bits);
    return _mm256_and_si256(set, _mm256_set1_epi8(0x10));
}

// Group g (32 weights) of a row as 32 signed bytes, with the scales of its two halves and
// the factor of sum(x) (see Group). Same numbers as unpack(), in registers.
TS_QAVX2 inline __m256i unpackSimd(Type t, const std::uint8_t* row, std::size_t g, float& d0,
                                   float& d1, float& m) {
    m = 0;
    switch (t) {
        case Type::Q8_0: {
            const auto* b = reinterpret_cast<const BlockQ8_0*>(row) + g;
            d0 = d1 = h2fFast(b->d);
            return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b->qs));
        }
        case Type::Q4_0: {
            const auto* b = reinterpret_cast<const BlockQ4_0*>(row) + g;
            d0 = d1 = h2fFast(b->d);
            return _mm256_sub_epi8(nibbles(b->qs), _mm256_set1_epi8(8));
        }
        case Type::Q4_1: {
            const auto* b = reinterpret_cast<const BlockQ4_1*>(row) + g;
            d0 = d1 = h2fFast(b->d);
            m = h2fFast(b->m);
            return nibbles(b->qs);
        }
        case Type::Q5_0: {
            const auto* b = reinterpret_cast<const BlockQ5_0*>(row) + g;
            std::uint32_t qh;
            std::memcpy(&qh, b->qh, 4);
            d0 = d1 = h2fFast(b->d);
            return _mm256_sub_epi8(_mm256_or_si256(nibbles(b->qs), bitsToBytes16(qh)),
                                   _mm256_set1_epi8(16));
        }
        case Type::Q5_1: {
            const auto* b = reinterpret_cast<const BlockQ5_1*>(row) + g;
            std::uint32_t qh;
            std::memcpy(&qh, b->qh, 4);
            d0 = d1 = h2fFast(b->d);
            m = h2fFast(b->m);
            return _mm256_or_si256(nibbles(b->qs), bitsToBytes16(qh));
        }
        case Type::Q4_K:
        case Type::Q5_K: {
            const bool five = t == Type::Q5_K;
            const std::uint8_t* b = row + (g / 8) * (five ? 176 : 144);
            const int sub = static_cast<int>(g % 8), c = sub / 2;
            kGroupScales<h2fFast>(b, sub, d0, m);
            d1 = d0;
            const __m256i v = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>((five ? b + 48 : b + 16) + 32 * c));
            const __m256i m4 = _mm256_set1_epi8(0x0F);
            __m256i q =
                (sub & 1) ? _mm256_and_si256(_mm256_srli_epi16(v, 4), m4) : _mm256_and_si256(v, m4);
            if (five) {
                const __m256i hb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + 16));
                const __m256i bit = _mm256_and_si256(_mm256_srlv_epi64(hb, _mm256_set1_epi64x(sub)),
                                                     _mm256_set1_epi8(1));
                q = _mm256_or_si256(q, _mm256_slli_epi16(bit, 4));
            }
            return q;
        }
        case Type::Q6_K: {
            const auto* b = reinterpret_cast<const BlockQ6_K*>(row) + g / 8;
            const int q = static_cast<int>(g % 8), h = q / 4, gi = q % 4;
            const float d = h2fFast(b->d);
            d0 = d * static_cast<float>(b->scales[8 * h + 2 * gi]);
            d1 = d * static_cast<float>(b->scales[8 * h + 2 * gi + 1]);
            const __m256i l = _mm256_loadu_si256(
                reinterpret_cast<const __m256i*>(b->ql + 64 * h + (gi & 1) * 32));
            const __m256i hb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b->qh + 32 * h));
            const __m256i lo = _mm256_and_si256(
                _mm256_srlv_epi64(l, _mm256_set1_epi64x((gi >> 1) * 4)), _mm256_set1_epi8(0x0F));
            const __m256i hi = _mm256_and_si256(_mm256_srlv_epi64(hb, _mm256_set1_epi64x(2 * gi)),
                                                _mm256_set1_epi8(3));
            return _mm256_sub_epi8(_mm256_or_si256(lo, _mm256_slli_epi16(hi, 4)),
                                   _mm256_set1_epi8(32));
        }
        default:
            d0 = d1 = 0;
            return _mm256_setzero_si256();
    }
}

TS_QAVX2 inline float hsum(__m256 acc) {
    const __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
    const __m128 s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
    return _mm_cvtss_f32(_mm_add_ss(s2, _mm_movehdup_ps(s2)));
}

// Prefetches the line at `offset` in each of four rows (both four-row Q8_0 kernels).
inline void prefetchFour(const std::uint8_t* const rows[4], std::size_t offset) {
    for (int r = 0; r < 4; ++r)
        _mm_prefetch(reinterpret_cast<const char*>(rows[r] + offset), _MM_HINT_T0);
}

// One Q8_0 block of 32 weights (16 + 16 bytes) times its 32 int16 activations (x0, x1), as
// eight int32 sums. Adding the two pmaddwd halves is exact and so is the conversion that
// follows: |sum| <= 4 * 128 * 32767 < 2^24 (a file may hold -128).
TS_QAVX2 inline __m256 blockQ8_0Avx2(const void* qs, __m256i x0, __m256i x1) {
    const auto* w = static_cast<const __m128i*>(qs);
    const __m256i w0 = _mm256_cvtepi8_epi16(_mm_loadu_si128(w));
    const __m256i w1 = _mm256_cvtepi8_epi16(_mm_loadu_si128(w + 1));
    return _mm256_cvtepi32_ps(
        _mm256_add_epi32(_mm256_madd_epi16(w0, x0), _mm256_madd_epi16(w1, x1)));
}

// AVX2: the 32 weights widened to int16 in two halves, multiplied with the int16
// activations by pmaddwd (pairs summed into int32), each half with its own scale.
TS_QAVX2 float dotQuantizedAvx2(Type t, const std::uint8_t* row, const ActBlock* x, std::size_t n) {
    if (t == Type::Q8_0) {
        // One accumulator, blocks in order, one FMA per block with the scale product, as
        // dotQ8_0PlanarRows4Avx2 sums a row, so both give a Q8_0 row the same bits.
        const auto* b = reinterpret_cast<const BlockQ8_0*>(row);
        __m256 acc = _mm256_setzero_ps();
        for (std::size_t g = 0; g < n / 32; ++g) {
            const __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[g].qs));
            const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[g].qs + 16));
            acc = _mm256_fmadd_ps(blockQ8_0Avx2(b[g].qs, x0, x1),
                                  _mm256_set1_ps(h2fFast(b[g].d) * x[g].d), acc);
        }
        return hsum(acc);
    }
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    float accMin = 0;
    for (std::size_t g = 0; g < n / 32; ++g) {
        float d0, d1, m;
        const __m256i w = unpackSimd(t, row, g, d0, d1, m);
        const __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[g].qs));
        const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[g].qs + 16));
        const __m256i p0 = _mm256_madd_epi16(_mm256_cvtepi8_epi16(_mm256_castsi256_si128(w)), x0);
        const __m256i p1 =
            _mm256_madd_epi16(_mm256_cvtepi8_epi16(_mm256_extracti128_si256(w, 1)), x1);
        a0 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p0), _mm256_set1_ps(d0 * x[g].d), a0);
        a1 = _mm256_fmadd_ps(_mm256_cvtepi32_ps(p1), _mm256_set1_ps(d1 * x[g].d), a1);
        accMin += m * x[g].s;
    }
    return hsum(_mm256_add_ps(a0, a1)) + accMin;
}

// Planar Q8_0 four rows at a time for AVX2 CPUs: the form of dotQ8_0PlanarRows4 below with
// 256-bit registers. Per block and row: two widening loads, two pmaddwd, an integer add, one
// conversion and one FMA whose scale (fp16 weight scale times activation scale, converted
// eight at a time) is broadcast from memory; the four rows share each activation load. Rows
// that went back to blocks and through dotQuantizedAvx2 one by one, as before, spent as much
// again on the copy and the per-block scalar scales, and prefetched nothing (see
// dotQ8_0PlanarRows4 for why a short row needs its successor prefetched).
TS_QAVX2 void dotQ8_0PlanarRows4Avx2(const std::uint8_t* const rows[4], const ActBlock* x,
                                     std::size_t n, float out[4], std::size_t prefetchAhead) {
    const std::size_t groups = n / 32;
    __m256 acc[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(),
                     _mm256_setzero_ps()};
    alignas(32) float scale[4][8];
    alignas(32) float dx[8];
    for (std::size_t g0 = 0; g0 < groups; g0 += 8) {
        const std::size_t m = std::min<std::size_t>(8, groups - g0);
        if (prefetchAhead) prefetchFour(rows, n + 2 * g0 + prefetchAhead);
        for (std::size_t j = 0; j < m; ++j) dx[j] = x[g0 + j].d;
        for (int r = 0; r < 4; ++r) {
            const auto* d = reinterpret_cast<const std::uint16_t*>(rows[r] + n) + g0;
            if (m == 8) {  // a short last group would read past the row's scales
                const __m256 dw =
                    _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(d)));
                _mm256_store_ps(scale[r], _mm256_mul_ps(dw, _mm256_load_ps(dx)));
            } else {
                for (std::size_t j = 0; j < m; ++j) scale[r][j] = h2fFast(d[j]) * dx[j];
            }
        }
        for (std::size_t j = 0; j < m; ++j) {
            const __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[g0 + j].qs));
            const __m256i x1 =
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[g0 + j].qs + 16));
            const std::size_t at = (g0 + j) * 32;
            if (prefetchAhead && (j & 1) == 0) prefetchFour(rows, at + prefetchAhead);
            for (int r = 0; r < 4; ++r)
                acc[r] = _mm256_fmadd_ps(blockQ8_0Avx2(rows[r] + at, x0, x1),
                                         _mm256_broadcast_ss(&scale[r][j]), acc[r]);
        }
    }
    for (int r = 0; r < 4; ++r) out[r] = hsum(acc[r]);
}

// AVX-512: the 32 weights widened to one register of int16 and multiplied with the int16
// activations by vpdpwssd (VNNI); lanes 0-7 hold the first 16 weights, 8-15 the rest.
TS_QWIDE float dotQuantizedWide(Type t, const std::uint8_t* row, const ActBlock* x, std::size_t n) {
    __m512 acc = _mm512_setzero_ps();
    float accMin = 0;
    const std::size_t groups = n / 32;
    if (t == Type::Q8_0) {  // the common case without the per-type switch
        // One accumulator, blocks in order, as dotQ8_0PlanarRows4 and the prefill kernel
        // (quant_prefill.cpp) sum a row, so every path gives a Q8_0 row the same bits.
        const auto* b = reinterpret_cast<const BlockQ8_0*>(row);
        for (std::size_t g = 0; g < groups; ++g) {
            const __m512i w0 =
                _mm512_cvtepi8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(b[g].qs)));
            const __m512i p0 =
                _mm512_dpwssd_epi32(_mm512_setzero_si512(), w0, _mm512_loadu_si512(x[g].qs));
            acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(p0), _mm512_set1_ps(h2fFast(b[g].d) * x[g].d),
                                  acc);
        }
        return _mm512_reduce_add_ps(acc);
    }
    for (std::size_t g = 0; g < groups; ++g) {
        float d0, d1, m;
        const __m256i w = unpackSimd(t, row, g, d0, d1, m);
        const __m512i p = _mm512_dpwssd_epi32(_mm512_setzero_si512(), _mm512_cvtepi8_epi16(w),
                                              _mm512_loadu_si512(x[g].qs));
        const __m512 sc =
            _mm512_insertf32x8(_mm512_set1_ps(d0 * x[g].d), _mm256_set1_ps(d1 * x[g].d), 1);
        acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(p), sc, acc);
        accMin += m * x[g].s;
    }
    return _mm512_reduce_add_ps(acc) + accMin;
}

// Planar Q8_0 (see repackQ8_0Planar), four rows at a time. Per block and row this is one
// widening load, one vpdpwssd, one conversion and one FMA whose scale is broadcast from
// memory: the sixteen fp16 scales of a row are converted and multiplied by the activation
// scales in one vector op each, where the block layout cost a scalar conversion, a
// multiply and a shuffle per block and was bound by them (3.8 against 2.3 cycles per block
// and row in a single-thread loop, L2-resident; tests/tools/quant_kernel_bench measures the
// whole GPT-2 shape). The four rows share each activation load. Each block's scale is the
// same float as in dotQuantizedWide (kernels::halfToFloat(d_w) * d_x); only the order of the sums
// differs. `prefetchAhead` (bytes; 0 for none) points at the same offset of four rows further on
// (dotQ8_0PlanarRows chooses which): a GPT-2 row is only 816 bytes, too short for the
// hardware prefetcher to ramp up, so without it 72 % of the cycles waited on loads and decode
// read at 0.42 of the bare-read ceiling; prefetching the next group's lines one group ahead gave
// 84-90 -> 115-125 tok/s (GPT-2 124M Q8_0, 2 threads) and 22.9 -> 30.7 (Qwen2.5-0.5B shape).
TS_QWIDE void dotQ8_0PlanarRows4(const std::uint8_t* const rows[4], const ActBlock* x,
                                 std::size_t n, float out[4], std::size_t prefetchAhead) {
    const std::size_t groups = n / 32;
    __m512 acc[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(),
                     _mm512_setzero_ps()};
    alignas(64) float scale[4][16];
    alignas(64) float dx[16];
    for (std::size_t g0 = 0; g0 < groups; g0 += 16) {
        const std::size_t m = std::min<std::size_t>(16, groups - g0);
        const __mmask16 mask = static_cast<__mmask16>((1u << m) - 1u);
        if (prefetchAhead) prefetchFour(rows, n + 2 * g0 + prefetchAhead);
        for (std::size_t j = 0; j < m; ++j) dx[j] = x[g0 + j].d;
        const __m512 dxv = _mm512_maskz_loadu_ps(mask, dx);
        for (int r = 0; r < 4; ++r) {
            const auto* d = reinterpret_cast<const std::uint16_t*>(rows[r] + n) + g0;
            const __m512 dw = _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(mask, d));
            _mm512_store_ps(scale[r], _mm512_mul_ps(dw, dxv));
        }
        for (std::size_t j = 0; j < m; ++j) {
            const __m512i xv = _mm512_loadu_si512(x[g0 + j].qs);
            const std::size_t at = (g0 + j) * 32;
            if (prefetchAhead && (j & 1) == 0) prefetchFour(rows, at + prefetchAhead);
            for (int r = 0; r < 4; ++r) {
                const __m512i w = _mm512_cvtepi8_epi16(
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[r] + at)));
                const __m512i p = _mm512_dpwssd_epi32(_mm512_setzero_si512(), w, xv);
                acc[r] =
                    _mm512_fmadd_ps(_mm512_cvtepi32_ps(p), _mm512_set1_ps(scale[r][j]), acc[r]);
            }
        }
    }
    for (int r = 0; r < 4; ++r) out[r] = _mm512_reduce_add_ps(acc[r]);
}

TS_QAVX2 float dotFloatSimd(Type t, const std::uint8_t* row, const float* x, std::size_t n) {
    __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();
    std::size_t i = 0;
    switch (t) {
        case Type::F32:
            for (; i + 16 <= n; i += 16) {
                acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(reinterpret_cast<const float*>(row) + i),
                                       _mm256_loadu_ps(x + i), acc0);
                acc1 = _mm256_fmadd_ps(_mm256_loadu_ps(reinterpret_cast<const float*>(row) + i + 8),
                                       _mm256_loadu_ps(x + i + 8), acc1);
            }
            break;
        case Type::F16:
            for (; i + 16 <= n; i += 16) {
                const __m256 w0 =
                    _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * i)));
                const __m256 w1 = _mm256_cvtph_ps(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * i + 16)));
                acc0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(x + i), acc0);
                acc1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(x + i + 8), acc1);
            }
            break;
        case Type::BF16:
            for (; i + 16 <= n; i += 16) {
                const __m256i h0 = _mm256_cvtepu16_epi32(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * i)));
                const __m256i h1 = _mm256_cvtepu16_epi32(
                    _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 2 * i + 16)));
                acc0 = _mm256_fmadd_ps(_mm256_castsi256_ps(_mm256_slli_epi32(h0, 16)),
                                       _mm256_loadu_ps(x + i), acc0);
                acc1 = _mm256_fmadd_ps(_mm256_castsi256_ps(_mm256_slli_epi32(h1, 16)),
                                       _mm256_loadu_ps(x + i + 8), acc1);
            }
            break;
        case Type::Q8_0: {
            // The float-activation variant kept for the measurement in the header comment.
            const auto* b = reinterpret_cast<const BlockQ8_0*>(row);
            for (; i < n; i += 32) {
                const BlockQ8_0& blk = b[i / 32];
                __m256 s = _mm256_setzero_ps();
                for (int k = 0; k < 32; k += 8) {
                    const __m256 w = _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(
                        _mm_loadl_epi64(reinterpret_cast<const __m128i*>(blk.qs + k))));
                    s = _mm256_fmadd_ps(w, _mm256_loadu_ps(x + i + static_cast<std::size_t>(k)), s);
                }
                acc0 = _mm256_fmadd_ps(s, _mm256_set1_ps(h2fFast(blk.d)), acc0);
            }
            break;
        }
        default: {
            float tmp[256];
            const std::size_t step = static_cast<std::size_t>(traits(t).blockElems);
            const std::size_t bytes = static_cast<std::size_t>(traits(t).blockBytes);
            for (; i < n; i += step) {
                dequantizeRow(t, row + i / step * bytes, tmp, step);
                for (std::size_t k = 0; k < step; k += 8)
                    acc0 =
                        _mm256_fmadd_ps(_mm256_loadu_ps(tmp + k), _mm256_loadu_ps(x + i + k), acc0);
            }
            break;
        }
    }
    const __m256 acc = _mm256_add_ps(acc0, acc1);
    const __m128 s4 = _mm_add_ps(_mm256_castps256_ps128(acc), _mm256_extractf128_ps(acc, 1));
    const __m128 s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
    float r = _mm_cvtss_f32(_mm_add_ss(s2, _mm_movehdup_ps(s2)));
    if (i < n) {  // tail of a plain-float row
        float tail[16];
        dequantizeRow(t, row + i * static_cast<std::size_t>(traits(t).blockBytes), tail, n - i);
        for (std::size_t k = 0; k < n - i; ++k) r += tail[k] * x[i + k];
    }
    return r;
}
#else
int level() { return 0; }
#endif

float dotFloatPortable(Type t, const std::uint8_t* row, const float* x, std::size_t n) {
    float tmp[256];
    const std::size_t step = static_cast<std::size_t>(traits(t).blockElems) == 1
                                 ? 256
                                 : static_cast<std::size_t>(traits(t).blockElems);
    const std::size_t perElem = static_cast<std::size_t>(traits(t).blockBytes) /
                                static_cast<std::size_t>(traits(t).blockElems);
    const std::size_t blockBytes = static_cast<std::size_t>(traits(t).blockBytes);
    float acc = 0;
    for (std::size_t i = 0; i < n; i += step) {
        const std::size_t m = std::min(step, n - i);
        const std::uint8_t* src =
            traits(t).blockElems == 1 ? row + i * perElem : row + i / step * blockBytes;
        dequantizeRow(t, src, tmp, m);
        for (std::size_t k = 0; k < m; ++k) acc += tmp[k] * x[i + k];
    }
    return acc;
}

}  // namespace

#if defined(__x86_64__)
namespace {
// The vector forms of quantizeActivations below: the same integers and scales bit for bit
// (max of |x| is exact in any order, cvtps_epi32 rounds to nearest even as nearbyint does in
// the default rounding mode, and the scales come from the same scalar expressions). A
// prefill quantizes every token of every product (GPT-2: 8 M activations for 128 tokens),
// which the scalar loop with its nearbyint calls made a few percent of the prefill.
// Returns false for a block with a NaN or infinity, which the scalar code then handles.
TS_QWIDE bool quantizeBlockWide(const float* x, ActBlock& out) {
    const __m512 v0 = _mm512_loadu_ps(x), v1 = _mm512_loadu_ps(x + 16);
    const __m512 a0 = _mm512_abs_ps(v0), a1 = _mm512_abs_ps(v1);
    const __m512 big = _mm512_set1_ps(std::numeric_limits<float>::max());
    if ((_mm512_cmp_ps_mask(a0, big, _CMP_LE_OQ) & _mm512_cmp_ps_mask(a1, big, _CMP_LE_OQ)) !=
        0xFFFF)
        return false;
    const float amax = _mm512_reduce_max_ps(_mm512_max_ps(a0, a1));
    const float d = amax / 32767.0f;
    const float id = d > 0 ? 1.0f / d : 0.0f;
    const __m512i lim = _mm512_set1_epi32(32767), nlim = _mm512_set1_epi32(-32767);
    const __m512 idv = _mm512_set1_ps(id);
    const __m512i q0 =
        _mm512_max_epi32(nlim, _mm512_min_epi32(lim, _mm512_cvtps_epi32(_mm512_mul_ps(v0, idv))));
    const __m512i q1 =
        _mm512_max_epi32(nlim, _mm512_min_epi32(lim, _mm512_cvtps_epi32(_mm512_mul_ps(v1, idv))));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.qs), _mm512_cvtepi32_epi16(q0));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.qs + 16), _mm512_cvtepi32_epi16(q1));
    out.d = d;
    out.s = d * static_cast<float>(_mm512_reduce_add_epi32(_mm512_add_epi32(q0, q1)));
    return true;
}

TS_QAVX2 bool quantizeBlockAvx2(const float* x, ActBlock& out) {
    const __m256 signless = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const __m256 big = _mm256_set1_ps(std::numeric_limits<float>::max());
    __m256 v[4], amax = _mm256_setzero_ps();
    int finite = 0xFF;
    for (int k = 0; k < 4; ++k) {
        v[k] = _mm256_loadu_ps(x + 8 * k);
        const __m256 a = _mm256_and_ps(v[k], signless);
        finite &= _mm256_movemask_ps(_mm256_cmp_ps(a, big, _CMP_LE_OQ));
        amax = _mm256_max_ps(amax, a);
    }
    if (finite != 0xFF) return false;
    __m128 m4 = _mm_max_ps(_mm256_castps256_ps128(amax), _mm256_extractf128_ps(amax, 1));
    m4 = _mm_max_ps(m4, _mm_movehl_ps(m4, m4));
    m4 = _mm_max_ss(m4, _mm_movehdup_ps(m4));
    const float d = _mm_cvtss_f32(m4) / 32767.0f;
    const float id = d > 0 ? 1.0f / d : 0.0f;
    const __m256i lim = _mm256_set1_epi32(32767), nlim = _mm256_set1_epi32(-32767);
    __m256i q[4], sum = _mm256_setzero_si256();
    for (int k = 0; k < 4; ++k) {
        q[k] = _mm256_max_epi32(
            nlim,
            _mm256_min_epi32(lim, _mm256_cvtps_epi32(_mm256_mul_ps(v[k], _mm256_set1_ps(id)))));
        sum = _mm256_add_epi32(sum, q[k]);
    }
    // packs interleaves 128-bit halves (a lo, b lo, a hi, b hi); the permute restores order.
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.qs),
                        _mm256_permute4x64_epi64(_mm256_packs_epi32(q[0], q[1]), 0xD8));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.qs + 16),
                        _mm256_permute4x64_epi64(_mm256_packs_epi32(q[2], q[3]), 0xD8));
    __m128i s4 = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    s4 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0x4E));
    s4 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0xB1));
    out.d = d;
    out.s = d * static_cast<float>(_mm_cvtsi128_si32(s4));
    return true;
}
}  // namespace
#endif

void quantizeActivations(const float* x, std::size_t n, ActBlock* out) {
#if defined(__x86_64__)
    const int lv = level();
#endif
    for (std::size_t b = 0; b < n / 32; ++b, x += 32) {
#if defined(__x86_64__)
        if (lv == 2 && quantizeBlockWide(x, out[b])) continue;
        if (lv == 1 && quantizeBlockAvx2(x, out[b])) continue;
#endif
        float amax = 0;
        bool finite = true;
        for (int i = 0; i < 32; ++i) {
            amax = std::max(amax, std::fabs(x[i]));
            finite = finite && std::isfinite(x[i]);
        }
        if (!finite) {
            // A NaN or infinite activation (weights from an untrusted file can hold them):
            // converting it to an integer is undefined, so the block's scale carries the NaN
            // instead and every dot product it enters is NaN, as in float arithmetic.
            std::fill(std::begin(out[b].qs), std::end(out[b].qs), std::int16_t{0});
            out[b].d = out[b].s = std::numeric_limits<float>::quiet_NaN();
            continue;
        }
        const float d = amax / 32767.0f;
        const float id = d > 0 ? 1.0f / d : 0.0f;
        int sum = 0;
        for (int i = 0; i < 32; ++i) {
            const int q = static_cast<int>(std::nearbyint(x[i] * id));
            out[b].qs[i] = static_cast<std::int16_t>(std::clamp(q, -32767, 32767));
            sum += out[b].qs[i];
        }
        out[b].d = d;
        out[b].s = d * static_cast<float>(sum);
    }
}

float dotQuantized(Type t, const void* row, const ActBlock* x, std::size_t n) {
    const auto* r = static_cast<const std::uint8_t*>(row);
#if defined(__x86_64__)
    const int lv = level();
    if (lv == 2) return dotQuantizedWide(t, r, x, n);
    if (lv == 1) return dotQuantizedAvx2(t, r, x, n);
#endif
    return dotQuantizedPortable(t, r, x, n);
}

void dotQ8_0PlanarRows(const std::uint8_t* data, std::size_t rowBytes, int r0, int r1,
                       const ActBlock* x, std::size_t n, float* y, int nextRow) {
    auto row = [&](int r) { return data + static_cast<std::size_t>(r) * rowBytes; };
    int r = r0;
#if defined(__x86_64__)
    const int lv = level();
    if (lv >= 1)
        for (; r + 4 <= r1; r += 4) {
            const std::uint8_t* rows[4] = {row(r), row(r + 1), row(r + 2), row(r + 3)};
            // Prefetch the four rows two groups ahead, counting on into the share the caller
            // reads next (a 16-row share left its last group unprefetched, a quarter of all
            // the loads). One group ahead left the loads too little time: `perf` put a fifth
            // of the kernel on the scale loads, and two groups took decode from 47-50 to
            // 52-53 tok/s on the Qwen2.5-0.5B shape and 170-178 to 184-212 on GPT-2
            // (5 December, AVX-512; three groups were no better).
            const int target = r + 8;
            const std::size_t ahead =
                target + 4 <= r1 ? 8 * rowBytes
                : nextRow > r    ? static_cast<std::size_t>(nextRow + (target - r1) - r) * rowBytes
                : r + 8 <= r1    ? 4 * rowBytes
                                 : 0;
            if (lv == 2)
                dotQ8_0PlanarRows4(rows, x, n, y + r, ahead);
            else
                dotQ8_0PlanarRows4Avx2(rows, x, n, y + r, ahead);
        }
#endif
    // Other instruction sets (and the last rows): the row back in blocks, then the usual dot.
    thread_local std::vector<BlockQ8_0> blocks;
    blocks.resize(n / 32);
    for (; r < r1; ++r) {
        planarQ8_0ToBlocks(row(r), n, blocks.data());
        y[r] = dotQuantized(Type::Q8_0, blocks.data(), x, n);
    }
}

float dotFloat(Type t, const void* row, const float* x, std::size_t n) {
    const auto* r = static_cast<const std::uint8_t*>(row);
#if defined(__x86_64__)
    if (level() >= 1) return dotFloatSimd(t, r, x, n);
#endif
    return dotFloatPortable(t, r, x, n);
}

int quantKernelLevel() { return level(); }

const char* quantKernelName() {
    switch (level()) {
        case 2:
            return "avx512";
        case 1:
            return "avx2";
        default:
            return "portable";
    }
}

void limitQuantKernel(int lv) { g_levelCap = std::clamp(lv, 0, 2); }

}  // namespace ts::quant

// File-local: the engine is built in unity batches, where another file may use the name.
#undef TS_QAVX2
#undef TS_QWIDE
