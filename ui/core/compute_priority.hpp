#pragma once
// One priority for every thread of the app that does model math: the engine worker, the
// embedding view's PCA and neighbour searches, the classroom experiments. They all run at
// the same Linux nice value, below the window's thread, so that the window gets a core at
// once when it has a frame to paint. A thread left at the default priority (as the PCA
// thread once was) takes the core from the window as often as the window takes it back, and
// on 2 cores that made frames 10-15 ms late (bench_stalls --view embedding).
#include "tokenscope/threads.hpp"

namespace ts::ui {

inline constexpr int kComputeNice = 10;

// Called first thing on a thread that computes for the window.
inline void lowerComputePriority() { ts::setComputeNice(kComputeNice); }

}  // namespace ts::ui
