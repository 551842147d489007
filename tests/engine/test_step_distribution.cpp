// ts::describeDistribution, what the softmax and sampling stages draw a step from, against a
// plain recompute: the full softmax, a comparison sort of the whole vocabulary, the
// top-k/top-p cut written out as before, and an inverse-CDF walk in id order. Every figure
// must match to the last bit, so moving this work off the GUI thread changes no number.
// Also: orderByProbability (selection pass and radix sort) against std::sort, and the
// Transcript attaching a description to each step when asked.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/step_distribution.hpp"
#include "tokenscope/transcript.hpp"

namespace {

std::vector<int> referenceOrder(const std::vector<float>& v) {
    std::vector<int> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
        return v[ua] > v[ub] || (v[ua] == v[ub] && a < b);
    });
    return order;
}

// samplingDistribution as it was written before the radix sort: the reference.
std::vector<float> referenceDistribution(const std::vector<float>& logits,
                                         const ts::SamplingParams& p) {
    std::vector<float> probs = ts::softmax(logits, p.temperature);
    if (p.temperature <= 0.0f) return probs;
    const bool useK = p.topK > 0 && static_cast<std::size_t>(p.topK) < probs.size();
    const bool useP = p.topP < 1.0f;
    if (!useK && !useP) return probs;
    std::vector<int> kept = referenceOrder(probs);
    if (useK) kept.resize(static_cast<std::size_t>(p.topK));
    if (useP) {
        double total = 0.0;
        for (int id : kept) total += probs[static_cast<std::size_t>(id)];
        double cumulative = 0.0;
        std::size_t n = 0;
        while (n < kept.size()) {
            cumulative += probs[static_cast<std::size_t>(kept[n])];
            ++n;
            if (cumulative >= static_cast<double>(p.topP) * total) break;
        }
        kept.resize(std::max<std::size_t>(n, 1));
    }
    std::vector<float> out(probs.size(), 0.0f);
    double sum = 0.0;
    for (int id : kept) sum += probs[static_cast<std::size_t>(id)];
    for (int id : kept)
        out[static_cast<std::size_t>(id)] =
            static_cast<float>(probs[static_cast<std::size_t>(id)] / sum);
    return out;
}

// GPT-2-sized logits with ties (a quarter of them rounded to a coarse grid).
std::vector<float> vocabularyLogits(unsigned seed) {
    std::mt19937 gen(seed);
    std::normal_distribution<float> normal(0.0f, 2.5f);
    std::vector<float> logits(50257);
    for (std::size_t i = 0; i < logits.size(); ++i) {
        logits[i] = normal(gen);
        if (i % 4 == 0) logits[i] = std::round(logits[i] * 4.0f) / 4.0f;
    }
    return logits;
}

}  // namespace

TEST_CASE("orderByProbability is the order of a full comparison sort, ties by id",
          "[sampling][distribution]") {
    std::mt19937 gen(3);
    std::uniform_int_distribution<int> coarse(0, 40);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> probs(20000), mixed(20000);
    for (std::size_t i = 0; i < probs.size(); ++i) {
        probs[i] = static_cast<float>(coarse(gen)) / 1000.0f;  // many ties, zeros
        mixed[i] = i % 3 == 0 ? -normal(gen) : normal(gen);    // negatives: logits
    }
    mixed[7] = -0.0f;
    mixed[8] = 0.0f;
    for (const auto* v : {&probs, &mixed}) {
        const auto full = referenceOrder(*v);
        for (std::size_t needed :
             {std::size_t{0}, std::size_t{1}, std::size_t{20}, std::size_t{256}, std::size_t{257},
              std::size_t{5000}, v->size(), v->size() + 5}) {
            INFO("needed " << needed);
            const auto got = ts::orderByProbability(*v, needed);
            const std::size_t n = std::min(needed, v->size());
            REQUIRE(got.size() == n);
            // -0 and +0 compare equal: either order of ids 7, 8 is the reference's (id order).
            CHECK(std::equal(got.begin(), got.end(), full.begin()));
        }
    }
}

