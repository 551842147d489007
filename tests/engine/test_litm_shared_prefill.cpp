// Lost in the middle with one prefill per context: the numbers must be those of one full
// prefill per question (the naive way), on the bundled model and on a random Qwen2-shaped
// model (RoPE, grouped-query attention, a start token), while far fewer tokens go through
// the model. Also the FLOP count the time estimate rests on, and the plan it multiplies.
#include "catch.hpp"
#include "engine_test_util.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/litm.hpp"
#include "tokenscope/session.hpp"
#include "tools/random_model.hpp"

namespace {

void checkSameResults(const ts::LitmResult& shared, const ts::LitmResult& naive) {
    REQUIRE(shared.points.size() == naive.points.size());
    for (std::size_t i = 0; i < shared.points.size(); ++i) {
        const auto& a = shared.points[i];
        const auto& b = naive.points[i];
        INFO("position " << a.position);
        CHECK(a.position == b.position);
        CHECK(a.trials == b.trials);
        CHECK(a.accuracy == b.accuracy);
        CHECK(a.meanProb == Approx(b.meanProb).margin(1e-5));
        CHECK(a.probLow == Approx(b.probLow).margin(1e-5));
        CHECK(a.meanRank == Approx(b.meanRank).margin(1e-9));
        CHECK(a.attentionMass == Approx(b.attentionMass).margin(1e-5));
    }
    CHECK(shared.contextTokens == naive.contextTokens);
    CHECK(shared.exampleContext == naive.exampleContext);
}

// A small Qwen2-shaped model with random weights and the bundled model's tokenizer, told to
// put a start token first (so the shared part must include it).
struct RandomQwen {
    ts_test::TempDir dir;
    std::shared_ptr<const ts::Model> model;
    std::shared_ptr<const ts::Tokenizer> tokenizer;
    RandomQwen() {
        auto cfg = ts_tools::qwen25HalfBConfig();
        cfg["hidden_size"] = 64;
        cfg["intermediate_size"] = 128;
        cfg["num_attention_heads"] = 4;
        cfg["num_key_value_heads"] = 2;
        cfg["num_hidden_layers"] = 2;
        cfg["max_position_embeddings"] = 512;
        cfg["vocab_size"] = 8192;
        cfg["bos_token_id"] = 8191;
        cfg["eos_token_id"] = 8191;
        ts_tools::RandomModelSpec spec;
        spec.config = cfg;
        spec.seed = 3;
        spec.weightScale = 0.2f;  // attention far from uniform
        ts_tools::writeRandomModel(dir.path(), spec);
        for (const char* f : {"vocab.json", "merges.txt"})
            std::filesystem::copy_file(ts_test::bundledModel() / f, dir / f);
        ts_test::writeBytes(dir / "tokenizer_config.json",
                            R"({"add_bos_token": true, "bos_token": "<|endoftext|>"})");
        model = ts::Model::loadFolder(dir.path());
        tokenizer = ts::Tokenizer::fromFolder(dir.path());
    }
};

}  // namespace

TEST_CASE("one prefill per context gives the numbers of one prefill per question (bundled model)",
          "[litm]") {
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmOptions o;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = 16;
    o.positions = 6;
    o.trials = 3;
    o.seed = 7;
    const auto shared = ts::runLostInTheMiddle(model, *tokenizer, o);
    o.sharePrefill = false;
    const auto naive = ts::runLostInTheMiddle(model, *tokenizer, o);
    checkSameResults(shared, naive);
    // One pass per context instead of one per question, and far fewer tokens in all.
    CHECK(shared.timing.sharedPrefill);
    CHECK(shared.timing.prefills == 3);
    CHECK(naive.timing.prefills == 3 * 6);
    CHECK(naive.timing.questionTokens == 0);
    CHECK(shared.timing.questionTokens > 0);
    CHECK(shared.timing.contextTokens + shared.timing.questionTokens <
          naive.timing.contextTokens / 4);
    // The records vary from trial to trial: a model that recalls them is right, and the
    // probabilities differ between contexts (not one context asked three times).
    CHECK(shared.points.front().accuracy > 0.5);
}

TEST_CASE("one prefill per context matches the naive way on a RoPE model with a start token",
          "[litm]") {
    RandomQwen m;
    REQUIRE(m.tokenizer->startToken().add);
    ts::LitmOptions o;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = 10;
    o.positions = 4;
    o.trials = 2;
    for (const bool queryAware : {false, true}) {
        INFO("query-aware " << queryAware);
        o.queryAware = queryAware;
        o.sharePrefill = true;
        const auto shared = ts::runLostInTheMiddle(m.model, *m.tokenizer, o);
        o.sharePrefill = false;
        const auto naive = ts::runLostInTheMiddle(m.model, *m.tokenizer, o);
        checkSameResults(shared, naive);
        // the start token and at least the first word are shared even when the question
        // comes first
        CHECK(shared.timing.contextTokens >= 2 * o.trials);
    }
}

