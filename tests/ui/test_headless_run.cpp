// Headless access to every view: the option parsers, and HeadlessRun driving the real window on the
// bundled model to each view, a layer/head, a timeline step and a lesson step.
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "catch.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/attention_view.hpp"
#include "stages/embedding_view.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;

TEST_CASE("the view table: every view once, the five stages first and in order, titles translated",
          "[ui][views]") {
    const auto table = viewTable();
    REQUIRE(table.size() >= 14);
    QStringList seen;
    for (const ViewEntry& view : table) {
        const QString name = QLatin1String(view.name);
        INFO(name.toStdString());
        CHECK(name == name.toLower());
        CHECK_FALSE(seen.contains(name));
        seen << name;
        CHECK(findView(name.toUpper()) == &view);
        CHECK_FALSE(viewTitle(view).isEmpty());
        // Settings a picture applies are well-formed JSON, and only for tools that take them.
        if (view.shotSettings[0]) {
            CHECK(view.takesSettings);
            CHECK_FALSE(shotSettings(view).isEmpty());
        }
    }
    for (int s = 0; s < kStageCount; ++s) {
        REQUIRE(stageEntry(s) != nullptr);
        CHECK(stageEntry(s) == &table[static_cast<std::size_t>(s)]);
        CHECK(PipelineBar::stageName(s) == viewTitle(*stageEntry(s)));
    }
    CHECK(stageEntry(kStageCount) == nullptr);
    CHECK(findView(QStringLiteral("lesson")) == nullptr);
    CHECK(findView(QStringLiteral("attention"))->needs == kNeedsAttention);
    // Lessons may show every stage and the tools that take their settings, not the panel.
    const QStringList lessonViews = Lesson::knownViews();
    CHECK(lessonViews.contains(QStringLiteral("tokens")));
    CHECK(lessonViews.contains(QStringLiteral("lanes")));
    CHECK_FALSE(lessonViews.contains(QStringLiteral("lessons")));
}

TEST_CASE("every view of the table is in the window's menus and is shown by name", "[ui][views]") {
    TranslationManager translations;
    MainWindow window(&translations, true);
    QStringList menuTexts;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* a : menu->menu()->actions()) menuTexts << a->text();
    for (const ViewEntry& view : viewTable()) {
        INFO(view.name);
        CHECK(menuTexts.contains(viewTitle(view)));
        CHECK(window.showView(QLatin1String(view.name)));
    }
    CHECK_FALSE(window.showView(QStringLiteral("no such view")));
}

TEST_CASE("headless options: --view lesson:N[:STEP] and --window WxH parse, and say what is wrong",
          "[ui][headless]") {
    HeadlessOptions o;
    QString error;
    CHECK(parseLessonView(QStringLiteral("lesson:2:3"), &o, &error));
    CHECK(o.lesson == 2);
    CHECK(o.lessonStep == 3);
    HeadlessOptions p;
    CHECK(parseLessonView(QStringLiteral("lesson:4"), &p, &error));
    CHECK(p.lessonStep == 1);
    HeadlessOptions q;
    CHECK_FALSE(parseLessonView(QStringLiteral("lesson:0"), &q, &error));
    CHECK_FALSE(parseLessonView(QStringLiteral("lesson:x"), &q, &error));
    CHECK(error.contains(QStringLiteral("lesson:N")));
    HeadlessOptions r;
    CHECK(parseLessonView(QStringLiteral("lanes"), &r, &error));
    CHECK(r.lesson == 0);
    CHECK(parseWindowSize(QStringLiteral("1280x720")) == QSize(1280, 720));
    CHECK_FALSE(parseWindowSize(QStringLiteral("1280")).isValid());
    for (const ViewEntry& view : viewTable()) {
        const QString name = QLatin1String(view.name);
        INFO(name.toStdString());
        // --view accepts it as written and in capitals, as that view (not as a lesson).
        HeadlessOptions v;
        QString e;
        CHECK(parseViewOption(name.toUpper(), &v, &e));
        CHECK(v.view == name);
        CHECK(v.lesson == 0);
    }
    HeadlessOptions l;
    CHECK(parseViewOption(QStringLiteral("lesson:3:2"), &l, &error));
    CHECK((l.lesson == 3 && l.lessonStep == 2 && l.view.isEmpty()));
    // An unknown name says so and lists every valid one.
    HeadlessOptions u;
    QString unknown;
    CHECK_FALSE(parseViewOption(QStringLiteral("lane"), &u, &unknown));
    CHECK(unknown.contains(QStringLiteral("'lane'")));
    for (const QString& name : viewNames()) CHECK(unknown.contains(name));
    CHECK(unknown.contains(QStringLiteral("lesson:N[:STEP]")));
    QString badLesson;
    CHECK_FALSE(parseViewOption(QStringLiteral("lesson"), &u, &badLesson));
    CHECK(badLesson.contains(QStringLiteral("lesson:N")));
}

