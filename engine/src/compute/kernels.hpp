#pragma once
// The numeric building blocks of the forward pass. All fp32; vectorised with runtime
// dispatch (AVX2+FMA where the CPU has it), so the binary runs on any x86-64. (Weights in
// their stored precision are the business of packed_linear.hpp.)
#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "tokenscope/config.hpp"

namespace ts::kernels {

// Whether the CPU has AVX2 and FMA (checked once).
bool haveAvx2Fma();
// Whether it also converts half floats (F16C), which every 16-bit weight kernel needs.
bool haveAvx2FmaF16c();

// y = (x - mean) / sqrt(var + eps) * w + b over n elements (y may alias x).
void layerNorm(const float* x, float* y, const float* w, const float* b, int n, float eps);

// y = x / sqrt(mean(x^2) + eps) * w over n elements (y may alias x): Llama's RMSNorm.
void rmsNorm(const float* x, float* y, const float* w, int n, float eps);
// The model's norm: LayerNorm (with bias b) or RMSNorm (b unused).
inline void normalize(NormKind kind, const float* x, float* y, const float* w, const float* b,
                      int n, float eps) {
    if (kind == NormKind::RmsNorm)
        rmsNorm(x, y, w, n, eps);
    else
        layerNorm(x, y, w, b, n, eps);
}

float geluTanh(float x);
float silu(float x);
float geluExact(float x);
// In-place activation over n elements.
void activate(float* x, std::size_t n, Activation a);
// The gated MLP's middle (SwiGLU when a is Silu): out[i] = act(gateUp[i]) * gateUp[n + i],
// for one token whose gate and up projections sit side by side in gateUp [2n].
void gatedActivate(const float* gateUp, float* out, int n, Activation a);

// In-place numerically stable softmax over n elements.
void softmax(float* x, int n);

float dot(const float* a, const float* b, int n);
// Sum of n floats (a bare read of memory; see StreamProbe).
float sum(const float* x, std::size_t n);
// y += a * x
void axpy(float a, const float* x, float* y, int n);

// Exponential of n values (vectorised; within a few ulp of std::exp).
void expInPlace(float* x, int n);

// Engine thread count. The engine runs its own small pool (threads spin briefly between
// jobs of one call, then sleep) and keeps OpenBLAS single-threaded inside it, so two pools
// never compete for the cores.
void setThreads(int n);
int threads();
// Linux nice value of the pool's workers, now and for workers started later (see
// ts::setComputeNice); a value at or below a thread's current one changes nothing.
void setWorkerNice(int nice);

// Runs fn(ctx, threadIndex, threadCount) on every pool thread (the caller is thread 0) and
// returns when all are done. When the pool is already busy (another thread, or a nested
// call) the job runs on the calling thread alone, as fn(ctx, 0, 1).
// With `shared` the job must take its work from a shared counter (not by thread index): then
// workers that have not started when the work runs out are released from it, so a step does
// not wait for a thread the system has not scheduled.
void runParallel(void (*fn)(void*, int, int), void* ctx, bool shared = false);

template <class F>
void parallel(F&& f) {  // f(int thread, int threads)
    using Fn = std::remove_reference_t<F>;
    runParallel([](void* c, int t, int n) { (*static_cast<Fn*>(c))(t, n); },
                const_cast<void*>(static_cast<const void*>(&f)));
}

// As parallel, for jobs whose threads take work from a shared counter (any thread may do
// any part, and a thread that finds none left does nothing).
template <class F>
void parallelShared(F&& f) {  // f(int thread, int threads)
    using Fn = std::remove_reference_t<F>;
    runParallel([](void* c, int t, int n) { (*static_cast<Fn*>(c))(t, n); },
                const_cast<void*>(static_cast<const void*>(&f)), true);
}

// [begin, end) of thread t's share of `total` items, boundaries rounded to `align`.
inline void chunk(int total, int t, int n, int align, int& begin, int& end) {
    const int units = (total + align - 1) / align;
    const int b = static_cast<int>(static_cast<long long>(units) * t / n);
    const int e = static_cast<int>(static_cast<long long>(units) * (t + 1) / n);
    begin = std::min(total, b * align);
    end = std::min(total, e * align);
}

}  // namespace ts::kernels
