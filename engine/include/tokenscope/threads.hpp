#pragma once
// How many CPU threads the engine computes with (OpenBLAS and its own kernels).
namespace ts {

// n <= 0 picks the number of hardware threads. Call between model calls, not during one.
void setEngineThreads(int n);
int engineThreads();

}  // namespace ts