TEST_CASE("the trials draw different records, the same for the same seed", "[litm]") {
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmOptions o;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = 8;
    o.positions = 2;
    o.trials = 4;
    const auto a = ts::runLostInTheMiddle(model, *tokenizer, o);
    const auto b = ts::runLostInTheMiddle(model, *tokenizer, o);
    CHECK(a.exampleContext == b.exampleContext);
    CHECK(a.points.front().meanProb == b.points.front().meanProb);
    // P(correct) varies between trials, so its interval has width
    CHECK(a.points.front().probHigh > a.points.front().probLow);
    o.seed = 2;
    const auto c = ts::runLostInTheMiddle(model, *tokenizer, o);
    CHECK(c.exampleContext != a.exampleContext);
}

TEST_CASE("the FLOP count of a pass is the one the trace reports", "[litm][cost]") {
    RandomQwen m;
    ts::Session session(m.model);
    std::vector<int> ids;
    for (int i = 0; i < 40; ++i) ids.push_back((i * 37 + 11) % 8000);
    const auto first = session.prefill(std::span<const int>(ids).first(33));
    CHECK(ts::forwardFlops(m.model->config(), 33, 0) == Approx(first.cost.flops).epsilon(1e-12));
    const auto more = session.prefill(std::span<const int>(ids).subspan(33));
    CHECK(ts::forwardFlops(m.model->config(), 7, 33) == Approx(more.cost.flops).epsilon(1e-12));
    const auto bundled = ts::Model::loadFolder(ts_test::bundledModel());
    ts::Session s2(bundled);
    const auto t = s2.prefill(ids);
    CHECK(ts::forwardFlops(bundled->config(), 40, 0) == Approx(t.cost.flops).epsilon(1e-12));
}

TEST_CASE("the plan counts the passes and tokens the run computes", "[litm]") {
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmOptions o;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = 12;
    o.positions = 4;
    o.trials = 1;  // the plan reads the first trial
    const auto plan = ts::planLostInTheMiddle(*tokenizer, o);
    const auto run = ts::runLostInTheMiddle(model, *tokenizer, o);
    CHECK(plan.prefills == 1);
    CHECK(plan.contextTokens == run.timing.contextTokens);
    CHECK(plan.questions == 4);
    CHECK(plan.questions * plan.questionTokens >= run.timing.questionTokens);
    CHECK(plan.promptTokens >= run.contextTokens);
    o.sharePrefill = false;
    const auto naive = ts::planLostInTheMiddle(*tokenizer, o);
    CHECK(naive.prefills == 4);
    CHECK(naive.questions == 0);

    // The estimate grows with the work and is what the rates make of it.
    ts::LitmSpeed speed;
    speed.prefillFlopsPerSecond = 1e9;
    speed.questionFlopsPerSecond = 0.5e9;
    const double one = ts::estimateLitmSeconds(model->config(), plan, speed);
    ts::LitmPlan ten = plan;
    ten.prefills *= 10;
    ten.questions *= 10;
    CHECK(ts::estimateLitmSeconds(model->config(), ten, speed) == Approx(10 * one));
    const double expected =
        ts::forwardFlops(model->config(), plan.contextTokens, 0) / 1e9 +
        4 * ts::forwardFlops(model->config(), plan.questionTokens, plan.contextTokens) / 0.5e9;
    CHECK(one == Approx(expected));
    CHECK(ts::estimateLitmSeconds(model->config(), naive, speed) > one);
    // A measured speed is positive and the measurement short.
    const auto measured = ts::measureLitmSpeed(model, *tokenizer, o);
    CHECK(measured.prefillFlopsPerSecond > 0);
    CHECK(measured.questionFlopsPerSecond > 0);
}

TEST_CASE("a context longer than the model's is refused before any work", "[litm]") {
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmOptions o;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = 90;  // about 550 tokens, the model has 512
    o.positions = 2;
    o.trials = 1;
    CHECK_THROWS_WITH(ts::runLostInTheMiddle(model, *tokenizer, o),
                      Catch::Matchers::ContainsSubstring("context length"));
    CHECK(ts::planLostInTheMiddle(*tokenizer, o).promptTokens > model->config().nCtx);
}
