#include "compute/kernels.hpp"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include <cblas.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace ts::kernels {

// ---- dispatch ------------------------------------------------------------------------
namespace {

float geluTanhScalar(float x) {
    constexpr float k = 0.7978845608028654f;  // sqrt(2/pi)
    return 0.5f * x * (1.0f + std::tanh(k * (x + 0.044715f * x * x * x)));
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

TS_AVX2 float sumAvx2(const float* x, std::size_t n) {
    __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        s0 = _mm256_add_ps(s0, _mm256_loadu_ps(x + i));
        s1 = _mm256_add_ps(s1, _mm256_loadu_ps(x + i + 8));
        s2 = _mm256_add_ps(s2, _mm256_loadu_ps(x + i + 16));
        s3 = _mm256_add_ps(s3, _mm256_loadu_ps(x + i + 24));
    }
    float s = hsum256(_mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3)));
    for (; i < n; ++i) s += x[i];
    return s;
}

TS_AVX2 void axpyAvx2(float a, const float* x, float* y, int n) {
    const __m256 av = _mm256_set1_ps(a);
    int i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(y + i,
                         _mm256_fmadd_ps(av, _mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    for (; i < n; ++i) y[i] += a * x[i];
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

#if defined(__x86_64__)
// exp(x) for 8 lanes, Cephes-style: range reduction by ln2 and a degree-6 polynomial.
TS_AVX2 __m256 exp256(__m256 x) {
    const __m256 hi = _mm256_set1_ps(88.3762626647949f);
    const __m256 lo = _mm256_set1_ps(-87.3365478515625f);
    x = _mm256_min_ps(_mm256_max_ps(x, lo), hi);
    __m256 fx = _mm256_fmadd_ps(x, _mm256_set1_ps(1.44269504088896341f), _mm256_set1_ps(0.5f));
    fx = _mm256_floor_ps(fx);
    x = _mm256_fnmadd_ps(fx, _mm256_set1_ps(0.693359375f), x);
    x = _mm256_fnmadd_ps(fx, _mm256_set1_ps(-2.12194440e-4f), x);
    __m256 y = _mm256_set1_ps(1.9875691500E-4f);
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(1.3981999507E-3f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(8.3334519073E-3f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(4.1665795894E-2f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(1.6666665459E-1f));
    y = _mm256_fmadd_ps(y, x, _mm256_set1_ps(5.0000001201E-1f));
    const __m256 x2 = _mm256_mul_ps(x, x);
    y = _mm256_fmadd_ps(y, x2, _mm256_add_ps(x, _mm256_set1_ps(1.0f)));
    __m256i e = _mm256_cvttps_epi32(fx);
    e = _mm256_slli_epi32(_mm256_add_epi32(e, _mm256_set1_epi32(127)), 23);
    return _mm256_mul_ps(y, _mm256_castsi256_ps(e));
}

TS_AVX2 void expAvx2(float* x, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(x + i, exp256(_mm256_loadu_ps(x + i)));
    for (; i < n; ++i) x[i] = std::exp(x[i]);
}

// 0.5 x (1 + tanh(u)), tanh(u) = 1 - 2 / (exp(2u) + 1)
TS_AVX2 void geluTanhAvx2(float* x, std::size_t n) {
    const __m256 k = _mm256_set1_ps(0.7978845608028654f);
    const __m256 c = _mm256_set1_ps(0.044715f);
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 two = _mm256_set1_ps(2.0f);
    const __m256 half = _mm256_set1_ps(0.5f);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m256 v = _mm256_loadu_ps(x + i);
        const __m256 v3 = _mm256_mul_ps(_mm256_mul_ps(v, v), v);
        const __m256 u = _mm256_mul_ps(k, _mm256_fmadd_ps(c, v3, v));
        const __m256 e = exp256(_mm256_mul_ps(two, u));
        const __m256 t = _mm256_sub_ps(one, _mm256_div_ps(two, _mm256_add_ps(e, one)));
        _mm256_storeu_ps(x + i, _mm256_mul_ps(_mm256_mul_ps(half, v), _mm256_add_ps(one, t)));
    }
    for (; i < n; ++i) x[i] = geluTanhScalar(x[i]);
}
#endif

// The nice value compute threads should have (0: as started); see setWorkerNice.
std::atomic<int> g_workerNice{0};

// Raises the calling thread's nice value to `nice` (Linux: per thread); never lowers it,
// which an unprivileged process could not undo anyway.
void raiseNiceOf(long tid, int nice) {
#if defined(__linux__)
    if (nice <= 0) return;
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, static_cast<id_t>(tid));
    if (errno == 0 && now < nice) setpriority(PRIO_PROCESS, static_cast<id_t>(tid), nice);
#else
    (void)tid;
    (void)nice;
#endif
}

long currentTid() {
#if defined(__linux__)
    return static_cast<long>(syscall(SYS_gettid));
#else
    return 0;
#endif
}

// A small pool: workers spin for a short while after each job (the jobs of one model call
// come microseconds apart), then sleep on a condition variable.
class Pool {
  public:
    explicit Pool(int n) : m_n(n) {
        for (int i = 1; i < n; ++i) m_workers.emplace_back([this, i] { loop(i); });
    }
    ~Pool() {
        {
            std::lock_guard<std::mutex> lk(m_mutex);
            m_stop.store(true);
            m_gen.fetch_add(1, std::memory_order_release);
        }
        m_cv.notify_all();
        for (auto& t : m_workers) t.join();
    }
    int size() const { return m_n; }
    // Applies the compute threads' nice value to every worker started so far.
    void applyNice(int nice) {
        std::lock_guard<std::mutex> lk(m_tidMutex);
        for (long tid : m_tids) raiseNiceOf(tid, nice);
    }

    // `shared`: the job hands out its work from a shared counter, so workers that have not
    // started by the time the caller ran out of work may skip it (see below).
    void run(void (*fn)(void*, int, int), void* ctx, bool shared) {
        // One job at a time: a second thread (another session, a nested call) runs its job
        // alone on its own thread instead of waiting.
        bool expected = false;
        if (m_n == 1 ||
            !m_busy.compare_exchange_strong(expected, true, std::memory_order_acquire)) {
            fn(ctx, 0, 1);
            return;
        }
        m_fn = fn;
        m_ctx = ctx;
        m_remaining.store(m_n - 1, std::memory_order_relaxed);
        const std::uint64_t g = m_gen.load(std::memory_order_relaxed) + 1;
        // Each worker takes one ticket of this job before it runs it. The tag (the job's
        // generation) keeps a worker that wakes late from taking a later job's ticket twice.
        m_tickets.store(tag(g) | static_cast<std::uint64_t>(m_n - 1), std::memory_order_release);
        {
            std::lock_guard<std::mutex> lk(m_mutex);
            m_gen.store(g, std::memory_order_release);
        }
        m_cv.notify_all();
        fn(ctx, 0, m_n);
        if (shared) {
            // All the work is taken. On a machine shared with other programs a worker may not
            // even have been scheduled yet; rather than wait for it to wake up and find
            // nothing to do, withdraw its ticket.
            std::uint64_t t = m_tickets.load(std::memory_order_acquire);
            while ((t & ~kCount) == tag(g) && (t & kCount) != 0) {
                if (m_tickets.compare_exchange_weak(t, tag(g), std::memory_order_acq_rel)) {
                    m_remaining.fetch_sub(static_cast<int>(t & kCount), std::memory_order_acq_rel);
                    break;
                }
            }
        }
        int spins = 0;
        while (m_remaining.load(std::memory_order_acquire) != 0) {
            pause();
            if (++spins > 4096) std::this_thread::yield();
        }
        m_busy.store(false, std::memory_order_release);
    }

  private:
    static void pause() {
#if defined(__x86_64__)
        __builtin_ia32_pause();
#endif
    }

    void loop(int index) {
        {
            // Registered before reading the value, so a setWorkerNice meanwhile reaches it.
            const long tid = currentTid();
            std::lock_guard<std::mutex> lk(m_tidMutex);
            m_tids.push_back(tid);
            raiseNiceOf(tid, g_workerNice.load());
        }
        std::uint64_t seen = 0;
        for (;;) {
            std::uint64_t g = m_gen.load(std::memory_order_acquire);
            if (g == seen) {
                const auto until =
                    std::chrono::steady_clock::now() + std::chrono::microseconds(200);
                int spins = 0;
                while ((g = m_gen.load(std::memory_order_acquire)) == seen) {
                    pause();
                    if ((++spins & 255) == 0 && std::chrono::steady_clock::now() > until) {
                        std::unique_lock<std::mutex> lk(m_mutex);
                        m_cv.wait(lk,
                                  [&] { return m_gen.load(std::memory_order_acquire) != seen; });
                    }
                }
            }
            seen = g;
            if (m_stop.load()) return;
            if (!takeTicket(g)) continue;  // the job finished without this worker
            m_fn(m_ctx, index, m_n);
            m_remaining.fetch_sub(1, std::memory_order_acq_rel);
        }
    }

    static constexpr std::uint64_t kCount = 0xffffffffu;
    static std::uint64_t tag(std::uint64_t gen) { return gen << 32; }
    bool takeTicket(std::uint64_t g) {
        std::uint64_t t = m_tickets.load(std::memory_order_acquire);
        while ((t & ~kCount) == tag(g) && (t & kCount) != 0)
            if (m_tickets.compare_exchange_weak(t, t - 1, std::memory_order_acq_rel)) return true;
        return false;
    }

    int m_n;
    std::vector<std::thread> m_workers;
    std::atomic<std::uint64_t> m_tickets{0};  // tag(generation) | tickets left
    std::atomic<std::uint64_t> m_gen{0};
    std::atomic<int> m_remaining{0};
    void (*m_fn)(void*, int, int) = nullptr;
    void* m_ctx = nullptr;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_busy{false};
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::mutex m_tidMutex;
    std::vector<long> m_tids;  // the workers' thread ids, for setWorkerNice
};

int defaultThreads() {
    const unsigned hw = std::thread::hardware_concurrency();
    return static_cast<int>(std::clamp(hw, 1u, 8u));
}

std::mutex g_poolMutex;
std::unique_ptr<Pool> g_pool;

Pool& pool() {
    std::lock_guard<std::mutex> lk(g_poolMutex);
    if (!g_pool) {
        openblas_set_num_threads(1);
        g_pool = std::make_unique<Pool>(defaultThreads());
    }
    return *g_pool;
}

}  // namespace

bool haveAvx2Fma() {
    static const bool v = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }();
    return v;
}

bool haveAvx2FmaF16c() {
    // CPUID leaf 1, ECX bit 29. Read directly: clang's __builtin_cpu_supports does not know
    // "f16c" (the standalone fuzz build uses clang).
    static const bool v = [] {
#if defined(__x86_64__)
        unsigned a = 0, b = 0, c = 0, d = 0;
        return haveAvx2Fma() && __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 29)) != 0;
#else
        return false;
#endif
    }();
    return v;
}

