#pragma once
// How much resident memory a piece of code needs at its peak: Linux's VmHWM, reset first
// through /proc/self/clear_refs ("5"), minus the resident memory before. For the tests that
// pin what a small hostile file may cost (issue #40). Returns -1 where /proc cannot do it.
#include <cstdint>
#include <fstream>
#include <string>

namespace ts_test {

// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"), -1 when absent.
inline std::int64_t procStatusBytes(const std::string& field) {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field + ":", 0) == 0)
            return std::stoll(line.substr(field.size() + 1)) * 1024;
    return -1;
}

template <class F>
std::int64_t peakResidentGrowth(F&& f) {
    {
        std::ofstream reset("/proc/self/clear_refs");
        if (!(reset << "5" << std::flush)) return -1;
    }
    const std::int64_t before = procStatusBytes("VmRSS");
    if (before < 0 || procStatusBytes("VmHWM") > before + (1 << 20)) return -1;  // not reset
    f();
    return procStatusBytes("VmHWM") - before;
}

}  // namespace ts_test
