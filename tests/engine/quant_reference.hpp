#pragma once
// Test-side reference for the GGUF block types: each type is described by its logical
// content (small integers, one scale per sub-block, a minimum) and packed into the byte
// layout by code written from the format's description, independently of the engine's
// dequantizer. A block built here has an exactly known value for every element.
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_dot.hpp"
#include "compute/quant_types.hpp"
#include "formats/safetensors.hpp"

namespace ts_test {

// Puts the kernel levels (both at their highest) and the thread count back when a test that
// caps them ends, whether it passes or fails.
struct QuantLevelGuard {
    int threads = ts::kernels::threads();
    ~QuantLevelGuard() {
        ts::quant::limitQuantKernel(2);
        ts::kernels::limitPackedKernel(2);
        ts::kernels::setThreads(threads);
    }
};

// n floats drawn from a standard normal distribution.
inline std::vector<float> normalVector(std::size_t n, std::mt19937& rng) {
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::vector<float> v(n);
    for (auto& x : v) x = g(rng);
    return v;
}

struct RefRow {
    std::string bytes;           // the packed row
    std::vector<double> values;  // what every element must dequantize to
};

inline std::uint16_t half(float f) { return ts::st::f32ToF16(f); }
inline double halfValue(std::uint16_t h) { return ts::st::f16ToF32(h); }

// A random row of n elements of type t (n a multiple of the block size).
inline RefRow makeRefRow(ts::quant::Type t, std::size_t n, std::mt19937& rng) {
    using ts::quant::Type;
    std::uniform_int_distribution<int> u(0, 255);
    std::uniform_real_distribution<float> scale(0.001f, 0.05f);
    RefRow r;
    r.values.resize(n);
    auto put16 = [&](std::string& s, std::uint16_t v) {
        s.append(reinterpret_cast<const char*>(&v), 2);
    };
    switch (t) {
        case Type::F32:
        case Type::F16:
        case Type::BF16:
            for (std::size_t i = 0; i < n; ++i) {
                const float x = std::uniform_real_distribution<float>(-2, 2)(rng);
                if (t == Type::F32) {
                    r.bytes.append(reinterpret_cast<const char*>(&x), 4);
                    r.values[i] = x;
                } else if (t == Type::F16) {
                    put16(r.bytes, half(x));
                    r.values[i] = halfValue(half(x));
                } else {
                    const std::uint16_t b = ts::st::f32ToBf16(x);
                    put16(r.bytes, b);
                    r.values[i] = ts::st::bf16ToF32(b);
                }
            }
            return r;
        case Type::Q8_0:
        case Type::Q4_0:
        case Type::Q4_1:
        case Type::Q5_0:
        case Type::Q5_1:
            for (std::size_t b = 0; b < n / 32; ++b) {
                const std::uint16_t d = half(scale(rng)), m = half(-scale(rng) * 8);
                const int bits = t == Type::Q8_0 ? 8 : (t == Type::Q4_0 || t == Type::Q4_1) ? 4 : 5;
                const bool hasMin = t == Type::Q4_1 || t == Type::Q5_1;
                const int offset = t == Type::Q8_0 ? 0 : hasMin ? 0 : (1 << (bits - 1));
                int q[32];
                for (int& v : q) v = t == Type::Q8_0 ? u(rng) - 128 : u(rng) % (1 << bits);
                if (t == Type::Q8_0 && b == 0) q[5] = -128;  // the extreme an int8 can hold
                for (int i = 0; i < 32; ++i)
                    r.values[b * 32 + static_cast<std::size_t>(i)] =
                        static_cast<double>(q[i] - offset) * halfValue(d) +
                        (hasMin ? halfValue(m) : 0.0);
                put16(r.bytes, d);
                if (hasMin) put16(r.bytes, m);
                if (bits == 5) {
                    std::uint32_t qh = 0;
                    for (int i = 0; i < 32; ++i) qh |= static_cast<std::uint32_t>(q[i] >> 4) << i;
                    r.bytes.append(reinterpret_cast<const char*>(&qh), 4);
                }
                if (bits == 8) {
                    for (int i = 0; i < 32; ++i) r.bytes.push_back(static_cast<char>(q[i]));
                } else {  // element i < 16 in the low nibble of byte i, i + 16 in its high nibble
                    for (int i = 0; i < 16; ++i)
                        r.bytes.push_back(static_cast<char>((q[i] & 15) | ((q[i + 16] & 15) << 4)));
                }
            }
            return r;
        case Type::Q4_K:
        case Type::Q5_K:
            for (std::size_t b = 0; b < n / 256; ++b) {
                const bool five = t == Type::Q5_K;
                const std::uint16_t d = half(scale(rng) / 8), dmin = half(scale(rng) / 8);
                int sc[8], mn[8], q[256];
                for (int j = 0; j < 8; ++j) {
                    sc[j] = u(rng) % 64;
                    mn[j] = u(rng) % 64;
                }
                for (int& v : q) v = u(rng) % (five ? 32 : 16);
                // Element e belongs to sub-block e / 32.
                for (int e = 0; e < 256; ++e)
                    r.values[b * 256 + static_cast<std::size_t>(e)] =
                        halfValue(d) * sc[e / 32] * q[e] - halfValue(dmin) * mn[e / 32];
                std::uint8_t scales[12];
                for (int j = 0; j < 4; ++j) {
                    scales[j] = static_cast<std::uint8_t>(sc[j] | ((sc[j + 4] >> 4) << 6));
                    scales[j + 4] = static_cast<std::uint8_t>(mn[j] | ((mn[j + 4] >> 4) << 6));
                    scales[j + 8] =
                        static_cast<std::uint8_t>((sc[j + 4] & 15) | ((mn[j + 4] & 15) << 4));
                }
                put16(r.bytes, d);
                put16(r.bytes, dmin);
                r.bytes.append(reinterpret_cast<const char*>(scales), 12);
                // 64 elements per 32 bytes: 64c + l in the low nibble, 64c + 32 + l in the high.
                if (five) {
                    std::uint8_t qh[32] = {};
                    for (int e = 0; e < 256; ++e) {
                        const int c = e / 64, l = e % 32, hiHalf = (e % 64) / 32;
                        qh[l] =
                            static_cast<std::uint8_t>(qh[l] | ((q[e] >> 4) << (2 * c + hiHalf)));
                    }
                    r.bytes.append(reinterpret_cast<const char*>(qh), 32);
                }
                for (int c = 0; c < 4; ++c)
                    for (int l = 0; l < 32; ++l)
                        r.bytes.push_back(static_cast<char>((q[64 * c + l] & 15) |
                                                            ((q[64 * c + 32 + l] & 15) << 4)));
            }
            return r;
        case Type::Q6_K:
            for (std::size_t b = 0; b < n / 256; ++b) {
                const std::uint16_t d = half(scale(rng) / 16);
                std::int8_t sc[16];
                int q[256];
                for (auto& s : sc) s = static_cast<std::int8_t>(u(rng) - 128);
                for (int& v : q) v = u(rng) % 64;
                std::uint8_t ql[128] = {}, qh[64] = {};
                for (int e = 0; e < 256; ++e) {
                    const int h = e / 128, p = e % 128, g = p / 32, l = p % 32;
                    r.values[b * 256 + static_cast<std::size_t>(e)] =
                        halfValue(d) * sc[8 * h + p / 16] * (q[e] - 32);
                    // groups 0,1 in the low nibbles of ql[0..31], ql[32..63]; groups 2,3 high
                    std::uint8_t& lo = ql[64 * h + (g & 1) * 32 + l];
                    lo = static_cast<std::uint8_t>(lo | ((q[e] & 15) << ((g >> 1) * 4)));
                    std::uint8_t& hi = qh[32 * h + l];
                    hi = static_cast<std::uint8_t>(hi | ((q[e] >> 4) << (2 * g)));
                }
                r.bytes.append(reinterpret_cast<const char*>(ql), 128);
                r.bytes.append(reinterpret_cast<const char*>(qh), 64);
                r.bytes.append(reinterpret_cast<const char*>(sc), 16);
                put16(r.bytes, d);
            }
            return r;
        default:
            return r;
    }
}

}  // namespace ts_test
