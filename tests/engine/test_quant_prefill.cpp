// The Q8_0 prefill: the integer kernel (compute/quant_prefill.hpp, AVX-512 VNNI) against a
// double-precision product of the dequantized weights with the quantized-then-dequantized
// activations, and bit for bit against the decode path that sums one token at a time; below
// AVX-512 (the kernel cap) the F32 path against the float product. Also the vector
// activation quantizers against the scalar one.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_dot.hpp"
#include "compute/quant_linear.hpp"
#include "compute/quant_prefill.hpp"
#include "engine/quant_reference.hpp"

using ts::quant::Type;

namespace {

// A weight of `out` random rows of type t, in blocks or (Q8_0) planar, with its exact values.
struct PrefillWeight {
    std::string bytes;
    std::vector<double> values;   // [out][in]
    ts::quant::QuantWeight meta;  // without its data pointer, which w() sets (bytes may move)
    ts::quant::QuantWeight w() const {
        ts::quant::QuantWeight q = meta;
        q.data = reinterpret_cast<const std::uint8_t*>(bytes.data());
        return q;
    }
};

PrefillWeight prefillWeight(Type t, int out, int in, bool planar, std::mt19937& rng) {
    PrefillWeight p;
    for (int r = 0; r < out; ++r) {
        const ts_test::RefRow row = ts_test::makeRefRow(t, static_cast<std::size_t>(in), rng);
        p.bytes += row.bytes;
        p.values.insert(p.values.end(), row.values.begin(), row.values.end());
    }
    if (planar) {
        std::string q(p.bytes.size(), '\0');
        ts::quant::repackQ8_0Planar(p.bytes.data(), static_cast<std::size_t>(out),
                                    static_cast<std::size_t>(in), q.data());
        p.bytes = std::move(q);
    }
    p.meta = {t, out, in, nullptr, ts::quant::rowBytes(t, static_cast<std::size_t>(in)), planar};
    return p;
}

const char* prefillLayout(const ts::quant::QuantWeight& q) {
    return q.planar ? "planar" : "blocks";
}

}  // namespace

TEST_CASE("Quant prefill: Q8_0 against a double product, every level, planar and in blocks",
          "[quant][prefill]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(41);
    const int in = 32 * 23;  // 23 blocks: a full and a partial group of 16 scales
    const int out = 37;      // odd: a short tile of rows, and a thread's short last share
    for (bool planar : {true, false}) {
        const PrefillWeight pw = prefillWeight(Type::Q8_0, out, in, planar, rng);
        const std::vector<float> bias = ts_test::normalVector(static_cast<std::size_t>(out), rng);
        for (int T : {4, 5, 17, 128}) {
            std::vector<float> X = ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
            for (int k = 0; k < 32; ++k)
                X[static_cast<std::size_t>(in + 96 + k)] = 0.0f;  // a zero block
            // What the integer kernel must sum: the activations as quantizeActivations leaves them.
            std::vector<ts::quant::ActBlock> xq(static_cast<std::size_t>(T * in / 32));
            for (int ti = 0; ti < T; ++ti)
                ts::quant::quantizeActivations(X.data() + ti * in, static_cast<std::size_t>(in),
                                               xq.data() + ti * in / 32);
            for (int level = 2; level >= 0; --level)
                for (int threads : {1, 2}) {
                    ts::quant::limitQuantKernel(level);
                    ts::kernels::limitPackedKernel(level);
                    ts::kernels::setThreads(threads);
                    const bool integer = ts::quant::prefillIntegerAvailable();
                    std::vector<float> Y(static_cast<std::size_t>(T * out), -7.0f);
                    ts::quant::linearQuant(X.data(), T, pw.w(), bias.data(), Y.data());
                    double worst = 0;
                    for (int ti = 0; ti < T; ++ti)
                        for (int r = 0; r < out; ++r) {
                            double e = bias[static_cast<std::size_t>(r)], mag = std::fabs(e);
                            for (int k = 0; k < in; ++k) {
                                const std::size_t xi = static_cast<std::size_t>(ti * in + k);
                                const ts::quant::ActBlock& b = xq[xi / 32];
                                const double x =
                                    integer ? static_cast<double>(b.d) * b.qs[k % 32] : X[xi];
                                const double p =
                                    pw.values[static_cast<std::size_t>(r * in + k)] * x;
                                e += p;
                                mag += std::fabs(p);
                            }
                            const double y = Y[static_cast<std::size_t>(ti * out + r)];
                            worst = std::max(worst, std::fabs(y - e) / (mag + 1e-30));
                        }
                    INFO(prefillLayout(pw.w())
                         << " T=" << T << " level=" << level << " (" << ts::quant::quantKernelName()
                         << ") threads=" << threads << (integer ? " integer" : " F32 panels")
                         << ", worst relative error " << worst);
                    // Integer sums are exact; what is left is float rounding of the per-block
                    // products and of their sum (23 blocks, then 16 lanes), or the F32 GEMM's.
                    CHECK(worst <= (integer ? 2e-6 : 1e-5));
                }
        }
    }
}

