#include "kernels.hpp"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace ts::kernels {

// ---- dispatch ------------------------------------------------------------------------
namespace {

bool haveAvx2Fma() {
    static const bool v = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }();
    return v;
}

#if defined(__x86_64__)
#define TS_AVX2 __attribute__((target("avx2,fma")))

TS_AVX2 inline float hsum256(__m256 v) {
    __m128 lo = _mm256_castps256_ps128(v);
    __m128 hi = _mm256_extractf128_ps(v, 1);
    lo = _mm_add_ps(lo, hi);
    __m128 sh = _mm_movehdup_ps(lo);
    __m128 s = _mm_add_ps(lo, sh);
    sh = _mm_movehl_ps(sh, s);
    s = _mm_add_ss(s, sh);
    return _mm_cvtss_f32(s);
}

TS_AVX2 float dotAvx2(const float* a, const float* b, int n) {
    __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), s0);
        s1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8), _mm256_loadu_ps(b + i + 8), s1);
        s2 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 16), _mm256_loadu_ps(b + i + 16), s2);
        s3 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 24), _mm256_loadu_ps(b + i + 24), s3);
    }
    for (; i + 8 <= n; i += 8)
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), s0);
    float s = hsum256(_mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)));
    for (; i < n; ++i) s += a[i] * b[i];
    return s;
}

TS_AVX2 void axpyAvx2(float a, const float* x, float* y, int n) {
    const __m256 av = _mm256_set1_ps(a);
    int i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(y + i, _mm256_fmadd_ps(av, _mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    for (; i < n; ++i) y[i] += a * x[i];
}

// Four output rows at a time: x is reused from L1 while four weight rows stream in.
TS_AVX2 void matvecRowsAvx2(const float* W, const float* x, const float* bias, float* y,
                            int r0, int r1, int in) {
    int r = r0;
    for (; r + 4 <= r1; r += 4) {
        const float* w0 = W + static_cast<std::size_t>(r) * in;
        const float* w1 = w0 + in;
        const float* w2 = w1 + in;
        const float* w3 = w2 + in;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
        __m256 b0 = a0, b1 = a0, b2 = a0, b3 = a0;
        int i = 0;
        for (; i + 16 <= in; i += 16) {
            const __m256 x0 = _mm256_loadu_ps(x + i);
            const __m256 x1 = _mm256_loadu_ps(x + i + 8);
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w0 + i), x0, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w1 + i), x0, a1);
            a2 = _mm256_fmadd_ps(_mm256_loadu_ps(w2 + i), x0, a2);
            a3 = _mm256_fmadd_ps(_mm256_loadu_ps(w3 + i), x0, a3);
            b0 = _mm256_fmadd_ps(_mm256_loadu_ps(w0 + i + 8), x1, b0);
            b1 = _mm256_fmadd_ps(_mm256_loadu_ps(w1 + i + 8), x1, b1);
            b2 = _mm256_fmadd_ps(_mm256_loadu_ps(w2 + i + 8), x1, b2);
            b3 = _mm256_fmadd_ps(_mm256_loadu_ps(w3 + i + 8), x1, b3);
        }
        for (; i + 8 <= in; i += 8) {
            const __m256 x0 = _mm256_loadu_ps(x + i);
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w0 + i), x0, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w1 + i), x0, a1);
            a2 = _mm256_fmadd_ps(_mm256_loadu_ps(w2 + i), x0, a2);
            a3 = _mm256_fmadd_ps(_mm256_loadu_ps(w3 + i), x0, a3);
        }
        float s0 = hsum256(_mm256_add_ps(a0, b0)), s1 = hsum256(_mm256_add_ps(a1, b1));
        float s2 = hsum256(_mm256_add_ps(a2, b2)), s3 = hsum256(_mm256_add_ps(a3, b3));
        for (; i < in; ++i) {
            s0 += w0[i] * x[i];
            s1 += w1[i] * x[i];
            s2 += w2[i] * x[i];
            s3 += w3[i] * x[i];
        }
        if (bias) {
            s0 += bias[r];
            s1 += bias[r + 1];
            s2 += bias[r + 2];
            s3 += bias[r + 3];
        }
        y[r] = s0;
        y[r + 1] = s1;
        y[r + 2] = s2;
        y[r + 3] = s3;
    }
    for (; r < r1; ++r) {
        float s = dotAvx2(W + static_cast<std::size_t>(r) * in, x, in);
        y[r] = bias ? s + bias[r] : s;
    }
}
#endif

