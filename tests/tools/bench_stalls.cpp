// Event-loop stall benchmark: runs the real window (offscreen) through a generation run and
// prints the worst and 99th-percentile stall of the GUI thread's event loop, against the
// budget of 16 ms (one frame at 60 Hz). A 2 ms precise timer ticks on the GUI thread; a tick
// that comes late by more than its interval measures a stall (the time the loop was busy).
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
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"

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

    std::vector<double> stalls;  // ms late, per tick, while measuring
    bool measuring = false, failed = false;
    QElapsedTimer clock, runClock;
    qint64 last = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(2);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (measuring) stalls.push_back(std::max(0.0, (now - last) / 1e6 - 2.0));
        last = now;
    });
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
            last = clock.nsecsElapsed();
        }
    });
    QObject::connect(&window, &ts::ui::MainWindow::runningChanged, [&](bool running) {
        if (!running && measuring) QTimer::singleShot(300, &app, &QApplication::quit);
    });
    clock.start();
    ticker.start();
    window.loadModel(model);
    app.exec();
    if (failed || stalls.empty()) return 1;

    std::vector<double> sorted = stalls;
    std::sort(sorted.begin(), sorted.end());
    const double worst = sorted.back();
    const double p99 = sorted[static_cast<std::size_t>(0.99 * static_cast<double>(sorted.size() - 1))];
    const int records = static_cast<int>(window.history().size());
    const int context = records > 0 ? static_cast<int>(window.history().back()->contextTokens.size()) : 0;
    std::printf("view %s: %d steps to a context of %d tokens in %.1f s; event loop ticks %zu; "
                "worst stall %.1f ms, p99 %.1f ms (budget %.0f ms): %s\n",
                view.toLocal8Bit().constData(), records - 1, context,
                static_cast<double>(runClock.elapsed()) / 1000.0, stalls.size(), worst, p99,
                budgetMs, worst <= budgetMs ? "within budget" : "OVER BUDGET");
    return worst <= budgetMs ? 0 : 1;
}
