#pragma once
// Linear layers with weights packed in panels of 16 output rows.
//
// Panel p holds, for every input k, the 16 weights W[16p .. 16p+15][k] side by side
// (out is padded with zero rows to a multiple of 16). One layout serves both paths:
//   - a decode step (one token) streams each panel once, with 16 outputs per vector FMA and
//     no horizontal sums;
//   - a prefill (many tokens) runs a register-tiled matrix product that broadcasts inputs
//     and loads weights with unit stride, using AVX-512 where the CPU has it. OpenBLAS is
//     pinned to its AVX2 kernels here (OPENBLAS_CORETYPE=Haswell, which the project must not
//     change), so on AVX-512 CPUs this kernel has about twice the arithmetic rate.
// Every output is summed over k in the same order (bias first, then k = 0, 1, ...) by all
// code paths, so a decode step reproduces a prefill bit for bit.
#include <cstddef>

namespace ts::kernels {

constexpr int kPanel = 16;

struct PackedWeight {
    const float* data = nullptr;  // panels(out) * in * kPanel floats
    int out = 0;
    int in = 0;
};

inline int panels(int out) { return (out + kPanel - 1) / kPanel; }
inline std::size_t packedSize(int out, int in) {
    return static_cast<std::size_t>(panels(out)) * static_cast<std::size_t>(in) * kPanel;
}

// Packs a weight stored [in, out] (a GPT-2 Conv1D, `x @ W`) into dst (packedSize floats).
void packFromInOut(const float* src, int in, int out, float* dst);
// Packs a weight stored [out, in] (a torch Linear, `x @ W^T`).
void packFromOutIn(const float* src, int out, int in, float* dst);

// Y[T, out] = X[T, in] W^T + bias (bias may be null). Multi-threaded over panels.
void linearPacked(const float* X, int T, const PackedWeight& W, const float* bias, float* Y);

// Which kernel linearPacked uses: "avx512", "avx2" or "scalar" (the best the CPU has,
// unless limited below).
const char* packedKernelName();

// Caps the instruction set linearPacked may use, so tests can run every code path on one
// machine. 2 = AVX-512, 1 = AVX2, 0 = portable C++. Not for use while other threads run
// linearPacked.
void limitPackedKernel(int level);

}  // namespace ts::kernels
