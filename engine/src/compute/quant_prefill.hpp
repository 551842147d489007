#pragma once
// The integer prefill kernel: many tokens through a Q8_0 weight without widening the
// weights to floats. The activations are quantized once per product with the decode's
// function (quantizeActivations, 16-bit blocks), and each (row, token) pair is summed block
// by block exactly as the AVX-512 decode kernels sum one row with one token (quant_dot.cpp):
// the same integers, the same float operations in the same order, so a row's prefill
// output is bit-equal to its decode output.
//
// A tile of 4 rows x 6 tokens: a weight block is widened once for the tile's 6 tokens and an
// activation block loaded once for its 4 rows; per block and pair the work is one vpdpwssd
// over 32 weights, one conversion and one FMA with the two scales' product.
//
// AVX-512 VNNI only. On AVX2 (pmaddwd, no VNNI) the same scheme takes two multiply-adds, two
// conversions and two FMAs per block and pair where the F32 GEMM takes four FMAs, and
// measured 13 % slower than it on GPT-2's matrices (287.6 against 253.5 ms, one thread, AVX2
// capped on an AVX-512 machine; that kernel is not kept), so those CPUs keep the F32 path
// (quant_linear.cpp).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "compute/quant_dot.hpp"
#include "compute/quant_types.hpp"

namespace ts::quant {

// T tokens' activations of n elements each (n a multiple of 32), quantized once.
class PrefillActs {
  public:
    // Quantizes X [T, n] (row-major), on the engine's threads when there is enough of it.
    void quantize(const float* X, int T, std::size_t n);
    int tokens() const { return m_T; }
    std::size_t width() const { return m_n; }
    // Token t's n / 32 blocks, as decode has them.
    const ActBlock* blocks(int t) const {
        return m_blocks.data() + static_cast<std::size_t>(t) * (m_n / 32);
    }
    // Token t's n integers, 64-byte aligned (the blocks' qs side by side).
    const std::int16_t* ints(int t) const { return m_ints + static_cast<std::size_t>(t) * m_n; }
    // Token t's block scales, zero-padded to scaleStride() (a multiple of 16).
    const float* scales(int t) const {
        return m_scales.data() + static_cast<std::size_t>(t) * scaleStride();
    }
    std::size_t scaleStride() const { return (m_n / 32 + 15) / 16 * 16; }

  private:
    int m_T = 0;
    std::size_t m_n = 0;
    std::vector<ActBlock> m_blocks;
    std::vector<std::int16_t> m_intStore;  // m_ints points 64-byte aligned into it
    std::int16_t* m_ints = nullptr;
    std::vector<float> m_scales;
};

// Whether the CPU (and the limitQuantKernel cap) allows the integer prefill: AVX-512 VNNI.
bool prefillIntegerAvailable();

// Y[t * ldY + r] = row r . token t (+ bias[r]) for `rows` planar Q8_0 rows (row r at
// data + r * rowBytes, x.width() weights each) and every token of x. Single-threaded: the
// caller splits the rows. Only where prefillIntegerAvailable().
void prefillQ8_0PlanarRows(const std::uint8_t* data, std::size_t rowBytes, int rows,
                           const PrefillActs& x, const float* bias, float* Y, std::size_t ldY);

}  // namespace ts::quant
