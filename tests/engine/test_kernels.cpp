#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "catch.hpp"
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
    for (std::size_t i = 0; i < e.size(); ++i)
        REQUIRE(e[i] == Approx(std::exp(ref[i])).epsilon(2e-6));
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
                s += static_cast<double>(X[static_cast<std::size_t>(t) * in + i]) *
                     W[static_cast<std::size_t>(o) * in + i];
            y[static_cast<std::size_t>(t) * out + o] = s;
        }
    return y;
}

struct KernelLevelGuard {
    ~KernelLevelGuard() { k::limitPackedKernel(2); }
};

}  // namespace

TEST_CASE("kernels: packed linear equals a naive product on ragged shapes, on every code path",
          "[kernels]") {
    KernelLevelGuard restore;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    // out not a multiple of 16 (a partial last panel), in not a multiple of the input block,
    // T covering full and partial row tiles, with and without bias
    const int shapes[][3] = {{37, 19, 1},  {37, 19, 13}, {16, 300, 25},
                             {50, 513, 7}, {1, 5, 3},    {96, 64, 130}};
    for (int level = 2; level >= 0; --level) {
        k::limitPackedKernel(level);
        for (const auto& s : shapes) {
            const int out = s[0], in = s[1], T = s[2];
            for (bool withBias : {true, false}) {
                CAPTURE(level, k::packedKernelName(), out, in, T, withBias);
                std::vector<float> W(static_cast<std::size_t>(out) * in),
                    X(static_cast<std::size_t>(T) * in), b;
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
                for (std::size_t i = 0; i < want.size(); ++i)
                    worst = std::max(worst, std::abs(Y[i] - want[i]));
                CHECK(worst < 1e-4 * std::sqrt(static_cast<double>(in)));
                for (std::size_t i = want.size(); i < Y.size(); ++i) CHECK(Y[i] == -99.0f);
                // one token at a time (the decode path) gives the same bits as the batch
                for (int t = 0; t < T; ++t) {
                    std::vector<float> y1(static_cast<std::size_t>(out));
                    k::linearPacked(X.data() + static_cast<std::size_t>(t) * in, 1, pw,
                                    withBias ? b.data() : nullptr, y1.data());
                    for (int o = 0; o < out; ++o)
                        REQUIRE(y1[o] == Y[static_cast<std::size_t>(t) * out + o]);
                }
            }
        }
    }
}

TEST_CASE("kernels: packing from [in, out] and from [out, in] agree", "[kernels]") {
    const int out = 21, in = 5;
    std::vector<float> Woi(out * in), Wio(out * in);
    for (int o = 0; o < out; ++o)
        for (int i = 0; i < in; ++i)
            Woi[o * in + i] = Wio[i * out + o] = static_cast<float>(o * 100 + i);
    std::vector<float> a(k::packedSize(out, in)), b(k::packedSize(out, in));
    k::packFromOutIn(Woi.data(), out, in, a.data());
    k::packFromInOut(Wio.data(), in, out, b.data());
    CHECK(a == b);
    // panel 1 holds outputs 16..31; for input 2 its first value is W[16][2], padding is zero
    CHECK(a[static_cast<std::size_t>(1) * in * 16 + 2 * 16 + 0] == 1602.0f);
    CHECK(a[static_cast<std::size_t>(1) * in * 16 + 2 * 16 + 5] == 0.0f);
}

#include "compute/half.hpp"
#include "compute/rope.hpp"
#include "formats/safetensors.hpp"

TEST_CASE("kernels: 16-bit widening is exact for every bit pattern", "[kernels]") {
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const auto b = static_cast<std::uint16_t>(h);
        const float a = k::halfToFloat(b), want = ts::st::f16ToF32(b);
        if (std::isnan(want))
            REQUIRE(std::isnan(a));
        else
            REQUIRE(std::memcmp(&a, &want, 4) == 0);  // also keeps the sign of zero
        const float c = k::bf16ToFloat(b), wantB = ts::st::bf16ToF32(b);
        REQUIRE(std::memcmp(&c, &wantB, 4) == 0);
    }
}

