// Layout faults a person would see on a projector, found without one, in English and
// Korean: every stage view and classroom tool, and every step of every lesson, at 1280x720
// and at 1920x1080. Nothing in the window may be wider or taller than the screen, no
// one-line label or button may be cut short (its full text against the room it has), no
// table may need sideways scrolling, and no central view may be more than 40 % empty
// background (TOKENSCOPE_PRINT_EMPTY=1 prints every view's share).
// One window per language serves both sizes (it is resized, as a person would), and the
// fact probes get canned results instead of their 20-second run, so the test takes about
// a minute (several under ASan).
#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>

#include "catch.hpp"
#include "classroom/classroom_tool_view.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/probes_view.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "layout_checks.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/embedding_view.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;

namespace {

// Under ASan (the CI's second run) one size: the views and lesson steps run the same code at
// either size, and the second doubled the longest test of that run (85 s of its 7 minutes).
#ifdef TOKENSCOPE_SANITIZED
const QSize kSizes[] = {QSize(1280, 720)};
#else
const QSize kSizes[] = {QSize(1280, 720), QSize(1920, 1080)};
#endif

// The faults (a view above 40 % empty is one), and each view's empty share where it is above
// the goal.
QStringList check(MainWindow& window, const QSize& size, const QString& what, QStringList* above) {
    const QStringList found = ts_test::windowFaults(window, size, what, true);
    auto* stack = window.findChild<QStackedWidget*>();
    const double empty = ts_test::emptyShare(stack->currentWidget());
    // TOKENSCOPE_PRINT_EMPTY=1 lists every view's share (the README's figures), not only
    // the ones above the goal.
    if (empty > ts_test::kMostEmpty || qEnvironmentVariableIntValue("TOKENSCOPE_PRINT_EMPTY"))
        *above << QStringLiteral("%1 at %2: %3 % empty")
                      .arg(what)
                      .arg(size.width())
                      .arg(qRound(empty * 100));
    return found;
}

}  // namespace

TEST_CASE("every view and classroom tool fits 1280x720 and 1920x1080, in English and Korean",
          "[ui][layout]") {
    // The tokenizer comparison shows GPT-2's tokenizer beside the model's where the test
    // set-up has its vocabulary, as a classroom machine would.
    qputenv("TOKENSCOPE_GPT2_VOCAB_DIR", QByteArray(TOKENSCOPE_GPT2_VOCAB_DIR));
    QTemporaryDir dir;
    QStringList found, above;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        TranslationManager translations;
        translations.setLanguage(lang);
        MainWindow window(&translations, true);
        ts_test::startWindow(window, 4, dir);
        // The experiments' results are part of their layout: small runs of lanes and the
        // lost-in-the-middle lab, the generated text coloured by confidence, canned fact probes.
        window.showView(QStringLiteral("lanes"));
        window.classroom()->lanes()->applySettings(
            {{QStringLiteral("steps"), 12}, {QStringLiteral("run"), true}});
        window.classroom()->litm()->applySettings({{QStringLiteral("records"), 6},
                                                   {QStringLiteral("positions"), 3},
                                                   {QStringLiteral("trials"), 2},
                                                   {QStringLiteral("run"), true}});
        window.classroom()->confidence()->applySettings(
            {{QStringLiteral("useGenerated"), true}, {QStringLiteral("score"), true}});
        // The two prompts compared and patched, and the steering strip (#45), each on its
        // example in the window's language.
        ts_test::runPatchAndSteer(window);
        ts_test::cannedProbeResults(window.classroom()->probes());
        for (const QSize& size : kSizes) {
            ts_test::resizeTo(window, size);
            for (const QString& name : viewNames()) {
                if (name == QLatin1String("lessons")) continue;  // the lesson test walks them
                REQUIRE(window.showView(name));
                found << check(window, size, lang + QLatin1Char(' ') + name, &above);
            }
            // The embedding stage's word map of the textbook atlas, with its table of neighbours.
            auto* embedding =
                qobject_cast<EmbeddingView*>(window.stageView(static_cast<int>(Stage::Embedding)));
            REQUIRE(embedding);
            REQUIRE(window.showView(QStringLiteral("embedding")));
            REQUIRE(embedding->showWordMap(QStringLiteral("atlas")));
            REQUIRE(ts_test::waitUntil(
                [&] { return !embedding->isMapBusy() && embedding->wordMap(); }));
            QCoreApplication::processEvents();
            found << check(window, size, lang + QStringLiteral(" word map"), &above);
            REQUIRE(embedding->showWordMap(QStringLiteral("context")));
        }
    }
    if (!above.isEmpty())
        WARN("above the 40 % empty goal:\n" << above.join(QLatin1Char('\n')).toStdString());
    INFO(found.join(QLatin1Char('\n')).toStdString());
    CHECK(found.isEmpty());
}

