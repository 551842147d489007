// The remote-model client (#50) against the loopback stand-in (tests/tools/llm_server.py),
// which speaks vLLM's, SGLang's and llama-server's request and answer formats with their own
// field names. The stand-in's model is a fixed formula of the ids, computed here again
// independently, so the numbers are checked, not only the plumbing. Then hostile servers:
// truncated JSON, ids past the vocabulary, NaN logprobs, a redirect to another host, endless
// and trickling answers, each ending in a clear ts::Error within bounded time.
#include <atomic>
#include <chrono>
#include <cmath>
#include <numeric>
#include <thread>

#include "catch.hpp"
#include "llm_server_process.hpp"
#include "temp_dir.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/remote.hpp"
#include "tokenscope/remote_transport.hpp"
#include "tokenscope/transcript.hpp"

using namespace ts_test;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kVocab = 64;

// The stand-in's model: logit of v after ids = ((sum * 7 + v * 13) % 31) / 4, as logprobs.
std::vector<double> expectedLogprobs(const std::vector<int>& ids) {
    const long s = std::accumulate(ids.begin(), ids.end(), 0L);
    std::vector<double> lg(kVocab);
    for (int v = 0; v < kVocab; ++v) lg[v] = static_cast<double>((s * 7 + v * 13) % 31) / 4.0;
    const double m = *std::max_element(lg.begin(), lg.end());
    double z = 0;
    for (double x : lg) z += std::exp(x - m);
    for (double& x : lg) x -= m + std::log(z);
    return lg;
}

std::shared_ptr<const ts::remote::RemoteModel> connect(const std::string& url,
                                                       ts::remote::ConnectOptions c = {},
                                                       long timeout = 50,
                                                       const std::string& key = "") {
    ts::net::HttpTransportOptions t;
    t.url = url;
    t.timeoutSeconds = timeout;
    t.apiKey = key;
    return ts::remote::RemoteModel::connect(ts::net::makeHttpTransport(t), c);
}

nlohmann::json lastPost(const StandInServer& s, const std::string& path) {
    nlohmann::json last;
    for (const auto& r : s.requests())
        if (r["method"] == "POST" && r["path"] == path) last = r["body"];
    return last;
}

}  // namespace

TEST_CASE("remote: vLLM format, full distribution and prompt_logprobs", "[remote]") {
    TempDir dir("remote-vllm");
    StandInServer s(dir.path(), {"--kind", "vllm", "--tokenizer-info"});
    const auto m = connect(s.url());
    CHECK(m->info().kind == ts::remote::ServerKind::Vllm);
    CHECK(m->info().nVocab == kVocab);
    CHECK(m->info().vocabSource == "/tokenizer_info");
    CHECK(m->info().nCtx == 256);
    CHECK(m->info().promptLogprobs);
    const std::vector<int> ids = {1, 2, 3, 40};
    const auto d = m->next(ids);
    const auto want = expectedLogprobs(ids);
    REQUIRE(d.entries.size() == static_cast<std::size_t>(kVocab));
    CHECK(d.tailMass == 0);
    for (const auto& [id, lp] : d.entries) CHECK(lp == Approx(want[id]).margin(1e-5));
    const auto req = lastPost(s, "/v1/completions");
    CHECK(req["prompt"] == nlohmann::json(ids));  // ids, never text
    CHECK(req["model"] == "stand-in/model");
    CHECK(req["logprobs"] == -1);
    CHECK(req["max_tokens"] == 1);
    CHECK(req["return_tokens_as_token_ids"] == true);
    // Scoring in one request.
    const auto sc = m->scorePrompt(ids);
    CHECK(sc.requests == 1);
    CHECK(sc.path.find("prompt_logprobs") != std::string::npos);
    for (std::size_t i = 1; i < ids.size(); ++i) {
        const auto w = expectedLogprobs({ids.begin(), ids.begin() + static_cast<long>(i)});
        CHECK(sc.logprob[i] == Approx(w[ids[i]]).margin(1e-5));
    }
    CHECK(lastPost(s, "/v1/completions")["prompt_logprobs"] == -1);
}

TEST_CASE("remote: a top-K answer keeps the rest as one mass and sampling never draws it",
          "[remote]") {
    TempDir dir("remote-topk");
    StandInServer s(dir.path(), {"--kind", "vllm", "--tokenizer-info"});
    ts::remote::ConnectOptions c;
    c.topLogprobs = 5;
    const auto m = connect(s.url(), c);
    const std::vector<int> ids = {7, 9};
    const auto d = m->next(ids);
    REQUIRE(d.entries.size() == 5);
    auto want = expectedLogprobs(ids);
    std::vector<double> sorted = want;
    std::sort(sorted.rbegin(), sorted.rend());
    double top5 = 0;
    for (int i = 0; i < 5; ++i) top5 += std::exp(sorted[i]);
    CHECK(d.tailMass == Approx(1 - top5).margin(1e-6));
    CHECK(lastPost(s, "/v1/completions")["logprobs"] == 5);
    ts::Transcript t(std::make_unique<ts::remote::RemoteSession>(m), m->tokenizer());
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        ts::SamplingParams p;
        p.temperature = 1.5f;
        p.seed = seed;
        const auto& st = seed == 1 ? t.startIds(ids, p) : t.redraw(p);
        bool listed = false;
        for (const auto& e : d.entries) listed = listed || e.first == st.sampledToken;
        CHECK(listed);
        // The probability reported is the server's, not the renormalised top 5.
        CHECK(st.figures.prob == Approx(std::exp(want[st.sampledToken])).margin(1e-5));
    }
}

