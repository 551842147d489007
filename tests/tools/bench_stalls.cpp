// Event-loop stall benchmark: runs the real window (offscreen) through a generation run and
// prints the worst and 99th-percentile stall of the GUI thread's event loop, against the
// budget of 16 ms (one frame at 60 Hz). A 2 ms precise timer ticks on the GUI thread; a tick
// that comes late by more than its interval measures a stall (tests/stall_meter.hpp). It also
// prints the worst stall in the GUI thread's own CPU time ("busy"): on a loaded machine the
// wall-clock figure includes time the system gave to other programs.
//
//   bench_stalls --model DIR [--prompt-tokens 896] [--steps 128] [--view attention|cost|lens|...]
//                [--budget-ms 16] [--window 1280x720]
//
// For GPT-2 shape: build/tests/tools/make_random_gpt2 /tmp/gpt2-random, then
// QT_QPA_PLATFORM=offscreen build/tests/tools/bench_stalls --model /tmp/gpt2-random
// (896 prompt tokens + 128 steps = a run at 1,024 tokens). Exit status 1 when over budget.
// It also lists the kinds of event that took the GUI thread longest (its CPU time; nested
// events inside their parents: a paint inside the window's update request) and what the
// slowest one held, to say what a stall was.
#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QMetaEnum>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "stall_meter.hpp"

namespace {

QString argValue(const QStringList& args, const QString& name, const QString& fallback) {
    const int i = static_cast<int>(args.indexOf(name));
    return i >= 0 && i + 1 < args.size() ? args[i + 1] : fallback;
}

long long threadCpuNs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

// Times every event the GUI thread delivers (in its own CPU time) while `measuring`, and
// keeps the slowest of each kind (receiver class, its parent's, the event type) and what the
// slowest event straight from the event loop held (the events nested in it).
class TimingApplication : public QApplication {
  public:
    using QApplication::QApplication;
    bool measuring = false;
    struct Kind {
        double worstMs = 0;
        int depth = 0;
        int count = 0;
        double totalMs = 0;
    };
    std::map<std::string, Kind> kinds;
    // The three slowest events straight from the event loop, with what they held and when.
    struct Top {
        double ms = 0;
        double atMs = 0;
        std::string key;
        std::vector<std::pair<std::string, double>> inside;
    };
    std::vector<Top> tops;
    // Every event straight from the event loop: when it began (ms of `clock`), its CPU time
    // and kind, to list what filled the worst gap between two ticks.
    struct Delivered {
        double atMs = 0;
        double ms = 0;
        std::string key;
    };
    std::vector<Delivered> delivered;
    QElapsedTimer clock;

    bool notify(QObject* receiver, QEvent* event) override {
        // notify() runs in every thread; the worker's own timers are not the window's.
        if (!measuring || QThread::currentThread() != thread())
            return QApplication::notify(receiver, event);
        // Named before delivery: a DeferredDelete deletes the receiver.
        const std::string key = describe(receiver, event);
        const int depth = m_depth++;
        if (depth == 0) m_inside.clear();
        const long long start = threadCpuNs();
        const double startedAt = depth == 0 ? static_cast<double>(clock.nsecsElapsed()) / 1e6 : 0.0;
        const bool result = QApplication::notify(receiver, event);
        const double ms = static_cast<double>(threadCpuNs() - start) / 1e6;
        --m_depth;
        Kind& k = kinds[key];
        ++k.count;
        k.totalMs += ms;
        if (ms > k.worstMs) {
            k.worstMs = ms;
            k.depth = depth;
        }
        if (depth == 1 && ms >= 0.05) m_inside.emplace_back(key, ms);
        if (depth == 0 && ms >= 0.05) delivered.push_back({startedAt, ms, key});
        if (depth == 0 && (tops.size() < 3 || ms > tops.back().ms)) {
            tops.push_back({ms, static_cast<double>(clock.elapsed()), key, m_inside});
            std::sort(tops.begin(), tops.end(),
                      [](const Top& a, const Top& b) { return a.ms > b.ms; });
            if (tops.size() > 3) tops.pop_back();
        }
        return result;
    }

  private:
    static std::string describe(QObject* receiver, QEvent* event) {
        const char* type = QMetaEnum::fromType<QEvent::Type>().valueToKey(event->type());
        std::string key = std::string(receiver->metaObject()->className());
        if (!receiver->objectName().isEmpty())
            key += " '" + receiver->objectName().toStdString() + "'";
        if (QObject* parent = receiver->parent())
            key += std::string(" in ") + parent->metaObject()->className();
        return key + " " + (type ? type : "?");
    }

    int m_depth = 0;
    std::vector<std::pair<std::string, double>> m_inside;
};

}  // namespace