TEST_CASE("samplingDistribution with the radix order equals the comparison-sort reference",
          "[sampling][distribution]") {
    const auto logits = vocabularyLogits(11);
    for (float t : {0.0f, 0.7f, 1.0f, 1.6f})
        for (int k : {0, 1, 40, 60000})
            for (float topP : {1.0f, 0.9f, 0.3f}) {
                ts::SamplingParams p;
                p.temperature = t;
                p.topK = k;
                p.topP = topP;
                INFO("T " << t << " k " << k << " p " << topP);
                CHECK(ts::samplingDistribution(logits, p) == referenceDistribution(logits, p));
            }
}

TEST_CASE("a step's distribution described in one pass equals the full recompute, bit for bit",
          "[sampling][distribution]") {
    const auto logits = vocabularyLogits(5);
    std::mt19937 gen(9);
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    for (float t : {0.0f, 0.5f, 1.0f, 1.6f})
        for (int k : {0, 3, 50})
            for (float topP : {1.0f, 0.92f, 0.2f}) {
                ts::SamplingParams p;
                p.temperature = t;
                p.topK = k;
                p.topP = topP;
                p.seed = 4;
                INFO("T " << t << " k " << k << " p " << topP);
                const double u = uniform(gen);
                ts::DistributionRequest r;
                r.rows = 20;
                r.rowsAtOne = 8;
                r.u = u;
                r.minSegment = 1e-4;
                r.markToken = 12345;
                const auto d = ts::describeDistribution(logits, p, r);

                const auto probs = ts::softmax(logits, t);
                const auto dist = referenceDistribution(logits, p);
                CHECK(d.vocabSize == static_cast<int>(logits.size()));
                CHECK(d.entropyBits == ts::entropyBits(probs));
                CHECK(d.samplingEntropyBits == ts::entropyBits(dist));
                CHECK(d.kept ==
                      std::count_if(dist.begin(), dist.end(), [](float v) { return v > 0.0f; }));
                // rows by logit: the probabilities' order, and at T = 0 the runners-up too
                const auto order = referenceOrder(logits);
                REQUIRE(d.top.size() == 20);
                for (std::size_t i = 0; i < d.top.size(); ++i) {
                    const auto tok = static_cast<std::size_t>(order[i]);
                    CHECK(d.top[i].token == order[i]);
                    CHECK(d.top[i].logit == logits[tok]);
                    CHECK(d.top[i].prob == probs[tok]);
                    CHECK(d.top[i].sampling == dist[tok]);
                }
                const auto atOne = referenceOrder(ts::softmax(logits, 1.0f));
                CHECK(d.topAtOne == std::vector<int>(atOne.begin(), atOne.begin() + 8));
                // Any token's figures, in O(1) from the description.
                for (int tok :
                     {0, 1, 4, 12345, 50256, order[0], order[2], order[60], order[4000]}) {
                    INFO("token " << tok);
                    CHECK(d.probOf(logits, tok) == probs[static_cast<std::size_t>(tok)]);
                    CHECK(d.samplingOf(logits, tok) == dist[static_cast<std::size_t>(tok)]);
                }
                // u lands where the engine's own draw lands.
                CHECK(d.landed == (t > 0.0f ? ts::sampleAt(logits, p, u) : d.landed));
                if (t > 0.0f) CHECK(d.landed == ts::sampleAt(logits, p, u));
                // The draw bar: every wide token, the marked one and the rows, at the
                // cumulative position a walk in id order gives.
                double cumulative = 0.0;
                std::size_t s = 0;
                for (std::size_t i = 0; i < dist.size(); ++i) {
                    if (dist[i] <= 0.0f) continue;
                    const double start = cumulative;
                    cumulative += dist[i];
                    const bool wanted = dist[i] >= 1e-4f || i == 12345 ||
                                        std::find(d.topAtOne.begin(), d.topAtOne.end(),
                                                  static_cast<int>(i)) != d.topAtOne.end();
                    if (!wanted) continue;
                    REQUIRE(s < d.segments.size());
                    CHECK(d.segments[s].token == static_cast<int>(i));
                    CHECK(d.segments[s].start == start);
                    CHECK(d.segments[s].width == dist[i]);
                    ++s;
                }
                CHECK(s == d.segments.size());
            }
}

