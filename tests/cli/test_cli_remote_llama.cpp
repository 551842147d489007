// --server against a real llama.cpp llama-server (#50), built from node-llama-cpp 3.22.1's
// llama.cpp source by tests/tools/build_llama_server.sh (packaging/dev.sh test does it and
// configures TOKENSCOPE_LLAMA_SERVER). The server runs on 127.0.0.1 with a GGUF made from the
// test fixtures, and the same GGUF runs locally; they must agree:
//   - the same greedy tokens (generate --temperature 0);
//   - llama-server's top-20 probabilities within 0.015 of Tokenscope's, the tolerance
//     measured between llama.cpp and Tokenscope in tests/engine/test_gguf_llama.cpp;
//   - the same score, mean within 1e-3 bits per token.
// Where the build was configured for the llama.cpp comparisons (TOKENSCOPE_LLAMA_NPM_DIR) but
// llama-server is missing, the tests FAIL with the reason; they never skip silently.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "llm_server_process.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"

using namespace ts_test;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// llama-server's path, or an empty string after failing (CI) or skipping (no llama.cpp set-up)
// with the reason.
std::string serverOrReason() {
    const std::string path = llamaServerPath();
    if (!path.empty() && fs::exists(path)) return path;
#ifdef TOKENSCOPE_LLAMA_CONFIGURED
    FAIL("llama-server is not built (TOKENSCOPE_LLAMA_SERVER='"
         << path
         << "'): run tests/tools/build_llama_server.sh and configure with "
            "-DTOKENSCOPE_LLAMA_SERVER=<its output> (packaging/dev.sh test does both)");
#endif
    return "";
}

fs::path fixtureGguf(const fs::path& dir) {
    const std::string hf = fullVocabModelDir();
    if (hf.empty()) return {};
    const fs::path out = dir / "fullvocab-f32.gguf";
    const std::string cmd =
        std::string(TOKENSCOPE_GGUF_FROM_HF) + " '" + hf + "' '" + out.string() + "' > /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    return out;
}

}  // namespace

