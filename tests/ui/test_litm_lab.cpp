// The lost-in-the-middle lab around a run: it states up front what the loaded model does
// (the bundled model's evaluation data, and that a real model is needed for the U), times
// the model and asks before a long run (cancelling leaves everything as it
// was), and saves and opens results as JSON, refusing a damaged file without losing what is on
// screen.
#include <QApplication>
#include <QChart>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>

#include "catch.hpp"
#include "classroom/litm_view.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;

namespace {

ts::LitmPoint point(int position, double accuracy) {
    ts::LitmPoint p;
    p.position = position;
    p.trials = 10;
    p.accuracy = p.meanProb = accuracy;
    p.accuracyLow = p.probLow = accuracy * 0.8;
    p.accuracyHigh = p.probHigh = std::min(1.0, accuracy * 1.2);
    p.meanRank = 1;
    return p;
}

}  // namespace

TEST_CASE("the lab states what the bundled model does, from its evaluation data",
          "[classroom][litm]") {
    LitmView view;
    CHECK(view.evaluationText().contains(QStringLiteral("Load a model")));
    view.setModel(ts_test::bundledModelInfo());
    const QString text = view.evaluationText();
    INFO(text.toStdString());
    // What the text says follows the data (retraining changes the data, not this test): found
    // everywhere (at least 95 % at every position), or the shape of the curve; either way it
    // points to a real model for the U.
    REQUIRE(view.result().points.size() == 30);
    double lowest = 1;
    for (const auto& p : view.result().points) lowest = std::min(lowest, p.accuracy);
    if (lowest >= 0.95) {
        CHECK(text.startsWith(
            QStringLiteral("The bundled model finds the record at every position")));
        CHECK(text.contains(QStringLiteral("no lost-in-the-middle effect")));
    } else {
        CHECK(text.startsWith(
            QStringLiteral("From the evaluation data of The bundled model (30 records")));
        CHECK(text.contains(
            QStringLiteral("%1 %").arg(view.result().points.front().accuracy * 100, 0, 'f', 0)));
    }
    CHECK(text.contains(QStringLiteral("Qwen2.5-0.5B")));
    // the charts show that evaluation until something is run or opened
    REQUIRE(view.result().points.size() == 30);
    CHECK(view.measuredTitle().contains(QStringLiteral("evaluation data")));
    CHECK(view.options().records == 30);

    // A model whose folder has no evaluation data (here a Hugging Face cache snapshot, named
    // by its repository, not its commit): the lab offers to measure it.
    QTemporaryDir cache;
    const QString snapshot =
        cache.filePath(QStringLiteral("models--Qwen--Qwen2.5-0.5B/snapshots/abc123"));
    REQUIRE(QDir().mkpath(snapshot));
    ModelInfo other = ts_test::bundledModelInfo();
    other.folder = snapshot;
    other.name = QStringLiteral("abc123");
    view.setModel(other);
    CHECK(view.evaluationText().startsWith(
        QStringLiteral("No lost-in-the-middle measurements come with Qwen/Qwen2.5-0.5B")));
    CHECK(view.evaluationText().contains(QStringLiteral("how long the run will take")));
}

TEST_CASE("in Korean the lab asks with the Korean records", "[classroom][litm][i18n]") {
    // The bundled model was trained on "코드 알파-36 사과." records as well as English ones
    // (eval/kv_records_ko.json): a Korean class sees and measures those.
    LitmView view;
    view.setLanguage(QStringLiteral("ko"));
    view.setModel(ts_test::bundledModelInfo());
    CHECK(view.recordsFile(view.modelInfo().folder).endsWith(QStringLiteral("kv_records_ko.json")));
    ts::LitmOptions o = view.options();
    CHECK(o.recordTemplate == "코드 {key} {value}.");
    CHECK(o.queryTemplate == "코드 {key}");
    REQUIRE_FALSE(o.keyWords.empty());
    CHECK(o.keyWords.front() == "알파");
    // The evaluation data still shows (its numbers are the English run's).
    CHECK(view.result().points.size() == 30);
    // A live switch back to English reads the English records again, and back.
    view.setLanguage(QStringLiteral("en"));
    o = view.options();
    CHECK(o.recordTemplate == "Code {key} {value}.");
    REQUIRE_FALSE(o.keyWords.empty());
    CHECK(o.keyWords.front() == "Alpha");
    view.setLanguage(QStringLiteral("ko"));
    CHECK(view.options().keyWords.front() == "알파");
}

