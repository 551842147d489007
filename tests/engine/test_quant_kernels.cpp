// Block types and quantized kernels: each type's dequantization against blocks built from
// known integers (quant_reference.hpp), the dot products against double-precision sums on
// ragged lengths at every instruction-set level, and linearQuant's decode and prefill
// paths against a double-precision matrix product.
#include <cmath>
#include <limits>

#include "catch.hpp"
#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_dot.hpp"
#include "compute/quant_linear.hpp"
#include "compute/quant_prefill.hpp"
#include "engine/quant_reference.hpp"

using ts::quant::Type;

namespace {

const Type kAll[] = {Type::F32,  Type::F16,  Type::BF16, Type::Q8_0, Type::Q4_0, Type::Q4_1,
                     Type::Q5_0, Type::Q5_1, Type::Q4_K, Type::Q5_K, Type::Q6_K};

bool isFloat(Type t) { return t == Type::F32 || t == Type::F16 || t == Type::BF16; }

}  // namespace

TEST_CASE("Quant: every type dequantizes blocks built from known values exactly", "[quant]") {
    std::mt19937 rng(11);
    for (Type t : kAll) {
        const std::size_t blk = static_cast<std::size_t>(ts::quant::traits(t).blockElems);
        const std::size_t n = (blk == 1 ? 256 : blk) * 3;
        const ts_test::RefRow row = ts_test::makeRefRow(t, n, rng);
        CHECK(row.bytes.size() == ts::quant::rowBytes(t, n));
        std::vector<float> out(n);
        ts::quant::dequantizeRow(t, row.bytes.data(), out.data(), n);
        INFO(ts::quant::typeName(static_cast<std::uint32_t>(t)));
        int wrong = 0;
        for (std::size_t i = 0; i < n; ++i)
            if (std::fabs(out[i] - row.values[i]) > 1e-6 * (1 + std::fabs(row.values[i]))) ++wrong;
        CHECK(wrong == 0);
    }
}

TEST_CASE("Quant: dot products match double precision on ragged lengths, every code path",
          "[quant]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(5);
    for (int level = 2; level >= 0; --level) {
        ts::quant::limitQuantKernel(level);
        for (Type t : kAll) {
            const std::size_t blk = static_cast<std::size_t>(ts::quant::traits(t).blockElems);
            for (std::size_t blocks : {1u, 2u, 3u, 7u}) {
                const std::size_t n = blk == 1 ? 16 * blocks + (blocks * 5) % 13 : blk * blocks;
                const ts_test::RefRow row = ts_test::makeRefRow(t, n, rng);
                const std::vector<float> x = ts_test::normalVector(n, rng);
                double exact = 0, mag = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    exact += row.values[i] * x[i];
                    mag += std::fabs(row.values[i] * x[i]);
                }
                INFO(ts::quant::typeName(static_cast<std::uint32_t>(t))
                     << " n=" << n << " level=" << level << " " << ts::quant::quantKernelName());
                // Float activations: only float rounding.
                const float f = ts::quant::dotFloat(t, row.bytes.data(), x.data(), n);
                CHECK(std::fabs(f - exact) <= 1e-5 * mag + 1e-6);
                if (isFloat(t)) continue;
                // Quantized activations: against the exact product with the dequantized
                // activations (integer sums are exact), and against the true product within
                // the quantization bound sum_blocks (d_x / 2) * sum |w|.
                std::vector<ts::quant::ActBlock> xq(n / 32);
                ts::quant::quantizeActivations(x.data(), n, xq.data());
                double exactQ = 0, magQ = 0, bound = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const double xv = static_cast<double>(xq[i / 32].d) * xq[i / 32].qs[i % 32];
                    exactQ += row.values[i] * xv;
                    magQ += std::fabs(row.values[i] * xv);
                    bound += std::fabs(row.values[i]) * xq[i / 32].d * 0.5;
                }
                const float q = ts::quant::dotQuantized(t, row.bytes.data(), xq.data(), n);
                CHECK(std::fabs(q - exactQ) <= 2e-5 * magQ + 1e-5);
                CHECK(std::fabs(q - exact) <= bound + 2e-5 * mag + 1e-5);
            }
        }
    }
}

