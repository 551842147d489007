// Interventions in the forward pass (tokenscope/interventions.hpp, what_if.hpp): an empty
// set is bit-identical to none, step-by-step equals batched under ablation and steering, the
// resumed runs of activation patching equal full patched passes, a Q8_0 GGUF follows its own
// dequantized weights under every intervention, and the head kinds find planted circuits.
// The numpy reference comparisons run through the CLI (tests/cli/test_cli_interventions.cpp).
#include <cmath>
#include <memory>

#include "catch.hpp"
#include "engine/gguf_fixtures.hpp"
#include "test_paths.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/what_if.hpp"

namespace {

using Catch::Matchers::ContainsSubstring;
using ts::Interventions;

std::shared_ptr<const ts::Model> whatIfFixture(const char* name) {
    return ts::Model::loadFolder(ts_test::dataDir() / name);
}

const std::vector<int> kWhatIfIds = {1, 17, 300, 2, 44, 101, 9, 250, 33};

ts::StepTrace runWhatIf(const std::shared_ptr<const ts::Model>& m, const std::vector<int>& ids,
                        std::shared_ptr<const Interventions> iv, bool attention = false) {
    ts::Session s(m);
    ts::TraceOptions o;
    o.attention = attention;
    o.allLogits = true;
    o.interventions = std::move(iv);
    return s.prefill(ids, o);
}

double whatIfMaxDiff(const std::vector<float>& a, const std::vector<float>& b) {
    REQUIRE(a.size() == b.size());
    double worst = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        worst = std::max(worst, static_cast<double>(std::fabs(a[i] - b[i])));
    return worst;
}

}  // namespace

TEST_CASE("an empty intervention set gives bit-identical results", "[interventions]") {
    for (const char* name : {"gpt2-tiny-vocab512", "llama-tiny", "qwen3-tiny"}) {
        const auto m = whatIfFixture(name);
        const auto none = runWhatIf(m, kWhatIfIds, nullptr, true);
        const auto empty = runWhatIf(m, kWhatIfIds, std::make_shared<Interventions>(), true);
        CHECK(none.logits == empty.logits);
        CHECK(none.allLogits == empty.allLogits);
        CHECK(none.attention.data == empty.attention.data);
    }
}

TEST_CASE("zero ablation changes the logits, and only from the ablated layer on",
          "[interventions]") {
    const auto m = whatIfFixture("llama-tiny");
    auto iv = std::make_shared<Interventions>();
    iv->ablate = {{1, 2}};
    ts::Session a(m), b(m);
    ts::TraceOptions o;
    o.attention = true;
    const auto plain = a.prefill(kWhatIfIds, o);
    o.interventions = iv;
    const auto ablated = b.prefill(kWhatIfIds, o);
    CHECK(whatIfMaxDiff(plain.logits, ablated.logits) > 1e-3);
    // Layer 1 (index 0) attention is untouched; the ablated head's own pattern in layer 2 is
    // still computed (the output is what is silenced).
    for (int q = 0; q < static_cast<int>(kWhatIfIds.size()); ++q)
        for (int h = 0; h < 4; ++h) {
            const auto r0 = plain.attention.row(0, h, q), r1 = ablated.attention.row(0, h, q);
            CHECK(std::equal(r0.begin(), r0.end(), r1.begin()));
        }
}

TEST_CASE("mean ablation and steering give the same numbers step by step as batched",
          "[interventions]") {
    for (const char* name : {"gpt2-tiny-vocab512", "qwen2-tiny"}) {
        const auto m = whatIfFixture(name);
        auto iv = std::make_shared<Interventions>();
        iv->ablate = {{0, 1}, {1, 0}};
        iv->ablateMode = ts::AblateMode::Mean;
        ts::prepareMeanAblation(m, kWhatIfIds, *iv);
        iv->steerLayer = 1;
        iv->steerStrength = 1.5f;
        iv->steerDirection =
            ts::steeringDirection(m, std::vector<int>{5, 6, 7}, std::vector<int>{8, 9}, 1);
        ts::TraceOptions o;
        o.interventions = iv;
        ts::Session batched(m), stepped(m);
        const auto all = batched.prefill(kWhatIfIds, o);
        stepped.prefill(std::span<const int>(kWhatIfIds).first(4), o);
        ts::StepTrace last;
        for (std::size_t i = 4; i < kWhatIfIds.size(); ++i) last = stepped.step(kWhatIfIds[i], o);
        INFO(name);
        CHECK(whatIfMaxDiff(all.logits, last.logits) < 1e-4);
    }
}