TEST_CASE("the evaluation sentence and durations", "[classroom][litm]") {
    ts::LitmRun run;
    run.options.records = 20;
    run.result.contextTokens = 130;
    run.result.points = {point(1, 0.9), point(10, 0.4), point(20, 0.85)};
    const QString u = LitmView::evaluationSummary(run, QStringLiteral("Qwen2.5-0.5B"));
    CHECK(u.startsWith(QStringLiteral("From the evaluation data of Qwen2.5-0.5B")));
    CHECK(u.contains(QStringLiteral("U-shape")));
    run.result.points = {point(1, 1.0), point(20, 0.97)};
    CHECK(LitmView::evaluationSummary(run, QStringLiteral("X"))
              .contains(QStringLiteral("no lost-in-the-middle effect")));
    CHECK(LitmView::approximateDuration(0.2) == QStringLiteral("under a second"));
    CHECK(LitmView::approximateDuration(42) == QStringLiteral("about 42 s"));
    CHECK(LitmView::approximateDuration(600) == QStringLiteral("about 10 min"));
    CHECK(LitmView::approximateDuration(4 * 3600) == QStringLiteral("about 4.0 h"));
}

TEST_CASE("a long run asks first with its estimate, a short one just runs",
          "[classroom][litm][slow]") {
    LitmView view;
    view.setModel(ts_test::bundledModelInfo());
    QStringList asked;
    bool answer = false;
    view.setRunConfirmation([&](const QString& question) {
        asked << question;
        return answer;
    });
    QSignalSpy done(&view, &LitmView::finished);
    const auto evaluation = view.result().points.size();

    // Long: 1000 contexts of 80 records, 50 questions each, the longest run the lab allows:
    // about a minute on the bundled model, estimated anywhere from 19 s to 3 min with the
    // machine's load (CI met both sides of the 20 s question). So the test asks above 1 s,
    // which the long run always passes and the short run below (milliseconds) never does.
    // Declined: nothing runs, nothing changes.
    view.setAskAboveSeconds(1.0);
    view.applySettings(QJsonObject{{QStringLiteral("records"), 80},
                                   {QStringLiteral("positions"), 50},
                                   {QStringLiteral("trials"), 1000}});
    view.run();
    CHECK(view.isBusy());  // the timing runs off the GUI thread
    const bool asks = ts_test::waitUntil([&] { return !asked.isEmpty(); });
    INFO(view.statusText().toStdString());
    REQUIRE(asks);
    REQUIRE(view.lastEstimate());
    CHECK(*view.lastEstimate() > view.askAboveSeconds());
    CHECK(asked.front().contains(LitmView::approximateDuration(*view.lastEstimate())));
    CHECK(asked.front().contains(QStringLiteral("1000 contexts")));
    CHECK_FALSE(view.isBusy());
    CHECK(view.statusText().startsWith(QStringLiteral("Not started")));
    CHECK(view.result().points.size() == evaluation);
    CHECK(done.isEmpty());

    // Accepted: it runs, shows progress, and can be cancelled; the results on screen stay.
    answer = true;
    view.run();
    const bool askedAgain = ts_test::waitUntil([&] { return asked.size() == 2; });
    INFO(view.statusText().toStdString());
    REQUIRE(askedAgain);
    REQUIRE(ts_test::waitUntil([&] { return view.progress() > 0.001; }));
    CHECK(view.isBusy());
    view.cancel();
    REQUIRE(ts_test::waitUntil([&] { return !view.isBusy(); }));
    INFO(view.statusText().toStdString());
    CHECK(view.statusText() == QStringLiteral("Cancelled."));
    CHECK(view.result().points.size() == evaluation);
    CHECK(done.isEmpty());

    // Short: no question, the result arrives.
    view.applySettings(QJsonObject{{QStringLiteral("records"), 8},
                                   {QStringLiteral("positions"), 3},
                                   {QStringLiteral("trials"), 2}});
    view.run();
    REQUIRE(done.wait(30000));
    CHECK(asked.size() == 2);
    CHECK(*view.lastEstimate() < view.askAboveSeconds());
    REQUIRE(view.result().points.size() == 3);
    CHECK(view.measuredTitle().contains(QStringLiteral("measured now")));
    CHECK(view.statusText().startsWith(QStringLiteral("Done in")));
}

