// What-if beyond the softmax view (#45): the sampling view's right-click bans or raises a
// candidate and the run branches there; the before/after switch shows each candidate's
// probability without the interventions, equal to a ts::Session run on the same tokens; the
// temperature lanes and fact probes run with the window's set and give the engine's figures;
// the banner's text follows presentation mode's larger font.
#include <QAction>
#include <QApplication>
#include <QFontInfo>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <memory>

#include "catch.hpp"
#include "classroom/hub.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/probes_view.hpp"
#include "shell/headless_run.hpp"
#include "shell/intervention_banner.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/sampling_view.hpp"
#include "stages/softmax_view.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/session.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/painted_text.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts_test::argmaxOf;
using ts_test::softmaxProbOf;
using ts_test::tinyModel;
using ts_test::waitFor;
using ts_test::waitUntil;

namespace {

// A window on the tiny fixture with `records` records of `prompt` made at `params`.
void ivViewsStart(MainWindow& window, const QString& prompt, const ts::SamplingParams& params,
                  int records) {
    window.resize(1280, 720);
    window.show();
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy arrived(&window, &MainWindow::recordArrived);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    window.setParams(params);
    window.setPrompt(prompt);
    window.generate(records);
    REQUIRE(waitFor(arrived, records));
    REQUIRE(waitUntil([&] {
        return static_cast<int>(window.history().size()) == records && !window.isRunning();
    }));
}

// The action of `menu` whose text starts with `start`.
QAction* ivViewsAction(QMenu& menu, const QString& start) {
    for (QAction* a : menu.actions())
        if (a->text().startsWith(start)) return a;
    return nullptr;
}

}  // namespace

TEST_CASE("the sampling view's right-click bans a candidate and the run branches there",
          "[ui][interventions][sampling]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    ts::SamplingParams params;
    params.seed = 5;
    params.temperature = 0.0f;  // greedy: the banned favourite must give way to the runner-up
    ivViewsStart(window, QStringLiteral("7 8 9"), params, 4);
    const std::vector<TranscriptStepPtr> plain = window.history();

    window.selectStep(2);
    REQUIRE(window.showView(QStringLiteral("sampling")));
    auto* sampling =
        qobject_cast<SamplingView*>(window.stageView(static_cast<int>(Stage::Sampling)));
    REQUIRE(sampling);
    sampling->grab();  // painted: the rows the right-click finds
    const int banned = plain[2]->sampledToken;
    const QRectF row = sampling->candidateRect(banned);
    REQUIRE_FALSE(row.isEmpty());
    CHECK(sampling->candidateAt(row.center().toPoint()) == banned);
    CHECK(sampling->candidateAt(QPoint(2, 2)) == -1);  // the margin: no candidate, no menu
    CHECK_FALSE(sampling->whatIfMenu(QPoint(2, 2)));
    auto menu = sampling->whatIfMenu(row.center().toPoint());
    REQUIRE(menu);
    QAction* ban = ivViewsAction(*menu, QStringLiteral("Ban "));
    REQUIRE(ban);
    CHECK(ban->text().contains(QStringLiteral("#%1").arg(banned)));  // no tokenizer: ids
    ban->trigger();

    // Steps 0 and 1 stay as they were; step 2 is made again with the ban, as a branch.
    REQUIRE(waitUntil([&] {
        const auto& h = window.history();
        return h.size() == 3 && !window.isRunning() && h[2] != plain[2];
    }));
    CHECK(errors.isEmpty());
    const auto& h = window.history();
    CHECK(h[0] == plain[0]);
    CHECK(h[1] == plain[1]);
    CHECK(std::isinf(h[2]->trace->logits[static_cast<std::size_t>(banned)]));
    std::vector<float> logits = plain[2]->trace->logits;
    logits[static_cast<std::size_t>(banned)] = -INFINITY;
    CHECK(h[2]->sampledToken == argmaxOf(logits));
    CHECK(window.interventions().banned == std::vector<int>{banned});
    CHECK(window.interventionsText().contains(QStringLiteral("Banned: “#%1”").arg(banned)));

    // Raise the new choice's runner-up from the same view: the bias joins the set.
    sampling->grab();
    const int drawn = h[2]->sampledToken;
    const QRectF drawnRow = sampling->candidateRect(drawn);
    REQUIRE_FALSE(drawnRow.isEmpty());
    auto raise = sampling->whatIfMenu(drawnRow.center().toPoint());
    REQUIRE(raise);
    QAction* up = ivViewsAction(*raise, QStringLiteral("Raise "));
    REQUIRE(up);
    const TranscriptStepPtr bannedStep = h[2];
    up->trigger();
    REQUIRE(waitUntil([&] {
        const auto& now = window.history();
        return now.size() == 3 && !window.isRunning() && now[2] != bannedStep;
    }));
    const auto& set = window.interventions();
    REQUIRE(set.logitBias.size() == 1);
    CHECK(set.logitBias[0].first == drawn);
    CHECK(set.logitBias[0].second == 2.0f);
    CHECK(set.banned == std::vector<int>{banned});  // the ban stays

    // Before/after: greedy without the set, the step draws the banned favourite, and the
    // draw's lines say so beside the what-if's choice.
    window.setBeforeAfter(true);
    REQUIRE(waitUntil([&] { return !window.beforeAfterBusy() && sampling->showsBefore(); }));
    CHECK(sampling->beforeProbability(banned) == 1.0);
    QStringList painted;
    for (const auto& t : textsPaintedBy(sampling)) painted << t.text;
    const QString said =
        QStringLiteral("Without the interventions the same draw gives “#%1”.").arg(banned);
    INFO(painted.join(QStringLiteral(" | ")).toStdString());
    CHECK(painted.join(QLatin1Char('\n')).contains(said));
}

