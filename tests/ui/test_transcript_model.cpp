// One history on the GUI thread: the window's TranscriptModel is the only step list; the
// window, timeline and the classroom tools that read steps (cost meter, logit lens,
// confidence colouring) observe it, and a branch or a budget thinning reaches every
// observer. And app = CLI = lane: the worker (the app) draws the tokens that
// `tokenscope-cli generate` and a temperature lane draw for the same settings. And a
// transcript file opens without its model (its steps as recorded) and is replayed when the
// model that made it is loaded.
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <nlohmann/json.hpp>

#include "catch.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/logit_lens_view.hpp"
#include "core/engine_controller.hpp"
#include "core/transcript_model.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/timeline_view.hpp"
#include "shell/translation_manager.hpp"
#include "stages/softmax_view.hpp"
#include "test_paths.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model.hpp"
#include "tools/random_model.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts_test::tinyModel;
using ts_test::waitFor;

namespace {

// An observer that records what it was told and keeps nothing else.
struct Recorder : TranscriptObserver {
    std::vector<int> froms;
    std::vector<TranscriptStepPtr> lastSeen;  // the model's steps at the last notification
    void transcriptChanged(const TranscriptModel& model, int from) override {
        froms.push_back(from);
        lastSeen.assign(model.steps().begin(), model.steps().end());
    }
};

TranscriptStepPtr canned(int index, int sampled) {
    auto t = std::make_shared<ts::StepTrace>();
    t->firstPosition = index == 0 ? 0 : 2 + index;
    t->tokens.assign(index == 0 ? 3 : 1, 1);
    auto r = std::make_shared<TranscriptStep>();
    r->index = index;
    r->trace = t;
    r->sampledToken = sampled;
    return r;
}

}  // namespace

TEST_CASE("transcript model: appends, cuts and replacements reach observers in order",
          "[ui][history]") {
    TranscriptModel model;
    Recorder a, b;
    std::vector<char> order;
    struct Tagged : TranscriptObserver {
        Tagged(std::vector<char>* o, char t) : order(o), tag(t) {}
        std::vector<char>* order;
        char tag;
        void transcriptChanged(const TranscriptModel&, int) override { order->push_back(tag); }
    } first(&order, '1'), second(&order, '2');
    model.addObserver(&first);
    model.addObserver(&a);
    model.addObserver(&second);
    model.addObserver(&b);
    for (int i = 0; i < 5; ++i) model.append(canned(i, 10 + i));
    CHECK(order == std::vector<char>{'1', '2', '1', '2', '1', '2', '1', '2', '1', '2'});
    CHECK(a.froms == std::vector<int>{0, 1, 2, 3, 4});
    // A branch: step 2 arrives again, everything from 2 on is replaced.
    model.append(canned(2, 99));
    REQUIRE(model.size() == 3);
    CHECK(a.froms.back() == 2);
    CHECK(a.lastSeen == model.steps());
    CHECK(b.lastSeen == model.steps());
    model.truncate(1);
    CHECK(a.froms.back() == 1);
    CHECK(model.size() == 1);
    auto thinned = std::make_shared<TranscriptStep>(*model.at(0));
    thinned->summary = std::make_shared<ts::StepSummary>();
    model.replace(thinned);
    CHECK(model.at(0) == thinned);
    CHECK(model.thinnedCount() == 1);
    CHECK(b.froms.back() == 0);
    model.removeObserver(&a);
    model.truncate(0);
    CHECK(a.froms.back() == 0);
    CHECK(b.lastSeen.empty());
    CHECK(a.lastSeen.size() == 1);  // a no longer hears
}

