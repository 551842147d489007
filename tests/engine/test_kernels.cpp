#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"

namespace k = ts::kernels;

TEST_CASE("kernels: layer norm against hand-computed values", "[kernels]") {
    const float x[4] = {1, 2, 3, 4};
    const float w[4] = {1, 1, 2, 1};
    const float b[4] = {0, 0, 0, 0.5f};
    float y[4];
    k::layerNorm(x, y, w, b, 4, 1e-5f);
    // mean 2.5, variance 1.25
    const float s = 1.0f / std::sqrt(1.25f + 1e-5f);
    CHECK(y[0] == Approx(-1.5f * s));
    CHECK(y[1] == Approx(-0.5f * s));
    CHECK(y[2] == Approx(2 * 0.5f * s));
    CHECK(y[3] == Approx(1.5f * s + 0.5f));
    // in place, constant input -> bias
    float z[3] = {7, 7, 7};
    const float ones[3] = {1, 1, 1}, bias[3] = {0.1f, 0.2f, 0.3f};
    k::layerNorm(z, z, ones, bias, 3, 1e-5f);
    CHECK(z[0] == Approx(0.1f));
    CHECK(z[2] == Approx(0.3f));
}

TEST_CASE("kernels: GELU variants", "[kernels]") {
    CHECK(k::geluTanh(0.0f) == 0.0f);
    CHECK(k::geluTanh(1.0f) == Approx(0.8411920f).epsilon(1e-6));
    CHECK(k::geluTanh(-1.0f) == Approx(-0.1588080f).epsilon(1e-6));
    CHECK(k::geluTanh(3.0f) == Approx(2.9963627f).epsilon(1e-6));
    CHECK(k::geluExact(1.0f) == Approx(0.8413447f).epsilon(1e-6));
    CHECK(k::geluExact(-1.0f) == Approx(-0.1586553f).epsilon(1e-6));
    // the vectorised path agrees with the scalar formula over a wide range
    std::vector<float> xs;
    for (int i = -4000; i <= 4000; ++i) xs.push_back(i * 0.005f);
    xs.push_back(50.0f);
    xs.push_back(-50.0f);
    std::vector<float> v = xs;
    k::activate(v.data(), v.size(), ts::Activation::GeluTanh);
    for (std::size_t i = 0; i < xs.size(); ++i)
        REQUIRE(v[i] == Approx(k::geluTanh(xs[i])).margin(2e-6).epsilon(1e-5));
    v = xs;
    k::activate(v.data(), v.size(), ts::Activation::Relu);
    for (std::size_t i = 0; i < xs.size(); ++i) REQUIRE(v[i] == std::max(0.0f, xs[i]));
    v = xs;
    k::activate(v.data(), v.size(), ts::Activation::GeluExact);
    for (std::size_t i = 0; i < xs.size(); i += 100) REQUIRE(v[i] == Approx(k::geluExact(xs[i])));
}

TEST_CASE("kernels: softmax rows and exp", "[kernels]") {
    float r[3] = {1, 2, 3};
    k::softmax(r, 3);
    CHECK(r[0] == Approx(0.09003057f));
    CHECK(r[1] == Approx(0.24472847f));
    CHECK(r[2] == Approx(0.66524096f));
    float big[2] = {1000.0f, 1000.0f};  // no overflow
    k::softmax(big, 2);
    CHECK(big[0] == Approx(0.5f));
    float neg[3] = {-1e30f, 0.0f, -1e30f};
    k::softmax(neg, 3);
    CHECK(neg[1] == Approx(1.0f));
    CHECK(neg[0] == 0.0f);
    std::vector<float> e;
    for (int i = -870; i <= 880; ++i) e.push_back(i * 0.1f);
    std::vector<float> ref = e;
    k::expInPlace(e.data(), static_cast<int>(e.size()));
    for (std::size_t i = 0; i < e.size(); ++i) REQUIRE(e[i] == Approx(std::exp(ref[i])).epsilon(2e-6));
}

TEST_CASE("kernels: dot, axpy and sum against hand-computed values", "[kernels]") {
    std::vector<float> a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, c(11, 1.0f);
    CHECK(k::dot(a.data(), a.data(), 11) == Approx(506.0f));
    k::axpy(2.0f, a.data(), c.data(), 11);
    CHECK(c[0] == 3.0f);
    CHECK(k::sum(a.data(), 11) == 66.0f);
    std::vector<float> many(1000, 0.5f);
    CHECK(k::sum(many.data(), many.size()) == 500.0f);
    CHECK(c[10] == 23.0f);
}