TEST_CASE("before/after shows the probabilities of a run without the interventions",
          "[ui][interventions][beforeafter]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    ts::SamplingParams params;
    params.seed = 11;
    params.temperature = 1.0f;
    ivViewsStart(window, QStringLiteral("1 2 3 4"), params, 3);
    const std::vector<TranscriptStepPtr> plain = window.history();

    auto* banner = window.findChild<InterventionBanner*>();
    REQUIRE(banner);
    window.toggleSilencedHead(1, 0);
    REQUIRE(waitUntil([&] {
        const auto& h = window.history();
        return h.size() == 3 && !window.isRunning() && h[0] != plain[0];
    }));
    CHECK(banner->beforeText().isEmpty());
    window.setBeforeAfter(true);
    CHECK(banner->showsBefore());
    CHECK(banner->beforeText().startsWith(QStringLiteral("Before / after")));
    REQUIRE(window.showView(QStringLiteral("softmax")));
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    auto* sampling =
        qobject_cast<SamplingView*>(window.stageView(static_cast<int>(Stage::Sampling)));
    REQUIRE(softmax);
    REQUIRE(sampling);

    // The reference: a ts::Session without interventions, the prompt prefilled and the
    // silenced run's tokens stepped in, as an unintervened run on those tokens computes them.
    const auto loaded = ts::loadModelFolder(tinyModel().toStdString());
    ts::Session session(loaded.model);
    const std::vector<int> prompt = {1, 2, 3, 4};
    const std::vector<TranscriptStepPtr> ablated = window.history();
    std::vector<std::vector<float>> expected;
    expected.push_back(session.prefill(prompt).logits);
    for (std::size_t i = 1; i < ablated.size(); ++i)
        expected.push_back(session.step(ablated[i - 1]->sampledToken).logits);

    for (int step = 0; step < 3; ++step) {
        INFO("step " << step);
        window.selectStep(step);
        REQUIRE(waitUntil([&] { return !window.beforeAfterBusy() && softmax->showsBefore(); }));
        const auto& before = softmax->before();
        REQUIRE(before);
        const auto& after = window.history()[static_cast<std::size_t>(step)];
        CHECK(before->index == step);
        CHECK(std::ranges::equal(before->contextTokens(), after->contextTokens()));
        // Bit for bit the unintervened pass on the same tokens, and not the silenced one.
        CHECK(before->trace->logits == expected[static_cast<std::size_t>(step)]);
        CHECK(before->trace->logits != after->trace->logits);
        // The prompt's step is the run before the head was silenced.
        if (step == 0) CHECK(before->trace->logits == plain[0]->trace->logits);
        // What the bars say: each candidate's probability without the head, at temperature 1.
        REQUIRE_FALSE(softmax->bars().empty());
        for (const auto& b : softmax->bars()) {
            CHECK(b.before ==
                  Approx(softmaxProbOf(expected[static_cast<std::size_t>(step)], b.token))
                      .margin(1e-6));
            CHECK(b.prob == Approx(softmaxProbOf(after->trace->logits, b.token)).margin(1e-6));
        }
        sampling->setRecord(after);  // the sampling view reads the same step
        sampling->setBefore(before);
        const int top = argmaxOf(expected[static_cast<std::size_t>(step)]);
        CHECK(sampling->beforeProbability(top) ==
              Approx(softmaxProbOf(expected[static_cast<std::size_t>(step)], top)).margin(1e-6));
    }
    CHECK(errors.isEmpty());

    // Off again: the views show the what-if run alone; giving the head back turns it off.
    window.setBeforeAfter(false);
    CHECK_FALSE(softmax->showsBefore());
    for (const auto& b : softmax->bars()) CHECK(b.before == -1.0f);
    window.setBeforeAfter(true);
    window.setInterventions({});
    CHECK_FALSE(banner->showsBefore());
}