TEST_CASE(
    "one history: the window, its timeline and an observer share the steps, a branch "
    "updates every observer",
    "[ui][history][window]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    Recorder observer;
    window.transcript()->addObserver(&observer);
    window.setPrompt(QStringLiteral("1 2 3"));
    window.generate(4);
    REQUIRE(waitFor(records, 4));
    // One list: the window's history is the model's, not a copy.
    CHECK(&window.history() == &window.transcript()->steps());
    CHECK(observer.lastSeen == window.history());
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    REQUIRE(softmax);
    CHECK(softmax->record() == window.history().back());

    // Branch from step 3 (the one shown) with another candidate.
    const auto shown = window.history().back();
    const int other = (shown->sampledToken + 1) % 512;
    observer.froms.clear();
    emit softmax->candidateChosen(other);
    // The views follow the model within a frame (the window coalesces its refreshes).
    for (int i = 0;
         i < 400 && !(window.history().size() == 5 && window.history()[3]->sampledToken == other &&
                      softmax->record() == window.history().back());
         ++i)
        QTest::qWait(25);
    REQUIRE(window.history().size() == 5);
    CHECK(window.history()[3]->sampledToken == other);
    CHECK(window.history()[3]->chosen);
    CHECK(window.history()[4]->trace->tokens.front() == other);
    REQUIRE_FALSE(observer.froms.empty());
    CHECK(observer.froms.front() == 3);  // the cut reached the observer first
    CHECK(observer.lastSeen == window.history());
    CHECK(softmax->record() == window.history().back());  // the window followed the branch

    // The classroom tools that read steps observe the same model (no copies) and followed
    // the branch: a cost row and a lens column per step, the generated text available.
    ClassroomHub* hub = window.classroom();
    REQUIRE(hub);
    CHECK(hub->cost()->transcript() == window.transcript());
    CHECK(hub->lens()->transcript() == window.transcript());
    CHECK(hub->confidence()->transcript() == window.transcript());
    CHECK(hub->cost()->totals().steps == 5);
    CHECK(hub->cost()->tableRows() == 5);
    CHECK(hub->cost()->totals().contextLength ==
          static_cast<int>(window.history().back()->contextSize()));
    REQUIRE(hub->lens()->columnCount() == 5);
    // The last column is the step after the branch: its input is the chosen token.
    CHECK(hub->lens()->columnLabels().back().startsWith(
        QString::number(window.history().back()->trace->lastPosition()) + QLatin1Char(' ')));
    CHECK(hub->confidence()->canUseGenerated());
    // A cut reaches them too.
    window.engine()->reset();
    for (int i = 0; i < 400 && !window.history().empty(); ++i) QTest::qWait(25);
    CHECK(hub->cost()->tableRows() == 0);
    CHECK(hub->lens()->columnCount() == 0);
    CHECK_FALSE(hub->confidence()->canUseGenerated());
    window.transcript()->removeObserver(&observer);
}

TEST_CASE("app = CLI = lane: the worker, generate and a lane draw the same tokens",
          "[ui][history][transcript]") {
    ts::SamplingParams p;
    p.temperature = 1.2f;
    p.topK = 80;
    p.topP = 0.95f;
    p.seed = 4;
    const int n = 12;

    // The app: the worker thread, through the controller.
    EngineController engine;
    QSignalSpy loaded(engine.worker(), &EngineWorker::modelLoaded);
    engine.loadModel(tinyModel());
    REQUIRE(waitFor(loaded, 1));
    QSignalSpy records(engine.worker(), &EngineWorker::stepFinished);
    engine.startPrompt(QStringLiteral("3 14 15 92"), p);
    engine.run(n - 1, p, 0);
    REQUIRE(waitFor(records, n));
    std::vector<int> app;
    for (int i = 0; i < n; ++i) {
        const auto r = records.at(i).front().value<TranscriptStepPtr>();
        app.push_back(r->sampledToken);
        CHECK(r->uniform == ts::uniformAt(p.seed, r->trace->lastPosition() + 1));
    }

    // A temperature lane.
    const auto model = ts::Model::loadFolder(tinyModel().toStdString());
    const auto lanes = ts::runTemperatureLanes(model, {3, 14, 15, 92}, {p.temperature}, n, p);
    std::vector<int> lane;
    for (const auto& t : lanes[0].tokens) lane.push_back(t.token);
    CHECK(lane == app);

    // The CLI.
    QProcess cli;
    cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
              {QStringLiteral("generate"), QStringLiteral("--model"), tinyModel(),
               QStringLiteral("--ids"), QStringLiteral("3,14,15,92"), QStringLiteral("--steps"),
               QString::number(n), QStringLiteral("--temperature"), QStringLiteral("1.2"),
               QStringLiteral("--top-k"), QStringLiteral("80"), QStringLiteral("--top-p"),
               QStringLiteral("0.95"), QStringLiteral("--seed"), QStringLiteral("4"),
               QStringLiteral("--json")});
    REQUIRE(cli.waitForFinished(60000));
    REQUIRE(cli.exitCode() == 0);
    const auto j = nlohmann::json::parse(cli.readAllStandardOutput().toStdString());
    CHECK(j["generated"].get<std::vector<int>>() == app);
}

