// `tokenscope-cli litm`: --json prints the results format the app's lab saves and opens
// (the engine's reader is tested in tests/engine/test_litm_results.cpp), --out writes the
// same text, --naive gives the
// same numbers with one prefill per question, and --estimate prints the planned work and the
// time it adds up to without running the experiment.
#include <filesystem>
#include <fstream>
#include <random>

#include "catch.hpp"
#include "cli/cli_runner.hpp"

using ts_test::runCli;

namespace {
std::filesystem::path tempFile(const std::string& name) {
    std::random_device rd;
    const auto dir =
        std::filesystem::temp_directory_path() / ("tokenscope-cli-litm-" + std::to_string(rd()));
    std::filesystem::create_directories(dir);
    return dir / name;
}
std::string readFile(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}
}  // namespace

TEST_CASE("litm --json prints the lab's results format, the same as --out writes", "[cli][litm]") {
    const auto file = tempFile("sweep.json");
    const auto out = file.string();
    const auto r = runCli({"litm", "--records", "8", "--positions", "3", "--trials", "2", "--seed",
                           "3", "--json", "--out", out});
    REQUIRE(r.exitCode == 0);
    const auto j = r.json();
    CHECK(j["format"] == "tokenscope-litm-results");
    CHECK(j["model"] == "bundled");
    CHECK(j["timing"]["shared_prefill"] == true);
    CHECK(j["timing"]["prefills"] == 2);
    CHECK(j["timing"]["seconds"].get<double>() > 0);
    CHECK(j["records"] == 8);
    CHECK(j["positions"] == 3);
    CHECK(j["seed"] == 3);
    REQUIRE(j["points"].size() == 3);
    CHECK(j["points"][2]["position"] == 8);
    CHECK(j["points"][2]["trials"] == 2);
    // --out wrote what --json printed
    CHECK(readFile(file) == r.out);
    std::filesystem::remove_all(file.parent_path());
}

TEST_CASE("litm --naive gives the same numbers with one prefill per question", "[cli][litm]") {
    const std::vector<std::string> args = {"litm", "--records", "10", "--positions",
                                           "4",    "--trials",  "2",  "--json"};
    auto naiveArgs = args;
    naiveArgs.push_back("--naive");
    const auto shared = runCli(args).json();
    const auto naive = runCli(naiveArgs).json();
    CHECK(naive["timing"]["shared_prefill"] == false);
    CHECK(naive["timing"]["prefills"] == 8);
    CHECK(shared["timing"]["prefills"] == 2);
    REQUIRE(shared["points"].size() == naive["points"].size());
    for (std::size_t i = 0; i < shared["points"].size(); ++i) {
        CHECK(shared["points"][i]["accuracy"] == naive["points"][i]["accuracy"]);
        CHECK(shared["points"][i]["mean_prob"].get<double>() ==
              Approx(naive["points"][i]["mean_prob"].get<double>()).margin(1e-5));
    }
}

TEST_CASE("litm --estimate prints the work and a time, and runs nothing", "[cli][litm]") {
    const auto r =
        runCli({"litm", "--records", "20", "--positions", "5", "--trials", "10", "--estimate"});
    REQUIRE(r.exitCode == 0);
    const auto j = r.json();
    CHECK(j["prefills"] == 10);
    CHECK(j["questions"] == 50);
    CHECK(j["context_tokens"].get<int>() > 100);
    CHECK(j["question_tokens"].get<int>() >= 1);
    CHECK(j["estimated_seconds"].get<double>() > 0);
    CHECK_FALSE(j.contains("points"));
}

TEST_CASE("litm refuses what it cannot do with a clear message", "[cli][litm]") {
    const auto tooLong = runCli({"litm", "--records", "90", "--positions", "2", "--trials", "1"});
    CHECK(tooLong.exitCode == 1);
    CHECK(tooLong.err.find("context length") != std::string::npos);
    const auto badOut = runCli({"litm", "--records", "4", "--positions", "2", "--trials", "1",
                                "--out", "/nonexistent/dir/sweep.json"});
    CHECK(badOut.exitCode == 1);
    CHECK(badOut.err.find("cannot write") != std::string::npos);
}
