// The app on a model server (#50): a real llama-server (tests/tools/build_llama_server.sh, the
// build's TOKENSCOPE_LLAMA_SERVER) on 127.0.0.1 with a GGUF made from the test fixtures, and the
// same GGUF run locally by the engine as the reference:
//   - the window's greedy tokens equal the local model's;
//   - with the top 20 per step, the softmax view's "rest of the vocabulary" bar is 1 − Σp of
//     the 20, and agrees with the local model's full distribution;
//   - the attention view shows the one "not exposed" line instead of a blank picture;
//   - a refused connection stays in the dialog (and errorReported), the window goes on.
// With TOKENSCOPE_LLAMA_SERVER empty the server tests print SKIPPED; set but missing, they fail.
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <numeric>

#include "catch.hpp"
#include "llm_server_process.hpp"
#include "shell/connect_server_dialog.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/softmax_view.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/transcript.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
namespace fs = std::filesystem;

namespace {

// llama-server's path; "" after skipping (the build names none) or failing (it names one that
// is not there).
std::string remoteAppServerBinary() {
    const std::string path = ts_test::llamaServerPath();
    if (path.empty()) return "";
    if (!fs::exists(path))
        FAIL("TOKENSCOPE_LLAMA_SERVER='" << path
                                         << "' does not exist: run "
                                            "tests/tools/build_llama_server.sh (packaging/dev.sh "
                                            "test does it)");
    return path;
}

// The full-vocabulary fixture (tests/data/gpt2-tiny-fullvocab with the real GPT-2 vocabulary)
// as a GGUF file, which llama-server and the local engine both read; empty without the
// vocabulary.
fs::path remoteAppGguf(const fs::path& dir) {
    const fs::path vocab = ts_test::gpt2VocabDir();
    if (vocab.empty() || !fs::exists(vocab / "vocab.json")) return {};
    const fs::path hf = dir / "hf";
    const fs::path fixture = ts_test::dataDir() / "gpt2-tiny-fullvocab";
    fs::create_directories(hf);
    fs::copy_file(fixture / "config.json", hf / "config.json");
    fs::create_symlink(fixture / "model.safetensors", hf / "model.safetensors");
    fs::create_symlink(vocab / "vocab.json", hf / "vocab.json");
    fs::create_symlink(vocab / "merges.txt", hf / "merges.txt");
    const fs::path out = dir / "fullvocab-f32.gguf";
    const std::string cmd = std::string(TOKENSCOPE_GGUF_FROM_HF) + " '" + hf.string() + "' '" +
                            out.string() + "' > /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    return out;
}

// Connects `window` as --server does and waits for the model.
bool connectWindow(MainWindow& window, const std::string& url, int topLogprobs = 0) {
    QSignalSpy ready(&window, &MainWindow::modelReady);
    ServerRequest r;
    r.url = QString::fromStdString(url);
    r.topLogprobs = topLogprobs;
    window.connectServer(r);
    return ts_test::waitFor(ready, 1, 60000) && window.isRemote();
}

// Runs `records` records of the window's prompt and waits for them.
bool runWindow(MainWindow& window, int records) {
    window.generate(records);
    return ts_test::waitUntil(
        [&] { return static_cast<int>(window.history().size()) >= records && !window.isRunning(); },
        60000);
}

}  // namespace

