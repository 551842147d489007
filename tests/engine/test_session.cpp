// Session semantics: prefill vs step vs recompute, the KV cache operations, traces, errors.
#include <cmath>
#include <numeric>
#include <thread>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/threads.hpp"

using Catch::Matchers::ContainsSubstring;

namespace {

std::shared_ptr<const ts::Model> tiny() {
    static auto m = ts::Model::loadFolder(ts_test::dataDir() / "gpt2-tiny-vocab512");
    return m;
}
std::shared_ptr<const ts::Model> full() {
    static auto m = ts::Model::loadFolder(ts_test::dataDir() / "gpt2-tiny-fullvocab");
    return m;
}
// The rotary, grouped-query families: llama (untied), qwen2 (biases, tied), qwen3 (q/k norm,
// head_dim 24 != 64/4).
std::shared_ptr<const ts::Model> fixture(const char* name) {
    return ts::Model::loadFolder(ts_test::dataDir() / name);
}
std::vector<std::shared_ptr<const ts::Model>> allModels() {
    static const std::vector<std::shared_ptr<const ts::Model>> all = {
        tiny(), full(), fixture("llama-tiny"), fixture("qwen2-tiny"), fixture("qwen3-tiny")};
    return all;
}

std::vector<int> someIds(int n, int vocab, int seed = 1) {
    std::vector<int> ids;
    for (int i = 0; i < n; ++i) ids.push_back((i * 131 + seed * 977 + 7) % vocab);
    return ids;
}

void requireClose(const std::vector<float>& a, const std::vector<float>& b, float tol = 1e-4f) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::abs(a[i] - b[i]) > tol * std::max(1.0f, std::abs(b[i])))
            FAIL("index " << i << ": " << a[i] << " vs " << b[i]);
}

}  // namespace

TEST_CASE("session: step-by-step equals prefill equals full recompute", "[session]") {
    for (auto model : allModels()) {
        INFO(model->config().modelType);
        const int V = model->config().nVocab;
        // 100 tokens crosses the cache's growth steps (64, 128) on the 256-context model.
        const int n = std::min(100, model->config().nCtx);
        const auto ids = someIds(n, V);
        ts::TraceOptions all;
        all.allLogits = true;
        ts::Session whole(model);
        const auto ref = whole.prefill(ids, all);
        REQUIRE(ref.allLogits.size() == ids.size());

        ts::Session stepped(model);
        for (int i = 0; i < n; ++i) {
            const auto tr = stepped.step(ids[i]);
            requireClose(tr.logits, ref.allLogits[i]);
        }
        // mixed: a prefill, then steps, then another prefill
        ts::Session mixed(model);
        mixed.prefill(std::span<const int>(ids.data(), 10));
        for (int i = 10; i < 20; ++i) mixed.step(ids[i]);
        const auto tail = mixed.prefill(std::span<const int>(ids.data() + 20, n - 20), all);
        CHECK(tail.firstPosition == 20);
        for (int i = 20; i < n; ++i) requireClose(tail.allLogits[i - 20], ref.allLogits[i]);
        CHECK(mixed.position() == n);
        CHECK(mixed.tokens() == ids);
    }
}

TEST_CASE("session: attention rows are causal distributions", "[session]") {
    for (auto model : {tiny(), fixture("qwen3-tiny")}) {  // qwen3: 4 query heads over 2 kv heads
        const auto& c = model->config();
        ts::Session s(model);
        ts::TraceOptions opt;
        opt.attention = true;
        const auto ids = someIds(12, c.nVocab);
        const auto a = s.prefill(std::span<const int>(ids.data(), 9), opt);
        const auto b = s.step(ids[9], opt);
        for (const auto* tr : {&a, &b}) {
            const auto& at = tr->attention;
            CHECK(at.nLayer == c.nLayer);
            CHECK(at.nHead == c.nHead);
            CHECK(at.nKvHead == c.kvHeads());
            CHECK(at.firstQuery == tr->firstPosition);
            CHECK(at.nQueries == static_cast<int>(tr->tokens.size()));
            std::size_t total = 0;
            for (int l = 0; l < c.nLayer; ++l)
                for (int h = 0; h < c.nHead; ++h)
                    for (int q = at.firstQuery; q < at.firstQuery + at.nQueries; ++q) {
                        auto row = at.row(l, h, q);
                        REQUIRE(row.size() ==
                                static_cast<std::size_t>(q + 1));  // never looks ahead
                        double sum = 0;
                        for (float p : row) {
                            CHECK(p >= 0.0f);
                            sum += p;
                        }
                        CHECK(sum == Approx(1.0).margin(1e-5));
                        total += row.size();
                    }
            CHECK(at.data.size() == total);  // packed exactly, nothing beyond the queries
            CHECK(at.row(0, 0, at.firstQuery + at.nQueries).empty());
        }
        // the first query attends only to itself
        CHECK(a.attention.row(1, 2, 0)[0] == 1.0f);
        // the step's rows match the same rows of a full prefill
        ts::Session f(model);
        const auto fr = f.prefill(std::span<const int>(ids.data(), 10), opt);
        for (int l = 0; l < c.nLayer; ++l)
            for (int h = 0; h < c.nHead; ++h) {
                auto x = fr.attention.row(l, h, 9);
                auto y = b.attention.row(l, h, 9);
                for (std::size_t k = 0; k < x.size(); ++k) CHECK(x[k] == Approx(y[k]).margin(1e-5));
            }
        if (c.kvHeads() < c.nHead) {  // heads sharing keys still attend differently (own queries)
            auto h0 = b.attention.row(0, 0, 9), h1 = b.attention.row(0, 1, 9);
            double diff = 0;
            for (std::size_t k = 0; k < h0.size(); ++k) diff += std::abs(h0[k] - h1[k]);
            CHECK(diff > 1e-3);
        }
    }
}