TEST_CASE(
    "kernels: F16 and BF16 packed weights against a double product, every path, ragged shapes",
    "[kernels]") {
    KernelLevelGuard restore;
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    const int shapes[][3] = {{37, 19, 1}, {37, 19, 13},  {16, 300, 25}, {50, 513, 7},
                             {1, 5, 3},   {96, 64, 130}, {33, 8, 2}};
    for (const k::WeightType type : {k::WeightType::F16, k::WeightType::BF16}) {
        for (int level = 2; level >= 0; --level) {
            k::limitPackedKernel(level);
            for (const auto& s : shapes) {
                const int out = s[0], in = s[1], T = s[2];
                for (bool withBias : {true, false}) {
                    CAPTURE(k::weightTypeName(type), level, k::packedKernelName(), out, in, T,
                            withBias);
                    // the stored 16-bit weights [out, in] and their exact fp32 values
                    std::vector<std::uint16_t> W16(static_cast<std::size_t>(out) * in);
                    std::vector<float> W(W16.size()), X(static_cast<std::size_t>(T) * in), b;
                    for (std::size_t i = 0; i < W16.size(); ++i) {
                        const float v = u(rng) * (type == k::WeightType::F16 ? 3.0f : 1e3f);
                        W16[i] =
                            type == k::WeightType::F16 ? ts::st::f32ToF16(v) : ts::st::f32ToBf16(v);
                        W[i] = type == k::WeightType::F16 ? ts::st::f16ToF32(W16[i])
                                                          : ts::st::bf16ToF32(W16[i]);
                    }
                    for (auto& v : X) v = u(rng);
                    if (withBias) {
                        b.resize(static_cast<std::size_t>(out));
                        for (auto& v : b) v = u(rng);
                    }
                    std::vector<k::RowSource> rows;
                    for (int o = 0; o < out; ++o)
                        rows.push_back({W16.data() + static_cast<std::size_t>(o) * in, 1, type});
                    std::vector<std::uint16_t> packed(k::packedSize(out, in));
                    k::packRows(rows, in, type, packed.data());
                    const k::PackedWeight pw{packed.data(), out, in, type};
                    CHECK(pw.bytes() == packed.size() * 2);
                    std::vector<float> Y(static_cast<std::size_t>(T) * out + 16, -99.0f);
                    k::linearPacked(X.data(), T, pw, withBias ? b.data() : nullptr, Y.data());
                    const auto want = naiveLinear(X, T, W, b, out, in);
                    double worst = 0, scale = 1;
                    for (std::size_t i = 0; i < want.size(); ++i) {
                        worst = std::max(worst, std::abs(Y[i] - want[i]));
                        scale = std::max(scale, std::abs(want[i]));
                    }
                    CHECK(worst < 2e-6 * scale * std::sqrt(static_cast<double>(in)));
                    for (std::size_t i = want.size(); i < Y.size(); ++i) CHECK(Y[i] == -99.0f);
                    for (int t = 0; t < T; ++t) {
                        std::vector<float> y1(static_cast<std::size_t>(out));
                        k::linearPacked(X.data() + static_cast<std::size_t>(t) * in, 1, pw,
                                        withBias ? b.data() : nullptr, y1.data());
                        for (int o = 0; o < out; ++o)
                            REQUIRE(y1[o] == Y[static_cast<std::size_t>(t) * out + o]);
                    }
                    // a packed row reads back as the stored row
                    std::vector<float> r(static_cast<std::size_t>(in));
                    const int row = out - 1;
                    k::unpackRow(pw, row, r.data());
                    for (int i = 0; i < in; ++i)
                        REQUIRE(r[static_cast<std::size_t>(i)] ==
                                W[static_cast<std::size_t>(row) * in + i]);
                }
            }
        }
    }
}

TEST_CASE("kernels: packing Conv1D [in, out] 16-bit rows, and mixed types widen to F32",
          "[kernels]") {
    const int out = 21, in = 5;
    std::vector<std::uint16_t> io(static_cast<std::size_t>(out) * in);  // [in, out]
    for (int i = 0; i < in; ++i)
        for (int o = 0; o < out; ++o)
            io[static_cast<std::size_t>(i) * out + o] =
                ts::st::f32ToBf16(static_cast<float>(o * 8 + i));
    std::vector<k::RowSource> rows;
    for (int o = 0; o < out; ++o)
        rows.push_back({io.data() + o, static_cast<std::size_t>(out), k::WeightType::BF16});
    std::vector<std::uint16_t> p(k::packedSize(out, in));
    k::packRows(rows, in, k::WeightType::BF16, p.data());
    // panel 1, input 2, column 0 is output 16
    CHECK(k::bf16ToFloat(p[static_cast<std::size_t>(1) * in * 16 + 2 * 16]) == 130.0f);
    CHECK(p[static_cast<std::size_t>(1) * in * 16 + 2 * 16 + 5] == 0);
    // one F32 row among BF16 rows: packed as F32, values exact
    std::vector<float> f32row(static_cast<std::size_t>(in), 0.5f);
    rows[3] = {f32row.data(), 1, k::WeightType::F32};
    std::vector<float> pf(k::packedSize(out, in));
    k::packRows(rows, in, k::WeightType::F32, pf.data());
    CHECK(pf[2 * 16 + 3] == 0.5f);
    CHECK(pf[2 * 16 + 4] == 34.0f);
    CHECK_THROWS(k::packRows(rows, in, k::WeightType::BF16, p.data()));
}