float dot(const float* a, const float* b, int n) {
#if defined(__x86_64__)
    if (haveAvx2Fma()) return dotAvx2(a, b, n);
#endif
    return dotScalar(a, b, n);
}

float sum(const float* x, std::size_t n) {
#if defined(__x86_64__)
    if (haveAvx2Fma()) return sumAvx2(x, n);
#endif
    float s = 0;
    for (std::size_t i = 0; i < n; ++i) s += x[i];
    return s;
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

void rmsNorm(const float* x, float* y, const float* w, int n, float eps) {
    double ss = 0;
    for (int i = 0; i < n; ++i) ss += static_cast<double>(x[i]) * x[i];
    const float inv = static_cast<float>(1.0 / std::sqrt(ss / n + static_cast<double>(eps)));
    for (int i = 0; i < n; ++i) y[i] = x[i] * inv * w[i];
}

float geluTanh(float x) { return geluTanhScalar(x); }

float silu(float x) { return x / (1.0f + std::exp(-x)); }

void gatedActivate(const float* gateUp, float* out, int n, Activation a) {
    if (a == Activation::Silu) {
        for (int i = 0; i < n; ++i) out[i] = silu(gateUp[i]) * gateUp[n + i];
        return;
    }
    std::copy(gateUp, gateUp + n, out);
    activate(out, static_cast<std::size_t>(n), a);
    for (int i = 0; i < n; ++i) out[i] *= gateUp[n + i];
}

void expInPlace(float* x, int n) {
#if defined(__x86_64__)
    if (haveAvx2Fma()) {
        expAvx2(x, n);
        return;
    }
#endif
    for (int i = 0; i < n; ++i) x[i] = std::exp(x[i]);
}

float geluExact(float x) { return 0.5f * x * (1.0f + std::erf(x * 0.7071067811865476f)); }

void activate(float* x, std::size_t n, Activation a) {
    switch (a) {
        case Activation::GeluTanh:
#if defined(__x86_64__)
            if (haveAvx2Fma()) {
                geluTanhAvx2(x, n);
                break;
            }
#endif
            for (std::size_t i = 0; i < n; ++i) x[i] = geluTanhScalar(x[i]);
            break;
        case Activation::GeluExact:
            for (std::size_t i = 0; i < n; ++i) x[i] = geluExact(x[i]);
            break;
        case Activation::Relu:
            for (std::size_t i = 0; i < n; ++i) x[i] = x[i] > 0 ? x[i] : 0.0f;
            break;
        case Activation::Silu:
            for (std::size_t i = 0; i < n; ++i) x[i] = silu(x[i]);
            break;
    }
}

void softmax(float* x, int n) {
    if (n <= 0) return;
    float m = x[0];
    for (int i = 1; i < n; ++i) m = std::max(m, x[i]);
    for (int i = 0; i < n; ++i) x[i] -= m;
    expInPlace(x, n);
    double sum = 0;
    for (int i = 0; i < n; ++i) sum += x[i];
    const float inv = static_cast<float>(1.0 / sum);
    for (int i = 0; i < n; ++i) x[i] *= inv;
}

void runParallel(void (*fn)(void*, int, int), void* ctx, bool shared) {
    pool().run(fn, ctx, shared);
}

void setThreads(int n) {
    n = std::clamp(n, 1, 256);
    std::lock_guard<std::mutex> lk(g_poolMutex);
    openblas_set_num_threads(1);
    if (!g_pool || g_pool->size() != n) {
        g_pool.reset();
        g_pool = std::make_unique<Pool>(n);
    }
}

int threads() { return pool().size(); }

void setWorkerNice(int nice) {
    // Never lowered, like each thread's own value: later workers start at the highest asked.
    int now = g_workerNice.load();
    while (now < nice && !g_workerNice.compare_exchange_weak(now, nice)) {
    }
    pool().applyNice(g_workerNice.load());
}

}  // namespace ts::kernels

// File-local: the engine is built in unity batches, where another file may use the name.
#undef TS_AVX2