TEST_CASE("app on llama-server: greedy tokens equal the local model's, attention says why not",
          "[ui][remote][llama-server]") {
    const std::string binary = remoteAppServerBinary();
    if (binary.empty()) TS_SKIP("no llama-server in this build (TOKENSCOPE_LLAMA_SERVER)");
    ts_test::TempDir dir("remote-app");
    const fs::path gguf = remoteAppGguf(dir.path());
    if (gguf.empty()) TS_SKIP("the GPT-2 vocabulary is not configured (TOKENSCOPE_GPT2_VOCAB_DIR)");
    ts_test::LlamaServer server(binary, gguf, dir.path(), 64);

    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    REQUIRE(connectWindow(window, server.url()));
    const QString prompt = QStringLiteral("The capital of France is");
    window.setPrompt(prompt);
    ts::SamplingParams greedy;
    greedy.temperature = 0;
    window.setParams(greedy);
    window.setIgnoreEndOfText(true);
    REQUIRE(runWindow(window, 8));
    INFO(server.log().substr(0, 1000));
    CHECK(errors.isEmpty());
    const auto& last = *window.history().back();
    std::vector<int> remote(last.contextTokens().begin(), last.contextTokens().end());
    remote.push_back(last.sampledToken);

    // The reference: the engine's one loop on the same GGUF, locally.
    const ts::LoadedModel loaded = ts::loadModelFolder(gguf);
    ts::TranscriptOptions options;
    options.ignoreEndOfText = true;
    ts::Transcript local(loaded.model, loaded.tokenizer, options);
    local.start(prompt.toStdString(), greedy);
    for (int i = 1; i < 8; ++i) local.step(greedy);
    CHECK(remote == local.tokens());

    // What if: the softmax view's second candidate at step 4 (a click there branches the run),
    // against the engine's own branch on the local model.
    window.selectStep(3);
    window.selectStage(static_cast<int>(Stage::Softmax));
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    REQUIRE(softmax);
    REQUIRE(softmax->record() == window.history()[3]);
    REQUIRE(softmax->bars().size() >= 2);
    const int other = softmax->bars()[1].token;
    emit softmax->candidateChosen(other);
    REQUIRE(ts_test::waitUntil(
        [&] {
            return window.history().size() == 5 && window.history()[3]->sampledToken == other &&
                   !window.isRunning();
        },
        60000));
    local.branchFrom(3, other, greedy);
    const auto& branched = *window.history().back();
    std::vector<int> remoteBranch(branched.contextTokens().begin(), branched.contextTokens().end());
    remoteBranch.push_back(branched.sampledToken);
    CHECK(remoteBranch == local.tokens());
    CHECK(window.history()[3]->chosen);

    window.showView(QStringLiteral("softmax"));
    CHECK(window.serverNoticeText().isEmpty());
    // The toolbar's model chooser names the server, not the last local folder.
    bool chooserNamesServer = false;
    for (const QComboBox* combo : window.findChildren<QComboBox*>())
        chooserNamesServer = chooserNamesServer ||
                             combo->currentText().contains(QString::fromStdString(server.url()));
    CHECK(chooserNamesServer);
    // A view that needs internals: one line, never blank; in both languages.
    window.showView(QStringLiteral("attention"));
    const QString english = window.serverNoticeText();
    CHECK(english.contains(QStringLiteral("attention")));
    CHECK_FALSE(window.grab().isNull());
    REQUIRE(translations.setLanguage(QStringLiteral("ko")));
    // The language change reaches the widgets as posted events.
    REQUIRE(ts_test::waitUntil([&] { return window.serverNoticeText() != english; }, 5000));
    const QString korean = window.serverNoticeText();
    CHECK_FALSE(korean.isEmpty());
    CHECK(korean != english);
    translations.setLanguage(QStringLiteral("en"));
    REQUIRE(ts_test::waitUntil([&] { return window.serverNoticeText() == english; }, 5000));
    for (const char* view : {"embedding", "lens", "patch", "steer", "lanes", "litm"}) {
        window.showView(QString::fromLatin1(view));
        INFO(view);
        CHECK_FALSE(window.serverNoticeText().isEmpty());
    }
    for (const char* view : {"tokens", "sampling", "cost", "guess"}) {
        window.showView(QString::fromLatin1(view));
        INFO(view);
        CHECK(window.serverNoticeText().isEmpty());
    }
}

