// Issue #48, the GUI side: presentation mode makes the central view larger (the docks give way to
// one slim toolbar, every text in the view at least 18 px), no painted label runs into another in
// any view, the softmax bars have a fixed 0-100 % axis for lessons and a tail note, the pipeline
// bar lights no stage while a classroom tool fills the centre, the hover glossary, and the cost
// view's FLOP axis and currencies.
#include <QApplication>
#include <QDockWidget>
#include <QHelpEvent>
#include <QLineEdit>
#include <QScrollArea>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolTip>
#include <QValueAxis>
#include <cmath>
#include <iostream>
#include <map>

#include "canned_record.hpp"
#include "catch.hpp"
#include "classroom/agent_cost_calculator.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lesson_model.hpp"
#include "classroom/lesson_panel.hpp"
#include "core/stage_distribution.hpp"
#include "core/view_table.hpp"
#include "layout_checks.hpp"
#include "painted_text.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/presentation_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/softmax_view.hpp"
#include "widgets/glossary.hpp"

using namespace ts::ui;

namespace {

QWidget* centralView(MainWindow& window) {
    auto* stack = window.findChild<QStackedWidget*>();
    return stack ? stack->currentWidget() : nullptr;
}

struct Measure {
    double centralShare = 0;  // the central widget's share of the window's area
    int viewArea = 0;         // the view's own area (the stack's page)
    int smallestFont = 0;     // the smallest text the view paints, in pixels
    QString smallestText;     // which text that is, and the widget that paints it
};

Measure measure(MainWindow& window) {
    QApplication::processEvents();
    Measure m;
    const QRect c = window.centralWidget()->geometry();
    m.centralShare = double(c.width()) * c.height() / (double(window.width()) * window.height());
    QWidget* view = centralView(window);
    // What is on screen of it: a view taller than the window scrolls (the part inside the
    // scroll area's viewport; visibleRegion would leave out what its own children cover).
    QRect seen = view->rect();
    if (auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("viewScroll")))
        seen &= QRect(view->mapFrom(scroll->viewport(), QPoint(0, 0)), scroll->viewport()->size());
    m.viewArea = seen.width() * seen.height();
    const auto texts = ts_test::paintedTexts(view);
    m.smallestFont = ts_test::smallestPaintedPixels(texts);
    for (const auto& t : texts)
        if (t.pixels == m.smallestFont) {
            m.smallestText =
                QStringLiteral("“%1” in %2 %3")
                    .arg(t.text.left(40), QLatin1String(t.widget->metaObject()->className()),
                         t.widget->objectName());
            break;
        }
    return m;
}

}  // namespace

TEST_CASE("presentation mode gives every view more room and larger text at 1280x720",
          "[ui][presentation][layout][projector]") {
    QTemporaryDir dir;
    QStringList found;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        TranslationManager translations;
        translations.setLanguage(lang);
        MainWindow window(&translations, true);
        ts_test::startWindow(window, 4, dir);
        ts_test::runPatchAndSteer(window);
        ts_test::resizeTo(window, QSize(1280, 720));
        std::map<QString, Measure> normal;
        for (const QString& name : viewNames()) {
            REQUIRE(window.showView(name));
            ts_test::settle(window);
            normal[name] = measure(window);
        }
        window.setPresentation(true);
        ts_test::settle(window);
        // The slim toolbar is there, the docks are not.
        REQUIRE(window.presentationBar());
        CHECK(window.presentationBar()->isVisible());
        for (QDockWidget* d : window.findChildren<QDockWidget*>()) CHECK_FALSE(d->isVisible());
        for (const QString& name : viewNames()) {
            REQUIRE(window.showView(name));
            ts_test::settle(window);
            const Measure big = measure(window);
            const Measure& small = normal[name];
            const QString what = QStringLiteral("%1 %2").arg(lang, name);
            // The figures for docs/classroom.md.
            if (qEnvironmentVariableIsSet("TOKENSCOPE_PRINT_PROJECTOR"))
                std::cout << what.toStdString() << ": central " << qRound(big.centralShare * 100)
                          << " % (normal " << qRound(small.centralShare * 100) << " %), view "
                          << big.viewArea << " px² (normal " << small.viewArea
                          << "), smallest text " << big.smallestFont << " px (normal "
                          << small.smallestFont << ")\n";
            if (big.centralShare < 0.8)
                found << QStringLiteral("%1: central widget %2 % of the window")
                             .arg(what)
                             .arg(qRound(big.centralShare * 100));
            if (big.viewArea <= small.viewArea)
                found << QStringLiteral("%1: view %2 px² in presentation, %3 px² normally")
                             .arg(what)
                             .arg(big.viewArea)
                             .arg(small.viewArea);
            if (big.smallestFont <= small.smallestFont || big.smallestFont < 18)
                found << QStringLiteral(
                             "%1: smallest text %2 px in presentation (%3), %4 px normally")
                             .arg(what)
                             .arg(big.smallestFont)
                             .arg(big.smallestText)
                             .arg(small.smallestFont);
        }
        window.setPresentation(false);
        ts_test::settle(window);
        CHECK_FALSE(window.presentationBar()->isVisible());
    }
    INFO(found.join(QLatin1Char('\n')).toStdString());
    CHECK(found.isEmpty());
}

