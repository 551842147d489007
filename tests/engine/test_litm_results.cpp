// Saved lost-in-the-middle results: a run written and read back is the same run; a damaged
// or foreign file is refused with the file and the field named; and the evaluation data the
// bundled model ships (what the lab states up front) is what the engine measures on it.
#include <nlohmann/json.hpp>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/litm.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

ts::LitmRun smallRun() {
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmRun run;
    run.model = "bundled";
    ts::applyLitmSpec(run.options, ts_test::bundledModel() / "eval" / "kv_records.json");
    run.options.records = 10;
    run.options.positions = 3;
    run.options.trials = 2;
    run.options.seed = 5;
    run.result = ts::runLostInTheMiddle(model, *tokenizer, run.options);
    run.options.keyWords.clear();
    run.options.values.clear();
    return run;
}

// A valid file with one field replaced (a JSON pointer such as "/points/1/accuracy").
std::string withField(const std::string& pointer, const nlohmann::json& value) {
    auto j = nlohmann::json::parse(ts::litmRunToJson(smallRun()));
    j[nlohmann::json::json_pointer(pointer)] = value;
    return j.dump();
}

}  // namespace

TEST_CASE("a saved run reads back the same", "[litm][results]") {
    const ts::LitmRun run = smallRun();
    ts_test::TempDir dir;
    ts::saveLitmRun(run, dir / "sweep.json");
    const ts::LitmRun back = ts::loadLitmRun(dir / "sweep.json");
    CHECK(back.model == run.model);
    CHECK(back.options.records == 10);
    CHECK(back.options.positions == 3);
    CHECK(back.options.trials == 2);
    CHECK(back.options.seed == 5);
    CHECK(back.options.recordTemplate == run.options.recordTemplate);
    CHECK(back.options.numberMin == run.options.numberMin);
    CHECK(back.result.contextTokens == run.result.contextTokens);
    CHECK(back.result.exampleContext == run.result.exampleContext);
    CHECK(back.result.timing.prefills == run.result.timing.prefills);
    CHECK(back.result.timing.questionTokens == run.result.timing.questionTokens);
    REQUIRE(back.result.points.size() == run.result.points.size());
    for (std::size_t i = 0; i < run.result.points.size(); ++i) {
        const auto& a = run.result.points[i];
        const auto& b = back.result.points[i];
        CHECK(b.position == a.position);
        CHECK(b.trials == a.trials);
        CHECK(b.accuracy == Approx(a.accuracy).epsilon(1e-12));
        CHECK(b.accuracyLow == Approx(a.accuracyLow).epsilon(1e-12));
        CHECK(b.meanProb == Approx(a.meanProb).epsilon(1e-12));
        CHECK(b.probHigh == Approx(a.probHigh).epsilon(1e-12));
        CHECK(b.meanRank == Approx(a.meanRank).epsilon(1e-12));
        CHECK(b.attentionMass == Approx(a.attentionMass).epsilon(1e-12));
    }
    // The written text is the text written again after reading: nothing lost or added.
    CHECK(ts::litmRunToJson(back) == ts::litmRunToJson(run));
}

TEST_CASE("damaged or foreign results files are refused with the field named", "[litm][results]") {
    struct Case {
        std::string text;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"{\"points\": [", "not valid JSON"},
        {"[1, 2]", "expected a JSON object"},
        {R"({"format": "tokenscope-lesson", "points": []})",
         "not a lost-in-the-middle results file"},
        {R"({"probes": []})", "no \"points\""},
        {withField("/version", 7), "newer"},
        {withField("/points", nlohmann::json::array()), "\"points\""},
        {withField("/points/1/accuracy", 1.5), "points[1]: \"accuracy\""},
        {withField("/points/0/mean_prob", "high"), "points[0]: \"mean_prob\""},
        {withField("/points/2/position", 2), "larger than the position before"},
        {withField("/points/2/position", 11), "\"position\" must be a whole number from 1 to 10"},
        {withField("/points/0/accuracy_ci", nlohmann::json::array({0.9, 0.1})), "accuracy_ci"},
        {withField("/records", -3), "\"records\""},
        {withField("/trials", 2.5), "\"trials\""},
        {withField("/positions", 4), "lists 3 points"},
        {withField("/number_range", nlohmann::json::array({5})), "number_range"},
        {withField("/timing", 3), "\"timing\""},
    };
    for (const auto& c : cases) {
        INFO(c.text.substr(0, 120));
        CHECK_THROWS_WITH(ts::litmRunFromJson(c.text, "sweep.json"), ContainsSubstring(c.message));
        CHECK_THROWS_WITH(ts::litmRunFromJson(c.text, "sweep.json"),
                          ContainsSubstring("sweep.json"));
    }
    CHECK_THROWS_WITH(ts::loadLitmRun("/nonexistent/sweep.json"), ContainsSubstring("cannot open"));
}