TEST_CASE("app on llama-server's top 20: the rest of the vocabulary is one bar of 1 - sum p",
          "[ui][remote][llama-server]") {
    const std::string binary = remoteAppServerBinary();
    if (binary.empty()) TS_SKIP("no llama-server in this build (TOKENSCOPE_LLAMA_SERVER)");
    ts_test::TempDir dir("remote-app-top");
    const fs::path gguf = remoteAppGguf(dir.path());
    if (gguf.empty()) TS_SKIP("the GPT-2 vocabulary is not configured (TOKENSCOPE_GPT2_VOCAB_DIR)");
    ts_test::LlamaServer server(binary, gguf, dir.path(), 64);

    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    REQUIRE(connectWindow(window, server.url(), 20));
    const QString prompt = QStringLiteral("The capital of France is");
    window.setPrompt(prompt);
    ts::SamplingParams params;  // temperature 1: the server's own probabilities
    params.temperature = 1;
    params.seed = 7;
    window.setParams(params);
    REQUIRE(runWindow(window, 2));
    window.selectStep(0);
    window.selectStage(static_cast<int>(Stage::Softmax));
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    REQUIRE(softmax);
    REQUIRE(softmax->record());
    const ts::StepTrace& trace = *softmax->record()->trace;
    REQUIRE(trace.tailMass > 0);
    REQUIRE(softmax->bars().size() == 20);
    double sum = 0;
    for (const auto& b : softmax->bars()) sum += b.prob;
    // The rest is 1 − Σp of the 20 the server gave, as the view shows them.
    CHECK(softmax->restMass() == Approx(1.0 - sum).margin(1e-5));
    CHECK(softmax->restMass() == Approx(trace.tailMass).margin(1e-6));
    CHECK(softmax->restTokens() == static_cast<int>(trace.logits.size()) - 20);
    CHECK(softmax->restNote().size() == 2);
    // Sampling never draws from the rest: every drawn token is one of the 20.
    for (const auto& step : window.history())
        CHECK(std::isfinite(step->trace->logits[static_cast<std::size_t>(step->sampledToken)]));

    // Independently: the local model's full distribution after the same prompt.
    const ts::LoadedModel loaded = ts::loadModelFolder(gguf);
    ts::Transcript local(loaded.model, loaded.tokenizer);
    local.start(prompt.toStdString(), params);
    std::vector<float> p = ts::softmax(local.back().trace->logits, 1.0f);
    std::sort(p.begin(), p.end(), std::greater<>());
    const double localRest = 1.0 - std::accumulate(p.begin(), p.begin() + 20, 0.0);
    WARN("rest of the vocabulary: llama-server " << softmax->restMass() << ", local " << localRest);
    CHECK(std::abs(softmax->restMass() - localRest) <= 0.015);

    // Another temperature: the bars and the rest still make up the whole (the rest's share
    // there is the approximate one, but never more than all of it).
    ts::SamplingParams warm = params;
    warm.temperature = 0.7f;
    softmax->setParams(warm);
    double warmSum = softmax->restMass();
    for (const auto& b : softmax->bars()) warmSum += b.prob;
    CHECK(warmSum == Approx(1.0).margin(1e-4));
    CHECK(softmax->restMass() > 0);
    CHECK(softmax->restMass() < 1);
    CHECK_FALSE(softmax->grab().isNull());
}

TEST_CASE("a refused connection stays in the dialog and the window goes on",
          "[ui][remote][hostile]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    // A port nothing listens on (found free, then released).
    const std::string url = "http://127.0.0.1:" + std::to_string(ts_test::freePort());

    window.openConnectServerDialog();
    ConnectServerDialog* dialog = window.connectServerDialog();
    REQUIRE(dialog);
    ServerRequest r;
    r.url = QString::fromStdString(url);
    dialog->setRequest(r);
    dialog->connectNow();
    REQUIRE(ts_test::waitUntil([&] { return !dialog->isBusy(); }, 60000));
    CHECK_FALSE(dialog->errorText().isEmpty());
    CHECK(dialog->isVisible());  // open, for another address
    CHECK_FALSE(window.hasModel());

    // Without a dialog (--server): the error is reported and nothing is loaded.
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.connectServer(r);
    REQUIRE(ts_test::waitFor(errors, 1, 60000));
    CHECK_FALSE(errors.front().front().toString().isEmpty());
    CHECK_FALSE(window.hasModel());

    // An address that is no address at all.
    ServerRequest bad;
    bad.url = QStringLiteral("ftp://user:secret@example");
    dialog->setRequest(bad);
    dialog->connectNow();
    REQUIRE(ts_test::waitUntil([&] { return !dialog->isBusy(); }, 60000));
    CHECK_FALSE(dialog->errorText().isEmpty());
    CHECK_FALSE(dialog->errorText().contains(QStringLiteral("secret")));
    dialog->reject();

    // The window is still usable: a local model loads and runs.
    QSignalSpy ready(&window, &MainWindow::modelReady);
    window.loadModel(ts_test::tinyModel());
    REQUIRE(ts_test::waitFor(ready, 1));
    window.setPrompt(QStringLiteral("1 2 3"));
    REQUIRE(runWindow(window, 2));
    CHECK_FALSE(window.isRemote());
    window.showView(QStringLiteral("attention"));
    CHECK(window.serverNoticeText().isEmpty());  // a local model shows its attention
}

