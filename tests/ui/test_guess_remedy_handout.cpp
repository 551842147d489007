// Issue #49 in the app: the guessing game hides the distribution and the draw until Reveal and
// then scores each guess against the step's own logits; "Give it the fact" turns held-out facts
// from wrong to right on the bundled model in both languages; and a lesson exported as a PDF has
// one page per step with the step titles as text (pdfinfo and pdftotext read it back).
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <cmath>

#include "catch.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/fact_remedy.hpp"
#include "classroom/guess_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/probes_view.hpp"
#include "layout_checks.hpp"
#include "shell/headless_run.hpp"
#include "shell/lesson_export.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/sampling.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts_test::waitFor;
using ts_test::waitUntil;

namespace {

const QString kSeedPrompt = QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은");

// A headless run on the bundled model (the picture in `dir`); the exit code.
int runHeadless(MainWindow& window, HeadlessOptions o, const QTemporaryDir& dir) {
    window.resize(1280, 720);
    window.show();
    o.model = QString::fromStdString(ts::bundledModelPath().string());
    if (o.screenshot.isEmpty() && o.exportLesson == 0)
        o.screenshot = dir.filePath(QStringLiteral("shot.png"));
    HeadlessRun run(&window, o);
    QSignalSpy finished(&run, &HeadlessRun::finished);
    run.start();
    if (!waitFor(finished, 1, 240000)) return -1;
    return finished.front().front().toInt();
}

QStringList visibleLabelTexts(QWidget* root) {
    QStringList out;
    for (auto* l : root->findChildren<QLabel*>())
        if (l->isVisibleTo(root)) out << l->text();
    return out;
}

}  // namespace

TEST_CASE(
    "guess first: the distribution and the draw stay hidden until Reveal, which scores each "
    "guess against the step's own logits and counts the votes for the top token",
    "[ui][guess]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    QTemporaryDir dir;
    MainWindow window(&translations, true);
    HeadlessOptions o;
    o.prompt = kSeedPrompt;
    o.steps = 1;
    o.view = QStringLiteral("guess");
    REQUIRE(runHeadless(window, o, dir) == 0);
    REQUIRE(window.showView(QStringLiteral("guess")));
    GuessView* guess = window.classroom()->guess();
    ts_test::settle(window);
    REQUIRE(window.history().size() == 1);
    const auto record = window.history().back();
    CHECK(guess->stepIndex() == record->index);
    // Hidden: the context ends before the drawn token, no table, no probabilities on screen.
    CHECK_FALSE(guess->isRevealed());
    CHECK(guess->contextText() == kSeedPrompt);
    CHECK_FALSE(guess->findChild<QTableWidget*>(QStringLiteral("guessTable"))->isVisibleTo(guess));
    for (const QString& t : visibleLabelTexts(guess)) CHECK_FALSE(t.contains(QLatin1Char('%')));
    CHECK(guess->shortlist().size() == 7);

    guess->addGuesses(QStringLiteral("수진, 민준，수진"));
    CHECK(guess->guesses().size() == 3);
    guess->reveal(true);
    REQUIRE(waitUntil([&] { return !guess->isBusy() && guess->isRevealed(); }, 30000));
    REQUIRE(guess->scores().size() == 2);
    CHECK(guess->votesFor(QStringLiteral("수진")) == 2);
    // The reference: the step's stored logits through the distribution it was drawn from (the
    // step's temperature and top-p), and through a plain softmax for the figure at T = 1.
    const auto drawnFrom = ts::samplingDistribution(record->trace->logits, record->params);
    const auto atOne = ts::softmax(record->trace->logits);
    const int top = ts::argmax(record->trace->logits);
    for (const auto& s : guess->scores()) {
        INFO(s.guess);
        const auto id = static_cast<std::size_t>(s.tokens.front());
        CHECK(s.prob == Approx(drawnFrom[id]).margin(1e-6));
        CHECK(s.probAtOne == Approx(atOne[id]).margin(1e-9));
        CHECK(s.isTop == (s.tokens.front() == top));
    }
    // " 수진" is the top token here (the bundled model's README, measured by torch).
    const auto& sujin = guess->scores().front();
    CHECK(sujin.guess == "수진");
    CHECK(sujin.isTop);
    CHECK(guess->topVotes() == 2);
    CHECK(guess->verdictText().startsWith(QStringLiteral("2 of 3 guesses")));
    CHECK(guess->isDrawShown());
    CHECK(guess->drawText().contains(QStringLiteral("landed on")));
    CHECK(guess->findChild<QTableWidget*>(QStringLiteral("guessTable"))->isVisibleTo(guess));
    // Live to Korean: the verdict in Korean, the numbers the same.
    translations.setLanguage(QStringLiteral("ko"));
    QApplication::processEvents();
    CHECK(guess->verdictText().contains(QStringLiteral("2")));
    CHECK_FALSE(guess->verdictText().contains(QStringLiteral("guesses")));
    // Hide again: the table goes, the guesses stay.
    guess->hideAgain();
    CHECK_FALSE(guess->isRevealed());
    CHECK(guess->guesses().size() == 3);
}