TEST_CASE("session: fork continues like the original", "[session]") {
    auto model = full();
    const auto ids = someIds(30, model->config().nVocab, 3);
    ts::Session s(model);
    s.prefill(std::span<const int>(ids.data(), 20));
    ts::Session f = s.fork();
    CHECK(f.position() == 20);
    CHECK(f.tokens() == s.tokens());
    CHECK(f.kvCacheBytes() == s.kvCacheBytes());
    for (int i = 20; i < 30; ++i) {
        const auto a = s.step(ids[i]);
        const auto b = f.step(ids[i]);
        requireClose(a.logits, b.logits, 1e-6f);
    }
    // diverging the fork leaves the original alone
    f.truncate(25);
    f.step(1);
    CHECK(s.position() == 30);
    CHECK(s.tokens() == ids);
    ts::Session empty(model);
    ts::Session ef = empty.fork();
    CHECK(ef.position() == 0);
    CHECK(ef.step(5).logits.size() == static_cast<std::size_t>(model->config().nVocab));
}

TEST_CASE("session: truncate then step equals a fresh run", "[session]") {
    auto model = tiny();
    const auto ids = someIds(20, model->config().nVocab, 5);
    ts::Session s(model);
    s.prefill(ids);
    s.truncate(8);
    CHECK(s.position() == 8);
    CHECK(s.tokens() == std::vector<int>(ids.begin(), ids.begin() + 8));
    const auto a = s.step(99);
    std::vector<int> fresh(ids.begin(), ids.begin() + 8);
    fresh.push_back(99);
    ts::Session g(model);
    const auto b = g.prefill(fresh);
    requireClose(a.logits, b.logits);
    CHECK_THROWS_AS(s.truncate(10), ts::Error);
    CHECK_THROWS_AS(s.truncate(-1), ts::Error);
    s.reset();
    CHECK(s.position() == 0);
    CHECK(s.kvCacheBytes() == 0);
    requireClose(s.prefill(fresh).logits, b.logits, 1e-6f);
}

TEST_CASE("session: errors", "[session]") {
    auto model = tiny();
    const int nCtx = model->config().nCtx;
    ts::Session s(model);
    SECTION("context overflow stops rather than sliding") {
        s.prefill(someIds(nCtx - 1, 512));
        s.step(1);
        CHECK(s.position() == nCtx);
        CHECK_THROWS_WITH(s.step(2), ContainsSubstring("context") &&
                                         ContainsSubstring(std::to_string(nCtx)) &&
                                         ContainsSubstring("sliding"));
        CHECK(s.position() == nCtx);
        ts::Session t(model);
        CHECK_THROWS_WITH(t.prefill(someIds(nCtx + 1, 512)),
                          ContainsSubstring(std::to_string(nCtx)));
        CHECK(t.position() == 0);
    }
    SECTION("token id out of range") {
        CHECK_THROWS_WITH(s.step(512),
                          ContainsSubstring("512") && ContainsSubstring("out of range"));
        CHECK_THROWS_WITH(s.step(-1), ContainsSubstring("out of range"));
        const std::vector<int> bad = {1, 2, 70000};
        CHECK_THROWS_WITH(s.prefill(bad), ContainsSubstring("70000"));
        CHECK(s.position() == 0);
    }
    SECTION("empty prefill") { CHECK_THROWS_AS(s.prefill(std::vector<int>{}), ts::Error); }
}

TEST_CASE("session: a cancelled call leaves the session unchanged", "[session]") {
    auto model = tiny();
    const auto ids = someIds(16, 512, 7);
    ts::Session s(model);
    s.prefill(std::span<const int>(ids.data(), 8));
    std::atomic<bool> cancel{true};
    s.setCancelFlag(&cancel);
    CHECK_THROWS_WITH(s.prefill(std::span<const int>(ids.data() + 8, 8)),
                      ContainsSubstring("cancelled"));
    CHECK_THROWS_WITH(s.step(3), ContainsSubstring("cancelled"));
    CHECK(s.position() == 8);
    CHECK(s.tokens() == std::vector<int>(ids.begin(), ids.begin() + 8));
    cancel = false;
    const auto a = s.prefill(std::span<const int>(ids.data() + 8, 8));
    ts::Session fresh(model);
    requireClose(a.logits, fresh.prefill(ids).logits);
}