TEST_CASE("a transcript file written by the window reopens with the same steps",
          "[ui][history][window]") {
    TranslationManager translations;
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    window.setPrompt(QStringLiteral("7 8 9"));
    window.generate(5);
    REQUIRE(waitFor(records, 5));
    std::vector<int> before;
    for (const auto& s : window.history()) before.push_back(s->sampledToken);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("t.json"));
    QString error;
    REQUIRE(window.exportTranscript(path, &error));

    MainWindow other(&translations, true);
    QSignalSpy ready2(&other, &MainWindow::modelReady);
    QSignalSpy records2(&other, &MainWindow::recordArrived);
    other.loadModel(tinyModel());
    REQUIRE(waitFor(ready2, 1));
    other.openTranscript(path);
    for (int i = 0; i < 400 && other.history().size() < 5; ++i) QTest::qWait(25);
    REQUIRE(other.history().size() == 5);
    std::vector<int> after;
    for (const auto& s : other.history()) after.push_back(s->sampledToken);
    CHECK(after == before);
    CHECK_FALSE(other.history().back()->trace->attention.empty());  // re-run, with traces
}

TEST_CASE("the window's exported transcript has generate --json's fields and values",
          "[ui][history][transcript]") {
    TranslationManager translations;
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    ts::SamplingParams p;
    p.temperature = 0.9f;
    p.topK = 40;
    p.seed = 7;
    window.setPrompt(QStringLiteral("1 2 3"));
    window.setParams(p);
    window.generate(6);
    REQUIRE(waitFor(records, 6));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("app.json"));
    QString error;
    REQUIRE(window.exportTranscript(path, &error));
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    const auto app = nlohmann::json::parse(f.readAll().toStdString());

    QProcess cli;
    cli.start(QStringLiteral(TOKENSCOPE_CLI_PATH),
              {QStringLiteral("generate"), QStringLiteral("--model"), tinyModel(),
               QStringLiteral("--ids"), QStringLiteral("1,2,3"), QStringLiteral("--steps"),
               QStringLiteral("6"), QStringLiteral("--temperature"), QStringLiteral("0.9"),
               QStringLiteral("--top-k"), QStringLiteral("40"), QStringLiteral("--seed"),
               QStringLiteral("7"), QStringLiteral("--json")});
    REQUIRE(cli.waitForFinished(60000));
    REQUIRE(cli.exitCode() == 0);
    const auto gen = nlohmann::json::parse(cli.readAllStandardOutput().toStdString());
    // "model": the same name, shape and weight fingerprint, so either file reopens in the app.
    REQUIRE(gen.contains("model"));
    CHECK(gen["model"]["fingerprint"].get<std::string>().size() == 16);
    for (const char* key : {"ids", "generated", "text", "sampling", "model"}) {
        INFO(key);
        CHECK(app[key] == gen[key]);
    }
    REQUIRE(app["steps"].size() == gen["steps"].size());
    for (std::size_t i = 0; i < gen["steps"].size(); ++i)
        for (const char* key :
             {"id", "prob", "sampling_prob", "rank", "entropy_bits", "position", "uniform"}) {
            INFO("step " << i << " " << key);
            CHECK(app["steps"][i][key] == gen["steps"][i][key]);
        }
}

