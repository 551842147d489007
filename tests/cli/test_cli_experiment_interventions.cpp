// probe and litm take the intervention flags (#44) through the one parser, applied to every
// forward pass they make: a ban on the truth's first token gives it probability 0; a head
// ablation gives the probabilities of the independent numpy reference
// (tests/reference/forward_reference.py, float64, written from the definitions) and of a
// direct `trace` with the same flags; litm's shared prefill still agrees with --naive under a
// mean ablation.
#include <cmath>
#include <filesystem>
#include <fstream>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"

using namespace ts_test;
using Json = nlohmann::json;

namespace {

const std::string kIvPrompt = "The capital of Kriand is";
const std::string kIvTruth = " Paris";  // three tokens after the prompt

Json ivCli(const std::vector<std::string>& args) {
    const auto r = runCli(args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    return r.json();
}

bool ivHaveNumpy() {
    return std::filesystem::exists("/usr/bin/python3") &&
           runProgram("/usr/bin/python3", {"-c", "import numpy"}).exitCode == 0;
}

std::string ivIdList(const std::vector<int>& ids) {
    std::string s;
    for (int id : ids) s += (s.empty() ? "" : ",") + std::to_string(id);
    return s;
}

// P(next = id) after `ids` in the numpy reference, with the given intervention flags.
double ivReferenceProb(const std::vector<int>& ids, int id, const std::vector<std::string>& flags) {
    std::vector<std::string> args = {
        (sourceDir() / "tests" / "reference" / "forward_reference.py").string(),
        "trace",
        (sourceDir() / "resources" / "model").string(),
        "--ids",
        ivIdList(ids),
        "--top",
        "8192"};
    args.insert(args.end(), flags.begin(), flags.end());
    const auto r = runProgram("/usr/bin/python3", args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json ref = r.json();  // kept alive for the loop (not a member of a temporary)
    for (const auto& c : ref["top"])
        if (c["id"].get<int>() == id) return c["prob"].get<double>();
    FAIL("id " << id << " is not in the reference's distribution");
    return 0;
}

std::string ivProbeFile(const TempDir& dir) {
    const auto path = dir.path() / "probes.json";
    std::ofstream(path) << R"([{"prompt":")" << kIvPrompt << R"(","truth":")" << kIvTruth
                        << R"(","false":[" Lima"],"group":"g"}])";
    return path.string();
}

}  // namespace

TEST_CASE("probe --ban on the truth's first token gives it probability 0",
          "[cli][interventions][probe]") {
    TempDir dir("cli-probe-ban");
    const std::string probes = ivProbeFile(dir);
    const auto prompt = ivCli({"trace", "--text", kIvPrompt, "--json"})["ids"];
    const auto whole = ivCli({"trace", "--text", kIvPrompt + kIvTruth, "--json"})["ids"];
    REQUIRE(whole.size() > prompt.size());
    const int first = whole[prompt.size()].get<int>();
    const Json plain = ivCli({"probe", "--probes", probes, "--json"});
    CHECK(plain["probes"][0]["truth_first_token_prob"].get<double>() > 0.0);
    const Json j = ivCli(
        {"probe", "--probes", probes, "--json", "--with-fact", "--ban", std::to_string(first)});
    const Json& p = j["probes"][0];
    CHECK(p["truth_first_token_prob"].get<double>() == 0.0);
    CHECK(p["logp_true"].is_null());  // log 0
    CHECK(p["truth_wins"] == false);
    CHECK(p["with_fact"]["truth_first_token_prob"].get<double>() == 0.0);
    CHECK(j["interventions"]["banned"] == Json::array({first}));
}

TEST_CASE("probe --ablate agrees with the numpy reference and with trace's same flags",
          "[cli][interventions][probe]") {
    if (!ivHaveNumpy()) TS_SKIP("/usr/bin/python3 with numpy (python3-numpy) is not installed");
    TempDir dir("cli-probe-ablate");
    const std::string probes = ivProbeFile(dir);
    const auto prompt =
        ivCli({"trace", "--text", kIvPrompt, "--json"})["ids"].get<std::vector<int>>();
    const auto whole =
        ivCli({"trace", "--text", kIvPrompt + kIvTruth, "--json"})["ids"].get<std::vector<int>>();
    REQUIRE(std::equal(prompt.begin(), prompt.end(), whole.begin()));
    const Json plain = ivCli({"probe", "--probes", probes, "--json"});
    for (const std::string mode : {"zero", "mean"}) {
        INFO(mode);
        const std::vector<std::string> flags = {"--ablate", "1:2,2:3", "--ablate-mode", mode};
        auto args = std::vector<std::string>{"probe", "--probes", probes, "--json"};
        args.insert(args.end(), flags.begin(), flags.end());
        const Json j = ivCli(args);
        const Json& p = j["probes"][0];
        // The ablation changes the figures (so the comparisons below can fail).
        CHECK(p["top_prob"].get<double>() != plain["probes"][0]["top_prob"].get<double>());
        // A direct trace with the same flags: the same next-token distribution.
        auto traceArgs = std::vector<std::string>{"trace", "--text", kIvPrompt, "--json"};
        traceArgs.insert(traceArgs.end(), flags.begin(), flags.end());
        const Json t = ivCli(traceArgs);
        CHECK(p["top_prob"].get<double>() ==
              Approx(t["top"][0]["prob"].get<double>()).margin(1e-6));
        CHECK(p["top_token"] == t["top"][0]["text"]);
        // The numpy reference: the truth's first token, and for zero ablation the whole
        // truth's log-probability token by token (a mean ablation's means are the prompt's;
        // the reference takes them over its --ids, which past the first token are longer).
        double logp = 0;
        std::vector<int> ids = prompt;
        for (std::size_t i = prompt.size(); i < whole.size(); ++i) {
            const double prob = ivReferenceProb(ids, whole[i], flags);
            if (i == prompt.size())
                CHECK(p["truth_first_token_prob"].get<double>() == Approx(prob).margin(1e-4));
            logp += std::log(prob);
            ids.push_back(whole[i]);
            if (mode == "mean") break;
        }
        if (mode == "zero") CHECK(p["logp_true"].get<double>() == Approx(logp).margin(1e-3));
        CHECK(j["interventions"]["ablate"] == Json::array({{1, 2}, {2, 3}}));
    }
}

TEST_CASE("litm takes the intervention flags: shared prefill agrees with --naive under them",
          "[cli][interventions][litm]") {
    const std::vector<std::string> base = {"litm", "--records", "6", "--positions",
                                           "2",    "--trials",  "1", "--json"};
    const Json plain = ivCli(base);
    auto ablated = base;
    ablated.insert(ablated.end(), {"--ablate", "1:1,2:2,3:3", "--ablate-mode", "mean"});
    const Json a = ivCli(ablated);
    ablated.push_back("--naive");
    const Json n = ivCli(ablated);
    CHECK(a["interventions"]["ablate_mode"] == "mean");
    bool changed = false;
    for (std::size_t k = 0; k < a["points"].size(); ++k) {
        CHECK(n["points"][k]["mean_prob"].get<double>() ==
              Approx(a["points"][k]["mean_prob"].get<double>()).margin(1e-5));
        changed = changed || std::abs(a["points"][k]["mean_prob"].get<double>() -
                                      plain["points"][k]["mean_prob"].get<double>()) > 1e-6;
    }
    CHECK(changed);
    // A bad flag is refused as in every command.
    auto bad = base;
    bad.insert(bad.end(), {"--ablate", "9:1"});
    CHECK(runCli(bad).exitCode == 1);
}