TEST_CASE("llama-server: --server agrees with --model on greedy tokens, top-20 and score",
          "[cli][remote][llama-server]") {
    const std::string binary = serverOrReason();
    if (binary.empty()) TS_SKIP("no llama.cpp set-up (TOKENSCOPE_LLAMA_NPM_DIR) in this build");
    TempDir dir("llama-server");
    const fs::path gguf = fixtureGguf(dir.path());
    if (gguf.empty()) TS_SKIP("the GPT-2 vocabulary is not configured (TOKENSCOPE_GPT2_VOCAB_DIR)");
    LlamaServer server(binary, gguf, dir.path(), 64);
    const std::string prompt = "The capital of France is";

    // Greedy tokens.
    const std::vector<std::string> gen = {"generate", "--prompt",     prompt,
                                          "--steps",  "12",           "--temperature",
                                          "0",        "--ignore-eos", "--json"};
    auto withModel = [&](std::vector<std::string> a) {
        a.insert(a.end(), {"--model", gguf.string()});
        return a;
    };
    auto withServer = [&](std::vector<std::string> a) {
        a.insert(a.end(), {"--server", server.url()});
        return a;
    };
    const auto gl = runCli(withModel(gen));
    const auto gr = runCli(withServer(gen));
    INFO(gr.err << server.log().substr(0, 1000));
    REQUIRE(gl.exitCode == 0);
    REQUIRE(gr.exitCode == 0);
    CHECK(gr.json()["ids"] == gl.json()["ids"]);  // the same tokens, prompt included
    CHECK(gr.json()["model"]["server_kind"] == "llama-server");

    // Top-20 of the next token after the prompt.
    const std::vector<std::string> tr = {"trace", "--text", prompt, "--top", "20", "--json"};
    const auto tl = runCli(withModel(tr));
    const auto trr = runCli(withServer(tr));
    REQUIRE(tl.exitCode == 0);
    REQUIRE(trr.exitCode == 0);
    CHECK(trr.json()["ids"] == tl.json()["ids"]);
    std::map<int, double> local;
    // The local full distribution from the local trace's last logits.
    const auto logits = tl.json()["last_logits"].get<std::vector<double>>();
    const double m = *std::max_element(logits.begin(), logits.end());
    double z = 0;
    for (double x : logits) z += std::exp(x - m);
    double worst = 0;
    // json() parses a fresh value: keep it alive for the loop (a range-for over a member of
    // a temporary dangles).
    const auto remoteTrace = trr.json();
    for (const auto& e : remoteTrace["top"]) {
        const int id = e["id"].get<int>();
        const double pl = std::exp(logits[static_cast<std::size_t>(id)] - m) / z;
        worst = std::max(worst, std::abs(pl - e["prob"].get<double>()));
    }
    WARN("llama-server vs Tokenscope, top-20 max |dp| " << worst);
    CHECK(worst <= 0.015);
    CHECK(trr.json()["top"][0]["id"] == tl.json()["top"][0]["id"]);

    // Score: one request per position against llama-server.
    const std::vector<std::string> sc = {"score", "--text",
                                         "The capital of France is Paris, and the capital of "
                                         "Italy is Rome."};
    const auto sl = runCli(withModel(sc));
    const auto sr = runCli(withServer(sc));
    REQUIRE(sl.exitCode == 0);
    REQUIRE(sr.exitCode == 0);
    CHECK(sr.json()["ids"] == sl.json()["ids"]);
    const double bitsL = sl.json()["mean_nll"].get<double>() / std::log(2.0);
    const double bitsR = sr.json()["mean_nll"].get<double>() / std::log(2.0);
    WARN("score: local " << bitsL << " bits/token, llama-server " << bitsR);
    CHECK(std::abs(bitsL - bitsR) <= 1e-3);
    CHECK(sr.json()["scoring_path"].get<std::string>().find("one request per position") !=
          std::string::npos);

    // probe: the same verdicts and answers, scores within the top-20 tolerance's reach.
    const fs::path probes = dir.path() / "probes.json";
    std::ofstream(probes) << R"([{"prompt":"The capital of France is","truth":" Paris",)"
                          << R"("false":[" London"," Rome"],"group":"g"}])";
    const std::vector<std::string> pr = {"probe", "--probes", probes.string(), "--json"};
    const auto pl = runCli(withModel(pr));
    const auto prr = runCli(withServer(pr));
    INFO(prr.err);
    REQUIRE(pl.exitCode == 0);
    REQUIRE(prr.exitCode == 0);
    const Json pjl = pl.json(), pjr = prr.json();
    const Json &a = pjl["probes"][0], &b = pjr["probes"][0];
    CHECK(b["truth_wins"] == a["truth_wins"]);
    CHECK(b["top_token"] == a["top_token"]);
    CHECK(b["answer"] == a["answer"]);
    CHECK(b["logp_true"].get<double>() == Approx(a["logp_true"].get<double>()).margin(0.01));
    for (std::size_t i = 0; i < 2; ++i)
        CHECK(b["logp_false"][i].get<double>() ==
              Approx(a["logp_false"][i].get<double>()).margin(0.01));
    CHECK(std::abs(b["top_prob"].get<double>() - a["top_prob"].get<double>()) <= 0.015);

    // litm: a small run gives the same accuracy, P(correct) within the top-20 tolerance.
    const std::vector<std::string> lt = {"litm", "--records", "4", "--positions",
                                         "2",    "--trials",  "1", "--json"};
    const auto ll = runCli(withModel(lt));
    const auto lr = runCli(withServer(lt));
    INFO(lr.err);
    REQUIRE(ll.exitCode == 0);
    REQUIRE(lr.exitCode == 0);
    const Json ljl = ll.json(), ljr = lr.json();
    REQUIRE(ljr["points"].size() == ljl["points"].size());
    for (std::size_t k = 0; k < ljl["points"].size(); ++k) {
        CHECK(ljr["points"][k]["accuracy"] == ljl["points"][k]["accuracy"]);
        CHECK(std::abs(ljr["points"][k]["mean_prob"].get<double>() -
                       ljl["points"][k]["mean_prob"].get<double>()) <= 0.015);
        CHECK(ljr["points"][k]["attention_mass"].is_null());
    }
    CHECK(ljr["example_context"] == ljl["example_context"]);
}