namespace {

// A transcript written by a window that ran `steps` records on the tiny model.
struct WrittenTranscript {
    QTemporaryDir dir;
    QString path;
    std::vector<TranscriptStepPtr> steps;
};

void writeTranscript(WrittenTranscript& out, int steps) {
    TranslationManager translations;
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    ts::SamplingParams p;
    p.temperature = 0.9f;
    p.seed = 3;
    window.setParams(p);
    window.setPrompt(QStringLiteral("4 8 15 16"));
    window.generate(steps);
    REQUIRE(waitFor(records, steps));
    out.path = out.dir.filePath(QStringLiteral("made-with-tiny.json"));
    QString error;
    REQUIRE(window.exportTranscript(out.path, &error));
    out.steps = window.history();
}

bool waitUntil(const std::function<bool()>& done) {
    for (int i = 0; i < 800 && !done(); ++i) QTest::qWait(25);
    return done();
}

}  // namespace

TEST_CASE(
    "a transcript opens without a model: its steps as recorded, replayed once its model "
    "is loaded",
    "[ui][history][window]") {
    WrittenTranscript written;
    writeTranscript(written, 6);

    TranslationManager translations;
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    window.show();
    REQUIRE_FALSE(window.hasModel());
    window.openTranscript(written.path);
    REQUIRE(waitUntil([&] { return window.history().size() == 6; }));
    for (std::size_t i = 0; i < 6; ++i) {
        INFO("step " << i);
        const auto& a = *written.steps[i];
        const auto& b = *window.history()[i];
        CHECK(b.fromFile());
        CHECK(b.sampledToken == a.sampledToken);
        CHECK(std::ranges::equal(b.contextTokens(), a.contextTokens()));
        CHECK(b.tokenTexts() == a.tokenTexts());
        CHECK(b.uniform == a.uniform);
        CHECK(b.figures.prob == Approx(a.figures.prob));
        CHECK(b.figures.rank == a.figures.rank);
    }
    // It says what is shown, and which model continues it.
    const QString notice = window.transcriptNotice();
    CHECK(notice.contains(QStringLiteral("made-with-tiny.json")));
    CHECK(notice.contains(QStringLiteral("no model is loaded")));
    CHECK(notice.contains(QStringLiteral("gpt2-tiny-vocab512")));
    // Every view takes steps without trace numbers (and the timeline lists them).
    auto* timeline = window.findChild<TimelineView*>();
    REQUIRE(timeline);
    CHECK(timeline->count() == 6);
    for (const QString& view : viewNames()) {
        INFO(view.toStdString());
        CHECK(window.showView(view));
        window.grab();
    }
    window.showView(QStringLiteral("tokens"));
    window.selectStep(2);
    window.grab();

    // The model that made it: the same steps again, now with their traces.
    QSignalSpy ready(&window, &MainWindow::modelReady);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    REQUIRE(waitUntil(
        [&] { return window.history().size() == 6 && !window.history().back()->fromFile(); }));
    for (std::size_t i = 0; i < 6; ++i) {
        CHECK(window.history()[i]->sampledToken == written.steps[i]->sampledToken);
        CHECK_FALSE(window.history()[i]->fromFile());
    }
    CHECK_FALSE(window.history().back()->trace->attention.empty());
    CHECK(window.transcriptNotice().isEmpty());
}

