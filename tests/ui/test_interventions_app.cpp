// What-if in the app (#45): a head silenced from the attention grid replays the run with the
// same seed and steps, and a banned candidate branches from its step; the numbers are checked
// against a ts::Session run with the same interventions, and against the run without them.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <algorithm>
#include <cmath>
#include <set>

#include "catch.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/attention_view.hpp"
#include "tokenscope/intervention_flags.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/session.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts_test::argmaxOf;
using ts_test::softmaxProbOf;
using ts_test::tinyModel;
using ts_test::waitFor;
using ts_test::waitUntil;

namespace {

// Waits until the window's history has `n` records, none of them one of `old`.
bool replaced(const MainWindow& window, const std::vector<TranscriptStepPtr>& old, std::size_t n,
              std::size_t keep = 0) {
    return waitUntil([&] {
        const auto& h = window.history();
        if (h.size() != n || window.isRunning()) return false;
        for (std::size_t i = keep; i < h.size(); ++i)
            if (std::find(old.begin(), old.end(), h[i]) != old.end()) return false;
        return true;
    });
}

}  // namespace

TEST_CASE("the app's flags are the CLI's: one parser, layers and heads from 1",
          "[ui][interventions]") {
    ts::InterventionFlagText text;
    text.ablate = "2:1,3:2";
    text.ban = "5,7";
    text.logitBias = "9:-1.5";
    const auto iv = ts::parseInterventionFlags(text);
    REQUIRE(iv.ablate.size() == 2);
    CHECK(iv.ablate[0] == ts::HeadRef{1, 0});
    CHECK(iv.ablate[1] == ts::HeadRef{2, 1});
    CHECK(iv.banned == std::vector<int>{5, 7});
    REQUIRE(iv.logitBias.size() == 1);
    CHECK(iv.logitBias[0].second == -1.5f);
    text = {};
    text.ablate = "0:1";
    CHECK_THROWS_AS(ts::parseInterventionFlags(text), ts::InterventionFlagError);
    text.ablate = "2";
    CHECK_THROWS_AS(ts::parseInterventionFlags(text), ts::InterventionFlagError);
    text = {};
    text.ablateMode = "mean";  // without --ablate
    CHECK_THROWS_AS(ts::parseInterventionFlags(text), ts::InterventionFlagError);
}

TEST_CASE("silencing a head replays the run with the same seed and steps, with the ablated numbers",
          "[ui][interventions]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1200, 800);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    ts::SamplingParams params;
    params.seed = 11;
    params.temperature = 1.0f;
    window.setParams(params);
    window.setPrompt(QStringLiteral("1 2 3 4"));
    window.generate(3);
    REQUIRE(waitFor(records, 3));
    REQUIRE(window.history().size() == 3);
    const std::vector<TranscriptStepPtr> plain = window.history();
    CHECK(window.interventionsText().isEmpty());

    // What the attention grid's menu does for layer 2, head 1.
    window.toggleSilencedHead(1, 0);
    REQUIRE(replaced(window, plain, 3));
    CHECK(errors.isEmpty());
    const std::vector<TranscriptStepPtr> ablated = window.history();
    CHECK(window.interventionsText().contains(QStringLiteral("Silenced: layer 2 head 1")));
    auto* attention =
        qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
    REQUIRE(attention);
    CHECK(attention->isSilenced(1, 0));
    CHECK_FALSE(attention->isSilenced(0, 0));

    // The same seed and steps: each step's settings and uniform number are the run's.
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(ablated[i]->params.seed == 11);
        CHECK(ablated[i]->uniform == plain[i]->uniform);
    }
    // An independent session with the same set gives the replay's numbers, step by step.
    const auto loaded = ts::loadModelFolder(tinyModel().toStdString());
    ts::TraceOptions options;
    auto iv = std::make_shared<ts::Interventions>();
    iv->ablate = {{1, 0}};
    options.interventions = iv;
    ts::Session session(loaded.model);
    const std::vector<int> prompt = {1, 2, 3, 4};
    std::vector<std::vector<float>> expected;
    expected.push_back(session.prefill(prompt, options).logits);
    for (std::size_t i = 1; i < 3; ++i)
        expected.push_back(session.step(ablated[i - 1]->sampledToken, options).logits);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto& got = ablated[i]->trace->logits;
        REQUIRE(got.size() == expected[i].size());
        const int top = argmaxOf(expected[i]);
        CHECK(std::abs(softmaxProbOf(got, top) - softmaxProbOf(expected[i], top)) < 1e-6);
    }
    // And they are not the run without the set (the check can fail).
    ts::Session bare(loaded.model);
    const auto unablated = bare.prefill(prompt).logits;
    const int top = argmaxOf(expected[0]);
    CHECK(std::abs(softmaxProbOf(unablated, top) - softmaxProbOf(expected[0], top)) > 1e-4);
    CHECK(std::abs(softmaxProbOf(plain[0]->trace->logits, top) - softmaxProbOf(unablated, top)) <
          1e-6);

    // Giving the head back replays the original run.
    window.toggleSilencedHead(1, 0);
    REQUIRE(replaced(window, ablated, 3));
    CHECK(window.interventionsText().isEmpty());
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(window.history()[i]->sampledToken == plain[i]->sampledToken);
        CHECK(window.history()[i]->trace->logits == plain[i]->trace->logits);
    }
}