TEST_CASE("the app's --server with --model is a usage error", "[ui][remote][app]") {
    auto exitCode = [](const QStringList& args) {
        QProcess app;
        app.setProcessChannelMode(QProcess::MergedChannels);
        app.start(QStringLiteral(TOKENSCOPE_APP_PATH), args);
        if (!app.waitForFinished(30000)) {
            app.kill();
            app.waitForFinished();
            return -1;
        }
        return app.exitCode();
    };
    const QString shot = QDir::temp().filePath(QStringLiteral("tokenscope-remote-usage.png"));
    CHECK(exitCode({QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:9"),
                    QStringLiteral("--model"), ts_test::tinyModel(), QStringLiteral("--screenshot"),
                    shot}) == 2);
    CHECK(exitCode({QStringLiteral("--server-model"), QStringLiteral("m"),
                    QStringLiteral("--screenshot"), shot}) == 2);
    CHECK(exitCode({QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:9"),
                    QStringLiteral("--top-logprobs"), QStringLiteral("0"),
                    QStringLiteral("--screenshot"), shot}) == 2);
    // A server that is not there: the headless run ends with an error, not a hang.
    CHECK(exitCode({QStringLiteral("--server"),
                    QStringLiteral("http://127.0.0.1:%1").arg(ts_test::freePort()),
                    QStringLiteral("--screenshot"), shot}) == 1);
    CHECK_FALSE(QFileInfo::exists(shot));
}

TEST_CASE("hostile servers: Cancel stops a connection, a broken answer ends in a message",
          "[ui][remote][hostile]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    ts_test::TempDir dir("remote-app-hostile");

    // A server that answers one byte a second: Cancel ends the connection at once.
    {
        ts_test::StandInServer trickle(dir.path() / "trickle",
                                       {"--kind", "llama", "--hostile", "trickle"});
        window.openConnectServerDialog();
        ConnectServerDialog* dialog = window.connectServerDialog();
        REQUIRE(dialog);
        ServerRequest r;
        r.url = QString::fromStdString(trickle.url());
        dialog->setRequest(r);
        dialog->connectNow();
        QTest::qWait(800);
        REQUIRE(dialog->isBusy());
        QElapsedTimer cancelled;
        cancelled.start();
        dialog->reject();  // Cancel
        REQUIRE(ts_test::waitUntil([&] { return !dialog->isBusy(); }, 10000));
        CHECK(cancelled.elapsed() < 3000);
        CHECK(dialog->errorText() == QStringLiteral("Cancelled."));
        CHECK(dialog->isVisible());
        dialog->reject();
        CHECK_FALSE(window.hasModel());
    }
    // Not an OpenAI-compatible server: a message, nothing loaded.
    {
        ts_test::StandInServer html(dir.path() / "html", {"--kind", "vllm", "--hostile", "html"});
        QSignalSpy errors(&window, &MainWindow::errorReported);
        ServerRequest r;
        r.url = QString::fromStdString(html.url());
        window.connectServer(r);
        REQUIRE(ts_test::waitFor(errors, 1, 60000));
        CHECK_FALSE(errors.front().front().toString().isEmpty());
        CHECK_FALSE(window.hasModel());
    }
    // NaN logprobs from a connected vLLM: the step fails with a message, the window goes on.
    {
        ts_test::StandInServer nan(dir.path() / "nan",
                                   {"--kind", "vllm", "--tokenizer-info", "--hostile", "nan"});
        REQUIRE(connectWindow(window, nan.url()));
        QSignalSpy errors(&window, &MainWindow::errorReported);
        window.setPrompt(QStringLiteral("abc"));
        window.generate(2);
        REQUIRE(ts_test::waitFor(errors, 1, 60000));
        CHECK(
            errors.front().front().toString().contains(QStringLiteral("NaN"), Qt::CaseInsensitive));
        CHECK(window.history().empty());
    }
    // And the same window on a well-behaved vLLM stand-in: the loop runs.
    ts_test::StandInServer good(dir.path() / "good", {"--kind", "vllm", "--tokenizer-info"});
    REQUIRE(connectWindow(window, good.url()));
    window.setPrompt(QStringLiteral("abc"));
    REQUIRE(runWindow(window, 3));
    CHECK(window.history().size() == 3);
    CHECK(window.history().front()->contextSize() == 3);
}