TEST_CASE(
    "a transcript made with another model is shown as recorded and says so, and Step runs its "
    "prompt with the loaded model",
    "[ui][history][window]") {
    WrittenTranscript written;
    writeTranscript(written, 4);
    // Another model with the same vocabulary size: its ids fit, its weights differ.
    QTemporaryDir other;
    ts_tools::RandomModelSpec spec;
    spec.config = {{"architectures", {"GPT2LMHeadModel"}},
                   {"model_type", "gpt2"},
                   {"activation_function", "gelu_new"},
                   {"layer_norm_epsilon", 1e-5},
                   {"n_ctx", 128},
                   {"n_positions", 128},
                   {"n_embd", 32},
                   {"n_head", 2},
                   {"n_layer", 1},
                   {"n_inner", nullptr},
                   {"vocab_size", 512},
                   {"bos_token_id", 0},
                   {"eos_token_id", 0},
                   {"tie_word_embeddings", true}};
    ts_tools::writeRandomModel(other.path().toStdString(), spec);

    TranslationManager translations;
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    window.loadModel(other.path());
    REQUIRE(waitFor(ready, 1));
    window.openTranscript(written.path);
    REQUIRE(waitUntil([&] { return window.history().size() == 4; }));
    CHECK(window.history().back()->fromFile());
    CHECK(window.history().back()->sampledToken == written.steps.back()->sampledToken);
    const QString notice = window.transcriptNotice();
    CHECK(notice.contains(QStringLiteral("gpt2-tiny-vocab512")));
    CHECK(notice.contains(QStringLiteral("the loaded model is")));
    // Saving it again keeps the model that made it.
    QTemporaryDir dir;
    const QString again = dir.filePath(QStringLiteral("again.json"));
    QString error;
    REQUIRE(window.exportTranscript(again, &error));
    CHECK(ts::readTranscriptJson(again.toStdString()).model.name == "gpt2-tiny-vocab512");

    // Step (the toolbar's, through generate) runs the prompt with the loaded model.
    QSignalSpy records(&window, &MainWindow::recordArrived);
    window.generate(2);
    REQUIRE(waitUntil(
        [&] { return window.history().size() == 2 && !window.history().back()->fromFile(); }));
    CHECK(std::ranges::equal(window.history().front()->contextTokens(),
                             written.steps.front()->contextTokens()));
    CHECK(window.transcriptNotice().isEmpty());
}

TEST_CASE("the generated text for confidence scoring ends where the model ended it",
          "[ui][history][confidence]") {
    // At temperature 0 the bundled model ends the seed's sentence ("…수진이었다.") with its
    // end-of-text token. The text handed to the confidence scorer stops there: written out,
    // "<|endoftext|>" was scored again as a dozen unlikely pieces, a false red tail.
    TranslationManager translations;
    MainWindow window(&translations, true);
    window.resize(1280, 720);
    window.show();
    QTemporaryDir dir;
    HeadlessOptions o;
    o.model = QString::fromStdString(ts::bundledModelPath().string());
    o.prompt = QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은");
    o.steps = 20;
    o.params.temperature = 0.0f;
    o.view = QStringLiteral("confidence");
    o.screenshot = dir.filePath(QStringLiteral("shot.png"));
    HeadlessRun run(&window, o);
    QSignalSpy finished(&run, &HeadlessRun::finished);
    run.start();
    REQUIRE(waitFor(finished, 1, 60000));
    const TranscriptStep& last = *window.history().back();
    const auto tokenizer = ts::Tokenizer::fromFolder(ts::bundledModelPath());
    const ts::Tokenizer& tok = *tokenizer;
    REQUIRE(tok.isEndToken(last.sampledToken));  // the run stopped at end of text
    REQUIRE(window.history().size() < 20);
    const QString text = window.classroom()->confidence()->generatedText();
    const QString endText = QString::fromStdString(tok.tokenBytes(last.sampledToken));
    INFO(text.toStdString());
    CHECK_FALSE(text.contains(endText));
    CHECK(text.startsWith(o.prompt));
    CHECK(text.size() > o.prompt.size());  // the drawn tokens before the end are kept
}
