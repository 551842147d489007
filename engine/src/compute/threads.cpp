#include "tokenscope/threads.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <thread>

#if defined(__linux__)
#include <sys/resource.h>
#endif

#include "compute/aligned_buffer.hpp"
#include "compute/kernels.hpp"

namespace ts {

void setEngineThreads(int n) {
    if (n <= 0) n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    kernels::setThreads(n);
}

int engineThreads() { return kernels::threads(); }

void setComputeNice(int nice) {
    nice = std::clamp(nice, 0, 19);
    kernels::setWorkerNice(nice);
#if defined(__linux__)
    errno = 0;
    const int now = getpriority(PRIO_PROCESS, 0);  // Linux: the calling thread
    if (errno == 0 && now < nice) setpriority(PRIO_PROCESS, 0, nice);
#endif
}

struct StreamProbe::Buffer {
    FloatBuffer data;
};

StreamProbe::StreamProbe(std::size_t bytes) : m_buffer(std::make_unique<Buffer>()) {
    const std::size_t n = std::max<std::size_t>(bytes / sizeof(float), 1024);
    m_buffer->data.resize(n);
    float* p = m_buffer->data.data();
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<float>(i & 7);  // touch every page
}

StreamProbe::~StreamProbe() = default;

double StreamProbe::seconds(int repeats) const {
    const float* p = m_buffer->data.data();
    const std::size_t n = m_buffer->data.size();
    double best = 1e30;
    volatile float sink = 0;
    for (int r = 0; r < std::max(1, repeats); ++r) {
        float parts[256] = {};
        const auto t0 = std::chrono::steady_clock::now();
        kernels::parallel([&](int t, int nt) {
            const std::size_t b =
                n * static_cast<std::size_t>(t) / static_cast<std::size_t>(nt) / 16 * 16;
            const std::size_t e = t + 1 == nt ? n
                                              : n * static_cast<std::size_t>(t + 1) /
                                                    static_cast<std::size_t>(nt) / 16 * 16;
            parts[t & 255] = kernels::sum(p + b, e - b);
        });
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        sink = sink + parts[0];
    }
    return best;
}

}  // namespace ts