TEST_CASE("before/after keeps a banned favourite in sight with what it had",
          "[ui][interventions][beforeafter]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    ts::SamplingParams params;
    params.seed = 3;
    params.temperature = 0.0f;
    ivViewsStart(window, QStringLiteral("5 6 7"), params, 2);
    const std::vector<TranscriptStepPtr> plain = window.history();
    const int favourite = plain[0]->sampledToken;
    window.selectStep(0);
    window.banFromCurrentStep(favourite);
    REQUIRE(waitUntil([&] {
        const auto& h = window.history();
        return h.size() == 1 && !window.isRunning() && h[0] != plain[0];
    }));
    window.setBeforeAfter(true);
    REQUIRE(window.showView(QStringLiteral("softmax")));
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    REQUIRE(softmax);
    REQUIRE(waitUntil([&] { return !window.beforeAfterBusy() && softmax->showsBefore(); }));
    // The banned token has a row of its own: 0 now, its unbanned probability before (at
    // temperature 0 the distribution is one-hot: it had all of it).
    const auto& bars = softmax->bars();
    const auto it = std::find_if(bars.begin(), bars.end(),
                                 [&](const SoftmaxView::Bar& b) { return b.token == favourite; });
    REQUIRE(it != bars.end());
    CHECK(it->extra);
    CHECK(it->prob == 0.0f);
    CHECK(it->before == 1.0f);
    CHECK(softmax->before()->trace->logits == plain[0]->trace->logits);
    CHECK(static_cast<int>(bars.size()) <= 20);  // the rows the view had, no more
}

TEST_CASE("the temperature lanes run with the window's set and never show a banned token",
          "[ui][interventions][lanes]") {
    const ModelInfo info = ts_test::bundledModelInfo();
    LanesView lanes;
    lanes.setModel(info);
    lanes.applySettings({{QStringLiteral("prompt"), QStringLiteral("Once upon a time")},
                         {QStringLiteral("steps"), 8},
                         {QStringLiteral("seed"), 3}});
    QSignalSpy done(&lanes, &LanesView::finished);
    lanes.run();
    REQUIRE(waitFor(done, 1, 60000));
    REQUIRE(lanes.laneCount() == 4);
    // Ban every token the coolest lane drew: a lane that honours the set draws none of them.
    std::vector<int> banned;
    for (const auto& t : lanes.result().front().tokens) banned.push_back(t.token);
    std::sort(banned.begin(), banned.end());
    banned.erase(std::unique(banned.begin(), banned.end()), banned.end());
    REQUIRE_FALSE(banned.empty());
    auto iv = std::make_shared<ts::Interventions>();
    iv->banned = banned;
    iv->ablate = {{1, 0}};
    lanes.setInterventions(iv);
    CHECK(lanes.interventionNoticeText().startsWith(QStringLiteral("What-if in force: ")));
    CHECK(lanes.interventionNoticeText().contains(QStringLiteral("The next run uses it.")));
    lanes.run();
    REQUIRE(waitFor(done, 2, 60000));
    for (const auto& lane : lanes.result())
        for (const auto& t : lane.tokens)
            CHECK(std::find(banned.begin(), banned.end(), t.token) == banned.end());
    CHECK(lanes.interventionNoticeText().contains(QStringLiteral("The lanes shown ran with it.")));
    // The engine's lanes with the same set, token for token and probability for probability.
    const auto ids =
        ts::parsePrompt("Once upon a time", info.tokenizer.get(), info.model->config().nVocab)
            .ids();
    ts::SamplingParams base;
    base.seed = 3;
    const auto expected = ts::runTemperatureLanes(info.model, ids, lanes.temperatures(), 8, base,
                                                  info.tokenizer, false, iv);
    REQUIRE(expected.size() == lanes.result().size());
    for (std::size_t l = 0; l < expected.size(); ++l) {
        REQUIRE(expected[l].tokens.size() == lanes.result()[l].tokens.size());
        for (std::size_t k = 0; k < expected[l].tokens.size(); ++k) {
            CHECK(lanes.result()[l].tokens[k].token == expected[l].tokens[k].token);
            CHECK(lanes.result()[l].tokens[k].prob == expected[l].tokens[k].prob);
        }
    }
    lanes.setInterventions(nullptr);
    CHECK(lanes.interventionNoticeText().isEmpty());
}

