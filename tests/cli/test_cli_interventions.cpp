// Interventions through the CLI against the independent numpy reference
// (tests/reference/forward_reference.py, float64, written from the definitions in docs/cli.md):
// trace --ablate (zero and mean), --logit-bias, --ban and steering on four families, and patch.
// Tolerances are those the hidden checks use: 1e-4 on the top-20 probabilities, 1e-3 on the
// patching matrix.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

namespace {

using Catch::Matchers::ContainsSubstring;
using nlohmann::json;
using ts_test::runCli;
using ts_test::runProgram;

const char* kPython = "/usr/bin/python3";

std::string referenceScript() {
    return (ts_test::sourceDir() / "tests" / "reference" / "forward_reference.py").string();
}

bool haveNumpy() {
    if (!std::filesystem::exists(kPython)) return false;
    return runProgram(kPython, {"-c", "import numpy"}).exitCode == 0;
}

json reference(const std::vector<std::string>& args) {
    std::vector<std::string> all = {referenceScript()};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = runProgram(kPython, all);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    return r.json();
}

json cli(const std::vector<std::string>& args) {
    const auto r = runCli(args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    return r.json();
}

// Every top-20 entry of the reference has the engine's probability for that id within tol.
void sameTop(const json& engine, const json& ref, double tol) {
    REQUIRE(engine["top"].size() == ref["top"].size());
    for (std::size_t i = 0; i < ref["top"].size(); ++i) {
        INFO("rank " << i);
        CHECK(engine["top"][i]["id"].get<int>() == ref["top"][i]["id"].get<int>());
        CHECK(std::fabs(engine["top"][i]["prob"].get<double>() -
                        ref["top"][i]["prob"].get<double>()) < tol);
    }
    for (std::size_t t = 0; t < ref["logsumexp"].size(); ++t)
        CHECK(std::fabs(engine["logsumexp"][t].get<double>() - ref["logsumexp"][t].get<double>()) <
              1e-3);
}

struct Fixture {
    std::string name;
    std::string ids;
    std::string ablate;
};

const std::vector<Fixture> kFixtures = {
    {"gpt2-tiny-vocab512", "5,17,300,2,44,101,9,250", "1:2,3:1"},
    {"llama-tiny", "1,17,300,2,44,101,9,250,33", "1:3,2:4"},
    {"qwen2-tiny", "1,17,300,2,44,101,9,250,33", "2:1"},
    {"qwen3-tiny", "1,17,300,2,44,101,9,250,33", "1:1,2:2"},
};

}  // namespace

TEST_CASE("trace with interventions agrees with the numpy reference on four families",
          "[cli][interventions]") {
    if (!haveNumpy()) TS_SKIP("/usr/bin/python3 with numpy (python3-numpy) is not installed");
    for (const auto& f : kFixtures) {
        const std::string dir = (ts_test::dataDir() / f.name).string();
        INFO(f.name);
        SECTION("zero ablation " + f.name) {
            sameTop(cli({"trace", "--model", dir, "--ids", f.ids, "--top", "20", "--json",
                         "--ablate", f.ablate}),
                    reference({"trace", dir, "--ids", f.ids, "--ablate", f.ablate}), 1e-4);
        }
        SECTION("mean ablation " + f.name) {
            sameTop(cli({"trace", "--model", dir, "--ids", f.ids, "--top", "20", "--json",
                         "--ablate", f.ablate, "--ablate-mode", "mean"}),
                    reference({"trace", dir, "--ids", f.ids, "--ablate", f.ablate, "--ablate-mode",
                               "mean"}),
                    1e-4);
        }
        SECTION("logit bias and ban " + f.name) {
            const json plain = cli({"trace", "--model", dir, "--ids", f.ids, "--json"});
            const int top = plain["top"][0]["id"].get<int>();
            const int second = plain["top"][1]["id"].get<int>();
            const std::string bias = std::to_string(second) + ":2.5,7:-1.25";
            const json e = cli({"trace", "--model", dir, "--ids", f.ids, "--top", "20", "--json",
                                "--logit-bias", bias, "--ban", std::to_string(top)});
            sameTop(e,
                    reference({"trace", dir, "--ids", f.ids, "--logit-bias", bias, "--ban",
                               std::to_string(top)}),
                    1e-4);
            // A banned id keeps its model logit in the arrays, is listed, and is never in top.
            CHECK(e["banned"] == json::array({top}));
            CHECK(e["last_logits"][top].get<double>() ==
                  Approx(plain["last_logits"][top].get<double>()).margin(1e-6));
            for (const auto& c : e["top"]) CHECK(c["id"].get<int>() != top);
        }
    }
}

TEST_CASE("an empty intervention changes nothing and a bad one is refused",
          "[cli][interventions]") {
    const std::string dir = (ts_test::dataDir() / "llama-tiny").string();
    const json plain = cli({"trace", "--model", dir, "--ids", "1,2,3,4", "--json"});
    const json zeroBias =
        cli({"trace", "--model", dir, "--ids", "1,2,3,4", "--json", "--logit-bias", "5:0"});
    CHECK(plain["last_logits"] == zeroBias["last_logits"]);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--ablate", "3:1"}).exitCode == 1);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--ablate", "1:5"}).exitCode == 1);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--ablate", "0:1"}).exitCode == 2);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--ablate", "x"}).exitCode == 2);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--ban", "9999"}).exitCode == 1);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--logit-bias", "3"}).exitCode == 2);
    CHECK(runCli({"trace", "--model", dir, "--ids", "1,2", "--ablate-mode", "mean"}).exitCode == 2);
}