TEST_CASE("mean ablation without its means, and bad heads, are refused", "[interventions]") {
    const auto m = whatIfFixture("llama-tiny");
    auto iv = std::make_shared<Interventions>();
    iv->ablate = {{0, 0}};
    iv->ablateMode = ts::AblateMode::Mean;
    ts::TraceOptions o;
    o.interventions = iv;
    ts::Session s(m);
    CHECK_THROWS_WITH(s.prefill(kWhatIfIds, o), ContainsSubstring("mean output"));
    auto bad = std::make_shared<Interventions>();
    bad->ablate = {{2, 0}};
    o.interventions = bad;
    CHECK_THROWS_WITH(s.prefill(kWhatIfIds, o), ContainsSubstring("3:1"));
    CHECK(s.position() == 0);  // a refused call leaves the session as it was
}

TEST_CASE("a ban gives probability 0 and keeps the model's logit, and a bias shifts the logit",
          "[interventions]") {
    const auto m = whatIfFixture("qwen3-tiny");
    const auto plain = runWhatIf(m, kWhatIfIds, nullptr);
    const int top = ts::argmax(plain.logits);
    auto iv = std::make_shared<Interventions>();
    iv->banned = {top};
    iv->logitBias = {{7, 2.5f}};
    const auto t = runWhatIf(m, kWhatIfIds, iv);
    CHECK(std::isinf(t.logits[static_cast<std::size_t>(top)]));
    REQUIRE(t.bannedLogits.size() == 1);
    CHECK(t.bannedLogits[0].second == plain.logits[static_cast<std::size_t>(top)]);
    CHECK(t.logits[7] == Approx(plain.logits[7] + 2.5f).margin(1e-6));
    CHECK(ts::softmax(t.logits)[static_cast<std::size_t>(top)] == 0.0f);
    ts::Rng rng(3);
    ts::SamplingParams p;
    for (int i = 0; i < 200; ++i) CHECK(ts::sample(t.logits, p, rng) != top);
}

TEST_CASE("resumed patching runs equal full passes with the residual patched",
          "[interventions][patch]") {
    for (const char* name : {"gpt2-tiny-vocab512", "llama-tiny", "qwen3-tiny"}) {
        const auto m = whatIfFixture(name);
        std::vector<int> corrupt = kWhatIfIds;
        corrupt[2] = 23;
        const auto plain = runWhatIf(m, kWhatIfIds, nullptr);
        const int answer = ts::argmax(plain.logits);
        const int wrong = answer == 5 ? 6 : 5;
        const auto r = ts::patchResidualStream(m, kWhatIfIds, corrupt, answer, wrong);
        // The straightforward way: a full pass of the corrupted prompt with one patch.
        ts::Session clean(m);
        ts::TraceOptions capture;
        capture.blockInputs = true;
        const auto cleanTrace = clean.prefill(kWhatIfIds, capture);
        const int C = m->config().nEmbd;
        INFO(name);
        for (int l = 0; l < m->config().nLayer; ++l)
            for (int p = 0; p < static_cast<int>(kWhatIfIds.size()); ++p) {
                auto iv = std::make_shared<Interventions>();
                const float* row = cleanTrace.blockInputs[l].data() + p * C;
                iv->patches.push_back({l, p, std::vector<float>(row, row + C)});
                const auto t = runWhatIf(m, corrupt, iv);
                const double d = static_cast<double>(t.logits[answer]) - t.logits[wrong];
                const double restored = (d - r.corruptDiff) / (r.cleanDiff - r.corruptDiff);
                CHECK(r.restored[l][p] == Approx(restored).margin(1e-4));
            }
        // Patching block 1 at every changed position gives the clean run back exactly there.
        CHECK(r.restored[0][2] == Approx(1.0).margin(1e-5));
        // Positions before the change restore nothing (the residual there is the same).
        CHECK(r.restored[0][1] == Approx(0.0).margin(1e-4));
        CHECK(r.forwardPasses ==
              2 + m->config().nLayer * static_cast<long long>(kWhatIfIds.size()));
    }
}

