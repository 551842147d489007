#pragma once
// Linear layers with weights packed in panels of 16 output rows, in the precision the
// checkpoint stores them (F32, F16 or BF16): precision is a property of a weight tensor,
// not of the model, and the kernels widen 16-bit weights to fp32 on the fly (AVX-512 or
// F16C/AVX2, or a portable path). Activations and accumulators are always fp32.
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
//
// GGUF's quantized blocks join as WeightType::Blocks: not panels but the file's own rows of
// blocks, read in place, which linearPacked hands to quant::linearQuant (quant_linear.hpp);
// nothing above the kernels looks at the type.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ts::kernels {

constexpr int kPanel = 16;

enum class WeightType : std::uint8_t { F32, F16, BF16, Blocks };

// Bytes per element of a plain (unblocked) type.
std::size_t weightTypeSize(WeightType t);
const char* weightTypeName(WeightType t);

struct PackedWeight {
    const void* data = nullptr;  // panels(out) * in * kPanel elements of `type`
    int out = 0;
    int in = 0;
    WeightType type = WeightType::F32;
    // Blocks only: `data` holds `out` rows of `rowBytes` bytes, each a run of blocks of the
    // GGUF type `blockType` (quant::Type).
    std::uint32_t blockType = 0;
    std::size_t rowBytes = 0;
    // Q8_0 only: rows in the planar decode layout (quant::repackQ8_0Planar), not in blocks.
    bool planar = false;

    std::size_t bytes() const;
};

inline int panels(int out) { return (out + kPanel - 1) / kPanel; }
// Elements of a packed [out, in] weight (padding included).
inline std::size_t packedSize(int out, int in) {
    return static_cast<std::size_t>(panels(out)) * static_cast<std::size_t>(in) * kPanel;
}

// Packs an fp32 weight stored [in, out] (a GPT-2 Conv1D, `x @ W`) into dst (packedSize floats).
void packFromInOut(const float* src, int in, int out, float* dst);
// Packs an fp32 weight stored [out, in] (a torch Linear, `x @ W^T`).
void packFromOutIn(const float* src, int out, int in, float* dst);

// Where one output row's weights are: element k at base + k * stride elements of `type`
// (stride 1 for a torch Linear, `out` for a Conv1D). Sources need no alignment.
struct RowSource {
    const void* base = nullptr;
    std::size_t stride = 1;
    WeightType type = WeightType::F32;
};
// Packs rows.size() output rows of `in` inputs into dst (packedSize(rows, in) elements of
// `type`). Rows of another type are converted (exactly when widening); usually all rows
// already have `type` and are copied bit for bit.
void packRows(const std::vector<RowSource>& rows, int in, WeightType type, void* dst);

// Output row `row` of a packed weight, widened to fp32 (dst has W.in floats): the token
// embedding of a model whose head is tied, kept once, in the head's packed layout.
void unpackRow(const PackedWeight& W, int row, float* dst);

// X[T, in] in the layout the prefill kernels read, made once for many products with the
// same X: a quantized prefill widens 64 rows at a time and multiplies each group with the
// whole X, and repacking X for every group took 13 % of a Qwen-shaped prefill.
struct PackedInput {
    const float* X = nullptr;
    int T = 0;
    int in = 0;
    int mr = 0;  // the kernel's row tile it was made for; 0: nothing packed
    std::vector<float> data;
};
void packInput(const float* X, int T, int in, PackedInput& out);

// Y[T, out] = X[T, in] W^T + bias (bias may be null). Multi-threaded over panels. `packed`,
// where given, is X made by packInput (used when it was made for this X and kernel).
void linearPacked(const float* X, int T, const PackedWeight& W, const float* bias, float* Y,
                  const PackedInput* packed = nullptr);

// Several block-type weights that read the same X (q, k and v; gate and up), their outputs
// side by side in Y[T, sum of outs] (bias: theirs end to end, or null), for a decode step:
// one quantization of X and one hand-off to the threads for all of them, each output equal
// to linearPacked's. False (nothing done) unless every present part is Blocks and T < 4.
bool linearBlocksDecode(const float* X, int T, std::span<const PackedWeight* const> parts,
                        const float* bias, float* Y);

// Which kernel linearPacked uses: "avx512", "avx2" or "scalar" (the best the CPU has,
// unless limited below).
const char* packedKernelName();

// Caps the instruction set linearPacked may use, so tests can run every code path on one
// machine. 2 = AVX-512, 1 = AVX2 (+F16C), 0 = portable C++. Not for use while other threads
// run linearPacked.
void limitPackedKernel(int level);

}  // namespace ts::kernels