TEST_CASE("patch agrees with the numpy reference", "[cli][interventions][patch]") {
    if (!haveNumpy()) TS_SKIP("/usr/bin/python3 with numpy (python3-numpy) is not installed");
    for (const auto& f : kFixtures) {
        const std::string dir = (ts_test::dataDir() / f.name).string();
        INFO(f.name);
        const std::string clean = f.ids;
        std::string corrupt = f.ids;
        corrupt.replace(corrupt.find(",17,") + 1, 2, "23");  // one token differs
        const json plain = cli({"trace", "--model", dir, "--ids", clean, "--json"});
        const std::string answer = std::to_string(plain["top"][0]["id"].get<int>());
        const std::string wrong = std::to_string(plain["top"][1]["id"].get<int>());
        const json e = cli({"patch", "--model", dir, "--clean-ids", clean, "--corrupt-ids", corrupt,
                            "--answer-id", answer, "--wrong-id", wrong, "--json"});
        const json r = reference({"patch", dir, "--clean-ids", clean, "--corrupt-ids", corrupt,
                                  "--answer-id", answer, "--wrong-id", wrong});
        CHECK(e["clean_diff"].get<double>() == Approx(r["clean_diff"].get<double>()).margin(1e-3));
        CHECK(e["corrupt_diff"].get<double>() ==
              Approx(r["corrupt_diff"].get<double>()).margin(1e-3));
        REQUIRE(e["resid_pre"].size() == r["resid_pre"].size());
        for (std::size_t l = 0; l < r["resid_pre"].size(); ++l)
            for (std::size_t p = 0; p < r["resid_pre"][l].size(); ++p) {
                INFO("block " << l + 1 << " position " << p);
                CHECK(std::fabs(e["resid_pre"][l][p].get<double>() -
                                r["resid_pre"][l][p].get<double>()) < 1e-3);
            }
        // Patching every block at the changed position restores the clean run at block 1.
        CHECK(e["resid_pre"][0][1].get<double>() == Approx(1.0).margin(1e-4));
        CHECK(e["forward_passes"].get<int>() ==
              2 + static_cast<int>(e["resid_pre"].size() * e["resid_pre"][0].size()));
    }
}

TEST_CASE("patch refuses prompts of different lengths and a pair that does not separate them",
          "[cli][interventions][patch]") {
    const std::string dir = (ts_test::dataDir() / "llama-tiny").string();
    const auto lengths = runCli({"patch", "--model", dir, "--clean-ids", "1,2,3", "--corrupt-ids",
                                 "1,2", "--answer-id", "4", "--wrong-id", "5"});
    CHECK(lengths.exitCode == 1);
    CHECK_THAT(lengths.err, ContainsSubstring("same length"));
    const auto same = runCli({"patch", "--model", dir, "--clean-ids", "1,2,3", "--corrupt-ids",
                              "1,2,3", "--answer-id", "4", "--wrong-id", "5"});
    CHECK(same.exitCode == 1);
    CHECK_THAT(same.err, ContainsSubstring("do not separate"));
    CHECK(runCli({"patch", "--model", dir, "--clean-ids", "1,2,3", "--corrupt-ids", "1,2,4"})
              .exitCode == 2);
}