TEST_CASE("remote: SGLang format (input_ids, top_logprobs_num, logprob_start_len)", "[remote]") {
    TempDir dir("remote-sglang");
    StandInServer s(dir.path(), {"--kind", "sglang"});
    ts::remote::ConnectOptions c;
    // SGLang does not say its vocabulary size: --vocab-size is required, and named.
    try {
        connect(s.url(), c);
        FAIL("connected without a vocabulary size");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("--vocab-size") != std::string::npos);
    }
    c.vocabSize = kVocab;
    const auto m = connect(s.url(), c);
    CHECK(m->info().kind == ts::remote::ServerKind::Sglang);
    CHECK(m->tokenizer() == nullptr);
    const std::vector<int> ids = {5, 6, 7};
    const auto d = m->next(ids);
    const auto want = expectedLogprobs(ids);
    for (const auto& [id, lp] : d.entries) CHECK(lp == Approx(want[id]).margin(1e-5));
    auto req = lastPost(s, "/generate");
    CHECK(req["input_ids"] == nlohmann::json(ids));
    CHECK(req["return_logprob"] == true);
    CHECK(req["top_logprobs_num"] == kVocab);
    CHECK(req["sampling_params"]["max_new_tokens"] == 1);
    const auto sc = m->scorePrompt(ids);
    CHECK(sc.requests == 1);
    CHECK(lastPost(s, "/generate")["logprob_start_len"] == 0);
    for (std::size_t i = 1; i < ids.size(); ++i) {
        const auto w = expectedLogprobs({ids.begin(), ids.begin() + static_cast<long>(i)});
        CHECK(sc.logprob[i] == Approx(w[ids[i]]).margin(1e-5));
    }
}

TEST_CASE("remote: llama-server format, driven by a Transcript with rewind, branch and fork",
          "[remote]") {
    TempDir dir("remote-llama");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const auto m = connect(s.url());
    CHECK(m->info().kind == ts::remote::ServerKind::LlamaServer);
    CHECK(m->info().vocabSource == "/v1/models meta.n_vocab");
    REQUIRE(m->tokenizer() != nullptr);
    CHECK(m->tokenizer()->tokenBytes(3) == "D");  // learnt from the answers' "bytes"
    ts::Transcript t(std::make_unique<ts::remote::RemoteSession>(m), m->tokenizer());
    ts::SamplingParams greedy;
    greedy.temperature = 0;
    std::vector<int> ctx = {1, 2};
    t.startIds(ctx, greedy);
    for (int i = 0; i < 4; ++i) t.step(greedy);
    // Greedy tokens: the formula's argmax (the smallest id among equals), step by step.
    for (const auto& st : t.steps()) {
        const auto w = expectedLogprobs({st->contextTokens().begin(), st->contextTokens().end()});
        const int best = static_cast<int>(std::max_element(w.begin(), w.end()) - w.begin());
        CHECK(st->sampledToken == best);
    }
    const auto req = lastPost(s, "/completion");
    CHECK(req["n_probs"] == kVocab);
    CHECK(req["cache_prompt"] == true);
    CHECK(req["post_sampling_probs"] == false);
    // Branch from step 1 with another token; the context is rewound to match.
    const auto& b = t.branchFrom(1, 10, greedy);
    CHECK(b.contextTokens().back() == 10);
    CHECK(b.contextSize() == 4);
    const auto w = expectedLogprobs({b.contextTokens().begin(), b.contextTokens().end()});
    CHECK(b.sampledToken == static_cast<int>(std::max_element(w.begin(), w.end()) - w.begin()));
    ts::Transcript f = t.fork();
    f.step(greedy);
    CHECK(f.size() == t.size() + 1);
    CHECK(t.isRemote());
    CHECK_THROWS_AS(t.model(), ts::Error);
}

