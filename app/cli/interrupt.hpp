#pragma once
// Ctrl-C for every tokenscope-cli command: the first SIGINT sets one process-wide flag that
// long-running work polls (the downloader between every 100 ms of a request, the engine's
// cancel flags), and the command then ends with exit 130. A command that has not stopped
// 1.5 s later is ended by a watchdog with exit 130 all the same, and a second Ctrl-C ends
// the process at once: Ctrl-C never goes unanswered and never kills with a signal.
#include <atomic>

namespace ts::cli {

// Installs the SIGINT handler and starts the watchdog; call once, first thing in main.
void installInterruptHandler();

// Set by the first Ctrl-C (SIGINT); never cleared.
const std::atomic<bool>& interruptFlag();

// The exit status of an interrupted command (128 + SIGINT, as shells report it).
constexpr int kInterruptedExit = 130;

}  // namespace ts::cli
