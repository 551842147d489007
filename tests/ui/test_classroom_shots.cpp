// Screenshots of the classroom views for a human to look at (hidden: run with
// `tokenscope_ui_tests "[.shots]"`; files go to $TOKENSCOPE_SHOT_DIR or /tmp/classroom_shots).
#include <QApplication>
#include <QDir>
#include <QJsonObject>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <cmath>

#include "catch.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/logit_lens_view.hpp"
#include "classroom/probes_view.hpp"
#include "core/transcript_model.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"

using namespace ts::ui;
using ts::TranscriptStep;

namespace {
QString shotDir() {
    QString d = qEnvironmentVariable("TOKENSCOPE_SHOT_DIR");
    if (d.isEmpty()) d = QStringLiteral("/tmp/classroom_shots");
    QDir().mkpath(d);
    return d;
}
void shoot(QWidget* w, const QString& name) {
    w->resize(1200, 760);
    w->show();
    QApplication::processEvents();
    w->grab().save(shotDir() + QLatin1Char('/') + name + QStringLiteral(".png"));
}
ModelInfo model() {
    ModelInfo info;
    const char* dir = std::getenv("TOKENSCOPE_SHOT_MODEL");  // default: the tiny fixture
    auto loaded = ts::loadModelFolder(dir ? std::filesystem::path(dir)
                                          : ts_test::dataDir() / "gpt2-tiny-fullvocab");
    info.model = loaded.model;
    info.tokenizer =
        loaded.tokenizer ? loaded.tokenizer : ts::Tokenizer::fromFolder(ts_test::gpt2VocabDir());
    return info;
}
}  // namespace