TEST_CASE("remote: wrong model name, non-OpenAI servers and wrong URLs say so", "[remote]") {
    TempDir dir("remote-names");
    StandInServer s(dir.path(), {"--kind", "vllm", "--tokenizer-info"});
    ts::remote::ConnectOptions c;
    c.model = "other/model";
    try {
        connect(s.url(), c);
        FAIL("connected to a model the server does not serve");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("serves stand-in/model, not other/model") !=
              std::string::npos);
    }
    StandInServer html(dir.path() / "html", {"--kind", "vllm", "--hostile", "html"});
    CHECK_THROWS_WITH(connect(html.url()),
                      Catch::Matchers::ContainsSubstring("not an OpenAI-compatible"));
    const std::string closed = "http://127.0.0.1:" + std::to_string(freePort());
    CHECK_THROWS_WITH(connect(closed),
                      Catch::Matchers::ContainsSubstring("cannot reach a model server"));
    CHECK_THROWS_WITH(connect("ftp://127.0.0.1:1"), Catch::Matchers::ContainsSubstring("http://"));
    CHECK_THROWS_WITH(connect("http://user:pw@127.0.0.1:1"),
                      Catch::Matchers::ContainsSubstring("TOKENSCOPE_API_KEY"));
}

TEST_CASE("remote: the API key goes to the server as a Bearer token, never elsewhere", "[remote]") {
    TempDir dir("remote-key");
    StandInServer s(dir.path(), {"--kind", "llama", "--key", "s3cret-key"});
    const auto m = connect(s.url(), {}, 50, "s3cret-key");
    m->next(std::vector<int>{1});
    const auto reqs = s.requests();
    REQUIRE(!reqs.empty());
    for (const auto& r : reqs) CHECK(r["auth_value_ok"] == true);
    // The key appears in no message: a refused request names the URL only.
    StandInServer r(dir.path() / "r", {"--kind", "llama", "--hostile", "redirect"});
    try {
        connect(r.url(), {}, 50, "s3cret-key");
        FAIL("followed a redirect to another host");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("another host") != std::string::npos);
        CHECK(std::string(e.what()).find("s3cret") == std::string::npos);
    }
}

TEST_CASE("remote: 503 answers are retried with backoff", "[remote]") {
    TempDir dir("remote-busy");
    StandInServer s(dir.path(), {"--kind", "vllm", "--tokenizer-info", "--hostile", "busy"});
    const auto m = connect(s.url());
    CHECK(m->next(std::vector<int>{1, 2}).entries.size() == static_cast<std::size_t>(kVocab));
    int posts = 0;
    for (const auto& r : s.requests()) posts += r["path"] == "/v1/completions";
    CHECK(posts == 3);  // two 503s, then the answer
}

TEST_CASE("remote: hostile answers end in a clear error within bounded time", "[remote]") {
    struct Case {
        const char* kind;
        const char* hostile;
        const char* message;
    };
    const std::vector<Case> cases = {
        {"llama", "truncated", "not valid JSON"},
        {"vllm", "truncated", "not valid JSON"},
        {"sglang", "truncated", "not valid JSON"},
        {"llama", "wrong-vocab", "outside the vocabulary of 64"},
        {"vllm", "wrong-vocab", "outside the vocabulary of 64"},
        {"sglang", "wrong-vocab", "outside the vocabulary of 64"},
        {"llama", "nan", "NaN"},
        {"vllm", "nan", "NaN"},
        {"sglang", "nan", "NaN"},
        {"vllm", "redirect", "another host"},
        {"llama", "endless", "larger than 64 MiB"},
        {"vllm", "trickle", "no complete answer"},
        {"vllm", "max-logprobs", "--max-logprobs -1"},
    };
    for (const Case& c : cases) {
        INFO(c.kind << " " << c.hostile);
        TempDir dir(std::string("remote-hostile-") + c.hostile);
        StandInServer s(dir.path(), {"--kind", c.kind, "--hostile", c.hostile, "--tokenizer-info"});
        ts::remote::ConnectOptions o;
        o.vocabSize = kVocab;
        const auto started = Clock::now();
        // An endless answer is stopped by the 64 MiB cap, the rest by a short time limit.
        const bool endless = std::string(c.hostile) == "endless";
        try {
            const auto m = connect(s.url(), o, endless ? 50 : 4);
            m->next(std::vector<int>{1, 2, 3});
            FAIL("no error");
        } catch (const ts::Error& e) {
            CHECK_THAT(e.what(), Catch::Matchers::ContainsSubstring(c.message));
        }
        CHECK(Clock::now() - started < std::chrono::seconds(endless ? 55 : 12));
    }
}

TEST_CASE("remote: Cancel stops a request that waits", "[remote]") {
    TempDir dir("remote-cancel");
    StandInServer s(dir.path(), {"--kind", "vllm", "--tokenizer-info", "--hostile", "trickle"});
    const auto m = connect(s.url());
    std::atomic<bool> cancel{false};
    m->setCancelFlag(&cancel);
    std::thread stop([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        cancel = true;
    });
    const auto started = Clock::now();
    CHECK_THROWS_AS(m->next(std::vector<int>{1}), ts::Cancelled);
    stop.join();
    CHECK(Clock::now() - started < std::chrono::seconds(3));
}
