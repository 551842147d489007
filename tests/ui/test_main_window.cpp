// The whole window, headless: a model loads, steps arrive in every view, language switches live.
#include <QSignalSpy>

#include "catch.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/softmax_view.hpp"
#include "stages/token_view.hpp"
#include "test_paths.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts_test::waitFor;

TEST_CASE("main window runs steps and shows them in the views", "[ui][window]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1200, 800);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.loadModel(QString::fromStdString((ts_test::dataDir() / "gpt2-tiny-vocab512").string()));
    REQUIRE(waitFor(ready, 1));
    window.setPrompt(QStringLiteral("1 2 3"));
    window.generate(3);
    REQUIRE(waitFor(records, 3));
    CHECK(errors.isEmpty());
    REQUIRE(window.history().size() == 3);
    window.selectStage(static_cast<int>(Stage::Softmax));
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    REQUIRE(softmax);
    CHECK(softmax->record() == window.history().back());
    auto* tokens = qobject_cast<TokenView*>(window.stageView(static_cast<int>(Stage::Tokens)));
    REQUIRE(tokens);
    CHECK(tokens->chips().size() == 3 + 2 + 1);  // prompt, two steps, the pending draw
    for (int s = 0; s < kStageCount; ++s) {
        window.selectStage(s);
        CHECK_FALSE(window.grab().isNull());
    }
}

TEST_CASE("the Korean translation switches live", "[ui][window][i18n]") {
    TranslationManager translations;
    REQUIRE(translations.setLanguage(QStringLiteral("ko")));
    CHECK(PipelineBar::stageName(0) == QStringLiteral("1 토크나이징"));
    CHECK(PipelineBar::stageName(3) == QStringLiteral("4 확률 분포 생성 (Softmax)"));
    translations.setLanguage(QStringLiteral("en"));
    CHECK(PipelineBar::stageName(0) == QStringLiteral("1 Tokenizing"));
}

TEST_CASE("main window reports a broken model folder without a dialog in headless mode",
          "[ui][window]") {
    TranslationManager translations;
    MainWindow window(&translations, true);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.loadModel(QStringLiteral("/nonexistent/folder"));
    REQUIRE(waitFor(errors, 1));
    CHECK_FALSE(window.hasModel());
}
