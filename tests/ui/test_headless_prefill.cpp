// Issue #48: the app's headless `--steps 0` shows the prefill with nothing drawn, and the
// attention view opens on the head the engine ranks most informative (ts::mostInformativeHead)
// until someone picks a layer or head.
#include <QSignalSpy>
#include <QTemporaryDir>

#include "catch.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/attention_view.hpp"
#include "tokenscope/analysis.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/tokenizer.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;

namespace {
int runPrefillShot(MainWindow& window, HeadlessOptions opts, const QString& file) {
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

TEST_CASE("headless --steps 0 shows the prefill with nothing drawn", "[ui][headless]") {
    QTemporaryDir dir;
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, true);
    window.resize(1280, 720);
    window.show();
    HeadlessOptions o;
    o.prompt = QStringLiteral("The detective gathered everyone in the");
    o.steps = 0;
    o.view = QStringLiteral("sampling");
    const QString file = dir.filePath(QStringLiteral("prefill.png"));
    REQUIRE(runPrefillShot(window, o, file) == 0);
    REQUIRE(window.history().size() == 1);
    const auto& prefill = *window.history().front();
    CHECK(prefill.index == 0);
    CHECK(prefill.sampledToken == -1);  // nothing drawn
    CHECK(prefill.uniform < 0);
    REQUIRE(prefill.trace);
    CHECK_FALSE(prefill.trace->logits.empty());  // the prefill ran: its distribution is there
    // The context is the prompt alone: no token was appended.
    const auto ids = ts::Tokenizer::fromFolder(ts::bundledModelPath())
                         ->encodeIds("The detective gathered everyone in the");
    CHECK(std::ranges::equal(prefill.contextTokens(), ids));
    CHECK(QImage(file).size() == window.size());
}

TEST_CASE("the attention view opens on the engine's most informative head, not layer 1 head 1",
          "[ui][attention][headless]") {
    QTemporaryDir dir;
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("ko"));
    MainWindow window(&translations, true);
    window.resize(1280, 720);
    window.show();
    HeadlessOptions o;
    o.prompt = QStringLiteral("범인이 수진이라는 게 밝혀졌다. 범인은");
    o.steps = 0;  // the prompt's last token asks for the name
    o.view = QStringLiteral("attention");
    REQUIRE(runPrefillShot(window, o, dir.filePath(QStringLiteral("att.png"))) == 0);
    auto* att = qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
    REQUIRE(att);
    REQUIRE(window.history().size() == 1);
    const auto& trace = *window.history().front()->trace;
    const int last = trace.lastPosition();
    const auto best = ts::mostInformativeHead(trace.attention, last);
    REQUIRE(best.has_value());
    CHECK(att->layer() == best->layer);
    CHECK(att->head() == best->head);
    // The head shown puts its largest weight of the newest row on " 수진".
    const int name = ts::Tokenizer::fromFolder(ts::bundledModelPath())->encodeIds(" 수진").at(0);
    int argmax = 0;
    for (int k = 1; k <= last; ++k)
        if (att->weight(last, k) > att->weight(last, argmax)) argmax = k;
    CHECK(window.history().front()->contextTokens()[static_cast<std::size_t>(argmax)] == name);
    // A head picked by hand stays when the next prompt comes.
    att->setLayer(0);
    att->setHead(0);
    HeadlessOptions again = o;
    again.view = QStringLiteral("attention");
    REQUIRE(runPrefillShot(window, again, dir.filePath(QStringLiteral("att2.png"))) == 0);
    CHECK(att->layer() == 0);
    CHECK(att->head() == 0);
}