TEST_CASE(
    "Quant prefill: every output equals the decode of its token alone (bit for bit with AVX-512 "
    "VNNI)",
    "[quant][prefill]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(43);
    const int in = 32 * 24,
              out = 75;  // GPT-2's 768; 75 rows: three the decode sums outside its 4-row kernel
    for (bool planar : {true, false}) {
        const PrefillWeight pw = prefillWeight(Type::Q8_0, out, in, planar, rng);
        const std::vector<float> bias = ts_test::normalVector(out, rng);
        for (int T : {4, 17}) {
            const std::vector<float> X =
                ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
            for (int level = 2; level >= 0; --level)
                for (int threads : {1, 2}) {
                    ts::quant::limitQuantKernel(level);
                    ts::kernels::limitPackedKernel(level);
                    ts::kernels::setThreads(threads);
                    std::vector<float> all(static_cast<std::size_t>(T * out)), alone(all.size());
                    ts::quant::linearQuant(X.data(), T, pw.w(), bias.data(), all.data());
                    for (int ti = 0; ti < T; ++ti)
                        ts::quant::linearQuant(X.data() + ti * in, 1, pw.w(), bias.data(),
                                               alone.data() + ti * out);
                    const bool integer = ts::quant::prefillIntegerAvailable();
                    INFO(prefillLayout(pw.w())
                         << " T=" << T << " level=" << level << " threads=" << threads);
                    if (integer) {
                        CHECK(all == alone);
                        continue;
                    }
                    // The F32 prefill against the 16-bit activations of decode: within their
                    // rounding (1/65534 of a block's largest activation) of the output scale.
                    double worst = 0, scale = 0;
                    for (std::size_t i = 0; i < all.size(); ++i) {
                        worst = std::max(worst, static_cast<double>(std::fabs(all[i] - alone[i])));
                        scale = std::max(scale, static_cast<double>(std::fabs(alone[i])));
                    }
                    CHECK(worst > 0);  // they do round differently
                    CHECK(worst <= 5e-5 * scale);
                }
        }
    }
}

TEST_CASE("Quant prefill: weights that share their input prefill in one hand-off as one by one",
          "[quant][prefill]") {
    // Parts of different heights, a bias on some, written with a row stride (ldY) wider than
    // each part, as linearQuantParts is given them.
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(47);
    // Set 0: q, k, v planar; set 1: Q8_0 planar and in blocks (rewritten per share); set 2: a
    // Q4_K and a Q5_0 part, which take the F32 path one by one.
    const int widths[3] = {32 * 28, 32 * 28, 256 * 3};
    std::vector<PrefillWeight> sets[3];
    sets[0].push_back(prefillWeight(Type::Q8_0, 96, widths[0], true, rng));
    sets[0].push_back(prefillWeight(Type::Q8_0, 33, widths[0], true, rng));
    sets[0].push_back(prefillWeight(Type::Q8_0, 35, widths[0], true, rng));
    sets[1].push_back(prefillWeight(Type::Q8_0, 50, widths[1], true, rng));
    sets[1].push_back(prefillWeight(Type::Q8_0, 0, widths[1], false, rng));  // an absent part
    sets[1].push_back(prefillWeight(Type::Q8_0, 41, widths[1], false, rng));
    sets[2].push_back(prefillWeight(Type::Q8_0, 40, widths[2], true, rng));
    sets[2].push_back(prefillWeight(Type::Q4_K, 21, widths[2], false, rng));
    sets[2].push_back(prefillWeight(Type::Q5_0, 19, widths[2], false, rng));
    for (int si = 0; si < 3; ++si) {
        const auto& set = sets[si];
        const int width = widths[si];
        int total = 0;
        for (const auto& p : set) total += p.w().out;
        const std::vector<float> bias = ts_test::normalVector(static_cast<std::size_t>(total), rng);
        const int T = 9;
        const std::vector<float> X =
            ts_test::normalVector(static_cast<std::size_t>(T * width), rng);
        for (int level = 2; level >= 0; --level) {
            ts::quant::limitQuantKernel(level);
            ts::kernels::limitPackedKernel(level);
            std::vector<float> together(static_cast<std::size_t>(T * total), -1.0f),
                apart(together);
            std::vector<ts::quant::QuantPart> parts;
            int at = 0;
            for (const auto& p : set) {
                const float* b = at == 0 ? nullptr : bias.data() + at;
                parts.push_back({p.w(), b, together.data() + at, total});
                std::vector<float> y(static_cast<std::size_t>(T * std::max(1, p.w().out)));
                if (p.w().out > 0) ts::quant::linearQuant(X.data(), T, p.w(), b, y.data());
                for (int ti = 0; ti < T; ++ti)
                    for (int r = 0; r < p.w().out; ++r)
                        apart[static_cast<std::size_t>(ti * total + at + r)] =
                            y[static_cast<std::size_t>(ti * p.w().out + r)];
                at += p.w().out;
            }
            ts::quant::linearQuantParts(X.data(), T, parts);
            INFO("set " << si << " level=" << level);
            int differ = 0, firstDiff = -1;
            for (std::size_t i = 0; i < together.size(); ++i)
                if (together[i] != apart[i] && differ++ == 0) firstDiff = static_cast<int>(i);
            INFO(differ << " outputs differ, the first at token "
                        << (firstDiff < 0 ? -1 : firstDiff / total) << " column "
                        << (firstDiff < 0 ? -1 : firstDiff % total));
            CHECK(differ == 0);
        }
    }
}