TEST_CASE("Quant: linearQuant decode and prefill against a double product, all threads and paths",
          "[quant]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(9);
    const int in = 512, out = 75;  // out not a multiple of 16 or 64
    for (Type t : {Type::Q8_0, Type::Q4_K, Type::Q6_K, Type::F16, Type::Q5_1}) {
        std::string bytes;
        std::vector<double> w;
        for (int r = 0; r < out; ++r) {
            const ts_test::RefRow row = ts_test::makeRefRow(t, in, rng);
            bytes += row.bytes;
            w.insert(w.end(), row.values.begin(), row.values.end());
        }
        ts::quant::QuantWeight W{t, out, in, reinterpret_cast<const std::uint8_t*>(bytes.data()),
                                 ts::quant::rowBytes(t, in)};
        const std::vector<float> bias = ts_test::normalVector(out, rng);
        for (int T : {1, 3, 4, 9}) {
            const std::vector<float> X =
                ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
            for (int level = 2; level >= 0; --level) {
                for (int threads : {1, 2}) {
                    ts::quant::limitQuantKernel(level);
                    ts::kernels::limitPackedKernel(level);
                    ts::kernels::setThreads(threads);
                    std::vector<float> Y(static_cast<std::size_t>(T * out));
                    ts::quant::linearQuant(X.data(), T, W, bias.data(), Y.data());
                    double worst = 0;
                    for (int ti = 0; ti < T; ++ti)
                        for (int r = 0; r < out; ++r) {
                            double e = bias[static_cast<std::size_t>(r)], mag = 0;
                            for (int k = 0; k < in; ++k) {
                                const double p = w[static_cast<std::size_t>(r * in + k)] *
                                                 X[static_cast<std::size_t>(ti * in + k)];
                                e += p;
                                mag += std::fabs(p);
                            }
                            worst = std::max(
                                worst, std::fabs(Y[static_cast<std::size_t>(ti * out + r)] - e) /
                                           (mag + 1e-9));
                        }
                    INFO(ts::quant::typeName(static_cast<std::uint32_t>(t))
                         << " T=" << T << " level=" << level << " threads=" << threads);
                    // Float types, and the F32 prefill (T >= 4) of the other types: float
                    // rounding only. Decode, and the integer prefill of Q8_0 with AVX-512
                    // VNNI, use 16-bit activations: each is off by at most 1/65534 of its
                    // block's largest value.
                    const bool floatActs =
                        isFloat(t) ||
                        (T >= 4 && !(t == Type::Q8_0 && ts::quant::prefillIntegerAvailable()));
                    CHECK(worst <= (floatActs ? 1e-5 : 5e-5));
                }
            }
        }
    }
    ts::kernels::setThreads(2);
}

