#pragma once
// Measures how long the GUI thread's event loop is kept from running: a 2 ms precise timer
// ticks on the thread that creates the meter; a tick that comes later than its interval
// measures a stall. For each stall it also reads the thread's own CPU time over the gap, so
// a stall the thread spent working ("busy") is told apart from one where the operating
// system ran other programs (a loaded machine: the bundled model trains on the same cores).
// Shared by the bench_stalls benchmark and the UI test that guards the stall budget.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <algorithm>
#include <ctime>
#include <vector>

namespace ts_test {

class StallMeter {
  public:
    StallMeter() {
        m_ticker.setTimerType(Qt::PreciseTimer);
        m_ticker.setInterval(kIntervalMs);
        QObject::connect(&m_ticker, &QTimer::timeout, [this] { tick(); });
        m_clock.start();
        m_ticker.start();
    }

    // Starts (or restarts) collecting; ticks before this are not counted.
    void start() {
        m_measuring = true;
        m_startWall = m_clock.nsecsElapsed();
        m_lastWall = m_clock.nsecsElapsed();
        m_lastCpu = threadCpuNs();
    }
    void stop() { m_measuring = false; }

    int ticks() const { return static_cast<int>(m_stalls.size()); }
    double worstMs() const {
        return m_stalls.empty() ? 0.0 : *std::max_element(m_stalls.begin(), m_stalls.end());
    }
    double percentileMs(double p) const {
        if (m_stalls.empty()) return 0.0;
        std::vector<double> sorted = m_stalls;
        std::sort(sorted.begin(), sorted.end());
        return sorted[static_cast<std::size_t>(p * static_cast<double>(sorted.size() - 1))];
    }
    // The longest stall counting only the GUI thread's own CPU time over the gap.
    double worstBusyMs() const { return m_worstBusy; }
    // When the worst stall and the worst busy gap ended, in ms since start() (to tell a
    // one-off at the start of a run from one in its middle).
    double worstAtMs() const { return m_worstAt; }
    double worstBusyAtMs() const { return m_worstBusyAt; }
    int over(double budgetMs) const {
        return static_cast<int>(std::count_if(m_stalls.begin(), m_stalls.end(),
                                              [budgetMs](double s) { return s > budgetMs; }));
    }

  private:
    static constexpr int kIntervalMs = 2;

    static long long threadCpuNs() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
    }

    void tick() {
        const qint64 now = m_clock.nsecsElapsed();
        const long long cpu = threadCpuNs();
        if (m_measuring) {
            const double stall =
                std::max(0.0, static_cast<double>(now - m_lastWall) / 1e6 - kIntervalMs);
            const double busy = static_cast<double>(cpu - m_lastCpu) / 1e6;
            const double at = static_cast<double>(now - m_startWall) / 1e6;
            if (m_stalls.empty() || stall > worstMs()) m_worstAt = at;
            if (busy > m_worstBusy) m_worstBusyAt = at;
            m_stalls.push_back(stall);
            m_worstBusy = std::max(m_worstBusy, busy);
        }
        m_lastWall = now;
        m_lastCpu = cpu;
    }

    QTimer m_ticker;
    QElapsedTimer m_clock;
    bool m_measuring = false;
    qint64 m_lastWall = 0;
    qint64 m_startWall = 0;
    double m_worstAt = 0, m_worstBusyAt = 0;
    long long m_lastCpu = 0;
    std::vector<double> m_stalls;
    double m_worstBusy = 0;
};

}  // namespace ts_test