int main(int argc, char** argv) {
    TimingApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString model = argValue(args, QStringLiteral("--model"), QString());
    const int promptTokens =
        argValue(args, QStringLiteral("--prompt-tokens"), QStringLiteral("896")).toInt();
    const int steps = argValue(args, QStringLiteral("--steps"), QStringLiteral("128")).toInt();
    const QString view = argValue(args, QStringLiteral("--view"), QStringLiteral("attention"));
    const double budgetMs =
        argValue(args, QStringLiteral("--budget-ms"), QStringLiteral("16")).toDouble();
    // The window's size: a projector's 1920x1080 paints bigger views than a laptop's 1280x720.
    const QStringList size = argValue(args, QStringLiteral("--window"), QStringLiteral("1280x720"))
                                 .split(QLatin1Char('x'));
    const int width = size.value(0).toInt(), height = size.value(1).toInt();
    if (model.isEmpty() || promptTokens < 1 || steps < 1 || size.size() != 2 || width < 320 ||
        height < 240) {
        std::fprintf(
            stderr,
            "usage: bench_stalls --model DIR [--prompt-tokens 896] [--steps 128] "
            "[--view tokens|embedding|attention|softmax|sampling|cost|lens|confidence|...] "
            "[--budget-ms 16] [--window 1280x720]\n");
        return 2;
    }

    ts::ui::TranslationManager translations;
    ts::ui::MainWindow window(&translations, /*headless=*/true);
    window.resize(width, height);
    window.show();
    // A stage or a classroom view (the cost meter, the logit lens, confidence colouring ...
    // observe the steps of a run too).
    if (!window.showView(view)) {
        std::fprintf(stderr, "bench_stalls: unknown view %s (one of %s)\n",
                     view.toLocal8Bit().constData(),
                     ts::ui::viewNames().join(QLatin1Char(' ')).toLocal8Bit().constData());
        return 2;
    }

    ts_test::StallMeter meter;
    bool measuring = false, failed = false;
    QElapsedTimer runClock;
    QObject::connect(&window, &ts::ui::MainWindow::errorReported, [&](const QString& m) {
        std::fprintf(stderr, "bench_stalls: %s\n", m.toLocal8Bit().constData());
        failed = true;
        app.quit();
    });
    QObject::connect(&window, &ts::ui::MainWindow::modelReady, [&] {
        QStringList ids;
        for (int i = 0; i < promptTokens; ++i) ids << QString::number((i * 131 + 7) % 50000);
        window.setPrompt(ids.join(QLatin1Char(' ')));
        ts::SamplingParams p;
        p.temperature = 0.8f;
        p.seed = 1;
        window.setParams(p);
        window.generate(steps + 1);
    });
    QObject::connect(&window, &ts::ui::MainWindow::recordArrived, [&](int count) {
        if (count == 1) {  // the prompt's prefill is in: measure the run of decode steps
            measuring = true;
            app.measuring = true;
            app.clock.start();
            runClock.start();
            meter.start();
        }
    });
    QObject::connect(&window, &ts::ui::MainWindow::runningChanged, [&](bool running) {
        if (!running && measuring) QTimer::singleShot(300, &app, &QApplication::quit);
    });
    window.loadModel(model);
    app.exec();
    meter.stop();
    app.measuring = false;
    if (failed || meter.ticks() == 0) return 1;

    const double worst = meter.worstMs();
    const double p99 = meter.percentileMs(0.99);
    // The machine's load while this ran (another job may share the cores).
    std::string load = "?";
    if (std::ifstream f("/proc/loadavg"); f) f >> load;
    const int records = static_cast<int>(window.history().size());
    const int context = records > 0 ? static_cast<int>(window.history().back()->contextSize()) : 0;
    std::printf(
        "view %s at %dx%d: %d steps to a context of %d tokens in %.1f s; event loop ticks %d; "
        "worst stall %.1f ms (at %.0f ms), p99 %.1f ms, %d over %.0f ms; worst busy (GUI thread "
        "CPU) %.1f ms (at %.0f ms); load average %s (budget %.0f ms): %s\n",
        view.toLocal8Bit().constData(), width, height, records - 1, context,
        static_cast<double>(runClock.elapsed()) / 1000.0, meter.ticks(), worst, meter.worstAtMs(),
        p99, meter.over(budgetMs), budgetMs, meter.worstBusyMs(), meter.worstBusyAtMs(),
        load.c_str(), budgetMs, worst <= budgetMs ? "within budget" : "OVER BUDGET");
    // What took the GUI thread longest, by kind of event (the eight slowest kinds), and what
    // the slowest event straight from the event loop held.
    std::vector<std::pair<std::string, TimingApplication::Kind>> kinds(app.kinds.begin(),
                                                                       app.kinds.end());
    std::sort(kinds.begin(), kinds.end(),
              [](const auto& a, const auto& b) { return a.second.worstMs > b.second.worstMs; });
    std::printf(
        "slowest kinds of event (GUI thread CPU; depth 0 = straight from the event loop):\n");
    for (std::size_t i = 0; i < std::min<std::size_t>(8, kinds.size()); ++i)
        std::printf("  %6.2f ms worst, %7.1f ms in %5d events, depth %d: %s\n",
                    kinds[i].second.worstMs, kinds[i].second.totalMs, kinds[i].second.count,
                    kinds[i].second.depth, kinds[i].first.c_str());
    for (const auto& top : app.tops) {
        std::printf("%.2f ms at %.0f ms: %s, holding\n", top.ms, top.atMs, top.key.c_str());
        for (const auto& [key, ms] : top.inside) std::printf("  %6.2f ms %s\n", ms, key.c_str());
    }
    // What the GUI thread did in the longest gap and in the one that held it busiest (events
    // of 0.05 ms or more): a long gap with little in it was the system running other threads.
    auto listGap = [&](const char* what, double end, double length) {
        const double start = end - length - 2.0;
        double sum = 0;
        for (const auto& d : app.delivered)
            if (d.atMs >= start - 1 && d.atMs <= end) sum += d.ms;
        std::printf("in the %s gap (%.0f-%.0f ms; its events took %.1f ms of CPU):\n", what, start,
                    end, sum);
        for (const auto& d : app.delivered)
            if (d.atMs >= start - 1 && d.atMs <= end)
                std::printf("  %6.2f ms at %.1f ms: %s\n", d.ms, d.atMs, d.key.c_str());
    };
    listGap("longest", meter.worstAtMs(), worst);
    listGap("busiest", meter.worstBusyAtMs(), meter.worstBusyMs());
    return worst <= budgetMs ? 0 : 1;
}
