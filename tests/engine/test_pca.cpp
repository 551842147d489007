// PCA of the embedding view against cases worked out by hand.
#include <cmath>
#include <span>
#include <stdexcept>

#include "catch.hpp"
#include "tokenscope/pca.hpp"

using ts::pca2;
using ts::PcaResult;

namespace {

bool allFinite(const PcaResult& r) {
    for (const auto& p : r.points)
        if (!std::isfinite(p[0]) || !std::isfinite(p[1])) return false;
    for (float a : r.axes)
        if (!std::isfinite(a)) return false;
    return std::isfinite(r.explained[0]) && std::isfinite(r.explained[1]);
}

// Axis c of the result, compared with an expected unit vector up to sign.
float alignment(const PcaResult& r, int c, std::vector<float> expected) {
    const std::size_t dim = r.mean.size();
    float dot = 0;
    for (std::size_t j = 0; j < dim; ++j)
        dot += r.axes[static_cast<std::size_t>(c) * dim + j] * expected[j];
    return std::abs(dot);
}

}  // namespace

TEST_CASE("PCA of points on a line puts all variance on the first component", "[pca]") {
    std::vector<std::vector<float>> rows;
    for (int t = 0; t < 5; ++t) {
        const auto f = static_cast<float>(t);
        rows.push_back({1 + f, 2 + 2 * f, -1 + 3 * f});
    }
    const auto r = pca2(rows);
    REQUIRE(r.points.size() == 5);
    CHECK(r.explained[0] == Approx(1.0f).margin(1e-5));
    CHECK(r.explained[1] == Approx(0.0f).margin(1e-5));
    const float n = std::sqrt(14.0f);
    CHECK(alignment(r, 0, {1 / n, 2 / n, 3 / n}) == Approx(1.0f).margin(1e-5));
    // The sign convention: the largest component of each axis is positive.
    CHECK(r.axes[2] > 0);
    // Points are spread along PC1 in order, evenly (t - 2) * sqrt(14) apart, PC2 zero.
    for (int t = 0; t < 5; ++t) {
        CHECK(r.points[static_cast<std::size_t>(t)][0] ==
              Approx(static_cast<float>(t - 2) * n).margin(1e-4));
        CHECK(r.points[static_cast<std::size_t>(t)][1] == Approx(0.0f).margin(1e-4));
    }
    CHECK(r.mean == std::vector<float>{3, 6, 5});
}

TEST_CASE("PCA of 2D data matches the analytic eigenvectors", "[pca]") {
    // X^T X = [[10, 6], [6, 10]]: eigenvalues 16 along (1, 1)/sqrt2 and 4 along (1, -1)/sqrt2.
    const std::vector<std::vector<float>> rows = {{2, 2}, {-2, -2}, {1, -1}, {-1, 1}};
    const auto r = pca2(rows);
    const float s = 1 / std::sqrt(2.0f);
    CHECK(r.explained[0] == Approx(0.8f).margin(1e-5));
    CHECK(r.explained[1] == Approx(0.2f).margin(1e-5));
    CHECK(alignment(r, 0, {s, s}) == Approx(1.0f).margin(1e-5));
    CHECK(alignment(r, 1, {s, -s}) == Approx(1.0f).margin(1e-5));
    // (2, 2) lies on PC1 at distance 2 sqrt2; (1, -1) on PC2 at distance sqrt2.
    CHECK(std::abs(r.points[0][0]) == Approx(2 * std::sqrt(2.0f)).margin(1e-5));
    CHECK(r.points[0][1] == Approx(0.0f).margin(1e-5));
    CHECK(r.points[2][0] == Approx(0.0f).margin(1e-5));
    CHECK(std::abs(r.points[2][1]) == Approx(std::sqrt(2.0f)).margin(1e-5));
    CHECK(r.points[1][0] == Approx(-r.points[0][0]).margin(1e-5));
}