// The large projector too; under ASan the small one alone (both sizes run the same code).
#ifdef TOKENSCOPE_SANITIZED
const QSize kOverlapSizes[] = {QSize(1280, 720)};
#else
const QSize kOverlapSizes[] = {QSize(1280, 720), QSize(1920, 1080)};
#endif

TEST_CASE("no painted label runs into another in any view, size, language or mode",
          "[ui][layout][projector]") {
    // Tick labels ("0.0%1.5%"), a unit over a tick ("비트" over "6.5"), a colour bar's ends
    // ("100%0%"): every text each view paints, charts included, measured as it is painted.
    QTemporaryDir dir;
    QStringList found;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        TranslationManager translations;
        translations.setLanguage(lang);
        MainWindow window(&translations, true);
        ts_test::startWindow(window, 4, dir);
        ts_test::runPatchAndSteer(window);
        for (const QString& name : viewNames()) {
            REQUIRE(window.showView(name));
            ts_test::settle(window);
        }
        for (const bool presenting : {false, true}) {
            window.setPresentation(presenting);
            for (const QSize& size : kOverlapSizes) {
                ts_test::resizeTo(window, size);
                for (const QString& name : viewNames()) {
                    REQUIRE(window.showView(name));
                    QApplication::processEvents();
                    for (const QString& o :
                         ts_test::overlappingTexts(ts_test::paintedTexts(centralView(window))))
                        found << QStringLiteral("%1 %2 %3x%4%5: %6")
                                     .arg(lang, name)
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(presenting ? QStringLiteral(" presentation") : QString(),
                                          o);
                }
            }
        }
        window.setPresentation(false);
    }
    INFO(found.join(QLatin1Char('\n')).toStdString());
    CHECK(found.isEmpty());
}

TEST_CASE("the slim toolbar drives the prompt and the temperature", "[ui][presentation]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, true);
    window.setPresentation(true);
    PresentationBar* bar = window.presentationBar();
    REQUIRE(bar);
    window.setPrompt(QStringLiteral("The capital of France is"));
    CHECK(bar->prompt() == QStringLiteral("The capital of France is"));
    auto* edit = bar->findChild<QLineEdit*>(QStringLiteral("presentationPrompt"));
    REQUIRE(edit);
    edit->setText(QStringLiteral("Once upon a time"));
    emit edit->textEdited(edit->text());
    ts::SamplingParams p;
    p.temperature = 0.3f;
    window.setParams(p);
    CHECK(bar->temperature() == Approx(0.3));
    window.setPresentation(false);
    CHECK_FALSE(bar->isVisible());
}

TEST_CASE("the pipeline bar lights no stage while a classroom tool fills the centre",
          "[ui][window]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("ko"));
    MainWindow window(&translations, true);
    auto* pipeline = window.findChild<PipelineBar*>();
    REQUIRE(pipeline);
    REQUIRE(window.showView(QStringLiteral("sampling")));
    CHECK(pipeline->selected() == static_cast<int>(Stage::Sampling));
    REQUIRE(window.showView(QStringLiteral("cost")));
    CHECK(pipeline->selected() == -1);  // it said "5 샘플링" over the cost meter
    REQUIRE(window.showView(QStringLiteral("attention")));
    CHECK(pipeline->selected() == static_cast<int>(Stage::Attention));
}

TEST_CASE("the softmax bars' fixed axis runs to 100 % and its labels never collide",
          "[ui][softmax]") {
    // A flat distribution: the top candidate holds about 1.5 %. Stretched to it the axis read
    // "0.0% 0.4% 0.8% 1.1% 1.5%", run together on a narrow chart.
    std::vector<float> logits(5000);
    for (std::size_t i = 0; i < logits.size(); ++i)
        logits[i] = static_cast<float>(std::sin(double(i)) * 0.8);
    SoftmaxView view;
    view.setRecord(ts_test::cannedRecord(logits, 0));
    ts::SamplingParams p;
    p.temperature = 1.5f;
    view.setParams(p);
    for (const QSize size : {QSize(360, 400), QSize(700, 500), QSize(1400, 800)}) {
        view.resize(size);
        view.setFixedAxis(false);
        (void)view.grab();
        INFO(size.width() << " px wide: " << view.tickLabels().join(' ').toStdString());
        REQUIRE_FALSE(view.tickLabels().isEmpty());
        CHECK(view.tickLabels().last() != QStringLiteral("100%"));
        CHECK(ts_test::overlappingTexts(ts_test::paintedTexts(&view)).isEmpty());
        view.setFixedAxis(true);
        (void)view.grab();
        CHECK(view.tickLabels().last() == QStringLiteral("100%"));
        CHECK(ts_test::overlappingTexts(ts_test::paintedTexts(&view)).isEmpty());
    }
    // The note on the tail: the worker's (or the view's own) description counts it.
    CHECK(view.tailNote().contains(QStringLiteral("0.01")));
    CHECK(view.property("fixedAxis").toBool());
}