TEST_CASE("settings typed mid-edit are clamped, not thrown", "[sampling][distribution]") {
    const std::vector<float> logits = {2.0f, 1.0f, 0.5f, -1.0f, 3.0f};
    ts::SamplingParams p;
    p.temperature = -1.0f;
    p.topK = -3;
    p.topP = 7.0f;
    const auto d = ts::describeDistribution(logits, p, {});
    CHECK(d.params.temperature == 0.0f);
    CHECK(d.top.front().token == 4);
    CHECK(d.top.front().prob == 1.0f);
    // at T = 0 the other rows are the runners-up by logit, not zeros in vocabulary order
    REQUIRE(d.top.size() == 5);
    CHECK(d.top[1].token == 0);
    CHECK(d.top[2].token == 1);
    CHECK(d.top[4].token == 3);
    CHECK(d.kept == 1);
    CHECK_THROWS(ts::describeDistribution(std::vector<float>{}, p, {}));
}

TEST_CASE("the tail mass counts the tokens under 0.01 % and what they hold (#48)",
          "[sampling][distribution]") {
    // One token at 0.9 and 2,000 at 0.1 / 2,000 = 0.005 % each, written as log-probabilities:
    // the tail is those 2,000 tokens holding 10 % together.
    std::vector<float> logits(2001, static_cast<float>(std::log(0.1 / 2000.0)));
    logits[7] = static_cast<float>(std::log(0.9));
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.topK = 0;
    p.topP = 1.0f;
    const auto d = ts::describeDistribution(logits, p, {});
    CHECK(d.tailTokens == 2000);
    CHECK(d.tailMass == Approx(0.1).epsilon(1e-4));
    // What top-k cuts away is not drawn from, so it is no tail: 9 of the small ones are left,
    // each 1/0.90045 of its old share, still under 0.01 %.
    p.topK = 10;
    const auto cut = ts::describeDistribution(logits, p, {});
    CHECK(cut.tailTokens == 9);
    CHECK(cut.tailMass == Approx(9 * 0.00005 / (0.9 + 9 * 0.00005)).epsilon(1e-4));
    // At temperature 0 one token holds everything: no tail.
    p.temperature = 0.0f;
    CHECK(ts::describeDistribution(logits, p, {}).tailTokens == 0);
}

TEST_CASE("a transcript asked to describe its steps attaches what the views draw from",
          "[transcript][distribution]") {
    auto model = ts::Model::loadFolder(ts_test::dataDir() / "gpt2-tiny-vocab512");
    ts::TranscriptOptions options;
    ts::DistributionRequest r;
    r.rows = 20;
    r.rowsAtOne = 8;
    r.minSegment = 0.05;  // wide: a narrow token has a segment only when it is marked
    options.describeSteps = r;
    ts::Transcript t(model, nullptr, options);
    ts::SamplingParams p;
    p.temperature = 1.3f;
    p.topK = 50;
    p.topP = 0.95f;
    p.seed = 4;
    t.startIds(std::vector<int>{5, 17, 42, 99}, p);
    for (int i = 0; i < 4; ++i) t.step(p);
    for (const auto& s : t.steps()) {
        REQUIRE(s->distribution);
        const auto& d = *s->distribution;
        CHECK(d.u == s->uniform);
        CHECK(d.landed == s->sampledToken);  // the draw the engine made, found again
        CHECK(d.samplingOf(s->trace->logits, s->sampledToken) == s->figures.samplingProb);
        CHECK(d.top.size() == 20);
    }
    // A token chosen by hand keeps its segment of the draw bar, however narrow.
    const auto& before = *t.steps()[2]->distribution;
    const auto& logits = t.steps()[2]->trace->logits;
    auto hasSegment = [](const ts::StepDistribution& d, int token) {
        return std::any_of(d.segments.begin(), d.segments.end(),
                           [&](const auto& seg) { return seg.token == token; });
    };
    int rare = 0;  // a token that can be drawn but is too narrow for a segment of its own
    while (rare < 512 && !(before.samplingOf(logits, rare) > 0.0f && !hasSegment(before, rare)))
        ++rare;
    REQUIRE(rare < 512);
    t.choose(2, rare);
    const auto& d = *t.steps()[2]->distribution;
    CHECK(hasSegment(d, rare));
    CHECK(d.u == ts::uniformAt(p.seed, t.steps()[2]->trace->lastPosition() + 1));
    // Without the option (the CLI), nothing is described.
    ts::Transcript plain(model, nullptr);
    plain.startIds(std::vector<int>{5, 17}, p);
    CHECK_FALSE(plain.back().distribution);
}