TEST_CASE("every lesson step fits 1280x720 and 1920x1080, in English and Korean",
          "[ui][layout][lessons]") {
    QTemporaryDir dir;
    QStringList found, above;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        TranslationManager translations;
        translations.setLanguage(lang);
        MainWindow window(&translations, true);
        ts_test::startWindow(window, 1, dir);
        REQUIRE(window.showView(QStringLiteral("lessons")));
        LessonPanel* lessons = window.classroom()->lessons();
        REQUIRE(lessons->lessons().size() >= 6);
        QString shown = QStringLiteral("tokens");  // the view the lesson steps left on screen
        for (int l = 0; l < static_cast<int>(lessons->lessons().size()); ++l) {
            const int steps =
                static_cast<int>(lessons->lessons()[static_cast<std::size_t>(l)].steps.size());
            for (int s = 0; s < steps; ++s) {
                ts_test::resizeTo(window, kSizes[0]);
                if (s == 0)
                    lessons->openLesson(l);
                else
                    lessons->goToStep(s);
                ts_test::settle(window);
                const LessonStep& step = lessons->lessons()[static_cast<std::size_t>(l)]
                                             .steps[static_cast<std::size_t>(s)];
                if (!step.view.isEmpty()) shown = step.view;
                for (const QSize& size : kSizes) {
                    ts_test::resizeTo(window, size);
                    found << check(window, size,
                                   QStringLiteral("%1 lesson:%2:%3 (%4)")
                                       .arg(lang)
                                       .arg(l + 1)
                                       .arg(s + 1)
                                       .arg(shown),
                                   &above);
                }
            }
            lessons->endLesson();
        }
    }
    if (!above.isEmpty())
        WARN("above the 40 % empty goal:\n" << above.join(QLatin1Char('\n')).toStdString());
    INFO(found.join(QLatin1Char('\n')).toStdString());
    CHECK(found.isEmpty());
}

// The checks themselves: a chart whose category names cannot fit is found, and the same
// chart with room is not (Qt Charts cuts axis labels silently, with three dots).
TEST_CASE("the layout checks find chart labels that Qt Charts cut", "[ui][layout]") {
    QWidget root;
    auto* chart = new QChart;
    auto* set = new QBarSet(QStringLiteral("share"));
    *set << 1 << 2 << 3;
    auto* series = new QBarSeries;
    series->append(set);
    chart->addSeries(series);
    auto* axis = new QBarCategoryAxis;
    axis->append({QStringLiteral("the first position in the context"),
                  QStringLiteral("the middle of a long context"),
                  QStringLiteral("the very last position in the context")});
    chart->addAxis(axis, Qt::AlignBottom);
    series->attachAxis(axis);
    // Given the chart at construction: QChartView(parent) makes a chart of its own, which
    // setChart would release unowned (ASan found it leaked).
    auto* view = new QChartView(chart, &root);
    root.resize(260, 240);
    view->resize(260, 240);
    root.show();
    QCoreApplication::processEvents();
    const QStringList narrow = ts_test::cutChartLabels(&root);
    INFO(narrow.join(QLatin1Char('\n')).toStdString());
    CHECK(narrow.size() >= 2);
    root.resize(1800, 240);
    view->resize(1800, 240);
    QCoreApplication::processEvents();
    const QStringList wide = ts_test::cutChartLabels(&root);
    INFO(wide.join(QLatin1Char('\n')).toStdString());
    CHECK(wide.isEmpty());
}

TEST_CASE("the layout checks find heatmap labels painted shortened", "[ui][layout]") {
    QWidget root;
    auto* map = new HeatmapWidget(&root);
    map->setObjectName(QStringLiteral("lens"));
    map->setSquareCells(false);
    map->setMatrix(2, 3, {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f});
    map->setRowLabels({QStringLiteral("embedding"), QStringLiteral("layer 1")});
    const QString longToken = QStringLiteral("13 ␣confessedly-and-then-some");
    map->setColumnLabels({QStringLiteral("1 a"), QStringLiteral("2 ␣b"), longToken});
    root.resize(320, 240);
    map->resize(320, 240);
    root.show();
    QCoreApplication::processEvents();
    const QStringList small = ts_test::cutTexts(&root);
    INFO(small.join(QLatin1Char('\n')).toStdString());
    REQUIRE(small.size() == 1);
    CHECK(small.front().contains(longToken));
    // A taller widget gives column labels more room (a quarter of its height).
    root.resize(320, 900);
    map->resize(320, 900);
    QCoreApplication::processEvents();
    CHECK(map->cutLabels().isEmpty());
}
