#pragma once
// Scalar conversions between fp32 and the two 16-bit float formats checkpoints store
// (IEEE half, bfloat16), for the portable kernel path and for packing. The vector paths
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

}  // namespace ts::kernels