TEST_CASE(
    "the headless --view guess --guesses pictures the revealed round, in Korean and in "
    "presentation "
    "mode, without layout faults",
    "[ui][guess][headless]") {
    for (const bool presentation : {false, true}) {
        TranslationManager translations;
        translations.setLanguage(QStringLiteral("ko"));
        QTemporaryDir dir;
        MainWindow window(&translations, true);
        window.setPresentation(presentation);
        HeadlessOptions o;
        o.prompt = kSeedPrompt;
        o.steps = 1;
        o.view = QStringLiteral("guess");
        o.guesses = QStringLiteral("수진,민준");
        REQUIRE(runHeadless(window, o, dir) == 0);
        CHECK(QFile::exists(dir.filePath(QStringLiteral("shot.png"))));
        GuessView* guess = window.classroom()->guess();
        CHECK(guess->isRevealed());
        CHECK(guess->isDrawShown());
        CHECK(guess->guesses() == QStringList({QStringLiteral("수진"), QStringLiteral("민준")}));
        CHECK(guess->topVotes() == 1);
        const QStringList faults = ts_test::windowFaults(
            window, QSize(1280, 720),
            QStringLiteral("guess revealed, presentation %1").arg(presentation), false);
        INFO(faults.join(QLatin1Char('\n')).toStdString());
        CHECK(faults.isEmpty());
        window.setPresentation(false);
    }
}

TEST_CASE(
    "give it the fact: a held-out English and a Korean fact go from wrong to right on the "
    "bundled model, before and after side by side",
    "[ui][remedy]") {
    // Both measured with `tokenscope-cli probe --with-fact` (docs/classroom.md).
    const std::vector<ts::FactProbe> probes = {{"The people of Vaiostra speak",
                                                " Ruan",
                                                {" Uliaish", " Oreish", " Veleish"},
                                                "held_out/language",
                                                ""},
                                               {"수다라 사람들은",
                                                " 탈라이시어",
                                                {" 탈레이안어", " 마라이어", " 트레이에세어"},
                                                "held_out/language",
                                                ""}};
    FactRemedyPanel panel;
    panel.setModel(ts_test::bundledModelInfo());
    panel.setProbes(probes);
    panel.setOn(true);
    REQUIRE(waitUntil([&] { return !panel.isBusy() && panel.remedies().size() == 2; }, 60000));
    for (std::size_t i = 0; i < 2; ++i) {
        INFO(probes[i].prompt);
        CHECK_FALSE(panel.remedies()[i].before.truthWins);
        CHECK(panel.remedies()[i].after.truthWins);
        CHECK(panel.remedies()[i].flipped());
    }
    const auto counts = panel.counts();
    REQUIRE(counts.size() == 2);
    for (const auto& c : counts) CHECK((c.probes == 1 && c.wrongBefore == 1 && c.flipped == 1));
    // Side by side: the left column before, the right after, each with both probabilities.
    const QStringList texts = panel.bars()->texts();
    REQUIRE(texts.size() == 14);
    CHECK(texts[0] == QStringLiteral("Without the fact"));
    CHECK(texts[7] == QStringLiteral("With the fact in front"));
    CHECK(texts[5] == QStringLiteral("A false answer beats the true one"));
    CHECK(texts[12] == QStringLiteral("True beats every false answer"));
    CHECK(texts[1].contains(QStringLiteral("Ruan")));
    // The clearest English turn is the one shown first (an English interface).
    CHECK(panel.shownProbe() == 0);
}

