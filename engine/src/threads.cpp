#include "tokenscope/threads.hpp"

#include <thread>

#include "kernels.hpp"

namespace ts {

void setEngineThreads(int n) {
    if (n <= 0) n = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    kernels::setThreads(n);
}

int engineThreads() { return kernels::threads(); }

}  // namespace ts
