// See interrupt.hpp. The handler only does async-signal-safe things (a lock-free atomic store
// and sem_post); the waiting, the message and the _exit happen on the watchdog thread.
#include "interrupt.hpp"

#include <semaphore.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <thread>

namespace ts::cli {

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_signals{0};
sem_t g_wake;
bool g_watchdogRunning = false;

// How long a command may take to stop by itself after Ctrl-C before the watchdog ends it.
constexpr auto kGrace = std::chrono::milliseconds(1500);

void writeStderr(const char* text, std::size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(STDERR_FILENO, text, size);
        if (n <= 0 && errno != EINTR) return;
        if (n > 0) {
            text += n;
            size -= static_cast<std::size_t>(n);
        }
    }
}

void onInterrupt(int) {
    const int saved = errno;
    g_interrupted.store(true);
    if (g_signals.fetch_add(1) >= 1) {
        // A second Ctrl-C: the user does not want to wait for the grace period.
        static const char message[] = "\ntokenscope-cli: interrupted\n";
        writeStderr(message, sizeof message - 1);
        ::_exit(kInterruptedExit);
    }
    if (g_watchdogRunning) sem_post(&g_wake);
    errno = saved;
}

void watchdog() {
    while (sem_wait(&g_wake) != 0) {
        // EINTR: the signal itself interrupted the wait; look at the flag again.
        if (g_interrupted.load()) break;
    }
    std::this_thread::sleep_for(kGrace);
    // Still running: the command did not notice the flag in time (a long matrix product, a
    // blocking read). End it the way a finished interrupted command ends.
    static const char message[] =
        "\ntokenscope-cli: interrupted (stopped without finishing the current step)\n";
    writeStderr(message, sizeof message - 1);
    ::_exit(kInterruptedExit);
}

}  // namespace

void installInterruptHandler() {
    static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
    // Without the watchdog (no semaphore), Ctrl-C still sets the flag the commands poll.
    if (sem_init(&g_wake, 0, 0) == 0) {
        std::thread(watchdog).detach();
        g_watchdogRunning = true;
    }
    struct sigaction action {};
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
}

const std::atomic<bool>& interruptFlag() { return g_interrupted; }

}  // namespace ts::cli
