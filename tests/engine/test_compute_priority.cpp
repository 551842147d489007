// ts::setComputeNice, which the app's worker calls so the window's thread gets a core while
// the model runs: the calling thread and every worker of the engine's pool take the nice
// value (Linux), later workers too, and a thread already nicer keeps its value.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "tokenscope/threads.hpp"

#if defined(__linux__)
#include <sys/resource.h>

namespace {

// The nice value of each of this process's threads (field 19 of /proc/self/task/TID/stat).
std::vector<int> threadNices() {
    std::vector<int> out;
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/task")) {
        std::ifstream in(e.path() / "stat");
        std::string stat;
        std::getline(in, stat);
        // After the ")" closing the thread's name: state is field 3, nice field 19.
        std::istringstream rest(stat.substr(stat.rfind(')') + 2));
        std::string field;
        for (int i = 3; i <= 19 && rest >> field; ++i)
            if (i == 19) out.push_back(std::stoi(field));
    }
    return out;
}

int countAtLeast(const std::vector<int>& nices, int nice) {
    int n = 0;
    for (int v : nices) n += v >= nice;
    return n;
}

// Threads at `nice` or more once `wanted` of them are (the pool's workers start on their own
// time on a loaded machine), or after 5 s.
int waitForNiced(int nice, int wanted) {
    int n = countAtLeast(threadNices(), nice);
    for (int i = 0; i < 500 && n < wanted; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        n = countAtLeast(threadNices(), nice);
    }
    return n;
}

}  // namespace

TEST_CASE("compute priority: the caller and the pool's workers take the nice value", "[threads]") {
    // Run under `nice` (4 or more) the threads start at the value already: nothing to tell.
    if (getpriority(PRIO_PROCESS, 0) >= 4)
        TS_SKIP("the tests run at nice " << getpriority(PRIO_PROCESS, 0)
                                         << " already: run them at a nice value under 4");
    const int threadsBefore = ts::engineThreads();
    ts::setEngineThreads(3);  // two workers besides the caller
    const int before = countAtLeast(threadNices(), 4);
    int callerNice = -100;
    std::thread caller([&] {
        ts::setComputeNice(4);
        callerNice = getpriority(PRIO_PROCESS, 0);
        ts::setComputeNice(2);  // lower than now: kept at 4
        if (getpriority(PRIO_PROCESS, 0) != 4) callerNice = -1;
    });
    caller.join();
    CHECK(callerNice == 4);
    // The two workers are now at 4 (the caller thread has ended).
    CHECK(waitForNiced(4, before + 2) >= before + 2);
    // A pool started later (another thread count) starts its workers at the value.
    ts::setEngineThreads(4);
    CHECK(waitForNiced(4, 3) >= 3);
    // The test's own thread is untouched.
    CHECK(getpriority(PRIO_PROCESS, 0) < 4);
    ts::setEngineThreads(threadsBefore);
}
#endif
