// probe and litm with --server (#50) against the loopback stand-in (tests/tools/llm_server.py):
// the same JSON fields as with --model, what a server does not expose said in the JSON, the
// scores computed independently from the stand-in's definition of its model (a fixed function
// of the ids, written out again below), bans and biases applied to the server's logprobs, and
// hostile servers ending with a message and exit 1.
#include <chrono>
#include <cmath>
#include <fstream>
#include <set>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "llm_server_process.hpp"
#include "temp_dir.hpp"

using namespace ts_test;
using Json = nlohmann::json;

namespace {

// The stand-in's model, from its docstring: the logit of v after `ids` is
// ((sum(ids) * 7 + v * 13) % 31) / 4, over a vocabulary of 64; its tokenizer maps each
// character c to ord(c) % 64.
double standInLogprob(const std::vector<int>& ids, int v, double bias = 0, int biasId = -1) {
    long long s = 0;
    for (int id : ids) s += id;
    auto logit = [&](int u) {
        return static_cast<double>((s * 7 + u * 13) % 31) / 4.0 + (u == biasId ? bias : 0.0);
    };
    double z = 0;
    for (int u = 0; u < 64; ++u) z += std::exp(logit(u));
    return logit(v) - std::log(z);
}

std::vector<int> standInIds(const std::string& text) {
    std::vector<int> ids;
    for (unsigned char c : text) ids.push_back(c % 64);
    return ids;
}

// log P(continuation | prompt) under the stand-in's model.
double standInScore(const std::string& prompt, const std::string& answer, double bias = 0,
                    int biasId = -1) {
    std::vector<int> ids = standInIds(prompt);
    double lp = 0;
    for (int v : standInIds(answer)) {
        lp += standInLogprob(ids, v, bias, biasId);
        ids.push_back(v);
    }
    return lp;
}

std::set<std::string> keysOf(const Json& j) {
    std::set<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.insert(it.key());
    return keys;
}

std::string writeRemoteProbes(const TempDir& dir, const std::string& text) {
    const auto path = dir.path() / "probes.json";
    std::ofstream(path) << text;
    return path.string();
}

}  // namespace