TEST_CASE("Quant: planar Q8_0 decodes and prefills as its blocks do, every code path", "[quant]") {
    // 23 blocks per row (a partial group of 16 scales) and 75 rows (not a multiple of four).
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(21);
    const int in = 32 * 23, out = 75;
    std::string bytes;
    for (int r = 0; r < out; ++r) bytes += ts_test::makeRefRow(Type::Q8_0, in, rng).bytes;
    const std::size_t rb = ts::quant::rowBytes(Type::Q8_0, in);
    std::string planarBytes(bytes.size(), '\0');
    ts::quant::repackQ8_0Planar(bytes.data(), out, in, planarBytes.data());
    const ts::quant::QuantWeight blocks{Type::Q8_0, out, in,
                                        reinterpret_cast<const std::uint8_t*>(bytes.data()), rb};
    ts::quant::QuantWeight planar = blocks;
    planar.data = reinterpret_cast<const std::uint8_t*>(planarBytes.data());
    planar.planar = true;
    // Same bytes per row, and the layout round-trips.
    for (int r = 0; r < out; ++r) {
        std::vector<float> a(in), b(in);
        ts::quant::dequantizeRow(Type::Q8_0, blocks.row(r), a.data(), in);
        ts::quant::dequantizeRowQ8_0Planar(planar.row(r), b.data(), in);
        REQUIRE(a == b);
    }
    const std::vector<float> bias = ts_test::normalVector(out, rng);
    for (int T : {1, 2, 5}) {
        const std::vector<float> X = ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
        for (int level = 2; level >= 0; --level) {
            for (int threads : {1, 2}) {
                ts::quant::limitQuantKernel(level);
                ts::kernels::limitPackedKernel(level);
                ts::kernels::setThreads(threads);
                std::vector<float> yb(static_cast<std::size_t>(T * out)), yp(yb.size());
                ts::quant::linearQuant(X.data(), T, blocks, bias.data(), yb.data());
                ts::quant::linearQuant(X.data(), T, planar, bias.data(), yp.data());
                INFO("T=" << T << " level=" << level << " threads=" << threads);
                double worst = 0, scale = 0;
                for (std::size_t i = 0; i < yb.size(); ++i) {
                    worst = std::max(worst, static_cast<double>(std::fabs(yb[i] - yp[i])));
                    scale = std::max(scale, static_cast<double>(std::fabs(yb[i])));
                }
                // Every path sums a Q8_0 row in the same order in either layout (the AVX-512
                // decode kernels one accumulator per row, blocks in order; the prefill the
                // same, or the F32 panels widened from the same values).
                CHECK(worst == 0);
            }
        }
    }
    ts::kernels::setThreads(2);
}

TEST_CASE("Packed prefill: X packed once gives every output bit of X packed per call",
          "[quant][kernels]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(5);
    const int in = 600, out = 70;  // three input blocks of 256 (the last partial), ragged panels
    const std::vector<float> w = ts_test::normalVector(static_cast<std::size_t>(out * in), rng);
    std::vector<float> packedW(ts::kernels::packedSize(out, in));
    ts::kernels::packFromOutIn(w.data(), out, in, packedW.data());
    const ts::kernels::PackedWeight W{packedW.data(), out, in};
    const std::vector<float> bias = ts_test::normalVector(static_cast<std::size_t>(out), rng);
    for (int T : {2, 5, 13, 30})
        for (int level = 2; level >= 0; --level) {
            ts::kernels::limitPackedKernel(level);
            const std::vector<float> X =
                ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
            ts::kernels::PackedInput px;
            ts::kernels::packInput(X.data(), T, in, px);
            std::vector<float> once(static_cast<std::size_t>(T * out)), each(once.size());
            ts::kernels::linearPacked(X.data(), T, W, bias.data(), once.data(), &px);
            ts::kernels::linearPacked(X.data(), T, W, bias.data(), each.data());
            INFO("T=" << T << " level=" << level << " mr=" << px.mr);
            CHECK(once == each);
            if (level >= 1) CHECK(px.mr > 0);
            // Made for other rows of X: not used (the product is still right).
            ts::kernels::PackedInput other;
            ts::kernels::packInput(X.data(), T - 1, in, other);
            std::vector<float> guarded(once.size());
            ts::kernels::linearPacked(X.data(), T, W, bias.data(), guarded.data(), &other);
            CHECK(guarded == each);
        }
}

