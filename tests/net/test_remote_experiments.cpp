// The experiments' one path over a model server (#50): ts::scoreContinuation over a
// remote::RemoteSession asks only for the rows it reads (allLogitsFrom): vLLM's and SGLang's
// prompt logprobs in one request, llama-server's one request per scored position; bans and
// biases are applied to the server's logprobs, and what needs the internals is refused. The
// numbers are checked against the stand-in's formula (tests/tools/llm_server.py), computed
// here again.
#include <cmath>
#include <numeric>

#include "catch.hpp"
#include "llm_server_process.hpp"
#include "temp_dir.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/remote.hpp"
#include "tokenscope/remote_transport.hpp"

using namespace ts_test;

namespace {

// log P(v | ids) of the stand-in's model: logit ((sum * 7 + v * 13) % 31) / 4 over 64 ids,
// `bias` added to `biasId`'s logit.
double remoteExpLogprob(const std::vector<int>& ids, int v, double bias = 0, int biasId = -1) {
    const long s = std::accumulate(ids.begin(), ids.end(), 0L);
    auto logit = [&](int u) {
        return static_cast<double>((s * 7 + u * 13) % 31) / 4.0 + (u == biasId ? bias : 0.0);
    };
    double z = 0;
    for (int u = 0; u < 64; ++u) z += std::exp(logit(u));
    return logit(v) - std::log(z);
}

std::shared_ptr<const ts::remote::RemoteModel> remoteExpConnect(const std::string& url) {
    ts::net::HttpTransportOptions t;
    t.url = url;
    ts::remote::ConnectOptions c;
    c.vocabSize = 64;  // SGLang does not say
    return ts::remote::RemoteModel::connect(ts::net::makeHttpTransport(t), c);
}

int remoteExpPosts(const StandInServer& s) {
    int n = 0;
    for (const auto& r : s.requests())
        if (r["method"] == "POST" && r["path"] != "/tokenize") ++n;
    return n;
}

}  // namespace

TEST_CASE("remote experiments: scoreContinuation asks only for the rows it reads",
          "[remote][experiments]") {
    const std::vector<int> prompt = {5, 9, 2}, continuation = {7, 30, 11};
    double expected = 0;
    std::vector<int> ids = prompt;
    for (int v : continuation) {
        expected += remoteExpLogprob(ids, v);
        ids.push_back(v);
    }
    struct Kind {
        std::vector<std::string> args;
        int requests;  // POSTs for one score
    };
    const std::vector<Kind> kinds = {
        {{"--kind", "vllm", "--tokenizer-info"}, 2},  // prompt logprobs + the last row
        {{"--kind", "sglang"}, 2},
        {{"--kind", "llama"}, 3},  // one per scored position
    };
    for (const Kind& k : kinds) {
        INFO(k.args[1]);
        TempDir dir("remote-exp");
        StandInServer s(dir.path(), k.args);
        const auto model = remoteExpConnect(s.url());
        ts::remote::RemoteSession session(model);
        const int before = remoteExpPosts(s);
        const auto score = ts::scoreContinuation(session, prompt, continuation);
        CHECK(score.logProb == Approx(expected).margin(1e-4));
        CHECK(remoteExpPosts(s) - before == k.requests);
    }
}

TEST_CASE("remote experiments: bans and biases apply to the server's logprobs, ablation is refused",
          "[remote][experiments][interventions]") {
    TempDir dir("remote-exp-iv");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const auto model = remoteExpConnect(s.url());
    ts::remote::RemoteSession session(model);
    auto iv = std::make_shared<ts::Interventions>();
    iv->banned = {7};
    iv->logitBias = {{30, 2.0f}};
    ts::TraceOptions options;
    options.interventions = iv;
    const auto banned = ts::scoreContinuation(session, {5, 9, 2}, {7}, options);
    CHECK(std::isinf(banned.logProb));
    const auto biased = ts::scoreContinuation(session, {5, 9, 2}, {30}, options);
    // The ban removes 7's mass, the bias re-weights 30: both from the formula.
    const std::vector<int> p = {5, 9, 2};
    const double l30 = remoteExpLogprob(p, 30, 2.0, 30);
    const double p7 = std::exp(remoteExpLogprob(p, 7, 2.0, 30));
    CHECK(biased.logProb == Approx(l30 - std::log1p(-p7)).margin(1e-4));
    auto ablate = std::make_shared<ts::Interventions>();
    ablate->ablate = {{0, 0}};
    options.interventions = ablate;
    session.reset();
    CHECK_THROWS_AS(session.prefill(std::vector<int>{1, 2}, options), ts::Error);
    CHECK(session.position() == 0);
}

TEST_CASE("remote experiments: the model's own answer asks for the top entries only",
          "[remote][experiments]") {
    TempDir dir("remote-exp-top");
    StandInServer s(dir.path(), {"--kind", "llama"});
    const auto model = remoteExpConnect(s.url());
    ts::remote::RemoteSession session(model);
    // The greedy path from the formula: the most probable id (the lowest of equals), 4 steps.
    std::vector<int> ids = {5, 9, 2}, expected;
    double prob = 1;
    for (int step = 0; step < 4; ++step) {
        int best = 0;
        for (int v = 1; v < 64; ++v)
            if (remoteExpLogprob(ids, v) > remoteExpLogprob(ids, best)) best = v;
        prob *= std::exp(remoteExpLogprob(ids, best));
        expected.push_back(best);
        ids.push_back(best);
    }
    const auto answer = ts::modelAnswer(session, *model->tokenizer(), {5, 9, 2}, 4);
    CHECK(answer.tokens == expected);
    CHECK(answer.prob == Approx(prob).epsilon(1e-4));
    // Each of its requests asked for 8 entries, not the whole vocabulary.
    int asked = 0;
    for (const auto& r : s.requests())
        if (r["path"] == "/completion" && r["body"]["n_probs"] != 64) {
            CHECK(r["body"]["n_probs"] == 8);
            ++asked;
        }
    CHECK(asked == 4);
    // With a ban the whole vocabulary is asked for again (the ban re-weights it).
    auto iv = std::make_shared<ts::Interventions>();
    iv->banned = {expected[0]};
    ts::TraceOptions options;
    options.interventions = iv;
    const auto banned = ts::modelAnswer(session, *model->tokenizer(), {5, 9, 2}, 1, options);
    REQUIRE(banned.tokens.size() == 1);
    CHECK(banned.tokens[0] != expected[0]);
    CHECK(s.requests().back()["body"]["n_probs"] == 64);
}