TEST_CASE("a lesson step's fixedAxis is read, on unless the step says false", "[ui][lessons]") {
    const QByteArray json = R"({"id": "t", "order": 1, "title": {"en": "T"},
        "steps": [{"title": {"en": "a"}, "text": {"en": "a"}},
                  {"title": {"en": "b"}, "text": {"en": "b"}, "fixedAxis": false}]})";
    QString error;
    const std::optional<Lesson> parsed = parseLesson(json, QStringLiteral("t.json"), &error);
    INFO(error.toStdString());
    REQUIRE(parsed.has_value());
    REQUIRE(parsed->steps.size() == 2);
    CHECK(parsed->steps[0].fixedAxis);
    CHECK_FALSE(parsed->steps[1].fixedAxis);
    const QByteArray wrong = R"({"id": "t", "order": 1, "title": {"en": "T"},
        "steps": [{"title": {"en": "a"}, "text": {"en": "a"}, "fixedAxis": "yes"}]})";
    CHECK_FALSE(parseLesson(wrong, QStringLiteral("t.json"), &error).has_value());
}

TEST_CASE("the hover glossary explains the words a class meets, in both languages",
          "[ui][glossary]") {
    TranslationManager translations;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        translations.setLanguage(lang);
        INFO(lang.toStdString());
        CHECK(glossaryFor(QStringLiteral("entropy 2.31 bits")).size() == 2);
        CHECK(glossaryFor(QStringLiteral("엔트로피 2.31 비트")).size() == 2);
        CHECK(glossaryFor(QStringLiteral("로짓")).size() == 1);
        CHECK(glossaryFor(QStringLiteral("주성분(PCA) 1")).size() == 1);
        CHECK(glossaryFor(QStringLiteral("KV 캐시 12 MB")).size() == 1);
        CHECK(glossaryFor(QStringLiteral("유도 헤드")).size() == 1);
        CHECK(glossaryFor(QStringLiteral("␣수진")).size() == 1);
        const QStringList byte = glossaryFor(QStringLiteral("나는 <8E>"));
        REQUIRE(byte.size() == 1);
        CHECK(byte.front().contains(QStringLiteral("8E")));
        CHECK(glossaryFor(QStringLiteral("an orbit of habit")).isEmpty());
    }
    // Korean sentences in Korean.
    translations.setLanguage(QStringLiteral("ko"));
    CHECK(glossaryFor(QStringLiteral("entropy")).front().contains(QStringLiteral("엔트로피")));
    translations.setLanguage(QStringLiteral("en"));
    // Resting the mouse on the softmax view's "entropy … bits" line shows both sentences.
    QWidget root;
    new GlossaryTips(&root);
    auto* view = new SoftmaxView(&root);
    view->setRecord(ts_test::cannedRecord(std::vector<float>(300, 0.0f), 0));
    root.resize(700, 500);
    view->resize(700, 500);
    root.show();
    QPoint at;
    for (const ts::ui::PaintedText& t : textsPaintedBy(view))
        if (t.text.contains(QStringLiteral("entropy"))) at = t.rect.center().toPoint();
    REQUIRE(!at.isNull());
    QHelpEvent help(QEvent::ToolTip, at, view->mapToGlobal(at));
    QApplication::sendEvent(view, &help);
    CHECK(QToolTip::text().contains(QStringLiteral("Entropy:")));
    CHECK(QToolTip::text().contains(QStringLiteral("Bit:")));
    QToolTip::hideText();
}

TEST_CASE("the cost view's FLOP axis shows growth and its money follows the language",
          "[ui][cost]") {
    // Within a few per cent of each other: the axis starts under the smallest, not at 0.
    const auto [low, high] = flopAxisRange(248.0, 259.0);
    CHECK(low > 200.0);
    CHECK(low <= 248.0);
    CHECK(high >= 259.0);
    CHECK((259.0 - 248.0) / (high - low) > 0.3);  // the growth spans a third of the axis or more
    // Far apart: from 0 as before.
    CHECK(flopAxisRange(10.0, 100.0).first == 0.0);
    CHECK(moneyText(216.0, 1400.0, QStringLiteral("ko"), 0) == QStringLiteral("₩302,400 ($216)"));
    CHECK(moneyText(216.0, 1400.0, QStringLiteral("en"), 0) == QStringLiteral("$216 (₩302,400)"));
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("ko"));
    AgentCostCalculator calc;
    CHECK(calc.resultText().contains(QStringLiteral("₩")));
    calc.setWonPerDollar(1000);
    CHECK(calc.resultText().contains(QStringLiteral("₩20,000 ($20)")));
    translations.setLanguage(QStringLiteral("en"));
}