TEST_CASE("cli --server: probe gives the local fields and the stand-in's own scores",
          "[cli][remote][probe]") {
    TempDir dir("cli-remote-probe");
    const std::string probes =
        writeRemoteProbes(dir, R"([{"prompt":"abc","truth":"d","false":["e","xy"],"group":"g"}])");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const auto r = runCli({"probe", "--server", s.url(), "--probes", probes, "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = r.json();
    // The fields of probe with --model (the bundled model), and the server's.
    const auto local = runCli({"probe", "--probes", probes, "--json"});
    REQUIRE(local.exitCode == 0);
    const Json lj = local.json();
    CHECK(keysOf(j["probes"][0]) == keysOf(lj["probes"][0]));
    CHECK(j["groups"] == Json({{"g", {{"truth_wins", 0}, {"probes", 1}}}}));
    CHECK(j["server"]["kind"] == "llama-server");
    CHECK(j["server_does_not_expose"] == Json::array());
    CHECK(j["scoring_path"].get<std::string>().find("one request per scored position") !=
          std::string::npos);
    // The scores, from the stand-in's definition (float32 logprobs on the wire).
    const Json& p = j["probes"][0];
    CHECK(p["logp_true"].get<double>() == Approx(standInScore("abc", "d")).margin(1e-4));
    CHECK(p["logp_false"][0].get<double>() == Approx(standInScore("abc", "e")).margin(1e-4));
    CHECK(p["logp_false"][1].get<double>() == Approx(standInScore("abc", "xy")).margin(1e-4));
    CHECK(p["truth_first_token_prob"].get<double>() ==
          Approx(std::exp(standInScore("abc", "d"))).margin(1e-6));

    // vLLM's /tokenize gives ids without their text spans: the answers cannot be joined to
    // the prompts, and the message says what to use instead.
    StandInServer v(dir.path() / "v", {"--kind", "vllm", "--tokenizer-info"});
    const auto rv = runCli({"probe", "--server", v.url(), "--probes", probes, "--json"});
    CHECK(rv.exitCode == 1);
    CHECK(rv.err.find("only llama-server's /tokenize gives them") != std::string::npos);
}

TEST_CASE("cli --server: probe applies --ban and --logit-bias to the server's logprobs",
          "[cli][remote][probe][interventions]") {
    TempDir dir("cli-remote-probe-ban");
    const std::string probes =
        writeRemoteProbes(dir, R"([{"prompt":"abc","truth":"d","false":["e"],"group":"g"}])");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const int d = 'd' % 64, e = 'e' % 64;
    const auto banned = runCli(
        {"probe", "--server", s.url(), "--probes", probes, "--json", "--ban", std::to_string(d)});
    INFO(banned.err);
    REQUIRE(banned.exitCode == 0);
    const Json bj = banned.json();
    CHECK(bj["probes"][0]["truth_first_token_prob"].get<double>() == 0.0);
    CHECK(bj["probes"][0]["logp_true"].is_null());  // log 0: JSON has no -infinity
    CHECK(bj["probes"][0]["truth_wins"] == false);
    CHECK(bj["interventions"]["banned"] == Json::array({d}));
    const auto biased = runCli({"probe", "--server", s.url(), "--probes", probes, "--json",
                                "--logit-bias", std::to_string(e) + ":1.5"});
    REQUIRE(biased.exitCode == 0);
    CHECK(biased.json()["probes"][0]["logp_false"][0].get<double>() ==
          Approx(standInScore("abc", "e", 1.5, e)).margin(1e-4));
    // What needs the model's internals is refused, with the reason.
    const auto ablate =
        runCli({"probe", "--server", s.url(), "--probes", probes, "--ablate", "1:1"});
    CHECK(ablate.exitCode == 1);
    CHECK(ablate.err.find("does not expose") != std::string::npos);
    const auto litmSteer = runCli({"litm", "--server", s.url(), "--records", "3", "--positions",
                                   "2", "--trials", "1", "--steer-layer", "1"});
    CHECK(litmSteer.exitCode == 1);
    CHECK(litmSteer.err.find("does not expose") != std::string::npos);
    // A server that gives only its top K cannot score: said, with the flag to leave out.
    const auto topk =
        runCli({"probe", "--server", s.url(), "--probes", probes, "--top-logprobs", "5"});
    CHECK(topk.exitCode == 1);
    CHECK(topk.err.find("--top-logprobs") != std::string::npos);
}

TEST_CASE("cli --server: litm gives the local fields, attention mass null and said so",
          "[cli][remote][litm]") {
    TempDir dir("cli-remote-litm");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const std::vector<std::string> args = {"litm", "--records", "4", "--positions",
                                           "2",    "--trials",  "2", "--json"};
    auto withServer = args;
    withServer.insert(withServer.end(), {"--server", s.url()});
    const auto r = runCli(withServer);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = r.json();
    const auto local = runCli(args);
    REQUIRE(local.exitCode == 0);
    const Json lj = local.json();
    // The local fields, plus where it ran and what the server does not expose.
    auto keys = keysOf(j);
    keys.erase("server");
    keys.erase("server_does_not_expose");
    CHECK(keys == keysOf(lj));
    CHECK(keysOf(j["points"][0]) == keysOf(lj["points"][0]));
    CHECK(j["server_does_not_expose"] == Json::array({"attention_mass"}));
    for (const auto& p : j["points"]) CHECK(p["attention_mass"].is_null());
    CHECK(j["model"] == "stand-in/model");
    // A probability per point from the server's distribution, and --naive (one prefill per
    // question) gives the same numbers.
    auto naive = withServer;
    naive.push_back("--naive");
    const auto rn = runCli(naive);
    REQUIRE(rn.exitCode == 0);
    const Json nj = rn.json();
    for (std::size_t k = 0; k < j["points"].size(); ++k) {
        CHECK(j["points"][k]["mean_prob"].get<double>() > 0.0);
        CHECK(nj["points"][k]["mean_prob"].get<double>() ==
              Approx(j["points"][k]["mean_prob"].get<double>()).margin(1e-9));
    }
    // --estimate: the planned requests and their measured time.
    auto estimate = withServer;
    estimate.push_back("--estimate");
    const auto re = runCli(estimate);
    REQUIRE(re.exitCode == 0);
    const Json ej = re.json();
    CHECK(ej["requests"] == 2 + 4);  // a context per trial, a question per position and trial
    CHECK(ej["estimated_seconds"].get<double>() > 0);
    CHECK(ej["prefill_gflops_per_second"].is_null());
}

TEST_CASE("cli --server: probe and litm end with a message and exit 1 on a hostile server",
          "[cli][remote][probe][litm]") {
    TempDir dir("cli-remote-exp-hostile");
    const std::string probes =
        writeRemoteProbes(dir, R"([{"prompt":"abc","truth":"d","false":["e"]}])");
    struct Case {
        std::vector<std::string> server;
        const char* message;
    };
    const std::vector<Case> cases = {
        {{"--kind", "llama", "--hostile", "truncated"}, "not valid JSON"},
        {{"--kind", "llama", "--hostile", "nan"}, "NaN"},
    };
    for (const Case& c : cases) {
        INFO(c.server.back());
        TempDir one("cli-remote-exp-hostile-one");
        StandInServer s(one.path(), c.server);
        const auto started = std::chrono::steady_clock::now();
        const auto p = runCli({"probe", "--server", s.url(), "--probes", probes, "--json"});
        CHECK(p.exitCode == 1);
        CHECK(p.err.find(c.message) != std::string::npos);
        const auto l = runCli({"litm", "--server", s.url(), "--records", "3", "--positions", "2",
                               "--trials", "1", "--json"});
        CHECK(l.exitCode == 1);
        CHECK(l.err.find(c.message) != std::string::npos);
        CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(60));
    }
}

TEST_CASE("cli --server: trace, generate and compare take --ban through the one option table",
          "[cli][remote][interventions]") {
    TempDir dir("cli-remote-ban");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const std::vector<int> ids = {1, 2};
    const auto plain =
        runCli({"trace", "--server", s.url(), "--ids", "1,2", "--top", "3", "--json"});
    REQUIRE(plain.exitCode == 0);
    const int top = plain.json()["top"][0]["id"].get<int>();
    const auto t = runCli({"trace", "--server", s.url(), "--ids", "1,2", "--top", "3", "--json",
                           "--ban", std::to_string(top)});
    INFO(t.err);
    REQUIRE(t.exitCode == 0);
    const Json tj = t.json();
    CHECK(tj["banned"] == Json::array({top}));
    for (const auto& c : tj["top"]) CHECK(c["id"].get<int>() != top);
    // Renormalised without the banned id, from the stand-in's formula.
    const int second = tj["top"][0]["id"].get<int>();
    const double expected =
        std::exp(standInLogprob(ids, second)) / (1.0 - std::exp(standInLogprob(ids, top)));
    CHECK(tj["top"][0]["prob"].get<double>() == Approx(expected).margin(1e-5));
    // generate and compare: the banned id is never drawn, and the transcript records the ban.
    const auto g = runCli({"generate", "--server", s.url(), "--ids", "1,2", "--steps", "4",
                           "--temperature", "0", "--json", "--ban", std::to_string(top)});
    REQUIRE(g.exitCode == 0);
    const Json gj = g.json();
    for (const auto& id : gj["generated"]) CHECK(id.get<int>() != top);
    CHECK(gj["interventions"]["banned"] == Json::array({top}));
    const auto c = runCli({"compare", "--server", s.url(), "--ids", "1,2", "--temperatures", "0",
                           "--steps", "4", "--json", "--ban", std::to_string(top)});
    REQUIRE(c.exitCode == 0);
    CHECK(c.json()["lanes"][0]["ids"] == gj["generated"]);
    CHECK(c.json()["server"]["kind"] == "llama-server");
    // The server's options without --server are not options of the local command.
    CHECK(runCli({"trace", "--server-model", "x", "--ids", "1"}).exitCode == 2);
}
