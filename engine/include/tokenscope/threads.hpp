#pragma once
// How many CPU threads the engine computes with (OpenBLAS and its own kernels).
#include <cstddef>
#include <memory>

namespace ts {

// n <= 0 picks the number of hardware threads. Call between model calls, not during one.
void setEngineThreads(int n);
int engineThreads();

// Gives the engine's compute threads (the pool's workers, and the thread that calls this,
// which takes part in every job it starts) the Linux nice value `nice` (1..19; a thread
// already nicer keeps its value; no effect on other systems). The app calls it from its
// worker thread so that the window's thread gets a core at once while the model keeps both
// busy: on 2 cores a step's two compute threads otherwise make the window wait for a core
// (frames late by 20 ms). The CLI and benchmarks do not call it. An unprivileged process
// cannot raise the priority again, so this is for the life of the process.
void setComputeNice(int nice);

// The memory-bandwidth floor of a decode step, which must read every weight once: a buffer
// of `bytes` that the engine's threads read end to end with a bare summing loop, nothing
// else. Benchmarks time it next to the model so a figure on a machine whose bandwidth
// swings says how close to the floor the model runs.
class StreamProbe {
  public:
    explicit StreamProbe(std::size_t bytes);
    ~StreamProbe();
    StreamProbe(const StreamProbe&) = delete;
    StreamProbe& operator=(const StreamProbe&) = delete;
    // Fastest of `repeats` full reads, in seconds.
    double seconds(int repeats) const;

  private:
    struct Buffer;
    std::unique_ptr<Buffer> m_buffer;
};

}  // namespace ts