TEST_CASE(
    "the remedy's switch is in the fact probes and the confidence colouring, and "
    "--with-fact turns it on headlessly",
    "[ui][remedy][headless]") {
    for (const QString& view : {QStringLiteral("confidence"), QStringLiteral("probes")}) {
        TranslationManager translations;
        translations.setLanguage(QStringLiteral("en"));
        QTemporaryDir dir;
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("The people of Vaiostra speak");
        o.steps = 2;
        o.view = view;
        o.withFact = true;
        REQUIRE(runHeadless(window, o, dir) == 0);
        FactRemedyPanel* panel = view == QLatin1String("probes")
                                     ? window.classroom()->probes()->remedy()
                                     : window.classroom()->confidence()->remedy();
        INFO(view.toStdString());
        CHECK(panel->isOn());
        REQUIRE_FALSE(panel->remedies().empty());
        REQUIRE(panel->shownProbe() >= 0);
        // The probe on show is one the fact turned from wrong to right, in English.
        const auto& shown = panel->remedies()[static_cast<std::size_t>(panel->shownProbe())];
        CHECK(shown.flipped());
        CHECK_FALSE(
            ts::hasHangul(panel->probes()[static_cast<std::size_t>(panel->shownProbe())].prompt));
        CHECK(panel->countText().contains(QStringLiteral("English")));
    }
}

TEST_CASE("File > Export lesson: one PDF page per step, titles and texts as text in Korean",
          "[ui][handout]") {
    const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdfinfo.isEmpty() || pdftotext.isEmpty())
        TS_SKIP("poppler-utils (pdfinfo, pdftotext) are not installed: packaging/dev.sh test");
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("ko"));
    QTemporaryDir dir;
    MainWindow window(&translations, true);
    HeadlessOptions o;
    o.exportLesson = 2;  // the autoregressive loop
    o.exportLessonFile = dir.filePath(QStringLiteral("lesson2.pdf"));
    REQUIRE(runHeadless(window, o, dir) == 0);
    const Lesson& lesson = window.classroom()->lessons()->lessons()[1];
    QProcess info;
    info.start(pdfinfo, {o.exportLessonFile});
    REQUIRE(info.waitForFinished(30000));
    const QString infoText = QString::fromUtf8(info.readAllStandardOutput());
    CHECK(infoText.contains(
        QRegularExpression(QStringLiteral("Pages:\\s+%1\\b").arg(lesson.steps.size()))));
    QProcess text;
    text.start(pdftotext, {o.exportLessonFile, QStringLiteral("-")});
    REQUIRE(text.waitForFinished(30000));
    const QString extracted = QString::fromUtf8(text.readAllStandardOutput());
    for (const LessonStep& step : lesson.steps) {
        const QString title = step.title.in(QStringLiteral("ko"));
        INFO(title.toStdString());
        CHECK(extracted.contains(title));
    }
    // The texts too (their first words; pdftotext breaks lines where the page does).
    const QString first =
        lesson.steps.front().textIn(QStringLiteral("ko")).section(QLatin1Char(' '), 0, 2);
    CHECK(extracted.contains(first));
    // The user's setup is back and presentation mode is as before.
    CHECK_FALSE(window.classroom()->lessons()->isOpen());
    CHECK_FALSE(window.isPresentation());
}

TEST_CASE(
    "an exported lesson that is cancelled leaves no file, and a lesson that does not exist "
    "is refused",
    "[ui][handout]") {
    TranslationManager translations;
    QTemporaryDir dir;
    MainWindow window(&translations, true);
    HeadlessOptions o;
    o.exportLesson = 99;
    o.exportLessonFile = dir.filePath(QStringLiteral("none.pdf"));
    CHECK(runHeadless(window, o, dir) == 1);
    CHECK_FALSE(QFile::exists(o.exportLessonFile));
    const QString file = dir.filePath(QStringLiteral("cancelled.pdf"));
    LessonExporter exporter(&window, 0, file);
    QSignalSpy progress(&exporter, &LessonExporter::progress);
    QSignalSpy finished(&exporter, &LessonExporter::finished);
    exporter.start();
    REQUIRE(waitFor(progress, 1, 60000));
    exporter.cancel();
    REQUIRE(finished.size() == 1);
    CHECK_FALSE(finished.front().front().toBool());
    CHECK_FALSE(QFile::exists(file));
    CHECK_FALSE(window.classroom()->lessons()->isOpen());
}