TEST_CASE("Quant: weights that share their input decode in one hand-off exactly as one by one",
          "[quant]") {
    // q, k and v of a grouped-query layer (planar Q8_0 of different heights, one with a bias),
    // gate and up in other block types: every output bit equal to linearQuant's per part.
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(77);
    const int in = 32 * 28;  // Qwen2.5-0.5B's 896
    struct Owned {
        std::string bytes;
        ts::quant::QuantWeight w;
    };
    auto make = [&](Type t, int out, bool planar) {
        Owned o;
        for (int r = 0; r < out; ++r) o.bytes += ts_test::makeRefRow(t, in, rng).bytes;
        if (planar) {
            std::string p(o.bytes.size(), '\0');
            ts::quant::repackQ8_0Planar(o.bytes.data(), out, in, p.data());
            o.bytes = std::move(p);
        }
        o.w = {t, out, in, nullptr, ts::quant::rowBytes(t, in), planar};
        return o;
    };
    std::vector<Owned> sets[2];
    sets[0].push_back(make(Type::Q8_0, 896, true));
    sets[0].push_back(make(Type::Q8_0, 128, true));
    sets[0].push_back(make(Type::Q8_0, 131, true));  // not a multiple of 4 or 16
    sets[1].push_back(make(Type::Q4_K, 0, false));   // an absent part
    sets[1].push_back(make(Type::Q8_0, 300, false));
    sets[1].push_back(make(Type::Q5_0, 77, false));
    for (auto& set : sets) {
        int total = 0;
        for (auto& o : set) {
            o.w.data = reinterpret_cast<const std::uint8_t*>(o.bytes.data());
            total += o.w.out;
        }
        const std::vector<float> bias = ts_test::normalVector(static_cast<std::size_t>(total), rng);
        for (int T : {1, 3}) {
            const std::vector<float> X =
                ts_test::normalVector(static_cast<std::size_t>(T * in), rng);
            for (int level = 2; level >= 0; --level)
                for (int threads : {1, 2}) {
                    ts::quant::limitQuantKernel(level);
                    ts::kernels::setThreads(threads);
                    std::vector<float> together(static_cast<std::size_t>(T * total), -1.0f),
                        apart(together);
                    std::vector<ts::quant::QuantPart> parts;
                    int at = 0;
                    for (const auto& o : set) {
                        parts.push_back({o.w, at == 0 ? nullptr : bias.data() + at,
                                         together.data() + at, total});
                        std::vector<float> y(static_cast<std::size_t>(T * std::max(1, o.w.out)));
                        if (o.w.out > 0)
                            ts::quant::linearQuant(X.data(), T, o.w, parts.back().bias, y.data());
                        for (int t = 0; t < T; ++t)
                            for (int r = 0; r < o.w.out; ++r)
                                apart[static_cast<std::size_t>(t * total + at + r)] =
                                    y[static_cast<std::size_t>(t * o.w.out + r)];
                        at += o.w.out;
                    }
                    ts::quant::linearQuantParts(X.data(), T, parts);
                    INFO("T=" << T << " level=" << level << " threads=" << threads);
                    CHECK(together == apart);
                }
        }
    }
    ts::kernels::setThreads(2);
}

TEST_CASE(
    "Quant: a NaN or infinite activation makes the block's products NaN, never an integer overflow",
    "[quant]") {
    ts_test::QuantLevelGuard guard;
    std::mt19937 rng(3);
    const std::size_t n = 64;
    const ts_test::RefRow row = ts_test::makeRefRow(Type::Q8_0, n, rng);
    for (float bad :
         {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
          -std::numeric_limits<float>::infinity()}) {
        std::vector<float> x = ts_test::normalVector(n, rng);
        x[40] = bad;  // second block
        std::vector<ts::quant::ActBlock> xq(n / 32);
        ts::quant::quantizeActivations(x.data(), n, xq.data());
        CHECK(std::isfinite(xq[0].d));
        CHECK(std::isnan(xq[1].d));
        for (int level = 2; level >= 0; --level) {
            ts::quant::limitQuantKernel(level);
            CHECK(std::isnan(ts::quant::dotQuantized(Type::Q8_0, row.bytes.data(), xq.data(), n)));
        }
    }
}