TEST_CASE("banning a candidate branches from its step with the set", "[ui][interventions]") {
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1200, 800);
    QSignalSpy ready(&window, &MainWindow::modelReady);
    QSignalSpy records(&window, &MainWindow::recordArrived);
    QSignalSpy errors(&window, &MainWindow::errorReported);
    window.loadModel(tinyModel());
    REQUIRE(waitFor(ready, 1));
    ts::SamplingParams params;
    params.seed = 5;
    params.temperature = 0.0f;  // greedy: the banned top candidate must give way to the next
    window.setParams(params);
    window.setPrompt(QStringLiteral("7 8 9"));
    window.generate(4);
    REQUIRE(waitFor(records, 4));
    const std::vector<TranscriptStepPtr> plain = window.history();
    REQUIRE(plain.size() == 4);

    window.selectStep(2);
    const int banned = plain[2]->sampledToken;
    window.banFromCurrentStep(banned);
    // Steps 0 and 1 are kept as they were; step 2 is made again with the set, as a branch.
    REQUIRE(replaced(window, plain, 3, 2));
    CHECK(errors.isEmpty());
    const auto& h = window.history();
    CHECK(h[0] == plain[0]);
    CHECK(h[1] == plain[1]);
    CHECK(h[2]->sampledToken != banned);
    CHECK(std::isinf(h[2]->trace->logits[static_cast<std::size_t>(banned)]));
    CHECK(window.currentStep() == 2);  // the step's distribution, shown again with the ban
    // Greedy with the top candidate banned: the runner-up of the same logits.
    std::vector<float> logits = plain[2]->trace->logits;
    logits[static_cast<std::size_t>(banned)] = -INFINITY;
    CHECK(h[2]->sampledToken == argmaxOf(logits));
    CHECK(window.interventionsText().contains(QStringLiteral("Banned: ")));
    CHECK(window.interventionsText().contains(QStringLiteral("#%1").arg(banned)));
}

TEST_CASE("headless --ablate 2:1 --view attention pictures the ablated run with its banner",
          "[ui][interventions][headless]") {
    QTemporaryDir dir;
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    MainWindow window(&translations, /*headless=*/true);
    window.resize(1280, 720);
    window.show();
    HeadlessOptions o;
    o.model = tinyModel();
    o.prompt = QStringLiteral("1 2 3 4");
    o.steps = 2;
    o.view = QStringLiteral("attention");
    ts::InterventionFlagText text;
    text.ablate = "2:1";  // as main.cpp hands --ablate over
    o.interventions = ts::parseInterventionFlags(text);
    o.screenshot = dir.filePath(QStringLiteral("a.png"));
    o.timeoutMs = 60000;
    HeadlessRun run(&window, o);
    QSignalSpy finished(&run, &HeadlessRun::finished);
    run.start();
    REQUIRE(waitFor(finished, 1, 70000));
    CHECK(finished.front().front().toInt() == 0);
    CHECK(window.interventionsText().contains(QStringLiteral("Silenced: layer 2 head 1")));
    auto* attention =
        qobject_cast<AttentionView*>(window.stageView(static_cast<int>(Stage::Attention)));
    REQUIRE(attention);
    CHECK(attention->isSilenced(1, 0));
    CHECK(window.stage() == static_cast<int>(Stage::Attention));
    // The run shown is the ablated one: its prefill's logits are a session's with the set.
    REQUIRE(window.history().size() == 2);
    const auto loaded = ts::loadModelFolder(tinyModel().toStdString());
    ts::TraceOptions options;
    auto iv = std::make_shared<ts::Interventions>(o.interventions);
    options.interventions = iv;
    ts::Session session(loaded.model);
    const std::vector<int> prompt = {1, 2, 3, 4};
    const auto expected = session.prefill(prompt, options).logits;
    const auto& got = window.history().front()->trace->logits;
    REQUIRE(got.size() == expected.size());
    const int top = argmaxOf(expected);
    CHECK(std::abs(softmaxProbOf(got, top) - softmaxProbOf(expected, top)) < 1e-6);
}
