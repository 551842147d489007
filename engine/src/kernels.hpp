#pragma once
// The numeric building blocks of the forward pass. All fp32; vectorised with runtime
// dispatch (AVX2+FMA where the CPU has it), so the binary runs on any x86-64.
#include <cstddef>

#include "tokenscope/config.hpp"

namespace ts::kernels {

// y = (x - mean) / sqrt(var + eps) * w + b over n elements (y may alias x).
void layerNorm(const float* x, float* y, const float* w, const float* b, int n, float eps);

float geluTanh(float x);
float geluExact(float x);
// In-place activation over n elements.
void activate(float* x, std::size_t n, Activation a);

// In-place numerically stable softmax over n elements.
void softmax(float* x, int n);

float dot(const float* a, const float* b, int n);
// y += a * x
void axpy(float a, const float* x, float* y, int n);

// y[out] = W[out, in] x + bias (bias may be null). Streams W once; multi-threaded.
void matvec(const float* W, const float* x, const float* bias, float* y, int out, int in);
// Y[T, out] = X[T, in] W[out, in]^T + bias. T == 1 goes through matvec.
void linear(const float* X, int T, const float* W, const float* bias, float* Y, int out, int in);

// Engine thread count (OpenBLAS and our own kernels).
void setThreads(int n);
int threads();

}  // namespace ts::kernels
