#pragma once
// The one set of scalar conversions between fp32 and the two 16-bit float formats checkpoints
// store (IEEE half, bfloat16), for the portable kernel path, packing, the quantized blocks'
// scales and the loaders (formats/ reaches them through st::f16ToF32 and friends). The vector paths
// widen with F16C / AVX-512 instructions instead.
#include <cstdint>
#include <cstring>

namespace ts::kernels {

// IEEE binary16 to binary32, exact for every input (subnormals, Inf, NaN), without loops:
// the magic-number method (rescale the exponent, let the FPU normalise subnormals).
inline float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t rest = static_cast<std::uint32_t>(h & 0x7fffu) << 13;  // exp + mantissa
    float f;
    if ((h & 0x7c00u) == 0x7c00u) {  // Inf / NaN
        const std::uint32_t bits = sign | 0x7f800000u | rest;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    // 2^112 rescales a half exponent into a float exponent; subnormals come out exact.
    std::uint32_t bits = rest;
    std::memcpy(&f, &bits, 4);
    f *= 5.192296858534828e+33f;  // 2^112
    std::memcpy(&bits, &f, 4);
    bits |= sign;
    std::memcpy(&f, &bits, 4);
    return f;
}

inline float bf16ToFloat(std::uint16_t h) {
    const std::uint32_t bits = static_cast<std::uint32_t>(h) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// binary32 to bfloat16, round to nearest even; NaN stays NaN (quiet).
inline std::uint16_t floatToBf16(float f) {
    std::uint32_t x;
    std::memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return static_cast<std::uint16_t>((x >> 16) | 0x40u);  // NaN
    const std::uint32_t rounding = 0x7fffu + ((x >> 16) & 1u);
    return static_cast<std::uint16_t>((x + rounding) >> 16);
}

// binary32 to IEEE binary16, round to nearest even, overflow to Inf, NaN stays NaN. Used to
// write checkpoints (tests, tools) and GGUF scales.
inline std::uint16_t floatToHalf(float f) {
    std::uint32_t x;
    std::memcpy(&x, &f, 4);
    const std::uint32_t sign = (x >> 16) & 0x8000u;
    const std::uint32_t absx = x & 0x7fffffffu;
    if (absx > 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7e00u);   // NaN
    if (absx >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // overflow/Inf
    if (absx < 0x38800000u) {  // subnormal or zero in half
        if (absx < 0x33000000u) return static_cast<std::uint16_t>(sign);
        const std::uint32_t e = absx >> 23;
        const std::uint32_t m = (absx & 0x7fffffu) | 0x800000u;
        const std::uint32_t shift = 126 - e;  // 113 - e + 13
        std::uint32_t half = m >> shift;
        const std::uint32_t rem = m & ((1u << shift) - 1);
        const std::uint32_t mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half & 1u))) ++half;
        return static_cast<std::uint16_t>(sign | half);
    }
    std::uint32_t h = ((absx - 0x38000000u) >> 13);
    const std::uint32_t rem = absx & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
    return static_cast<std::uint16_t>(sign | h);
}

}  // namespace ts::kernels
