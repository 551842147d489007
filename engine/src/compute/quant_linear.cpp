// Decode and prefill for weights kept in GGUF block types (see quant_linear.hpp).
#include "compute/quant_linear.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <span>
#include <vector>

#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_dot.hpp"
#include "compute/quant_prefill.hpp"
#include "compute/size_cast.hpp"

namespace ts::quant {
namespace {

bool g_quantizeActivations = true;
constexpr int kDecodeRows = 16;   // rows a decode thread takes at a time
constexpr int kPrefillRows = 64;  // rows widened into one packed panel group
constexpr int kPrefillFrom = 4;   // tokens from which the prefill path pays off
constexpr int kIntegerRows = 16;  // rows an integer-prefill thread takes at a time

bool isFloatType(Type t) { return t == Type::F32 || t == Type::F16 || t == Type::BF16; }

// The rows of several parts numbered as one run of shares of `rows` rows each, for threads
// that take the next share from a counter: part i holds shares first[i]..first[i+1]-1.
struct PartShares {
    std::vector<int> first;
    PartShares(std::span<const QuantPart> parts, int rows) : first(parts.size() + 1, 0) {
        for (std::size_t i = 0; i < parts.size(); ++i)
            first[i + 1] = first[i] + (std::max(0, parts[i].W.out) + rows - 1) / rows;
    }
    int count() const { return first.back(); }
    std::size_t partOf(int share) const {
        return static_cast<std::size_t>(std::upper_bound(first.begin(), first.end(), share) -
                                        first.begin() - 1);
    }
};

// A few tokens through one or more weights that read the same input (q, k and v; gate and
// up): the activations are quantized once, and one hand-off to the threads covers every
// part. Threads take 16 rows at a time from a counter (the cores do not get equal shares
// of the memory bandwidth, so fixed halves would leave one waiting), and each takes its
// next share before it sums the present one, so the present one's last rows can prefetch
// the next one's first (dotQ8_0PlanarRows).
void decode(const float* X, int T, std::span<const QuantPart> parts) {
    const int in = parts.front().W.in;
    bool anyBlocks = false;
    for (const QuantPart& p : parts) anyBlocks |= !isFloatType(p.W.type);
    const bool quantize = g_quantizeActivations && anyBlocks;
    // Kept between calls: a decode step makes ~170 of these, and each allocation showed.
    thread_local std::vector<ActBlock> xqStore;
    if (quantize) {
        xqStore.resize(sz(T) * sz(in / 32));
        for (int t = 0; t < T; ++t)
            quantizeActivations(X + sz(t) * sz(in), sz(in), xqStore.data() + sz(t) * sz(in / 32));
    }
    const ActBlock* xq = quantize ? xqStore.data() : nullptr;
    const PartShares split(parts, kDecodeRows);
    const std::vector<int>& firstShare = split.first;
    long long work = 0;
    for (const QuantPart& p : parts) work += static_cast<long long>(p.W.out) * in;
    const int shares = split.count();
    auto rows = [&](int share, int nextShare) {
        const std::size_t pi = split.partOf(share);
        const QuantPart& part = parts[pi];
        const QuantWeight& W = part.W;
        const int r0 = (share - firstShare[pi]) * kDecodeRows,
                  r1 = std::min(W.out, r0 + kDecodeRows);
        const int nextRow =
            nextShare < firstShare[pi + 1] ? (nextShare - firstShare[pi]) * kDecodeRows : -1;
        const bool quantized = quantize && !isFloatType(W.type);
        for (int t = 0; t < T; ++t) {
            float* y = part.Y + sz(t) * sz(part.ldY);
            const float* x = X + sz(t) * sz(in);
            const ActBlock* q = quantized ? xq + sz(t) * sz(in / 32) : nullptr;
            if (W.planar && quantized) {
                dotQ8_0PlanarRows(W.data, W.rowBytes, r0, r1, q, sz(in), y,
                                  t + 1 == T ? nextRow : -1);
                if (part.bias)
                    for (int r = r0; r < r1; ++r) y[r] += part.bias[r];
                continue;
            }
            for (int r = r0; r < r1; ++r) {
                float v;
                if (W.planar) {  // float activations (a measurement mode): the row as floats
                    thread_local std::vector<float> rowF;
                    rowF.resize(sz(in));
                    dequantizeRowQ8_0Planar(W.row(r), rowF.data(), sz(in));
                    v = dotFloat(Type::F32, rowF.data(), x, sz(in));
                } else {
                    v = quantized ? dotQuantized(W.type, W.row(r), q, sz(in))
                                  : dotFloat(W.type, W.row(r), x, sz(in));
                }
                y[r] = v + (part.bias ? part.bias[r] : 0.0f);
            }
        }
    };
    if (kernels::threads() == 1 || work < (1 << 15)) {
        for (int share = 0; share < shares; ++share) rows(share, share + 1);
        return;
    }
    std::atomic<int> next{0};
    kernels::parallelShared([&](int, int) {
        int share = next.fetch_add(1, std::memory_order_relaxed);
        while (share < shares) {
            const int following = next.fetch_add(1, std::memory_order_relaxed);
            rows(share, following);
            share = following;
        }
    });
}

// Whether a prefill through W multiplies integers (quant_prefill.hpp) rather than widening
// the rows to floats: Q8_0 in either layout, on CPUs with AVX-512 VNNI, when activations are
// quantized. Q4_0 and Q5_0 (same integers and scale once unpacked) measured slower with
// integers: 248 against 187 ms for GPT-2's 48 layer matrices at 128 tokens, a scalar pass
// unpacking each share's rows into Q8_0's layout being the likely cost.
bool integerPrefill(const QuantWeight& W) {
    return g_quantizeActivations && W.type == Type::Q8_0 && prefillIntegerAvailable();
}

// Many tokens through one or more weights that read the same input, with integers: X is
// quantized once (as decode quantizes it, so every row sums what its decode sums), then
// threads take 16 rows at a time from a counter across all parts. Rows in GGUF blocks are
// first rewritten into the planar layout the kernel reads (a few KB per share).
void prefillInteger(const float* X, int T, std::span<const QuantPart> parts) {
    const int in = parts.front().W.in;
    // Kept between calls (its buffers); named through a reference, because a thread_local
    // named inside the lambda below would be each worker's own, empty one.
    thread_local PrefillActs actsStore;
    PrefillActs& acts = actsStore;
    acts.quantize(X, T, sz(in));
    const PartShares split(parts, kIntegerRows);
    const std::vector<int>& firstShare = split.first;
    const int shares = split.count();
    auto rows = [&split, &firstShare, &parts, &acts, in](int share) {
        const std::size_t pi = split.partOf(share);
        const QuantPart& part = parts[pi];
        const QuantWeight& W = part.W;
        const int r0 = (share - firstShare[pi]) * kIntegerRows,
                  n = std::min(kIntegerRows, W.out - r0);
        const float* bias = part.bias ? part.bias + r0 : nullptr;
        if (W.planar) {
            prefillQ8_0PlanarRows(W.row(r0), W.rowBytes, n, acts, bias, part.Y + r0, sz(part.ldY));
            return;
        }
        thread_local std::vector<std::uint8_t> planar;
        const std::size_t planarRowBytes = sz(in / 32) * sizeof(BlockQ8_0);
        planar.resize(sz(n) * planarRowBytes);
        repackQ8_0Planar(W.row(r0), sz(n), sz(in), planar.data());
        prefillQ8_0PlanarRows(planar.data(), planarRowBytes, n, acts, bias, part.Y + r0,
                              sz(part.ldY));
    };
    if (kernels::threads() == 1) {
        for (int share = 0; share < shares; ++share) rows(share);
        return;
    }
    std::atomic<int> next{0};
    kernels::parallelShared([&](int, int) {
        for (int share; (share = next.fetch_add(1, std::memory_order_relaxed)) < shares;)
            rows(share);
    });
}

void prefill(const float* X, int T, const QuantWeight& W, const float* bias, float* Y) {
    if (integerPrefill(W)) {
        const QuantPart part{W, bias, Y, W.out};
        prefillInteger(X, T, std::span<const QuantPart>(&part, 1));
        return;
    }
    const int groups = (W.out + kPrefillRows - 1) / kPrefillRows;
    // X in the kernels' layout once for all groups (each group multiplies the whole X).
    thread_local kernels::PackedInput packedX;
    kernels::packInput(X, T, W.in, packedX);
    std::atomic<int> next{0};
    kernels::parallelShared([&](int, int) {
        // Kept per thread between calls: buffers of 100-800 KB made fresh for every product
        // cost their page faults each time (9 % of a GPT-2 Q8_0 prefill in the kernel's
        // page clearing).
        thread_local std::vector<float> rowsF, packed, y;
        rowsF.resize(sz(kPrefillRows) * sz(W.in));
        packed.resize(kernels::packedSize(kPrefillRows, W.in));
        y.resize(sz(T) * kPrefillRows);
        for (int g; (g = next.fetch_add(1, std::memory_order_relaxed)) < groups;) {
            const int r0 = g * kPrefillRows, n = std::min(kPrefillRows, W.out - r0);
            for (int r = 0; r < n; ++r) {
                float* dst = rowsF.data() + sz(r) * sz(W.in);
                if (W.planar)
                    dequantizeRowQ8_0Planar(W.row(r0 + r), dst, sz(W.in));
                else
                    dequantizeRow(W.type, W.row(r0 + r), dst, sz(W.in));
            }
            kernels::packFromOutIn(rowsF.data(), n, W.in, packed.data());
            // Nested inside parallel(): runs on this thread alone.
            kernels::linearPacked(X, T, kernels::PackedWeight{packed.data(), n, W.in},
                                  bias ? bias + r0 : nullptr, y.data(), &packedX);
            for (int t = 0; t < T; ++t)
                std::memcpy(Y + sz(t) * sz(W.out) + sz(r0), y.data() + sz(t) * sz(n),
                            sz(n) * sizeof(float));
        }
    });
}

}  // namespace

void linearQuant(const float* X, int T, const QuantWeight& W, const float* bias, float* Y) {
    if (T <= 0 || W.out <= 0) return;
    if (T >= kPrefillFrom) {
        prefill(X, T, W, bias, Y);
        return;
    }
    const QuantPart part{W, bias, Y, W.out};
    decode(X, T, std::span<const QuantPart>(&part, 1));
}

void linearQuantParts(const float* X, int T, std::span<const QuantPart> parts) {
    if (T <= 0 || parts.empty()) return;
    const bool sameInput = std::all_of(parts.begin(), parts.end(), [&](const QuantPart& p) {
        return p.W.in == parts.front().W.in;
    });
    if (T >= kPrefillFrom && sameInput &&
        std::all_of(parts.begin(), parts.end(),
                    [](const QuantPart& p) { return p.W.out <= 0 || integerPrefill(p.W); })) {
        prefillInteger(X, T, parts);  // one quantization of X, one hand-off for all parts
        return;
    }
    if (T >= kPrefillFrom || !sameInput) {
        for (const QuantPart& p : parts) {
            if (p.W.out <= 0) continue;
            if (p.ldY == p.W.out || T == 1) {
                linearQuant(X, T, p.W, p.bias, p.Y);
                continue;
            }
            std::vector<float> y(sz(T) * sz(p.W.out));
            linearQuant(X, T, p.W, p.bias, y.data());
            for (int t = 0; t < T; ++t)
                std::memcpy(p.Y + sz(t) * sz(p.ldY), y.data() + sz(t) * sz(p.W.out),
                            sz(p.W.out) * sizeof(float));
        }
        return;
    }
    decode(X, T, parts);
}

void setQuantizeActivations(bool on) { g_quantizeActivations = on; }

}  // namespace ts::quant