TEST_CASE("kernels: chunk splits cover the range", "[kernels]") {
    for (int total : {0, 1, 7, 64, 1000, 50257})
        for (int n : {1, 2, 3, 8}) {
            int prev = 0;
            for (int t = 0; t < n; ++t) {
                int b, e;
                k::chunk(total, t, n, 16, b, e);
                CHECK(b == prev);
                CHECK(e >= b);
                prev = e;
            }
            CHECK(prev == total);
        }
}

namespace {

// y = x W^T + b in double precision, W stored [out, in].
std::vector<double> naiveLinear(const std::vector<float>& X, int T, const std::vector<float>& W,
                                const std::vector<float>& b, int out, int in) {
    std::vector<double> y(static_cast<std::size_t>(T) * out);
    for (int t = 0; t < T; ++t)
        for (int o = 0; o < out; ++o) {
            double s = b.empty() ? 0.0 : b[o];
            for (int i = 0; i < in; ++i)
                s += static_cast<double>(X[static_cast<std::size_t>(t) * in + i]) * W[static_cast<std::size_t>(o) * in + i];
            y[static_cast<std::size_t>(t) * out + o] = s;
        }
    return y;
}

struct KernelLevelGuard {
    ~KernelLevelGuard() { k::limitPackedKernel(2); }
};

}  // namespace

TEST_CASE("kernels: packed linear equals a naive product on ragged shapes, on every code path", "[kernels]") {
    KernelLevelGuard restore;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    // out not a multiple of 16 (a partial last panel), in not a multiple of the input block,
    // T covering full and partial row tiles, with and without bias
    const int shapes[][3] = {{37, 19, 1}, {37, 19, 13}, {16, 300, 25}, {50, 513, 7}, {1, 5, 3}, {96, 64, 130}};
    for (int level = 2; level >= 0; --level) {
        k::limitPackedKernel(level);
        for (const auto& s : shapes) {
            const int out = s[0], in = s[1], T = s[2];
            for (bool withBias : {true, false}) {
                CAPTURE(level, k::packedKernelName(), out, in, T, withBias);
                std::vector<float> W(static_cast<std::size_t>(out) * in), X(static_cast<std::size_t>(T) * in), b;
                for (auto& v : W) v = u(rng);
                for (auto& v : X) v = u(rng);
                if (withBias) {
                    b.resize(static_cast<std::size_t>(out));
                    for (auto& v : b) v = u(rng);
                }
                std::vector<float> packed(k::packedSize(out, in));
                k::packFromOutIn(W.data(), out, in, packed.data());
                const k::PackedWeight pw{packed.data(), out, in};
                // guard cells after Y catch writes past the last column
                std::vector<float> Y(static_cast<std::size_t>(T) * out + 16, -99.0f);
                k::linearPacked(X.data(), T, pw, withBias ? b.data() : nullptr, Y.data());
                const auto want = naiveLinear(X, T, W, b, out, in);
                double worst = 0;
                for (std::size_t i = 0; i < want.size(); ++i) worst = std::max(worst, std::abs(Y[i] - want[i]));
                CHECK(worst < 1e-4 * std::sqrt(static_cast<double>(in)));
                for (std::size_t i = want.size(); i < Y.size(); ++i) CHECK(Y[i] == -99.0f);
                // one token at a time (the decode path) gives the same bits as the batch
                for (int t = 0; t < T; ++t) {
                    std::vector<float> y1(static_cast<std::size_t>(out));
                    k::linearPacked(X.data() + static_cast<std::size_t>(t) * in, 1, pw, withBias ? b.data() : nullptr, y1.data());
                    for (int o = 0; o < out; ++o) REQUIRE(y1[o] == Y[static_cast<std::size_t>(t) * out + o]);
                }
            }
        }
    }
}

TEST_CASE("kernels: packing from [in, out] and from [out, in] agree", "[kernels]") {
    const int out = 21, in = 5;
    std::vector<float> Woi(out * in), Wio(out * in);
    for (int o = 0; o < out; ++o)
        for (int i = 0; i < in; ++i) Woi[o * in + i] = Wio[i * out + o] = static_cast<float>(o * 100 + i);
    std::vector<float> a(k::packedSize(out, in)), b(k::packedSize(out, in));
    k::packFromOutIn(Woi.data(), out, in, a.data());
    k::packFromInOut(Wio.data(), in, out, b.data());
    CHECK(a == b);
    // panel 1 holds outputs 16..31; for input 2 its first value is W[16][2], padding is zero
    CHECK(a[static_cast<std::size_t>(1) * in * 16 + 2 * 16 + 0] == 1602.0f);
    CHECK(a[static_cast<std::size_t>(1) * in * 16 + 2 * 16 + 5] == 0.0f);
}
