// The patch and steer views (#45): the patching heatmap is ts::patchResidualStream's for the
// same prompts with the answer and wrong tokens read independently from two plain runs;
// prompts of different token lengths are refused in the view; Cancel stops a long patching
// promptly and leaves the view usable; the steer view's strength-0 continuation is the default.
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>

#include "catch.hpp"
#include "classroom/patch_view.hpp"
#include "classroom/steer_view.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/what_if.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/heatmap_widget.hpp"

using namespace ts::ui;

namespace {

std::vector<int> patchTestIds(const ModelInfo& info, const QString& text) {
    return ts::parsePrompt(text.toStdString(), info.tokenizer.get(), info.nVocab).ids();
}

int patchTestArgmax(const std::vector<float>& logits) {
    return static_cast<int>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

}  // namespace

TEST_CASE("the patch view's heatmap is ts::patchResidualStream's for the same prompts",
          "[ui][classroom][patch]") {
    const ModelInfo info = ts_test::bundledModelInfo();
    for (const QString& lang : {QStringLiteral("ko"), QStringLiteral("en")}) {
        PatchView view;
        view.resize(1200, 800);
        view.setModel(info);
        view.setLanguage(lang);
        REQUIRE(view.cleanPrompt() == PatchView::exampleClean(lang));
        view.run();
        REQUIRE(ts_test::waitUntil([&] { return !view.isBusy() && view.hasResult(); }));
        INFO(view.statusText().toStdString());
        const auto& r = view.result();
        REQUIRE(r.patched);

        // The defaults, read from two plain runs: the clean run's top token against the
        // corrupted run's.
        const auto clean = patchTestIds(info, PatchView::exampleClean(lang));
        const auto corrupt = patchTestIds(info, PatchView::exampleCorrupt(lang));
        ts::Session a(info.model), b(info.model);
        const int answer = patchTestArgmax(a.prefill(clean).logits);
        const int wrong = patchTestArgmax(b.prefill(corrupt).logits);
        REQUIRE(answer != wrong);
        CHECK(r.answer == answer);
        CHECK(r.wrong == wrong);
        // On the seed's sentence the bundled model answers with the name (" 수진", " Sujin").
        CHECK(info.tokenizer->decode({answer}) ==
              (lang == QLatin1String("ko") ? std::string(" 수진") : std::string(" Sujin")));

        const auto expected = ts::patchResidualStream(info.model, clean, corrupt, answer, wrong);
        const HeatmapWidget* map = view.patchMap();
        REQUIRE(map->rowCount() == info.model->config().nLayer);
        REQUIRE(map->columnCount() == static_cast<int>(clean.size()));
        for (int l = 0; l < map->rowCount(); ++l)
            for (int p = 0; p < map->columnCount(); ++p)
                CHECK(
                    map->value(l, p) ==
                    Approx(
                        expected.restored[static_cast<std::size_t>(l)][static_cast<std::size_t>(p)])
                        .margin(1e-6));
        CHECK(r.patching.forwardPasses == expected.forwardPasses);
        CHECK(view.summaryText().contains(QString::number(expected.forwardPasses)));
        // Patching the name's own position at block 1 brings the clean answer back whole.
        const auto differs = std::mismatch(clean.begin(), clean.end(), corrupt.begin());
        const int at = static_cast<int>(differs.first - clean.begin());
        CHECK(map->value(0, at) == Approx(1.0).margin(1e-3));

        // The attention difference opens on the head the swapped word changes most.
        ts::TraceOptions withAttention;
        withAttention.attention = true;
        ts::Session c(info.model), d(info.model);
        const auto ta = c.prefill(clean, withAttention).attention;
        const auto tb = d.prefill(corrupt, withAttention).attention;
        std::pair<int, int> best{-1, -1};
        double most = -1;
        for (int l = 0; l < ta.nLayer; ++l)
            for (int h = 0; h < ta.nHead; ++h) {
                double sum = 0;
                for (int q = 0; q < static_cast<int>(clean.size()); ++q)
                    for (int k = 0; k <= q; ++k)
                        sum += std::fabs(ta.row(l, h, q)[static_cast<std::size_t>(k)] -
                                         tb.row(l, h, q)[static_cast<std::size_t>(k)]);
                if (sum > most) {
                    most = sum;
                    best = {l, h};
                }
            }
        CHECK(view.shownHead() == best);
        const auto [bl, bh] = best;
        CHECK(view.attentionMap()->value(static_cast<int>(clean.size()) - 1, at) ==
              Approx(
                  ta.row(bl, bh, static_cast<int>(clean.size()) - 1)[static_cast<std::size_t>(at)] -
                  tb.row(bl, bh, static_cast<int>(clean.size()) - 1)[static_cast<std::size_t>(at)])
                  .margin(1e-6));

        // Another pair picked from the candidates: the patching again with it.
        int other = -1;
        for (const auto& [id, p] : r.corruptTop)
            if (id != wrong && id != answer) other = id;
        REQUIRE(other >= 0);
        view.chooseTokens(answer, other);
        view.run();
        REQUIRE(ts_test::waitUntil([&] { return !view.isBusy() && view.result().wrong == other; }));
        const auto again = ts::patchResidualStream(info.model, clean, corrupt, answer, other);
        CHECK(view.patchMap()->value(0, at) ==
              Approx(again.restored[0][static_cast<std::size_t>(at)]).margin(1e-6));
    }
}

TEST_CASE("the patch view refuses prompts of different token lengths, saying so",
          "[ui][classroom][patch]") {
    PatchView view;
    view.setModel(ts_test::bundledModelInfo());
    // "Minjun" is four tokens on the bundled model, "Sujin" one.
    view.setPrompts(QStringLiteral("The culprit turned out to be Sujin. The culprit,"),
                    QStringLiteral("The culprit turned out to be Minjun. The culprit,"));
    view.run();
    CHECK_FALSE(view.isBusy());
    CHECK_FALSE(view.hasResult());
    const QString status = view.statusText();
    INFO(status.toStdString());
    CHECK(status.contains(QStringLiteral("11 tokens")));
    CHECK(status.contains(QStringLiteral("14")));
    CHECK(status.contains(QStringLiteral("same number of tokens")));
    CHECK(view.patchMap()->rowCount() == 0);
}

TEST_CASE("Cancel during patching stops the work promptly and leaves the view usable",
          "[ui][classroom][patch]") {
    PatchView view;
    view.setModel(ts_test::bundledModelInfo());
    // About 160 tokens: 4 x 160 patched runs, seconds of work.
    QString clean, corrupt = QStringLiteral("범인이 민준이라는 게 밝혀졌다. ");
    for (int i = 0; i < 20; ++i) clean += QStringLiteral("범인이 수진이라는 게 밝혀졌다. ");
    for (int i = 0; i < 19; ++i) corrupt += QStringLiteral("범인이 수진이라는 게 밝혀졌다. ");
    view.setPrompts(clean + QStringLiteral("범인인"), corrupt + QStringLiteral("범인인"));
    view.run();
    REQUIRE(view.isBusy());
    REQUIRE(ts_test::waitUntil([&] { return view.progress() > 0.02 || !view.isBusy(); }));
    REQUIRE(view.isBusy());  // still patching: the cancel below lands mid-way
    QElapsedTimer timer;
    timer.start();
    view.cancel();
    REQUIRE(ts_test::waitUntil([&] { return !view.isBusy(); }, 5000));
    CHECK(timer.elapsed() < 1500);
    CHECK(view.statusText() == QStringLiteral("Cancelled."));
    CHECK_FALSE(view.hasResult());

    // Usable: the example pair runs to its end afterwards.
    view.setPrompts(PatchView::exampleClean(QStringLiteral("ko")),
                    PatchView::exampleCorrupt(QStringLiteral("ko")));
    view.run();
    REQUIRE(ts_test::waitUntil([&] { return !view.isBusy() && view.hasResult(); }));
    CHECK(view.result().patched);
    CHECK(view.patchMap()->rowCount() == 4);
}

TEST_CASE("the steer view's strength-0 continuation is the default one, and steering changes it",
          "[ui][classroom][steer]") {
    const ModelInfo info = ts_test::bundledModelInfo();
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        SteerView view;
        view.setModel(info);
        view.setLanguage(lang);
        REQUIRE(view.positive() == SteerView::examples(lang).front().positive);
        view.applySettings({{QStringLiteral("strength"), 2.0}, {QStringLiteral("steps"), 10}});
        view.run();
        REQUIRE(ts_test::waitUntil([&] { return !view.isBusy() && view.hasResult(); }));
        INFO(view.statusText().toStdString());
        const auto& r = view.result();
        const auto strengths = r.stripStrengths;
        REQUIRE(r.strip.size() == strengths.size());
        auto tokensOf = [](const ts::Lane& lane) {
            std::vector<int> t;
            for (const auto& x : lane.tokens) t.push_back(x.token);
            return t;
        };
        const auto zero = std::find(strengths.begin(), strengths.end(), 0.0f) - strengths.begin();
        REQUIRE(zero < static_cast<std::ptrdiff_t>(strengths.size()));
        CHECK(tokensOf(r.strip[static_cast<std::size_t>(zero)]) == tokensOf(r.plain));
        // The default is the plain run: a temperature lane with no intervention at the seed.
        ts::SamplingParams params;
        params.seed = 42;
        const auto plain = ts::runTemperatureLanes(info.model, r.prompt, {params.temperature}, 10,
                                                   params, info.tokenizer)
                               .front();
        CHECK(tokensOf(plain) == tokensOf(r.plain));
        // The steered lane is the strip's at the same strength, and it is not the default.
        const auto two = std::find(strengths.begin(), strengths.end(), 2.0f) - strengths.begin();
        REQUIRE(two < static_cast<std::ptrdiff_t>(strengths.size()));
        CHECK(tokensOf(r.steered) == tokensOf(r.strip[static_cast<std::size_t>(two)]));
        CHECK(tokensOf(r.steered) != tokensOf(r.plain));

        // The chart's curve at strength 0 is the plain run's logit difference of the two words'
        // first tokens after a space, read from a session of its own.
        ts::PromptOptions word;
        word.startToken = false;
        const std::string pos = " " + view.positive().toStdString();
        const std::string neg = " " + view.negative().toStdString();
        const int p = ts::parsePrompt(pos, info.tokenizer.get(), info.nVocab, word).ids().front();
        const int n = ts::parsePrompt(neg, info.tokenizer.get(), info.nVocab, word).ids().front();
        CHECK(r.positiveToken == p);
        CHECK(r.negativeToken == n);
        ts::Session plainSession(info.model);
        const auto logits = plainSession.prefill(r.prompt).logits;
        REQUIRE(r.curveStrengths.size() == 17);
        CHECK(r.curveStrengths[8] == 0.0f);
        CHECK(r.curveDiff[8] == Approx(double(logits[static_cast<std::size_t>(p)]) -
                                       logits[static_cast<std::size_t>(n)])
                                    .margin(1e-5));
        // Steering towards the first word raises it over the second (the sign is right).
        CHECK(r.curveDiff.back() > r.curveDiff[8]);
        CHECK(r.curveDiff.front() < r.curveDiff[8]);
    }
}