TEST_CASE("steering agrees with the numpy reference", "[cli][interventions][steer]") {
    if (!haveNumpy()) TS_SKIP("/usr/bin/python3 with numpy (python3-numpy) is not installed");
    // The fixtures have no tokenizer: steering prompts are ids through the one prompt path.
    const std::string dir = (ts_test::dataDir() / "llama-tiny").string();
    const json e = cli({"trace", "--model", dir, "--ids", "1,17,300,2,44", "--top", "20", "--json",
                        "--steer-layer", "2", "--steer-positive", "1 5 6 7", "--steer-negative",
                        "1 9 10", "--steer-strength", "4"});
    const json r = reference({"trace", dir, "--ids", "1,17,300,2,44", "--steer-layer", "2",
                              "--steer-strength", "4", "--steer-positive-ids", "1,5,6,7",
                              "--steer-negative-ids", "1,9,10", "--steer-skip-first"});
    sameTop(e, r, 1e-4);
    const json plain = cli({"trace", "--model", dir, "--ids", "1,17,300,2,44", "--json"});
    CHECK(plain["last_logits"] != e["last_logits"]);  // it did steer
}

TEST_CASE("generate runs with interventions, records them, and --replay applies them",
          "[cli][interventions][transcript]") {
    const std::string dir = (ts_test::dataDir() / "qwen3-tiny").string();
    const std::vector<std::string> flags = {"--ablate", "1:2,2:1",      "--ablate-mode",
                                            "mean",     "--logit-bias", "5:1.5"};
    auto withFlags = [&](std::vector<std::string> args) {
        args.insert(args.end(), flags.begin(), flags.end());
        return args;
    };
    const json g = cli(withFlags({"generate", "--model", dir, "--ids", "1,17,300,2", "--steps", "6",
                                  "--temperature", "0", "--ignore-eos", "--json"}));
    REQUIRE(g.contains("interventions"));
    CHECK(g["interventions"]["ablate"] == json::array({json::array({1, 2}), json::array({2, 1})}));
    CHECK(g["interventions"]["ablate_mode"] == "mean");
    // The first greedy token is trace's top token under the same interventions.
    const json t = cli(withFlags({"trace", "--model", dir, "--ids", "1,17,300,2", "--json"}));
    CHECK(g["generated"][0] == t["top"][0]["id"]);
    // Replayed on the model, the file gives the same tokens and keeps its interventions.
    const auto file = std::filesystem::temp_directory_path() / "tokenscope-iv-transcript.json";
    {
        std::ofstream out(file);
        out << g.dump();
    }
    const json r = cli({"generate", "--replay", file.string(), "--model", dir, "--json"});
    CHECK(r["ids"] == g["ids"]);
    CHECK(r["interventions"] == g["interventions"]);
    for (std::size_t i = 0; i < g["steps"].size(); ++i)
        CHECK(r["steps"][i]["prob"].get<double>() ==
              Approx(g["steps"][i]["prob"].get<double>()).margin(1e-6));
    // Intervention flags beside --replay are refused: the file says what to apply.
    CHECK(runCli({"generate", "--replay", file.string(), "--model", dir, "--ablate", "1:1"})
              .exitCode == 2);
    std::filesystem::remove(file);
}

TEST_CASE("compare and score take the intervention flags", "[cli][interventions]") {
    const std::string dir = (ts_test::dataDir() / "llama-tiny").string();
    const json plain = cli({"compare", "--model", dir, "--ids", "1,17,300", "--temperatures", "0",
                            "--steps", "3", "--json"});
    const json banned =
        cli({"compare", "--model", dir, "--ids", "1,17,300", "--temperatures", "0", "--steps", "3",
             "--json", "--ban", std::to_string(plain["lanes"][0]["tokens"][0]["id"].get<int>())});
    CHECK(banned["interventions"]["banned"].size() == 1);
    CHECK(banned["lanes"][0]["tokens"][0]["id"] != plain["lanes"][0]["tokens"][0]["id"]);
}