float dotScalar(const float* a, const float* b, int n) {
    float s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    int i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; ++k) s[k] += a[i + k] * b[i + k];
    float t = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
    for (; i < n; ++i) t += a[i] * b[i];
    return t;
}

void matvecRows(const float* W, const float* x, const float* bias, float* y, int r0, int r1,
                int in) {
#if defined(__x86_64__)
    if (haveAvx2Fma()) {
        matvecRowsAvx2(W, x, bias, y, r0, r1, in);
        return;
    }
#endif
    for (int r = r0; r < r1; ++r) {
        const float s = dotScalar(W + static_cast<std::size_t>(r) * in, x, in);
        y[r] = bias ? s + bias[r] : s;
    }
}

int g_threads = 2;

}  // namespace

float dot(const float* a, const float* b, int n) {
#if defined(__x86_64__)
    if (haveAvx2Fma()) return dotAvx2(a, b, n);
#endif
    return dotScalar(a, b, n);
}

void axpy(float a, const float* x, float* y, int n) {
#if defined(__x86_64__)
    if (haveAvx2Fma()) {
        axpyAvx2(a, x, y, n);
        return;
    }
#endif
    for (int i = 0; i < n; ++i) y[i] += a * x[i];
}

void layerNorm(const float* x, float* y, const float* w, const float* b, int n, float eps) {
    double mean = 0;
    for (int i = 0; i < n; ++i) mean += x[i];
    mean /= n;
    double var = 0;
    for (int i = 0; i < n; ++i) {
        const double d = x[i] - mean;
        var += d * d;
    }
    var /= n;
    const float inv = static_cast<float>(1.0 / std::sqrt(var + static_cast<double>(eps)));
    const float m = static_cast<float>(mean);
    for (int i = 0; i < n; ++i) y[i] = (x[i] - m) * inv * w[i] + b[i];
}

float geluTanh(float x) {
    constexpr float k = 0.7978845608028654f;  // sqrt(2/pi)
    return 0.5f * x * (1.0f + std::tanh(k * (x + 0.044715f * x * x * x)));
}

float geluExact(float x) {
    return 0.5f * x * (1.0f + std::erf(x * 0.7071067811865476f));
}

void activate(float* x, std::size_t n, Activation a) {
    switch (a) {
        case Activation::GeluTanh:
            for (std::size_t i = 0; i < n; ++i) x[i] = geluTanh(x[i]);
            break;
        case Activation::GeluExact:
            for (std::size_t i = 0; i < n; ++i) x[i] = geluExact(x[i]);
            break;
        case Activation::Relu:
            for (std::size_t i = 0; i < n; ++i) x[i] = x[i] > 0 ? x[i] : 0.0f;
            break;
    }
}

void softmax(float* x, int n) {
    if (n <= 0) return;
    float m = x[0];
    for (int i = 1; i < n; ++i) m = std::max(m, x[i]);
    double sum = 0;
    for (int i = 0; i < n; ++i) {
        x[i] = std::exp(x[i] - m);
        sum += x[i];
    }
    const float inv = static_cast<float>(1.0 / sum);
    for (int i = 0; i < n; ++i) x[i] *= inv;
}

void matvec(const float* W, const float* x, const float* bias, float* y, int out, int in) {
    matvecRows(W, x, bias, y, 0, out, in);
}

void linear(const float* X, int T, const float* W, const float* bias, float* Y, int out, int in) {
    if (T == 1) {
        matvec(W, X, bias, Y, out, in);
        return;
    }
    if (bias) {
        for (int t = 0; t < T; ++t)
            std::memcpy(Y + static_cast<std::size_t>(t) * out, bias, sizeof(float) * out);
    }
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, T, out, in, 1.0f, X, in, W, in,
                bias ? 1.0f : 0.0f, Y, out);
}

void setThreads(int n) {
    g_threads = std::max(1, n);
    openblas_set_num_threads(g_threads);
}

int threads() { return g_threads; }

}  // namespace ts::kernels