TEST_CASE("rope: rotate-half pairing, norms kept, scores depend only on the distance",
          "[kernels][rope]") {
    ts::Config c;
    c.modelType = "llama";
    c.nEmbd = 64;
    c.nHead = 2;
    c.headDimension = 32;
    c.ropeTheta = 10000.0;
    const auto inv = k::ropeInverseFrequencies(c);
    REQUIRE(inv.size() == 16u);
    CHECK(inv[0] == 1.0f);
    CHECK(inv[1] == Approx(std::pow(10000.0, -2.0 / 32)).epsilon(1e-6));
    float cs[16], sn[16];
    // dimension 0 turns with dimension 16 (half), not with dimension 1
    std::vector<float> e(32, 0.0f);
    e[0] = 1.0f;
    k::ropeAngles(inv, 3, cs, sn);
    k::applyRope(e.data(), 16, cs, sn);
    CHECK(e[0] == Approx(std::cos(3.0)));
    CHECK(e[16] == Approx(std::sin(3.0)));
    CHECK(e[1] == 0.0f);
    // a rotation keeps the norm, and q(m) . k(n) depends on m - n only
    std::mt19937 rng(3);
    std::normal_distribution<float> g;
    std::vector<float> q(32), kk(32);
    for (auto& v : q) v = g(rng);
    for (auto& v : kk) v = g(rng);
    auto rotated = [&](std::vector<float> v, int pos) {
        k::ropeAngles(inv, pos, cs, sn);
        k::applyRope(v.data(), 16, cs, sn);
        return v;
    };
    auto dot = [](const std::vector<float>& a, const std::vector<float>& b) {
        double s = 0;
        for (std::size_t i = 0; i < a.size(); ++i) s += static_cast<double>(a[i]) * b[i];
        return s;
    };
    CHECK(dot(rotated(q, 17), rotated(q, 17)) == Approx(dot(q, q)).epsilon(1e-5));
    const double d1 = dot(rotated(q, 9), rotated(kk, 4)), d2 = dot(rotated(q, 25), rotated(kk, 20));
    CHECK(d1 == Approx(d2).epsilon(1e-4));
    CHECK(std::abs(d1 - dot(rotated(q, 9), rotated(kk, 5))) > 1e-3);
}

TEST_CASE("rope: Llama 3.1's llama3 scaling keeps high, slows low, blends medium frequencies",
          "[kernels][rope]") {
    ts::Config c;  // Llama-3.1-8B: head_dim 128, theta 500000, factor 8, 1 / 4, 8192
    c.modelType = "llama";
    c.nEmbd = 4096;
    c.nHead = 32;
    c.ropeTheta = 500000.0;
    c.ropeScaling.type = ts::RopeScaling::Type::Llama3;
    c.ropeScaling.factor = 8.0;
    c.ropeScaling.lowFreqFactor = 1.0;
    c.ropeScaling.highFreqFactor = 4.0;
    c.ropeScaling.originalContext = 8192;
    const auto inv = k::ropeInverseFrequencies(c);
    ts::Config plain = c;
    plain.ropeScaling = {};
    const auto base = k::ropeInverseFrequencies(plain);
    int high = 0, low = 0, medium = 0;
    for (std::size_t i = 0; i < inv.size(); ++i) {
        const double wavelen = 2 * M_PI / base[i];
        if (wavelen < 8192.0 / 4) {
            CHECK(inv[i] == base[i]);
            ++high;
        } else if (wavelen > 8192.0) {
            CHECK(inv[i] == Approx(base[i] / 8).epsilon(1e-6));
            ++low;
        } else {
            CHECK(inv[i] < base[i]);
            CHECK(inv[i] > base[i] / 8);
            ++medium;
        }
        if (i > 0) CHECK(inv[i] < inv[i - 1]);  // still ordered
    }
    CHECK(high > 0);
    CHECK(low > 0);
    CHECK(medium > 0);
}