TEST_CASE("session: embeddings, residuals, logits and costs", "[session]") {
    auto model = tiny();
    const auto& c = model->config();
    const auto ids = someIds(5, c.nVocab, 11);
    ts::Session s(model);
    ts::TraceOptions opt;
    opt.embeddings = true;
    opt.residuals = true;
    const auto tr = s.prefill(ids, opt);
    CHECK(tr.tokens == ids);
    CHECK(tr.firstPosition == 0);
    CHECK(tr.lastPosition() == 4);
    REQUIRE(tr.tokenEmbedding.size() == ids.size());
    REQUIRE(tr.positionEmbedding.size() == ids.size());
    for (int i = 0; i < 5; ++i) {
        auto te = model->tokenEmbedding(ids[i]);
        auto pe = model->positionEmbedding(i);
        CHECK(std::equal(te.begin(), te.end(), tr.tokenEmbedding[i].begin()));
        CHECK(std::equal(pe.begin(), pe.end(), tr.positionEmbedding[i].begin()));
    }
    REQUIRE(tr.residuals.size() == static_cast<std::size_t>(c.nLayer + 1));
    for (int i = 0; i < c.nEmbd; ++i)
        CHECK(tr.residuals[0][i] == Approx(tr.tokenEmbedding[4][i] + tr.positionEmbedding[4][i]));
    requireClose(model->logitsFromResidual(tr.residuals.back()), tr.logits, 1e-5f);
    CHECK(tr.attention.empty());
    CHECK(tr.allLogits.empty());

    CHECK(tr.cost.contextLength == 5);
    CHECK(tr.cost.kvCacheBytes == 2.0 * c.nLayer * 5 * c.nEmbd * 4);
    CHECK(s.kvCacheBytes() == static_cast<std::size_t>(tr.cost.kvCacheBytes));
    const double C = c.nEmbd, I = c.nInner, V = c.nVocab;
    double flops = 5 * c.nLayer * 2 * (4 * C * C + 2 * C * I) + 2 * V * C;
    for (int q = 0; q < 5; ++q) flops += c.nLayer * 4.0 * (q + 1) * C;
    CHECK(tr.cost.flops == Approx(flops));
    CHECK(tr.cost.weightBytes > 4 * c.nLayer * (4 * C * C + 2 * C * I));
    CHECK(tr.cost.wallMs >= 0);

    const auto st = s.step(3, opt);
    CHECK(st.tokens == std::vector<int>{3});
    CHECK(st.firstPosition == 5);
    CHECK(st.tokenEmbedding.size() == 1u);
    CHECK(st.cost.contextLength == 6);
    CHECK(st.residuals.size() == static_cast<std::size_t>(c.nLayer + 1));
}

TEST_CASE("session: thread count does not change results", "[session]") {
    auto model = full();
    const auto ids = someIds(40, model->config().nVocab, 13);
    const int before = ts::engineThreads();
    ts::setEngineThreads(1);
    CHECK(ts::engineThreads() == 1);
    ts::Session a(model);
    const auto ra = a.prefill(ids);
    const auto sa = a.step(17);
    ts::setEngineThreads(3);
    ts::Session b(model);
    const auto rb = b.prefill(ids);
    const auto sb = b.step(17);
    ts::setEngineThreads(before);
    requireClose(ra.logits, rb.logits, 1e-5f);
    requireClose(sa.logits, sb.logits, 1e-5f);
}

TEST_CASE("session: sessions move", "[session]") {
    ts::Session a(tiny());
    a.step(1);
    ts::Session b(std::move(a));
    CHECK(b.position() == 1);
    ts::Session c(tiny());
    c = std::move(b);
    CHECK(c.position() == 1);
    CHECK(&c.model() == c.modelPtr().get());
}

TEST_CASE("session: two sessions on two threads at once", "[session]") {
    auto model = full();
    const auto ids = someIds(24, model->config().nVocab, 17);
    ts::Session ref(model);
    const auto want = ref.prefill(ids).logits;
    std::vector<float> got[2];
    std::vector<std::thread> threads;
    for (int k = 0; k < 2; ++k)
        threads.emplace_back([&, k] {
            for (int rep = 0; rep < 5; ++rep) {
                ts::Session s(model);
                s.prefill(std::span<const int>(ids.data(), 12));
                ts::StepTrace tr;
                for (int i = 12; i < 24; ++i) tr = s.step(ids[i]);
                got[k] = tr.logits;
            }
        });
    for (auto& t : threads) t.join();
    requireClose(got[0], want);
    requireClose(got[1], want);
}