namespace {
// Runs HeadlessRun on the bundled model; returns the exit code and leaves the window as shot.
int runHeadless(MainWindow& window, HeadlessOptions opts, const QString& file) {
    opts.model = QString::fromStdString(ts::bundledModelPath().string());
    opts.screenshot = file;
    opts.timeoutMs = 60000;
    HeadlessRun run(&window, opts);
    QSignalSpy finished(&run, &HeadlessRun::finished);
    run.start();
    if (!ts_test::waitFor(finished, 1, 70000)) return -1;
    return finished.front().front().toInt();
}
}  // namespace

TEST_CASE("headless runs reach every view, a layer and head, and a timeline step",
          "[ui][headless]") {
    QTemporaryDir dir;
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    {
        MainWindow window(&translations, true);
        window.resize(1280, 720);
        window.show();
        HeadlessOptions o;
        o.prompt = QStringLiteral("The culprit turned out to be Sujin. The culprit,");
        o.steps = 3;
        o.view = QStringLiteral("attention");
        o.layer = 2;
        o.head = 3;
        o.selectStep = 1;
        const QString file = dir.filePath(QStringLiteral("a.png"));
        REQUIRE(runHeadless(window, o, file) == 0);
        auto* att =
            qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
        REQUIRE(att);
        CHECK(att->layer() == 1);
        CHECK(att->head() == 2);
        CHECK(window.stage() == static_cast<int>(Stage::Attention));
        CHECK(QImage(file).size() == window.size());
        CHECK(window.height() == 720);
    }
    {
        // The tokenizer comparison, headless: the model's tokenizer in the first column.
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("Hello");
        o.steps = 1;
        o.view = QStringLiteral("tokenizers");
        CHECK(runHeadless(window, o, dir.filePath(QStringLiteral("t.png"))) == 0);
        CHECK(window.classroom()->tokenizers()->isVisibleTo(&window));
        CHECK(window.classroom()->tokenizers()->columnCount() >= 1);
    }
    {
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("Hello");
        o.steps = 2;
        o.view = QStringLiteral("cost");
        CHECK(runHeadless(window, o, dir.filePath(QStringLiteral("c.png"))) == 0);
        CHECK(window.classroom()->cost()->isVisibleTo(&window));
    }
    {
        // Lanes start from the main window's prompt and seed.
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("The detective gathered everyone in the");
        o.steps = 1;
        o.params.seed = 4;
        o.view = QStringLiteral("lanes");
        CHECK(runHeadless(window, o, dir.filePath(QStringLiteral("lanes.png"))) == 0);
        CHECK(window.classroom()->lanes()->prompt() == o.prompt);
        CHECK(window.classroom()->lanes()->seed() == 4);
    }
    {
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("Hello");
        o.steps = 2;
        o.view = QStringLiteral("attention");
        o.layer = 99;  // the bundled model has 4
        CHECK(runHeadless(window, o, dir.filePath(QStringLiteral("bad.png"))) == 1);
    }
    {
        // --word-map: the picture is taken once the map is made (on a thread of the view's).
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("The capital of Nalania is");
        o.steps = 1;
        o.view = QStringLiteral("embedding");
        o.wordMap = QStringLiteral("atlas");
        CHECK(runHeadless(window, o, dir.filePath(QStringLiteral("map.png"))) == 0);
        auto* embedding =
            qobject_cast<EmbeddingView*>(window.stageView(static_cast<int>(Stage::Embedding)));
        REQUIRE(embedding);
        REQUIRE(embedding->wordMap());
        CHECK(embedding->wordMap()->words.size() == 16);  // eight countries and their capitals
        CHECK(embedding->wordMap()->words.front().word == "Nalania");
    }
    {
        MainWindow window(&translations, true);
        HeadlessOptions o;
        o.prompt = QStringLiteral("Hello");
        o.steps = 1;
        o.view = QStringLiteral("embedding");
        o.wordMap = QStringLiteral(" ; , ");
        CHECK(runHeadless(window, o, dir.filePath(QStringLiteral("nomap.png"))) == 1);
    }
}

TEST_CASE("headless lesson:N:STEP walks the lesson to that step", "[ui][headless][lessons]") {
    QTemporaryDir dir;
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, true);
    HeadlessOptions o;
    QString error;
    REQUIRE(parseLessonView(QStringLiteral("lesson:2:2"), &o, &error));
    REQUIRE(runHeadless(window, o, dir.filePath(QStringLiteral("l.png"))) == 0);
    LessonPanel* lessons = window.classroom()->lessons();
    CHECK(lessons->currentLesson() == 1);
    CHECK(lessons->currentStep() == 1);
    CHECK_FALSE(window.history().empty());
    HeadlessOptions bad;
    REQUIRE(parseLessonView(QStringLiteral("lesson:2:99"), &bad, &error));
    MainWindow other(&translations, true);
    CHECK(runHeadless(other, bad, dir.filePath(QStringLiteral("x.png"))) == 1);
}
