#pragma once
// A linear layer whose weight stays in its GGUF storage type ([out] rows of [in] elements,
// row-major, each row a run of blocks), memory-mapped or owned.
//   - decode (a few tokens): each thread takes 16 rows at a time and takes dot products
//     with the activations quantized once per call (quant_dot.hpp), so only the stored
//     bytes are read;
//   - prefill (many tokens), Q8_0 on CPUs with AVX-512 VNNI: the activations are quantized
//     once as decode quantizes them, and each thread takes 16 rows at a time through the
//     integer tile kernel (quant_prefill.hpp), which sums every (row, token) pair as the
//     decode kernel does: each output is bit-equal to the decode of that token alone;
//   - prefill, other types and CPUs: each thread widens 64 rows at a time into a packed F32
//     panel and runs the packed F32 matrix kernel over all tokens, so the widening is paid
//     once per row, not once per token. That path multiplies float activations, so its
//     outputs differ from decode's by the activations' 16-bit rounding (at most 1/65534 of
//     each block's largest value) and float rounding.
#include <cstddef>
#include <cstdint>
#include <span>

#include "compute/quant_types.hpp"

namespace ts::quant {

struct QuantWeight {
    Type type = Type::F32;
    int out = 0;
    int in = 0;
    const std::uint8_t* data = nullptr;
    std::size_t rowBytes = 0;
    bool planar = false;  // Q8_0 only: rows in the planar layout (quant_types.hpp)
    const std::uint8_t* row(int r) const { return data + static_cast<std::size_t>(r) * rowBytes; }
    bool empty() const { return data == nullptr; }
};

// Y[T, out] = X[T, in] W^T + bias (bias may be null). Multi-threaded.
void linearQuant(const float* X, int T, const QuantWeight& W, const float* bias, float* Y);

// One weight of several that read the same input: token t's outputs go to Y + t * ldY.
struct QuantPart {
    QuantWeight W;
    const float* bias = nullptr;
    float* Y = nullptr;
    int ldY = 0;
};
// Every part's product, as linearQuant gives each, for weights that share their input (q, k
// and v; gate and up). A decode step, and an integer prefill, quantize the activations once
// and hand all parts to the threads at once; an F32 prefill runs the parts one after another.
void linearQuantParts(const float* X, int T, std::span<const QuantPart> parts);

// Whether decode and prefill quantize the activations (the default) or multiply with floats
// (decode) and widen to F32 panels (prefill); the switch exists for the measurements
// `quant_kernel_bench` makes.
void setQuantizeActivations(bool on);

}  // namespace ts::quant
