// The classroom experiments end to end on the tiny full-vocabulary fixture (random weights,
// real GPT-2 tokenizer): they run off the GUI thread, report progress, can be cancelled,
// and hand their results to the views.
#include <QSignalSpy>
#include <QTest>
#include <optional>

#include "catch.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/probes_view.hpp"
#include "classroom/token_flow.hpp"
#include "test_paths.hpp"
#include "tokenscope/model_folder.hpp"

using namespace ts::ui;

namespace {
std::optional<ModelInfo> fullVocabModelInfo() {
    if (ts_test::gpt2VocabDir().empty()) return std::nullopt;
    ModelInfo info;
    auto loaded = ts::loadModelFolder(ts_test::dataDir() / "gpt2-tiny-fullvocab");
    info.model = loaded.model;
    info.tokenizer =
        loaded.tokenizer ? loaded.tokenizer : ts::Tokenizer::fromFolder(ts_test::gpt2VocabDir());
    info.nCtx = info.model->config().nCtx;
    return info;
}
}  // namespace

TEST_CASE("lanes, scoring and lost in the middle run on the tiny model", "[classroom][slow]") {
    const auto info = fullVocabModelInfo();
    if (!info) {
        TS_SKIP("configured without TOKENSCOPE_GPT2_VOCAB_DIR");
    }
    LanesView lanes;
    lanes.setModel(*info);
    lanes.setPrompt(QStringLiteral("The culprit turned out to be"));
    QSignalSpy lanesDone(&lanes, &LanesView::finished);
    lanes.run();
    REQUIRE(lanesDone.wait(20000));
    REQUIRE(lanes.laneCount() == 4);
    CHECK(lanes.laneFlow(0)->count() > 20);

    const auto scores = scoreText(*info, "The capital of France is Paris.");
    REQUIRE(scores.size() > 3);
    CHECK_FALSE(scores[0].scored);
    for (std::size_t i = 1; i < scores.size(); ++i) {
        CHECK(scores[i].scored);
        CHECK(scores[i].prob > 0);
        CHECK(scores[i].rank >= 1);
        CHECK(scores[i].alternatives.size() == 16);  // the side list of the confidence view
    }

    LitmView litm;
    litm.setModel(*info);
    ts::LitmOptions o;
    o.records = 6;
    o.positions = 3;
    o.trials = 2;
    litm.setOptions(o);
    QSignalSpy litmDone(&litm, &LitmView::finished);
    litm.run();
    REQUIRE(litmDone.wait(30000));
    REQUIRE(litm.result().points.size() == 3);
    CHECK(litm.result().points.front().position == 1);
    CHECK(litm.result().points.back().position == 6);
    CHECK(litm.progress() == Approx(1.0));
    CHECK_FALSE(litm.conclusion().isEmpty());

    // Cancel: a long run stops without delivering a result.
    o.trials = 500;
    litm.setOptions(o);
    litm.run();
    litm.cancel();
    QTest::qWait(200);
    CHECK(litm.result().points.front().trials == 2);  // still the earlier result

    ProbesView probes;
    probes.setModel(*info);
    REQUIRE(probes.loadFile(
        QStringLiteral(TOKENSCOPE_SOURCE_DIR "/resources/probes/gpt2_real_world.json")));
    QSignalSpy probesDone(&probes, &ProbesView::finished);
    probes.run();
    REQUIRE(probesDone.wait(30000));
    for (int r = 0; r < probes.rowCount(); ++r) {
        const auto [pt, pf] = probes.barValues(r);
        CHECK(pt > 0);
        CHECK(pt <= 1);
        CHECK(pf > 0);
    }
}