TEST_CASE("results printed before the format had a name still read", "[litm][results]") {
    // what `tokenscope-cli litm --json` printed before: no format, model, seed or positions
    const std::string old = R"({"records": 20, "trials": 10, "query_aware": false,
        "record_template": "Code {key} {value}.", "context_tokens": 124,
        "points": [{"position": 1, "accuracy": 1.0, "accuracy_ci": [0.72, 1.0], "mean_prob": 0.98,
                    "prob_ci": [0.97, 0.99], "mean_rank": 1.0, "attention_mass": 0.1},
                   {"position": 20, "accuracy": 0.9, "accuracy_ci": [0.6, 0.98], "mean_prob": 0.9,
                    "prob_ci": [0.8, 0.95], "mean_rank": 1.1, "attention_mass": 0.2}]})";
    const auto run = ts::litmRunFromJson(old, "old.json");
    CHECK(run.options.positions == 2);
    CHECK(run.result.points.back().position == 20);
    CHECK(run.result.points.back().trials == 10);
    CHECK(run.result.points.back().accuracy == Approx(0.9));
}

TEST_CASE("a failed save leaves the older file as it was", "[litm][results]") {
    ts_test::TempDir dir;
    ts_test::writeBytes(dir / "keep.json", "older");
    std::filesystem::create_directory(dir / "keep.json.part");  // the temporary cannot be written
    CHECK_THROWS_WITH(ts::saveLitmRun(smallRun(), dir / "keep.json"),
                      ContainsSubstring("cannot write"));
    CHECK(ts_test::readText(dir / "keep.json") == "older");
}

TEST_CASE("the bundled model's evaluation data is what the engine measures on it",
          "[litm][results][bundled]") {
    // eval/litm_results.json is what the lab states up front about the bundled model. If the
    // model is retrained, regenerate it with the command in resources/model/README.md.
    const auto file = ts_test::bundledModel() / "eval" / "litm_results.json";
    const ts::LitmRun shipped = ts::loadLitmRun(file);
    const auto model = ts::Model::loadFolder(ts_test::bundledModel());
    const auto tokenizer = ts::Tokenizer::fromFolder(ts_test::bundledModel());
    ts::LitmOptions o = shipped.options;
    ts::applyLitmSpec(o, ts_test::bundledModel() / "eval" / "kv_records.json");
    o.records = shipped.options.records;
    o.positions = shipped.options.positions;
    o.trials = shipped.options.trials;
    o.seed = shipped.options.seed;
    o.queryAware = shipped.options.queryAware;
    const auto now = ts::runLostInTheMiddle(model, *tokenizer, o);
    REQUIRE(now.points.size() == shipped.result.points.size());
    for (std::size_t i = 0; i < now.points.size(); ++i) {
        INFO("position " << now.points[i].position << " (regenerate " << file.string() << ")");
        CHECK(now.points[i].position == shipped.result.points[i].position);
        CHECK(now.points[i].accuracy == Approx(shipped.result.points[i].accuracy).margin(1e-9));
        CHECK(now.points[i].meanProb == Approx(shipped.result.points[i].meanProb).margin(1e-4));
    }
}