TEST_CASE("classroom screenshots", "[.shots]") {
    qputenv("TOKENSCOPE_LESSONS_DIR", QByteArray(TOKENSCOPE_SOURCE_DIR "/resources/lessons"));
    const ModelInfo info = model();
    QWidget window;
    ClassroomHub hub(&window);
    hub.setModel(info);
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        hub.setLanguage(lang);
        hub.lessons()->openLesson(lang == QLatin1String("en") ? 1 : 0);
        shoot(hub.lessons(), QStringLiteral("lessons_") + lang);
        hub.lessons()->openLesson(1);  // the loop lesson's attention step
        hub.lessons()->goToStep(2);
        shoot(hub.lessons(), QStringLiteral("lessons_attention_") + lang);
    }

    LanesView* lanes = hub.lanes();
    lanes->setPrompt(QStringLiteral("나는 오늘"));
    QSignalSpy done(lanes, &LanesView::finished);
    lanes->run();
    REQUIRE(done.wait(60000));
    shoot(lanes, QStringLiteral("lanes_ko_prompt"));

    ConfidenceView* conf = hub.confidence();
    conf->setText(QStringLiteral("The capital of Kiaia is Choix. 범인이 수진이라는 게 밝혀졌다."));
    conf->showScores(
        scoreText(info, "The capital of Kiaia is Choix. 범인이 수진이라는 게 밝혀졌다."));
    shoot(hub.showView(QStringLiteral("confidence")), QStringLiteral("confidence"));

    ProbesView* probes = hub.probes();
    probes->loadFile(QStringLiteral(TOKENSCOPE_SOURCE_DIR "/resources/model/eval/facts.json"));
    QSignalSpy pdone(probes, &ProbesView::finished);
    probes->run();
    REQUIRE(pdone.wait(120000));
    shoot(hub.showView(QStringLiteral("probes")), QStringLiteral("probes"));

    LitmView* litm = hub.litm();
    if (qEnvironmentVariableIsSet("TOKENSCOPE_SHOT_LITM")) {
        // A real measurement with the lab's defaults (the hub loaded the bundled record
        // vocabulary).
        QSignalSpy ldone(litm, &LitmView::finished);
        litm->applySettings(QJsonObject{
            {QStringLiteral("trials"), 20},
            {QStringLiteral("queryAware"), qEnvironmentVariableIsSet("TOKENSCOPE_SHOT_QA")}});
        litm->run();
        REQUIRE(ldone.wait(600000));
        shoot(litm, QStringLiteral("litm_measured"));
        litm->exportCsv(shotDir() + QStringLiteral("/litm_measured.csv"));
    }
    ts::LitmResult r;
    const double acc[5] = {0.25, 0.1, 0.15, 0.45, 0.9};
    const int pos[5] = {1, 6, 11, 15, 20};
    for (int i = 0; i < 5; ++i) {
        ts::LitmPoint p;
        p.position = pos[i];
        p.trials = 20;
        p.accuracy = acc[i];
        p.accuracyLow = std::max(0.0, acc[i] - 0.15);
        p.accuracyHigh = std::min(1.0, acc[i] + 0.15);
        p.meanProb = acc[i] * 0.7;
        p.probLow = p.meanProb * 0.7;
        p.probHigh = p.meanProb * 1.3;
        p.meanRank = 3 - 2 * acc[i];
        p.attentionMass = 0.01 * (i + 1);
        r.points.push_back(p);
    }
    r.contextTokens = 190;
    r.exampleContext = "Code Alpha-41 tiger.\nCode Bravo-90 river.\n…";
    litm->showResult(r);
    shoot(litm, QStringLiteral("litm_canned"));

    LogitLensView* lens = hub.lens();
    std::vector<std::vector<ts::LensEntry>> cols;
    QStringList labels;
    for (int c = 0; c < 8; ++c) {
        std::vector<ts::LensEntry> col;
        for (int l = 0; l < 5; ++l)
            col.push_back({256 + c + (l > 2 ? 100 : l), float(0.05 + 0.2 * l + 0.02 * c),
                           float(8 - 1.5 * l)});
        cols.push_back(col);
        labels << QStringLiteral("%1 tok").arg(c);
    }
    lens->showLens(labels, cols, {});
    shoot(lens, QStringLiteral("lens_canned"));

    TranscriptModel history;
    hub.observe(&history);
    for (int i = 0; i < 30; ++i) {
        auto t = std::make_shared<ts::StepTrace>();
        t->tokens.assign(i == 0 ? 6 : 1, 1);
        t->firstPosition = i == 0 ? 0 : 5 + i;
        t->cost = {i == 0 ? 4.0 : 0.8 + 0.01 * i, (i == 0 ? 6 : 1) * (2.0e7 + 4e4 * i),
                   1.0e7 * (i == 0 ? 1 : 1), 6000.0 * (6 + i), 6 + i};
        auto rec = std::make_shared<TranscriptStep>();
        rec->index = i;
        rec->trace = t;
        history.append(rec);
    }
    shoot(hub.cost(), QStringLiteral("cost_canned"));
}

TEST_CASE("classroom tools inside the main window", "[.shots]") {
    TranslationManager translations;
    MainWindow window(&translations, true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    window.loadModel(QString::fromStdString(ts::bundledModelPath().string()));
    REQUIRE(ready.wait(60000));
    window.setPrompt(QStringLiteral("The culprit turned out to be Sujin. The culprit,"));
    window.generate(8);
    for (int i = 0; i < 600 && window.history().size() < 8; ++i) QTest::qWait(50);
    REQUIRE(window.history().size() >= 4);  // a run may stop early at end of text
    QMenu* classroom = nullptr;
    for (QAction* a : window.menuBar()->actions())
        if (a->menu() && a->menu()->actions().size() >= 7) classroom = a->menu();
    REQUIRE(classroom);
    window.resize(1400, 850);
    window.show();
    const char* names[] = {"lessons", "lanes", "confidence", "probes", "litm", "lens", "cost"};
    for (int lang = 0; lang < 2; ++lang) {
        if (lang == 1) translations.setLanguage(QStringLiteral("ko"));
        for (int i : {0, 5, 6}) {
            classroom->actions().at(i)->trigger();
            QApplication::processEvents();
            window.grab().save(shotDir() +
                               QStringLiteral("/window_%1_%2.png")
                                   .arg(QLatin1String(names[i]),
                                        lang ? QStringLiteral("ko") : QStringLiteral("en")));
        }
    }
}
