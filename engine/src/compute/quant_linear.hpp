#pragma once
// A linear layer whose weight stays in its GGUF storage type ([out] rows of [in] elements,
// row-major, each row a run of blocks), memory-mapped or owned.
//   - decode (a few tokens): each thread takes 16 rows at a time and takes dot products
//     with the activations quantized once per call (quant_dot.hpp), so only the stored
//     bytes are read;
//   - prefill (many tokens): each thread widens 64 rows at a time into a packed F32 panel
//     and runs the packed F32 matrix kernel over all tokens, so the widening is paid once
//     per row, not once per token.
// The two paths round differently (the decode path quantizes activations): the logits of
// a decode step and of a prefill agree to about 1e-2 relative, not bit for bit.
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
// and v; gate and up). A decode step quantizes the activations once and hands all parts to
// the threads at once; a prefill runs the parts one after another.
void linearQuantParts(const float* X, int T, std::span<const QuantPart> parts);

// Whether decode quantizes the activations (the default) or multiplies with floats; the
// switch exists for the measurement `quant_kernel_bench` makes.
void setQuantizeActivations(bool on);

}  // namespace ts::quant