TEST_CASE("Quant prefill: the vector activation quantizers give the scalar one's blocks",
          "[quant][prefill]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(53);
    const std::size_t n = 32 * 40;
    std::vector<float> x = ts_test::normalVector(n, rng);
    for (std::size_t i = 32; i < 64; ++i) x[i] = 0.0f;                           // all zero
    for (std::size_t i = 64; i < 96; ++i) x[i] = static_cast<float>(i) * 1e30f;  // huge
    for (std::size_t i = 96; i < 128; ++i)
        x[i] = static_cast<float>(i) * 1e-38f;  // subnormal-sized
    for (std::size_t i = 128; i < 160; ++i)
        x[i] = (static_cast<float>(i % 7) - 3.0f) * 0.5f;  // ties
    x[160] = -32767.0f;  // a block whose largest value is negative
    x[200] = std::numeric_limits<float>::quiet_NaN();
    x[230] = std::numeric_limits<float>::infinity();
    auto run = [&](int level) {
        ts::quant::limitQuantKernel(level);
        std::vector<ts::quant::ActBlock> q(n / 32);
        ts::quant::quantizeActivations(x.data(), n, q.data());
        return q;
    };
    const std::vector<ts::quant::ActBlock> scalar = run(0);
    CHECK(std::isnan(scalar[6].d));
    CHECK(std::isnan(scalar[7].d));
    CHECK(scalar[1].d == 0.0f);
    for (int level : {1, 2}) {
        const std::vector<ts::quant::ActBlock> v = run(level);
        INFO("level " << level << " (" << ts::quant::quantKernelName() << ")");
        for (std::size_t b = 0; b < n / 32; ++b) {
            INFO("block " << b);
            CHECK(std::memcmp(v[b].qs, scalar[b].qs, sizeof v[b].qs) == 0);
            if (std::isnan(scalar[b].d)) {
                CHECK(std::isnan(v[b].d));
                CHECK(std::isnan(v[b].s));
            } else {
                CHECK(std::memcmp(&v[b].d, &scalar[b].d, sizeof(float)) == 0);
                CHECK(std::memcmp(&v[b].s, &scalar[b].s, sizeof(float)) == 0);
            }
        }
    }
}

TEST_CASE(
    "Quant prefill: a NaN activation makes its token's outputs NaN and leaves the others finite",
    "[quant][prefill]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(59);
    const int in = 32 * 8, out = 13, T = 6;
    const PrefillWeight pw = prefillWeight(Type::Q8_0, out, in, true, rng);
    std::vector<float> X = ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
    X[static_cast<std::size_t>(2 * in + 70)] = std::numeric_limits<float>::quiet_NaN();
    for (int level = 2; level >= 0; --level) {
        ts::quant::limitQuantKernel(level);
        std::vector<float> Y(static_cast<std::size_t>(T * out));
        ts::quant::linearQuant(X.data(), T, pw.w(), nullptr, Y.data());
        INFO("level " << level);
        for (int ti = 0; ti < T; ++ti)
            for (int r = 0; r < out; ++r)
                CHECK(std::isnan(Y[static_cast<std::size_t>(ti * out + r)]) == (ti == 2));
    }
}
