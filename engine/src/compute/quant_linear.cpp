// Decode and prefill for weights kept in GGUF block types (see quant_linear.hpp).
#include "compute/quant_linear.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <vector>

#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_dot.hpp"

namespace ts::quant {
namespace {

std::size_t sz(long long v) { return static_cast<std::size_t>(v); }
bool g_quantizeActivations = true;
constexpr int kDecodeRows = 16;   // rows a decode thread takes at a time
constexpr int kPrefillRows = 64;  // rows widened into one packed panel group
constexpr int kPrefillFrom = 4;   // tokens from which the prefill path pays off

bool isFloatType(Type t) { return t == Type::F32 || t == Type::F16 || t == Type::BF16; }

void decode(const float* X, int T, const QuantWeight& W, const float* bias, float* Y) {
    const bool quantized = g_quantizeActivations && !isFloatType(W.type);
    std::vector<ActBlock> xq;
    if (quantized) {
        xq.resize(sz(T) * sz(W.in / 32));
        for (int t = 0; t < T; ++t)
            quantizeActivations(X + sz(t) * sz(W.in), sz(W.in), xq.data() + sz(t) * sz(W.in / 32));
    }
    auto rows = [&](int r0, int r1) {
        for (int t = 0; t < T; ++t) {
            float* y = Y + sz(t) * sz(W.out);
            const float* x = X + sz(t) * sz(W.in);
            const ActBlock* q = quantized ? xq.data() + sz(t) * sz(W.in / 32) : nullptr;
            if (W.planar && quantized) {
                dotQ8_0PlanarRows(W.data, W.rowBytes, r0, r1, q, sz(W.in), y);
                if (bias)
                    for (int r = r0; r < r1; ++r) y[r] += bias[r];
                continue;
            }
            for (int r = r0; r < r1; ++r) {
                float v;
                if (W.planar) {  // float activations (a measurement mode): the row as floats
                    thread_local std::vector<float> rowF;
                    rowF.resize(sz(W.in));
                    dequantizeRowQ8_0Planar(W.row(r), rowF.data(), sz(W.in));
                    v = dotFloat(Type::F32, rowF.data(), x, sz(W.in));
                } else {
                    v = quantized ? dotQuantized(W.type, W.row(r), q, sz(W.in))
                                  : dotFloat(W.type, W.row(r), x, sz(W.in));
                }
                y[r] = v + (bias ? bias[r] : 0.0f);
            }
        }
    };
    if (kernels::threads() == 1 || static_cast<long long>(W.out) * W.in < (1 << 15)) {
        rows(0, W.out);
        return;
    }
    // Threads take 16 rows at a time from a counter: the cores do not get equal shares of
    // the memory bandwidth, so fixed halves would leave one waiting.
    std::atomic<int> next{0};
    kernels::parallelShared([&](int, int) {
        for (int b; (b = next.fetch_add(kDecodeRows, std::memory_order_relaxed)) < W.out;)
            rows(b, std::min(W.out, b + kDecodeRows));
    });
}

void prefill(const float* X, int T, const QuantWeight& W, const float* bias, float* Y) {
    const int groups = (W.out + kPrefillRows - 1) / kPrefillRows;
    std::atomic<int> next{0};
    kernels::parallelShared([&](int, int) {
        std::vector<float> rowsF(sz(kPrefillRows) * sz(W.in));
        std::vector<float> packed(kernels::packedSize(kPrefillRows, W.in));
        std::vector<float> y(sz(T) * kPrefillRows);
        for (int g; (g = next.fetch_add(1, std::memory_order_relaxed)) < groups;) {
            const int r0 = g * kPrefillRows, n = std::min(kPrefillRows, W.out - r0);
            for (int r = 0; r < n; ++r) {
                float* dst = rowsF.data() + sz(r) * sz(W.in);
                if (W.planar) dequantizeRowQ8_0Planar(W.row(r0 + r), dst, sz(W.in));
                else dequantizeRow(W.type, W.row(r0 + r), dst, sz(W.in));
            }
            kernels::packFromOutIn(rowsF.data(), n, W.in, packed.data());
            // Nested inside parallel(): runs on this thread alone.
            kernels::linearPacked(X, T, kernels::PackedWeight{packed.data(), n, W.in},
                                  bias ? bias + r0 : nullptr, y.data());
            for (int t = 0; t < T; ++t)
                std::memcpy(Y + sz(t) * sz(W.out) + sz(r0), y.data() + sz(t) * sz(n),
                            sz(n) * sizeof(float));
        }
    });
}

}  // namespace

void linearQuant(const float* X, int T, const QuantWeight& W, const float* bias, float* Y) {
    if (T <= 0 || W.out <= 0) return;
    if (T >= kPrefillFrom) prefill(X, T, W, bias, Y);
    else decode(X, T, W, bias, Y);
}

void setQuantizeActivations(bool on) { g_quantizeActivations = on; }

}  // namespace ts::quant
