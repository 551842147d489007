// Measures the decode kernels on GPT-2 124M's matrix shapes (12 layers of 768x2304,
// 768x768, 768x3072, 3072x768, plus the 50257x768 head): milliseconds per token and GB/s,
// with the activations quantized to 16 bits (integer dot products) and with float
// activations (weights widened in registers), and Q8_0 in the planar layout the GGUF
// loader keeps it in. This is the measurement behind the choice
// in engine/src/compute/quant_dot.hpp.
// Then the prefill of 128 tokens through the same Q8_0 matrices (without the head, which a
// prefill runs for its last token only): the integer kernel (quant_prefill.hpp, AVX-512
// VNNI) against the rows widened to F32 for the packed F32 GEMM.
// --qwen 1 runs the prefill on Qwen2.5-0.5B's 168 layer matrices instead.
// --level 1 caps the kernels at AVX2 (0: portable), to measure those paths on any CPU.
//   quant_kernel_bench [--threads 2] [--reps 20] [--prefill-only 1] [--qwen 1] [--level 1]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "compute/kernels.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_dot.hpp"
#include "compute/quant_linear.hpp"

using ts::quant::Type;

namespace {

// Random Q8_0 rows with normal fp16 scales (0x2c00 = 0.0625: no subnormals or NaNs).
std::vector<std::uint8_t> randomRows(int out, int in, std::mt19937& rng) {
    const Type t = Type::Q8_0;
    const std::size_t rb = ts::quant::rowBytes(t, static_cast<std::size_t>(in));
    std::vector<std::uint8_t> m(rb * static_cast<std::size_t>(out));
    for (auto& b : m) b = static_cast<std::uint8_t>(rng());
    const std::size_t bb = static_cast<std::size_t>(ts::quant::traits(t).blockBytes);
    for (std::size_t b = 0; b < m.size(); b += bb) {
        m[b] = 0x00;
        m[b + 1] = 0x2c;
    }
    return m;
}

// 128 tokens through a model's layer matrices, best of `reps`: integers against F32 panels
// (the integer path needs AVX-512 VNNI; elsewhere both lines are the F32 path).
void prefill(int threads, int reps, bool qwen) {
    struct Shape {
        int out, in;
    };
    const std::vector<Shape> shapes =
        qwen ? std::vector<Shape>{{896, 896},  {128, 896},  {128, 896}, {896, 896},
                                  {4864, 896}, {4864, 896}, {896, 4864}}
             : std::vector<Shape>{{2304, 768}, {768, 768}, {3072, 768}, {768, 3072}};
    const int kLayers = qwen ? 24 : 12;
    constexpr int kTokens = 128;
    std::mt19937 rng(2);
    std::vector<float> X(static_cast<std::size_t>(kTokens) * 4864),
        Y(static_cast<std::size_t>(kTokens) * 4864);
    for (auto& v : X) v = std::normal_distribution<float>()(rng);
    std::printf("prefill, %d tokens, %d threads (%s's %zu layer matrices)\n", kTokens, threads,
                qwen ? "Qwen2.5-0.5B" : "GPT-2 124M",
                static_cast<std::size_t>(kLayers) * shapes.size());
    const Type t = Type::Q8_0;
    for (bool planar : {true, false}) {
        std::vector<std::vector<std::uint8_t>> mats;
        std::vector<ts::quant::QuantWeight> ws;
        double macs = 0;
        for (int l = 0; l < kLayers; ++l)
            for (const Shape& s : shapes) {
                std::vector<std::uint8_t> m = randomRows(s.out, s.in, rng);
                const std::size_t rb = ts::quant::rowBytes(t, static_cast<std::size_t>(s.in));
                if (planar) {
                    std::vector<std::uint8_t> p(m.size());
                    ts::quant::repackQ8_0Planar(m.data(), static_cast<std::size_t>(s.out),
                                                static_cast<std::size_t>(s.in), p.data());
                    m = std::move(p);
                }
                mats.push_back(std::move(m));
                ws.push_back({t, s.out, s.in, mats.back().data(), rb, planar});
                macs += static_cast<double>(s.out) * s.in * kTokens;
            }
        for (int integer = 1; integer >= 0; --integer) {
            ts::quant::setQuantizeActivations(integer != 0);  // off: the F32 panels
            double best = 1e9;
            for (int r = 0; r < reps; ++r) {
                const auto t0 = std::chrono::steady_clock::now();
                for (const auto& w : ws)
                    ts::quant::linearQuant(X.data(), kTokens, w, nullptr, Y.data());
                best = std::min(
                    best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            }
            std::printf("Q8_0  %-7s %-15s %7.1f ms  %6.0f tok/s  %6.1f GMAC/s\n",
                        planar ? "planar" : "blocks", integer ? "integer" : "F32 panels",
                        best * 1e3, kTokens / best, macs / best / 1e9);
        }
    }
    ts::quant::setQuantizeActivations(true);
}

}  // namespace

int main(int argc, char** argv) {
    int threads = 2, reps = 20;
    bool prefillOnly = false, qwen = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::string(argv[i]) == "--threads") threads = std::atoi(argv[i + 1]);
        if (std::string(argv[i]) == "--reps") reps = std::atoi(argv[i + 1]);
        if (std::string(argv[i]) == "--prefill-only") prefillOnly = std::atoi(argv[i + 1]) != 0;
        if (std::string(argv[i]) == "--qwen") qwen = std::atoi(argv[i + 1]) != 0;
        if (std::string(argv[i]) == "--level") {  // cap the instruction set: 1 = AVX2, 0 = portable
            ts::quant::limitQuantKernel(std::atoi(argv[i + 1]));
            ts::kernels::limitPackedKernel(std::atoi(argv[i + 1]));
        }
    }
    ts::kernels::setThreads(threads);
    struct Shape {
        int out, in, count;
    };
    const Shape shapes[] = {
        {2304, 768, 12}, {768, 768, 12}, {3072, 768, 12}, {768, 3072, 12}, {50257, 768, 1}};
    std::mt19937 rng(1);
    std::printf("kernels: %s, %d threads\n", ts::quant::quantKernelName(), threads);
    for (Type t : {Type::Q8_0, Type::Q4_0, Type::Q4_K, Type::Q6_K, Type::F16}) {
        if (prefillOnly) break;
        std::vector<std::vector<std::uint8_t>> mats;
        std::vector<ts::quant::QuantWeight> ws;
        std::size_t bytes = 0;
        for (const Shape& s : shapes)
            for (int k = 0; k < s.count; ++k) {
                const std::size_t rb = ts::quant::rowBytes(t, static_cast<std::size_t>(s.in));
                std::vector<std::uint8_t> m(rb * static_cast<std::size_t>(s.out));
                for (auto& b : m) b = static_cast<std::uint8_t>(rng());
                // Normal fp16 scales (random bytes give subnormals and NaNs, whose float
                // arithmetic takes microcode assists and would distort the timing).
                if (t == Type::F16) {
                    for (std::size_t i = 1; i < m.size(); i += 2)
                        m[i] = static_cast<std::uint8_t>(0x2c | (m[i] & 0x83));
                } else {
                    const auto& tr = ts::quant::traits(t);
                    const std::size_t bb = static_cast<std::size_t>(tr.blockBytes);
                    const std::size_t at = t == Type::Q6_K ? 208 : 0,
                                      pairs = (t == Type::Q4_1 || t == Type::Q5_1 ||
                                               t == Type::Q4_K || t == Type::Q5_K)
                                                  ? 2
                                                  : 1;
                    for (std::size_t b = 0; b < m.size(); b += bb)
                        for (std::size_t p = 0; p < pairs; ++p) {
                            m[b + at + 2 * p] = 0x00;
                            m[b + at + 2 * p + 1] = 0x2c;
                        }
                }
                mats.push_back(std::move(m));
                ws.push_back({t, s.out, s.in, mats.back().data(), rb});
                bytes += mats.back().size();
            }
        // Q8_0 as the GGUF loader keeps it: rewritten into the planar decode layout.
        std::vector<std::vector<std::uint8_t>> planarMats;
        std::vector<ts::quant::QuantWeight> planarWs;
        if (t == Type::Q8_0)
            for (const auto& w : ws) {
                planarMats.emplace_back(static_cast<std::size_t>(w.out) * w.rowBytes);
                ts::quant::repackQ8_0Planar(w.data, static_cast<std::size_t>(w.out),
                                            static_cast<std::size_t>(w.in),
                                            planarMats.back().data());
                planarWs.push_back(w);
                planarWs.back().data = planarMats.back().data();
                planarWs.back().planar = true;
            }
        std::vector<float> x(3072), y(50257);
        for (auto& v : x) v = std::normal_distribution<float>()(rng);
        for (int quantized = 1; quantized >= 0; --quantized) {
            if (t == Type::F16 && quantized) continue;
            ts::quant::setQuantizeActivations(quantized != 0);
            double best = 1e9;
            for (int r = 0; r < reps; ++r) {
                const auto t0 = std::chrono::steady_clock::now();
                for (const auto& w : ws) ts::quant::linearQuant(x.data(), 1, w, nullptr, y.data());
                best = std::min(
                    best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            }
            std::printf("%-5s %-22s %7.2f ms/token  %6.1f GB/s  (%zu MB)\n",
                        ts::quant::typeName(static_cast<std::uint32_t>(t)).c_str(),
                        quantized ? "16-bit activations" : "float activations", best * 1e3,
                        bytes / best / 1e9, bytes >> 20);
            if (planarWs.empty() || !quantized) continue;
            best = 1e9;
            for (int r = 0; r < reps; ++r) {
                const auto t0 = std::chrono::steady_clock::now();
                for (const auto& w : planarWs)
                    ts::quant::linearQuant(x.data(), 1, w, nullptr, y.data());
                best = std::min(
                    best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            }
            std::printf("%-5s %-22s %7.2f ms/token  %6.1f GB/s  (%zu MB)\n", "Q8_0",
                        "planar, 16-bit act.", best * 1e3, bytes / best / 1e9, bytes >> 20);
        }
    }
    ts::quant::setQuantizeActivations(true);
    prefill(threads, std::max(3, reps / 4), qwen);
    return 0;
}
