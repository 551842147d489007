// Event-loop stall benchmark: runs the real window (offscreen) through a generation run and
// prints the worst and 99th-percentile stall of the GUI thread's event loop, against the
// budget of 16 ms (one frame at 60 Hz). A 2 ms precise timer ticks on the GUI thread; a tick
// that comes late by more than its interval measures a stall (tests/stall_meter.hpp). It also
// prints the worst stall in the GUI thread's own CPU time ("busy"): on a loaded machine the
// wall-clock figure includes time the system gave to other programs.
//
//   bench_stalls --model DIR [--prompt-tokens 896] [--steps 128] [--view attention]
//                [--budget-ms 16]
//
// For GPT-2 shape: build/tests/tools/make_random_gpt2 /tmp/gpt2-random, then
// QT_QPA_PLATFORM=offscreen build/tests/tools/bench_stalls --model /tmp/gpt2-random
// (896 prompt tokens + 128 steps = a run at 1,024 tokens). Exit status 1 when over budget.
#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <fstream>
#include <sstream>
#include <algorithm>
#include <cstdio>
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

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString model = argValue(args, QStringLiteral("--model"), QString());
    const int promptTokens = argValue(args, QStringLiteral("--prompt-tokens"), QStringLiteral("896")).toInt();
    const int steps = argValue(args, QStringLiteral("--steps"), QStringLiteral("128")).toInt();
    const QString view = argValue(args, QStringLiteral("--view"), QStringLiteral("attention"));
    const double budgetMs = argValue(args, QStringLiteral("--budget-ms"), QStringLiteral("16")).toDouble();
    if (model.isEmpty() || promptTokens < 1 || steps < 1) {
        std::fprintf(stderr, "usage: bench_stalls --model DIR [--prompt-tokens 896] [--steps 128] "
                             "[--view tokens|embedding|attention|softmax|sampling] [--budget-ms 16]\n");
        return 2;
    }

    ts::ui::TranslationManager translations;
    ts::ui::MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    window.show();
    const int stage = ts::ui::MainWindow::stageFromName(view);
    if (stage < 0) {
        std::fprintf(stderr, "bench_stalls: unknown view %s\n", view.toLocal8Bit().constData());
        return 2;
    }
    window.selectStage(stage);

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
    if (failed || meter.ticks() == 0) return 1;

    const double worst = meter.worstMs();
    const double p99 = meter.percentileMs(0.99);
    // The machine's load while this ran (another job may share the cores).
    std::string load = "?";
    if (std::ifstream f("/proc/loadavg"); f) f >> load;
    const int records = static_cast<int>(window.history().size());
    const int context = records > 0 ? static_cast<int>(window.history().back()->contextTokens.size()) : 0;
    std::printf("view %s: %d steps to a context of %d tokens in %.1f s; event loop ticks %d; "
                "worst stall %.1f ms, p99 %.1f ms, %d over %.0f ms; worst busy (GUI thread CPU) "
                "%.1f ms; load average %s (budget %.0f ms): %s\n",
                view.toLocal8Bit().constData(), records - 1, context,
                static_cast<double>(runClock.elapsed()) / 1000.0, meter.ticks(), worst, p99,
                meter.over(budgetMs), budgetMs, meter.worstBusyMs(), load.c_str(), budgetMs,
                worst <= budgetMs ? "within budget" : "OVER BUDGET");
    return worst <= budgetMs ? 0 : 1;
}