TEST_CASE("results save and open, a damaged file changes nothing", "[classroom][litm]") {
    QTemporaryDir dir;
    LitmView view;
    ts::LitmResult r;
    r.contextTokens = 140;
    r.points = {point(1, 0.7), point(11, 0.3), point(20, 0.8)};
    r.exampleContext = "Code Alpha-41 tiger. Code Alpha-41";
    view.showResult(r);
    const QString path = dir.filePath(QStringLiteral("sweep.json"));
    QString error;
    REQUIRE(view.saveResults(path, &error));

    LitmView other;
    REQUIRE(other.openResults(path, &error));
    REQUIRE(other.result().points.size() == 3);
    CHECK(other.result().points[1].position == 11);
    CHECK(other.result().points[1].accuracy == Approx(0.3));
    CHECK(other.result().contextTokens == 140);
    CHECK(other.conclusion() == view.conclusion());
    CHECK(other.measuredTitle().contains(QStringLiteral("sweep.json")));

    // damaged: truncated, and a field out of range
    QFile bad(dir.filePath(QStringLiteral("bad.json")));
    REQUIRE(bad.open(QIODevice::WriteOnly));
    bad.write(
        R"({"format": "tokenscope-litm-results", "records": 20, "trials": 10, "points": [{"position": 1, "accuracy": 7, "mean_prob": 0.5}]})");
    bad.close();
    CHECK_FALSE(other.openResults(bad.fileName(), &error));
    CHECK(error.contains(QStringLiteral("bad.json")));
    CHECK(error.contains(QStringLiteral("\"accuracy\"")));
    CHECK(other.result().points.size() == 3);  // still the opened sweep
    CHECK(other.measuredTitle().contains(QStringLiteral("sweep.json")));
    CHECK_FALSE(other.openResults(dir.filePath(QStringLiteral("missing.json")), &error));
    CHECK(error.contains(QStringLiteral("cannot open")));
    CHECK_FALSE(view.saveResults(dir.filePath(QStringLiteral("no/such/dir/x.json")), &error));
    CHECK(error.contains(QStringLiteral("cannot write")));
}

TEST_CASE("the example context is in sight without scrolling at 1280x720",
          "[classroom][litm][layout]") {
    // The lab scrolls; its example context stood under the table, out of sight at 1280x720.
    const QString language = GENERATE(QStringLiteral("en"), QStringLiteral("ko"));
    TranslationManager translations;
    translations.setLanguage(language);
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    window.show();
    REQUIRE(window.showView(QStringLiteral("litm")));
    auto* view = window.findChild<LitmView*>();
    REQUIRE(view);
    ts::LitmResult r;
    r.contextTokens = 184;
    r.points = {point(1, 1.0), point(15, 0.95), point(30, 1.0)};
    r.exampleContext = "Code Alpha-41 tiger. Code Bravo-12 lamp. Code Alpha-41";
    view->showResult(r);
    QApplication::processEvents();
    auto* example = view->findChild<QLabel*>(QStringLiteral("litmExample"));
    REQUIRE(example);
    CHECK(example->text().contains(QStringLiteral("Code Bravo-12 lamp")));
    // Where it stands in the scroll area's viewport, scrolled to the top.
    QWidget* viewport = example->parentWidget()->parentWidget();
    const int bottom = example->mapTo(viewport, QPoint(0, example->height())).y();
    INFO(language.toStdString() << ": example ends at y " << bottom << " of "
                                << viewport->height());
    CHECK(bottom <= viewport->height());
}