TEST_CASE("the steer view takes the CLI's steering settings and says where a block is missing",
          "[ui][classroom][steer]") {
    SteerView view;
    view.setModel(ts_test::bundledModelInfo());
    CHECK(view.layer() == 4);  // the last block of the bundled model by default
    CHECK(view.strength() == 1.0f);
    view.applySettings({{QStringLiteral("layer"), 3},
                        {QStringLiteral("positive"), QStringLiteral("I love you")},
                        {QStringLiteral("negative"), QStringLiteral("I hate you")},
                        {QStringLiteral("strength"), -2.5}});
    CHECK(view.layer() == 3);
    CHECK(view.strength() == -2.5f);
    CHECK(view.positive() == QStringLiteral("I love you"));
    CHECK(view.negative() == QStringLiteral("I hate you"));
    // A block the model lacks is said, and nothing runs.
    view.applySettings({{QStringLiteral("layer"), 9}, {QStringLiteral("run"), true}});
    CHECK_FALSE(view.isBusy());
    CHECK(view.statusText().contains(QStringLiteral("has 4 block")));
}

TEST_CASE("a new model drops the patch and steer views' results", "[ui][classroom][patch]") {
    const ModelInfo bundled = ts_test::bundledModelInfo();
    PatchView patch;
    SteerView steer;
    patch.setModel(bundled);
    steer.setModel(bundled);
    patch.run();
    steer.applySettings({{QStringLiteral("steps"), 3}, {QStringLiteral("run"), true}});
    REQUIRE(ts_test::waitUntil([&] {
        return !patch.isBusy() && !steer.isBusy() && patch.hasResult() && steer.hasResult();
    }));
    ModelInfo other = bundled;
    other.model = ts::loadModelFolder(ts_test::tinyModel().toStdString()).model;
    other.tokenizer = nullptr;
    patch.setModel(other);
    steer.setModel(other);
    CHECK_FALSE(patch.hasResult());
    CHECK(patch.patchMap()->rowCount() == 0);
    CHECK_FALSE(steer.hasResult());
    // Without a tokenizer both say what they need instead of running.
    patch.run();
    steer.run();
    CHECK_FALSE(patch.isBusy());
    CHECK_FALSE(steer.isBusy());
    CHECK(patch.statusText().contains(QStringLiteral("tokenizer")));
    CHECK(steer.statusText().contains(QStringLiteral("tokenizer")));
}