TEST_CASE("PCA axes are orthonormal and project() agrees with the points", "[pca]") {
    std::vector<std::vector<float>> rows;
    for (int i = 0; i < 12; ++i) {
        const auto f = static_cast<float>(i);
        rows.push_back({std::sin(f), std::cos(2 * f), 0.3f * f, std::sin(3 * f) * 0.1f});
    }
    const auto r = pca2(rows);
    const std::size_t d = 4;
    float n0 = 0, n1 = 0, dot = 0;
    for (std::size_t j = 0; j < d; ++j) {
        n0 += r.axes[j] * r.axes[j];
        n1 += r.axes[d + j] * r.axes[d + j];
        dot += r.axes[j] * r.axes[d + j];
    }
    CHECK(n0 == Approx(1.0f).margin(1e-5));
    CHECK(n1 == Approx(1.0f).margin(1e-5));
    CHECK(dot == Approx(0.0f).margin(1e-5));
    CHECK(r.explained[0] >= r.explained[1]);
    CHECK(r.explained[0] + r.explained[1] <= 1.0f + 1e-5f);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto p = ts::project(r, rows[i]);
        CHECK(p[0] == Approx(r.points[i][0]).margin(1e-5));
        CHECK(p[1] == Approx(r.points[i][1]).margin(1e-5));
    }
    const auto atMean = ts::project(r, r.mean);
    CHECK(atMean[0] == Approx(0.0f).margin(1e-6));
    CHECK(atMean[1] == Approx(0.0f).margin(1e-6));
}

TEST_CASE("PCA of degenerate inputs gives finite results", "[pca]") {
    SECTION("no rows") {
        const auto r = pca2({});
        CHECK(r.points.empty());
    }
    SECTION("one row") {
        const auto r = pca2({{0.5f, -1.0f, 2.0f}});
        REQUIRE(r.points.size() == 1);
        CHECK(allFinite(r));
        CHECK(r.points[0] == std::array<float, 2>{0, 0});
        CHECK(r.explained == std::array<float, 2>{0, 0});
    }
    SECTION("two rows") {
        const auto r = pca2({{1, 1, 1}, {3, 1, 1}});
        CHECK(allFinite(r));
        CHECK(r.explained[0] == Approx(1.0f).margin(1e-6));
        CHECK(r.explained[1] == Approx(0.0f).margin(1e-6));
        CHECK(r.points[0][0] == Approx(-1.0f).margin(1e-6));
        CHECK(r.points[1][0] == Approx(1.0f).margin(1e-6));
    }
    SECTION("identical rows") {
        const auto r = pca2({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}});
        CHECK(allFinite(r));
        CHECK(r.explained == std::array<float, 2>{0, 0});
        for (const auto& p : r.points) CHECK(p == std::array<float, 2>{0, 0});
    }
    SECTION("one dimension") {
        const auto r = pca2({{1}, {2}, {4}});
        CHECK(allFinite(r));
        CHECK(r.explained[0] == Approx(1.0f).margin(1e-6));
        CHECK(r.points[2][1] == 0.0f);
    }
}

TEST_CASE("PCA of rows stored in one block equals PCA of the same rows as vectors", "[pca]") {
    // 40 rows of 7: a long context's shape (n > dim) with a clear first direction.
    std::vector<std::vector<float>> rows;
    std::vector<float> block;
    for (int i = 0; i < 40; ++i) {
        std::vector<float> r;
        for (int j = 0; j < 7; ++j)
            r.push_back(std::sin(0.37f * static_cast<float>(i * (j + 1))) +
                        0.1f * static_cast<float>(i * j));
        block.insert(block.end(), r.begin(), r.end());
        rows.push_back(std::move(r));
    }
    const auto a = pca2(rows);
    const auto b = pca2(block, rows.size(), 7);
    REQUIRE(a.points.size() == b.points.size());
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        CHECK(a.points[i][0] == b.points[i][0]);
        CHECK(a.points[i][1] == b.points[i][1]);
    }
    CHECK(a.explained == b.explained);
    CHECK(a.axes == b.axes);
    // A block shorter than n x dim is refused, not read past its end.
    CHECK_THROWS_AS(pca2(std::span<const float>(block).first(block.size() - 1), rows.size(), 7),
                    std::invalid_argument);
}
