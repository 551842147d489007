#pragma once
// Dot products of quantized weight rows with activations, for decode: the weights stay in
// their GGUF blocks in memory and are widened in registers, so a step reads 1/4 (Q8_0) to
// 1/7 (Q4_K) of the bytes of an F32 model.
//
// Activations are quantized too, to blocks of 32 int16 with one float scale (ActBlock), so the
// inner loop is an integer multiply-add (AVX2 pmaddwd, AVX-512 VNNI vpdpwssd) on weights
// widened from int8 to int16. Measured with `quant_kernel_bench` (tests/tools): several
// times faster than widening the weights to float (see README). llama.cpp quantizes the
// activations to 8 bits; 16 bits cost the same instructions here and add an error of at most
// 1/65534 of each block's largest activation instead of 1/254, so a Q8_0 file's logits stay
// within float rounding of its dequantized weights (8-bit activations moved them by up to
// 0.07 on the test model). F16/BF16 rows take float activations.
#include <cstddef>
#include <cstdint>

#include "compute/quant_types.hpp"

namespace ts::quant {

// 32 activations as int16 with one scale: x[i] ~ d * qs[i]. s = d * sum(qs), for the
// minimum terms of Q4_1/Q5_1/Q4_K/Q5_K.
struct ActBlock {
    float d;
    float s;
    std::int16_t qs[32];
};

// Quantizes n floats (n a multiple of 32) to n / 32 blocks (round to nearest, |q| <= 32767).
void quantizeActivations(const float* x, std::size_t n, ActBlock* out);

// Dot of a weight row of n elements (type t: a block type, not F32/F16/BF16) with
// quantized activations.
float dotQuantized(Type t, const void* row, const ActBlock* x, std::size_t n);
// y[r] for rows r0..r1-1 of a planar Q8_0 weight (quant_types.hpp: row r at
// data + r * rowBytes) with the same quantized activations. `nextRow` (> r1, or -1): the
// first row the caller reads next, prefetched while the last rows here are summed.
void dotQ8_0PlanarRows(const std::uint8_t* data, std::size_t rowBytes, int r0, int r1,
                       const ActBlock* x, std::size_t n, float* y, int nextRow = -1);
// Dot of a weight row (any computable type) with float activations.
float dotFloat(Type t, const void* row, const float* x, std::size_t n);

// Which instruction set the kernels use: "avx512" (with VNNI), "avx2" or "portable".
const char* quantKernelName();
// The same as a number: 2, 1 or 0 (see limitQuantKernel).
int quantKernelLevel();
// Caps the instruction set (2 = AVX-512 VNNI, 1 = AVX2, 0 = portable) so tests can run every
// code path on one machine. Not for use while other threads compute.
void limitQuantKernel(int level);

}  // namespace ts::quant
