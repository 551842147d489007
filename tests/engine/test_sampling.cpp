// Sampling is a pure function of stored logits: checked against hand-computed values and,
// for the random draws, against the distribution they claim to follow.
#include <cmath>
#include <map>

#include "catch.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/sampling.hpp"

using namespace ts;

TEST_CASE("softmax matches hand-computed probabilities", "[sampling]") {
    const std::vector<float> logits = {0.0f, std::log(2.0f), std::log(3.0f)};
    const auto p = softmax(logits);
    CHECK(p[0] == Approx(1.0 / 6));
    CHECK(p[1] == Approx(2.0 / 6));
    CHECK(p[2] == Approx(3.0 / 6));
    // temperature 2 takes square roots of the ratios
    const auto p2 = softmax(logits, 2.0f);
    const double z = 1 + std::sqrt(2.0) + std::sqrt(3.0);
    CHECK(p2[0] == Approx(1 / z));
    CHECK(p2[2] == Approx(std::sqrt(3.0) / z));
    // shifting logits changes nothing; huge logits don't overflow
    const auto shifted =
        softmax(std::vector<float>{1000.0f, 1000.0f + std::log(2.0f), 1000.0f + std::log(3.0f)});
    CHECK(shifted[1] == Approx(2.0 / 6).epsilon(1e-4));
    CHECK(logSumExp(logits) == Approx(std::log(6.0)));
}

TEST_CASE("temperature 0 is argmax with ties to the lower id", "[sampling]") {
    const std::vector<float> logits = {0.5f, 2.0f, 2.0f, -1.0f};
    const auto p = softmax(logits, 0.0f);
    CHECK(p == std::vector<float>{0, 1, 0, 0});
    Rng rng(3);
    SamplingParams greedy;
    greedy.temperature = 0.0f;
    for (int i = 0; i < 10; ++i) CHECK(sample(logits, greedy, rng) == 1);
}

TEST_CASE("top-k keeps exactly the k most probable tokens", "[sampling]") {
    const std::vector<float> logits = {1.0f, 3.0f, 2.0f, 3.0f, 0.0f};
    SamplingParams p;
    p.topK = 2;
    const auto d = samplingDistribution(logits, p);
    CHECK(d[0] == 0.0f);
    CHECK(d[2] == 0.0f);
    CHECK(d[4] == 0.0f);
    CHECK(d[1] == Approx(0.5));
    CHECK(d[3] == Approx(0.5));
    p.topK = 3;  // tie at the border of 3 is not an issue: 3,3,2 are distinct ranks
    const auto d3 = samplingDistribution(logits, p);
    CHECK(d3[2] > 0.0f);
    CHECK(d3[0] == 0.0f);
}

TEST_CASE("top-p keeps the smallest set reaching p", "[sampling]") {
    const std::vector<float> probs = {0.5f, 0.3f, 0.15f, 0.05f};
    std::vector<float> logits;
    for (float q : probs) logits.push_back(std::log(q));
    SamplingParams p;
    p.temperature = 1.0f;  // the probabilities above, not the default temperature's
    p.topP = 0.75f;
    auto d = samplingDistribution(logits, p);
    CHECK(d[0] == Approx(0.5 / 0.8));
    CHECK(d[1] == Approx(0.3 / 0.8));
    CHECK(d[2] == 0.0f);
    p.topP = 0.85f;
    d = samplingDistribution(logits, p);
    CHECK(d[2] == Approx(0.15 / 0.95));
    CHECK(d[3] == 0.0f);
    p.topP = 0.01f;  // always at least one token
    d = samplingDistribution(logits, p);
    CHECK(d[0] == 1.0f);
}

TEST_CASE("empirical frequencies over many draws match the distribution", "[sampling]") {
    const std::vector<float> logits = {0.1f, 1.2f, -0.5f, 0.7f, 2.0f};
    SamplingParams p;
    p.temperature = 0.8f;
    p.topK = 4;
    const auto want = samplingDistribution(logits, p);
    Rng rng(12345);
    const int n = 200000;
    std::vector<int> counts(logits.size());
    for (int i = 0; i < n; ++i) counts[static_cast<std::size_t>(sample(logits, p, rng))]++;
    for (std::size_t i = 0; i < logits.size(); ++i) {
        // 5 standard deviations of a binomial proportion
        const double sd = std::sqrt(want[i] * (1 - want[i]) / n);
        CHECK(std::abs(counts[i] / double(n) - want[i]) <= 5 * sd + 1e-9);
    }
    CHECK(counts[2] == 0);  // cut off by top-k
}

TEST_CASE("the same seed gives the same draws", "[sampling]") {
    const std::vector<float> logits = {0.3f, 0.2f, 0.1f, 0.0f, -0.1f};
    SamplingParams p;
    Rng a(42), b(42), c(43);
    std::vector<int> da, db, dc;
    for (int i = 0; i < 64; ++i) {
        da.push_back(sample(logits, p, a));
        db.push_back(sample(logits, p, b));
        dc.push_back(sample(logits, p, c));
    }
    CHECK(da == db);
    CHECK(da != dc);
    Rng u(9);
    for (int i = 0; i < 1000; ++i) {
        const double x = u.uniform();
        CHECK(x >= 0.0);
        CHECK(x < 1.0);
    }
}

TEST_CASE("entropy, rank and top candidates", "[sampling]") {
    CHECK(entropyBits(std::vector<float>{0.25f, 0.25f, 0.25f, 0.25f}) == Approx(2.0));
    CHECK(entropyBits(std::vector<float>{1.0f, 0.0f}) == Approx(0.0));
    const std::vector<float> logits = {1.0f, 5.0f, 3.0f, 5.0f};
    CHECK(rankOf(logits, 1) == 1);
    CHECK(rankOf(logits, 3) == 2);
    CHECK(rankOf(logits, 2) == 3);
    CHECK(rankOf(logits, 0) == 4);
    CHECK_THROWS_AS(rankOf(logits, 4), Error);
    const auto top = topCandidates(softmax(logits), 2);
    REQUIRE(top.size() == 2);
    CHECK(top[0].token == 1);
    CHECK(top[1].token == 3);
}

TEST_CASE("out-of-range sampling values are refused", "[sampling]") {
    SamplingParams p;
    p.temperature = -0.1f;
    CHECK_THROWS_AS(p.validate(), Error);
    p = {};
    p.topP = 0.0f;
    CHECK_THROWS_AS(p.validate(), Error);
    p = {};
    p.topP = 1.01f;
    CHECK_THROWS_AS(p.validate(), Error);
    p = {};
    p.topK = -1;
    CHECK_THROWS_AS(p.validate(), Error);
    p = {};
    p.temperature = std::nanf("");
    CHECK_THROWS_AS(p.validate(), Error);
}