TEST_CASE("a fact probe's probability changes with a silenced head, as the engine computes it",
          "[ui][interventions][probes]") {
    const ModelInfo info = ts_test::bundledModelInfo();
    ProbesView view;
    view.setModel(info);
    // Lesson 7's sentence: layer 2 head 1 reads the name (docs/classroom.md).
    const ts::FactProbe probe{"The culprit turned out to be Sujin. The culprit,",
                              " Sujin",
                              {" Alice"},
                              "held_out/culprit",
                              ""};
    view.setProbes({probe});
    QSignalSpy done(&view, &ProbesView::finished);
    view.run();
    REQUIRE(waitFor(done, 1, 60000));
    const double plainTrue = view.barValues(0).first;

    auto iv = std::make_shared<ts::Interventions>();
    iv->ablate = {{1, 0}};
    view.setInterventions(iv);
    CHECK(view.interventionNoticeText().contains(QStringLiteral("Silenced: layer 2 head 1")));
    view.run();
    REQUIRE(waitFor(done, 2, 60000));
    const auto [silencedTrue, silencedFalse] = view.barValues(0);
    const ts::ProbeResult engine = ts::runFactProbe(info.model, *info.tokenizer, probe, {}, iv);
    const ts::ProbeResult bare = ts::runFactProbe(info.model, *info.tokenizer, probe);
    CHECK(silencedTrue == std::exp(engine.logPTrue));
    CHECK(silencedFalse == std::exp(engine.logPFalse.at(0)));
    CHECK(plainTrue == std::exp(bare.logPTrue));
    CHECK(std::abs(silencedTrue - plainTrue) > 0.01);  // the head matters here
    CHECK(view.interventionNoticeText().contains(
        QStringLiteral("The probabilities shown were computed with it.")));
}

TEST_CASE("the what-if banner's text takes presentation mode's larger font",
          "[ui][interventions][presentation]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    ts::SamplingParams params;
    params.seed = 2;
    ivViewsStart(window, QStringLiteral("1 2 3"), params, 1);
    window.toggleSilencedHead(0, 0);
    REQUIRE(
        waitUntil([&] { return !window.isRunning() && !window.interventionsText().isEmpty(); }));
    auto* text = window.findChild<QLabel*>(QStringLiteral("interventionText"));
    REQUIRE(text);
    const int normal = QFontInfo(text->font()).pixelSize();
    window.setPresentation(true);
    QApplication::processEvents();
    const int big = QFontInfo(text->font()).pixelSize();
    const int view = QFontInfo(window.stageView(0)->parentWidget()->font()).pixelSize();
    INFO("banner " << normal << " px, in presentation " << big << " px, the view " << view);
    CHECK(big > normal);
    CHECK(big >= 20);
    CHECK(big == view);
    window.setBeforeAfter(true);
    auto* before = window.findChild<QLabel*>(QStringLiteral("interventionBeforeText"));
    REQUIRE(before);
    CHECK(QFontInfo(before->font()).pixelSize() == view);
    window.setPresentation(false);
    QApplication::processEvents();
    CHECK(QFontInfo(text->font()).pixelSize() == normal);
}

TEST_CASE("headless --ban --before-after pictures the softmax with the step before the ban",
          "[ui][interventions][beforeafter][headless]") {
    QTemporaryDir dir;
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    window.show();
    // The favourite of the prompt's step, from a session without the ban.
    const auto loaded = ts::loadModelFolder(tinyModel().toStdString());
    ts::Session session(loaded.model);
    const auto plain = session.prefill(std::vector<int>{1, 2, 3}).logits;
    const int favourite = argmaxOf(plain);
    HeadlessOptions o;
    o.model = tinyModel();
    o.prompt = QStringLiteral("1 2 3");
    o.steps = 1;
    o.params.temperature = 1.0f;  // the bars' probabilities at temperature 1, as ivViewsProb
    o.view = QStringLiteral("softmax");
    o.interventions.banned = {favourite};
    o.beforeAfter = true;  // as main.cpp hands --before-after over
    o.screenshot = dir.filePath(QStringLiteral("b.png"));
    o.timeoutMs = 60000;
    HeadlessRun run(&window, o);
    QSignalSpy finished(&run, &HeadlessRun::finished);
    run.start();
    REQUIRE(waitFor(finished, 1, 70000));
    CHECK(finished.front().front().toInt() == 0);
    // The picture waited for the "before": the banned favourite's row has what it had.
    auto* softmax = qobject_cast<SoftmaxView*>(window.stageView(static_cast<int>(Stage::Softmax)));
    REQUIRE(softmax);
    REQUIRE(softmax->showsBefore());
    CHECK(softmax->before()->trace->logits == plain);
    REQUIRE_FALSE(softmax->bars().empty());
    const auto& first = softmax->bars().front();
    CHECK(first.extra);
    CHECK(first.token == favourite);
    CHECK(first.prob == 0.0f);
    CHECK(first.before == Approx(softmaxProbOf(plain, favourite)).margin(1e-6));
}
