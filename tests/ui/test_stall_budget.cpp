// Guards the stall budget of issue #13 with a wide margin: the real window, on screen
// (offscreen platform) and showing the attention stage, the embedding stage (a scatter of
// every context token) or the cost meter (a row per step), runs a GPT-2-shaped model (12 heads,
// a 1,024-token context; narrow and two layers deep so the test is quick) from a 960-token
// prompt to a context of 1,024 tokens, while a 2 ms timer on the GUI thread measures how long
// the event loop is kept from running. The budget is 16 ms (bench_stalls measures that at
// full GPT-2 size); this test fails when the window works 250 ms (750 under ASan) or more between
// two turns of its event loop (GUI thread CPU time, so other programs on a loaded machine do not
// count), far above noise but far below the 0.4-0.8 s the window spent per step before the views
// became incremental, and when the loop is kept from running for 2 s of wall-clock time.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "catch.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/attention_view.hpp"
#include "stall_meter.hpp"
#include "tools/random_model.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/heatmap_widget.hpp"

using ts::ui::AttentionView;
using ts::ui::MainWindow;
using ts::ui::Stage;
using ts_test::waitFor;

// The most CPU time the window may spend between two turns of its event loop in this test.
// Under AddressSanitizer Qt's painting runs many times slower: the attention view's first full
// paint (11.7 ms in a release build) measured 268 ms in the ASan build of a fresh-clone CI run,
// so that build gets three times the margin. The 16 ms budget itself is measured by bench_stalls.
#if defined(TOKENSCOPE_SANITIZED)
constexpr double kMostBusyMs = 750.0;
#else
constexpr double kMostBusyMs = 250.0;
#endif

TEST_CASE("the window's event loop keeps running through a run to 1,024 tokens", "[ui][stalls]") {
    const QString view =
        GENERATE(QStringLiteral("attention"), QStringLiteral("embedding"), QStringLiteral("cost"));
    INFO(view.toStdString());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    ts_tools::RandomModelSpec spec;
    spec.config = {{"architectures", {"GPT2LMHeadModel"}},
                   {"model_type", "gpt2"},
                   {"activation_function", "gelu_new"},
                   {"layer_norm_epsilon", 1e-5},
                   {"n_ctx", 1024},
                   {"n_positions", 1024},
                   {"n_embd", 96},
                   {"n_head", 12},
                   {"n_layer", 2},
                   {"n_inner", nullptr},
                   {"vocab_size", 512},
                   {"bos_token_id", 0},
                   {"eos_token_id", 0},
                   {"tie_word_embeddings", true}};
    ts_tools::writeRandomModel(dir.path().toStdString(), spec);

    ts::ui::TranslationManager translations;
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    window.show();
    REQUIRE(window.showView(view));
    window.setIgnoreEndOfText(true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.loadModel(dir.path());
    REQUIRE(waitFor(ready, 1, 60000));

    constexpr int kPrompt = 960, kSteps = 64;
    QStringList ids;
    for (int i = 0; i < kPrompt; ++i) ids << QString::number((i * 37 + 5) % 512);
    window.setPrompt(ids.join(QLatin1Char(' ')));
    ts::SamplingParams params;
    params.temperature = 0.8f;
    params.seed = 1;
    window.setParams(params);
    // The whole run is measured: the prompt's record (the full matrix is built once) and the
    // decode steps (each a new row of attention). On a quick machine the steps can all arrive
    // within one frame, so the loop also turns a few times after the last one.
    auto* attentionView =
        qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
    REQUIRE(attentionView);
    const int rebuildsBefore = attentionView->heatmap()->displayRebuilds();
    ts_test::StallMeter meter;
    meter.start();
    window.generate(kSteps + 1);
    REQUIRE(waitFor(records, kSteps + 1, 300000));
    QTest::qWait(30);
    meter.stop();
    CHECK(errors.isEmpty());

    REQUIRE(window.history().size() == kSteps + 1);
    CHECK(window.history().back()->contextSize() == kPrompt + kSteps);
    window.grab();
    if (view == QLatin1String("attention")) {
        auto* attention =
            qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
        REQUIRE(attention);
        CHECK(attention->tokenCount() == kPrompt + kSteps);
        // A decode step colours its own pixel row of the picture: the whole picture is made
        // for the prompt's matrix and once more when the first step plans room for more rows
        // (it was made again for every painted step, a million cells each time).
        const int rebuilds = attention->heatmap()->displayRebuilds() - rebuildsBefore;
        INFO("whole pictures made during the run: " << rebuilds);
        CHECK(rebuilds <= 6);
        // The heatmap colours at most one pixel per pixel of its area, not a million cells.
        const QSize shown = attention->heatmap()->displayImageSize();
        CHECK(shown.width() <= attention->heatmap()->width());
        CHECK(shown.height() <= attention->heatmap()->height());
    }
    if (view == QLatin1String("cost")) {
        // A row per step, added once per frame while the meter is on screen.
        const auto* cost = window.classroom()->cost();
        for (int i = 0; i < 80 && cost->tableRows() != kSteps + 1; ++i) QTest::qWait(25);
        CHECK(cost->tableRows() == kSteps + 1);
    }

    INFO("worst stall " << meter.worstMs() << " ms, p99 " << meter.percentileMs(0.99)
                        << " ms, worst busy " << meter.worstBusyMs() << " ms over " << meter.ticks()
                        << " ticks, worst busy at " << meter.worstBusyAtMs() << " ms");
    CHECK(meter.ticks() > 0);
    // What the window itself does between two turns of its event loop, in the GUI thread's own
    // CPU time: the budget's wide margin. The wall-clock gap also holds the time the system
    // gave other programs (on the 2-core build machine a model trains meanwhile, load 8), so
    // it only has to stay short of a visible freeze.
    CHECK(meter.worstBusyMs() < kMostBusyMs);
    CHECK(meter.worstMs() < 2000.0);
}
