// tokenscope-cli --server (#50) against the loopback stand-in (tests/tools/llm_server.py):
// usage errors, the JSON fields, the transcript's server entry without credentials, the API
// key never printed, and hostile servers ending with a message and exit 1 within 60 s.
#include <chrono>
#include <cstdlib>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "llm_server_process.hpp"
#include "temp_dir.hpp"

using namespace ts_test;
using Clock = std::chrono::steady_clock;

TEST_CASE("cli --server: --model with --server is a usage error", "[cli][remote]") {
    const auto r = runCli({"generate", "--server", "http://127.0.0.1:1", "--model", "x", "--ids",
                           "1", "--steps", "1"});
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("not both") != std::string::npos);
    const auto b = runCli({"bench", "--server", "http://127.0.0.1:1"});
    CHECK(b.exitCode == 2);
    CHECK(b.err.find("--server works with") != std::string::npos);
}

TEST_CASE("cli --server: generate, trace and score give the local JSON fields", "[cli][remote]") {
    TempDir dir("cli-remote");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const auto g = runCli({"generate", "--server", s.url(), "--ids", "1,2,3", "--steps", "3",
                           "--temperature", "0", "--json"});
    REQUIRE(g.exitCode == 0);
    const auto gj = g.json();
    CHECK(gj["generated"].size() == 3);
    for (const char* f : {"ids", "generated", "text", "steps", "sampling", "prompt", "model"})
        CHECK(gj.contains(f));
    CHECK(gj["model"]["server"] == s.url());
    CHECK(gj["model"]["server_kind"] == "llama-server");
    CHECK(gj["model"]["name"] == "stand-in/model");
    CHECK(gj["steps"][0].contains("prob"));
    const auto t = runCli({"trace", "--server", s.url(), "--ids", "1,2", "--top", "5", "--json"});
    REQUIRE(t.exitCode == 0);
    const auto tj = t.json();
    CHECK(tj["top"].size() == 5);
    CHECK(tj.contains("entropy_bits"));
    CHECK(tj["not_given"].size() == 4);
    // Without --json, the readable table as with --model: the server's logprobs in the logit
    // column's place, the JSON's top candidates in its rows.
    const auto plain = runCli({"trace", "--server", s.url(), "--ids", "1,2", "--top", "5"});
    REQUIRE(plain.exitCode == 0);
    CHECK(plain.out.find("rank   prob %    logprob        id  token") != std::string::npos);
    CHECK(plain.out.find('{') == std::string::npos);
    CHECK(plain.out.find("\n   1  ") != std::string::npos);
    CHECK(plain.out.find(" " + std::to_string(tj["top"][0]["id"].get<int>()) + "  ") !=
          std::string::npos);
    const auto a = runCli({"trace", "--server", s.url(), "--ids", "1,2", "--attention"});
    CHECK(a.exitCode == 1);
    CHECK(a.err.find("does not expose attention") != std::string::npos);
    // compare: temperature lanes over the server; the T = 0 lane is generate's greedy run.
    const auto c = runCli({"compare", "--server", s.url(), "--ids", "1,2,3", "--temperatures",
                           "0,1.5", "--steps", "3", "--json"});
    REQUIRE(c.exitCode == 0);
    const auto cj = c.json();
    REQUIRE(cj["lanes"].size() == 2);
    CHECK(cj["lanes"][0]["ids"] == gj["generated"]);
    CHECK(cj["lanes"][1]["tokens"].size() == 3);
    const auto sc = runCli({"score", "--server", s.url(), "--text", "abcd"});
    REQUIRE(sc.exitCode == 0);
    const auto sj = sc.json();
    CHECK(sj["scored_tokens"] == 3);
    CHECK(sj["scoring_path"].get<std::string>().find("one request per position") !=
          std::string::npos);
    CHECK(sj["requests"] == 3);
}

TEST_CASE("cli --server: the API key is sent, never printed nor saved", "[cli][remote]") {
    TempDir dir("cli-remote-key");
    StandInServer s(dir.path(), {"--kind", "llama", "--key", "tk-9f8e7d"});
    setenv("TOKENSCOPE_TEST_KEY", "tk-9f8e7d", 1);
    const auto g = runCli({"generate", "--server", s.url(), "--api-key-env", "TOKENSCOPE_TEST_KEY",
                           "--ids", "1", "--steps", "2", "--json"});
    unsetenv("TOKENSCOPE_TEST_KEY");
    REQUIRE(g.exitCode == 0);
    CHECK(g.out.find("tk-9f8e7d") == std::string::npos);
    CHECK(g.err.find("tk-9f8e7d") == std::string::npos);
    for (const auto& r : s.requests()) CHECK(r["auth_value_ok"] == true);
    const auto missing = runCli({"generate", "--server", s.url(), "--api-key-env",
                                 "TOKENSCOPE_NO_SUCH_VARIABLE", "--ids", "1"});
    CHECK(missing.exitCode == 2);
}

TEST_CASE("cli --server: hostile or wrong servers end with a message and exit 1 within 60 s",
          "[cli][remote]") {
    struct Case {
        std::vector<std::string> server;
        const char* message;
    };
    const std::vector<Case> cases = {
        {{"--kind", "llama", "--hostile", "truncated"}, "not valid JSON"},
        {{"--kind", "vllm", "--tokenizer-info", "--hostile", "wrong-vocab"}, "outside the vocab"},
        {{"--kind", "vllm", "--tokenizer-info", "--hostile", "nan"}, "NaN"},
        {{"--kind", "llama", "--hostile", "redirect"}, "another host"},
        {{"--kind", "vllm", "--tokenizer-info", "--hostile", "endless"}, "64 MiB"},
        {{"--kind", "vllm", "--tokenizer-info", "--hostile", "html"}, "not an OpenAI-compatible"},
        {{"--kind", "vllm", "--tokenizer-info", "--hostile", "max-logprobs"}, "--max-logprobs"},
        {{"--kind", "vllm"}, "--vocab-size"},
    };
    for (const Case& c : cases) {
        INFO(c.server.back());
        TempDir dir("cli-remote-hostile");
        StandInServer s(dir.path(), c.server);
        const auto started = Clock::now();
        const auto r = runCli({"generate", "--server", s.url(), "--ids", "1,2", "--steps", "2"});
        CHECK(r.exitCode == 1);
        CHECK(r.err.find(c.message) != std::string::npos);
        CHECK(Clock::now() - started < std::chrono::seconds(60));
    }
    TempDir dir("cli-remote-model");
    StandInServer s(dir.path(), {"--kind", "vllm", "--tokenizer-info"});
    const auto wrong =
        runCli({"trace", "--server", s.url(), "--server-model", "nope", "--ids", "1"});
    CHECK(wrong.exitCode == 1);
    CHECK(wrong.err.find("serves stand-in/model, not nope") != std::string::npos);
    const auto closed = runCli(
        {"trace", "--server", "http://127.0.0.1:" + std::to_string(freePort()), "--ids", "1"});
    CHECK(closed.exitCode == 1);
    CHECK(closed.err.find("cannot reach a model server") != std::string::npos);
}