TEST_CASE("interventions on a Q8_0 GGUF follow its own dequantized weights",
          "[interventions][gguf]") {
    const auto hf = ts_test::wideHfFolder();
    const auto deq = ts::Model::loadGguf(
        ts_test::ggufFromHf(hf, "wide-own-q8_0-dequantized.gguf", "--type q8_0 --dequantized"));
    const auto q8 =
        ts::Model::loadGguf(ts_test::ggufFromHf(hf, "wide-own-q8_0.gguf", "--type q8_0"));
    const std::vector<int> ids = {5, 17, 300, 2, 44, 101, 9};
    auto iv = std::make_shared<Interventions>();
    iv->ablate = {{0, 1}, {1, 3}};
    iv->logitBias = {{11, 1.75f}};
    const auto a = runWhatIf(deq, ids, iv), b = runWhatIf(q8, ids, iv);
    const auto plain = runWhatIf(deq, ids, nullptr);
    CHECK(whatIfMaxDiff(a.logits, plain.logits) > 1e-2);  // the intervention does something
    // The same tolerance as the unablated comparison (test_gguf_model.cpp: 2e-2 allowed).
    CHECK(whatIfMaxDiff(a.logits, b.logits) < 2e-2);
    const std::vector<int> corrupt = {5, 18, 300, 2, 44, 101, 9};
    const auto patchA = ts::patchResidualStream(deq, ids, corrupt, ts::argmax(plain.logits), 3);
    const auto patchB = ts::patchResidualStream(q8, ids, corrupt, ts::argmax(plain.logits), 3);
    for (std::size_t l = 0; l < patchA.restored.size(); ++l)
        for (std::size_t p = 0; p < ids.size(); ++p)
            CHECK(patchA.restored[l][p] == Approx(patchB.restored[l][p]).margin(2e-2));
}

TEST_CASE("head kinds name a head built to read the previous token, and no other",
          "[interventions][heads]") {
    // tests/reference/make_previous_token_fixture.py: head 1 attends to i - 1 by construction,
    // head 2 evenly to every visible key.
    const auto m = whatIfFixture("gpt2-previous-head");
    const std::vector<int> prompt = {3, 9, 27, 5, 11, 40, 2, 7};
    for (const auto& kinds : {ts::headKinds(m, prompt, 1), ts::headKinds(m, {}, 4)}) {
        REQUIRE(kinds.heads.size() == 2);
        CHECK(kinds.heads[0].kind == "previous");
        CHECK(kinds.heads[0].previous > 0.99);
        CHECK(kinds.heads[1].kind.empty());  // even weights: below every threshold
        CHECK(kinds.heads[1].previous < 0.5);
        CHECK(kinds.repeatTokens == 7);  // (16 positions - start token) / 2
    }
}

TEST_CASE("head kinds find the bundled model's planted copy circuit", "[interventions][heads]") {
    const auto m = ts::Model::loadFolder(ts_test::bundledModel());
    const auto kinds = ts::headKinds(m, {}, 1);
    REQUIRE(kinds.heads.size() == static_cast<std::size_t>(m->config().nLayer * m->config().nHead));
    int induction = 0, previous = 0;
    for (const auto& h : kinds.heads) {
        induction += h.kind == "induction";
        previous += h.kind == "previous";
        CHECK(h.previous >= 0.0);
        CHECK(h.previous <= 1.0 + 1e-6);
        if (!h.kind.empty()) {
            const double score = h.kind == "induction"  ? h.induction
                                 : h.kind == "previous" ? h.previous
                                                        : h.first;
            CHECK(score >= 0.4);  // a label only above its threshold
        }
    }
    CHECK(induction >= 1);  // the copy circuit: an induction head...
    CHECK(previous >= 1);   // ...reading through a previous-token head
    // Seeds change the random sequence, not the conclusion.
    const auto again = ts::headKinds(m, {}, 2);
    int inductionAgain = 0;
    for (const auto& h : again.heads) inductionAgain += h.kind == "induction";
    CHECK(inductionAgain >= 1);
}
