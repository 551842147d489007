// llama, qwen2 and qwen3 from GGUF against the same weights from safetensors. The GGUF
// fixtures are written from tests/data/{llama,qwen2,qwen3}-tiny by tests/tools/gguf_from_hf,
// which permutes llama's query/key rows as llama.cpp's converter does:
//   - F32: the GGUF logits equal the safetensors logits to 1e-5 (the only difference is the
//     order in which q.k sums a head for llama's adjacent-pair RoPE);
//   - a llama file written without the permutation gives clearly different logits, so the
//     F32 check would catch a wrong pairing;
//   - Q8_0 and a mix of types within one layer (Q8_0 / F16 / F32, as Q4_K_M mixes) match
//     their dequantized weights and stay within the Q8_0 rounding of the safetensors logits;
//   - llama.cpp itself (when the harness is built) agrees on the top-20 probabilities;
//   - missing tensors, wrong shapes, unknown architectures and missing keys are refused by name.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>

#include "catch.hpp"
#include "compute/quant_types.hpp"
#include "engine/engine_test_util.hpp"
#include "engine/gguf_fixtures.hpp"
#include "formats/safetensors.hpp"
#include "model/model_data.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tools/gguf_write.hpp"

namespace {

const std::vector<int> kIds = {1, 5, 77, 300, 12, 41, 42, 42, 9, 150, 3, 64, 200};

struct Logits {
    std::vector<float> prefill, step;
};

// The prompt's last logits, and a decode step after it.
Logits run(const std::shared_ptr<const ts::Model>& m) {
    ts::Session s(m);
    Logits r;
    r.prefill = s.prefill(kIds).logits;
    r.step = s.step(17).logits;
    return r;
}

double maxDiff(const std::vector<float>& a, const std::vector<float>& b) {
    REQUIRE(a.size() == b.size());
    double d = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        d = std::max(d, static_cast<double>(std::fabs(a[i] - b[i])));
    return d;
}

double spread(const std::vector<float>& v) {
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return *hi - *lo;
}

const std::vector<std::string> kArchs = {"llama", "qwen2", "qwen3"};

std::filesystem::path hfDir(const std::string& arch) {
    return ts_test::dataDir() / (arch + "-tiny");
}

std::filesystem::path gguf(const std::string& arch, const std::string& variant,
                           const std::string& args) {
    return ts_test::ggufFromHf(hfDir(arch), arch + "-tiny-" + variant + ".gguf", args);
}

}  // namespace

TEST_CASE("GGUF llama, qwen2 and qwen3 F32 give the safetensors logits",
          "[gguf][model][llama-family]") {
    for (const std::string& arch : kArchs) {
        INFO(arch);
        const auto st = ts::Model::loadFolder(hfDir(arch));
        const auto g = ts::Model::loadGguf(gguf(arch, "f32", ""));
        const ts::Config& a = st->config();
        const ts::Config& b = g->config();
        CHECK(b.modelType == arch);
        CHECK(b.nEmbd == a.nEmbd);
        CHECK(b.nHead == a.nHead);
        CHECK(b.kvHeads() == a.kvHeads());
        CHECK(b.headDim() == a.headDim());
        CHECK(b.nInner == a.nInner);
        CHECK(b.nVocab == a.nVocab);
        CHECK(b.nCtx == a.nCtx);
        CHECK(b.layerNormEps == a.layerNormEps);
        CHECK(b.ropeTheta == Approx(a.ropeTheta).epsilon(1e-7));
        CHECK(b.qkvBias == a.qkvBias);
        CHECK(b.outBias == a.outBias);
        CHECK(b.qkNorm == a.qkNorm);
        CHECK(b.tiedEmbeddings == a.tiedEmbeddings);
        CHECK(g->tiedHead() == st->tiedHead());
        CHECK(b.ropeAdjacentPairs == (arch == "llama"));  // only llama files are permuted
        CHECK(g->parameterCount() == st->parameterCount());
        CHECK(g->weightStorage() == "F32");
        const Logits ref = run(st), got = run(g);
        const double tol = 1e-5 * std::max(1.0, spread(ref.prefill));
        CHECK(maxDiff(got.prefill, ref.prefill) <= tol);
        CHECK(maxDiff(got.step, ref.step) <= tol);
        // The embedding rows, from the mapped table or the tied head, are the same numbers.
        CHECK(g->tokenEmbedding(77) == st->tokenEmbedding(77));
    }
}

TEST_CASE("A llama GGUF whose rows were not permuted gives other logits (the pairing matters)",
          "[gguf][model][llama-family]") {
    const auto st = ts::Model::loadFolder(hfDir("llama"));
    const auto wrong = ts::Model::loadGguf(gguf("llama", "f32-unpermuted", "--no-permute"));
    const Logits ref = run(st), got = run(wrong);
    // Far above the 1e-5 the permuted file stays within: the check above would catch
    // a file read with the wrong pairing.
    INFO("unpermuted: max |dlogit| " << maxDiff(got.prefill, ref.prefill) << " of a spread of "
                                     << spread(ref.prefill));
    CHECK(maxDiff(got.prefill, ref.prefill) > 1e-2 * spread(ref.prefill));
}

TEST_CASE("GGUF llama3 rope scaling (rope_freqs.weight) gives the safetensors logits",
          "[gguf][model][llama-family]") {
    // llama-tiny with Llama 3.1's scaling at a small original context, so that head_dim 16's
    // eight frequencies fall in all three bands (kept, blended, slowed down).
    const auto hf =
        ts_test::fixture("llama-tiny-rope-llama3", [](const std::filesystem::path& tmp) {
            std::filesystem::create_directories(tmp);
            std::filesystem::copy_file(hfDir("llama") / "model.safetensors",
                                       tmp / "model.safetensors");
            std::ifstream in(hfDir("llama") / "config.json");
            nlohmann::json j = nlohmann::json::parse(in);
            j["rope_parameters"] = {
                {"rope_theta", 10000.0},   {"rope_type", "llama3"},
                {"factor", 8.0},           {"low_freq_factor", 1.0},
                {"high_freq_factor", 4.0}, {"original_max_position_embeddings", 64}};
            std::ofstream(tmp / "config.json") << j.dump(1);
        });
    const auto st = ts::Model::loadFolder(hf);
    REQUIRE(st->config().ropeScaling.type == ts::RopeScaling::Type::Llama3);
    const auto g = ts::Model::loadGguf(ts_test::ggufFromHf(hf, "llama-tiny-rope-llama3.gguf"));
    REQUIRE(g->config().ropeScaling.type == ts::RopeScaling::Type::Factors);
    const auto& f = g->config().ropeScaling.factors;
    REQUIRE(f.size() == 8);
    CHECK(f.front() == 1.0f);  // the fastest frequency is kept
    CHECK(f.back() == 8.0f);   // the slowest is slowed down by the factor
    CHECK(std::any_of(f.begin(), f.end(), [](float x) { return x > 1.0f && x < 8.0f; }));
    // The two paths round the scaled frequency differently (x * s against x / (1 / s)).
    const Logits ref = run(st), got = run(g);
    CHECK(maxDiff(got.prefill, ref.prefill) <= 1e-4 * std::max(1.0, spread(ref.prefill)));
    // Without the scaling the logits move: the test sees the factors.
    const Logits plain = run(ts::Model::loadFolder(hfDir("llama")));
    CHECK(maxDiff(plain.prefill, ref.prefill) > 1e-3);
}

TEST_CASE("GGUF llama family in Q8_0 and in mixed types match their dequantized weights",
          "[gguf][model][llama-family]") {
    for (const std::string& arch : kArchs)
        for (const std::string type : {"q8_0", "mixed"}) {
            INFO(arch << " " << type);
            const auto g = ts::Model::loadGguf(gguf(arch, type, "--type " + type));
            const auto deq = ts::Model::loadGguf(
                gguf(arch, type + "-dequantized", "--type " + type + " --dequantized"));
            const auto st = ts::Model::loadFolder(hfDir(arch));
            const ts::LayerWeights& w = g->data().layers[0];
            const auto q8 = static_cast<std::uint32_t>(ts::quant::Type::Q8_0);
            CHECK(w.qkvW.type == ts::kernels::WeightType::Blocks);
            CHECK(w.qkvW.blockType == q8);
            if (type == "q8_0") {
                // one type per layer: q, k, v fused into one weight, gate and up too
                CHECK(w.kW.out == 0);
                CHECK(w.qkvW.out == g->config().qDim() + 2 * g->config().kvDim());
                CHECK(w.upW.out == 0);
                CHECK(g->weightStorage().find("Q8_0") != std::string::npos);
            } else {
                // v in F16 next to q, k in Q8_0; the gate in F32 next to up in Q8_0: never fused
                CHECK(w.qkvW.out == g->config().qDim());
                CHECK(w.kW.type == ts::kernels::WeightType::Blocks);
                CHECK(w.vW.type == ts::kernels::WeightType::F16);
                CHECK(w.vW.out == g->config().kvDim());
                CHECK(w.fcW.type == ts::kernels::WeightType::F32);
                CHECK(w.upW.type == ts::kernels::WeightType::Blocks);
                CHECK(g->weightStorage() == "F16+F32+Q8_0");
            }
            const Logits got = run(g), ref = run(deq), hf = run(st);
            // Against its own dequantized weights: the same products; a decode step
            // multiplies with 16-bit activations (1/65534 of each block's largest).
            CHECK(maxDiff(got.prefill, ref.prefill) <= 1e-3);
            CHECK(maxDiff(got.step, ref.step) <= 1e-3);
            // Against the unrounded safetensors weights: Q8_0 rounds each weight by up to
            // 1/254 of its block's largest (the embedding too), and the tiny random models
            // amplify it. Measured: at most 0.9 % of the logit spread for a prefill and 3.4 %
            // for llama's decode step (spreads 12-25); the bound is 5 %.
            const double relPrefill = maxDiff(got.prefill, hf.prefill) / spread(hf.prefill),
                         relStep = maxDiff(got.step, hf.step) / spread(hf.step);
            INFO("against safetensors, max |dlogit|/spread " << relPrefill << " (prefill), "
                                                             << relStep << " (decode step)");
            CHECK(relPrefill <= 5e-2);
            CHECK(relStep <= 5e-2);
            if (type == "q8_0") {
                // The same file with its tensors in reverse order: q, k, v (and gate, up) are
                // no longer back to back in the file. Q8_0 is rewritten into the planar decode
                // layout either way (one fused weight, outside the mapping); the numbers must
                // not change.
                const auto rev =
                    ts::Model::loadGguf(gguf(arch, "q8_0-reversed", "--type q8_0 --reverse"));
                for (const auto* m : {g.get(), rev.get()}) {
                    const auto& w = m->data().layers[0].qkvW;
                    CHECK(w.planar);
                    const auto* at = static_cast<const std::uint8_t*>(w.data);
                    const auto& part = *m->data().mappings.front();
                    CHECK((at < part.data() || at >= part.data() + part.size()));
                }
                const Logits r = run(rev);
                CHECK(r.prefill == got.prefill);
                CHECK(r.step == got.step);
            }
        }
}

TEST_CASE("llama.cpp scores the tiny llama, qwen2 and qwen3 GGUF files like Tokenscope",
          "[gguf][llama][llama-family]") {
    if (!ts_test::haveLlama()) {
        WARN(
            "built without the llama.cpp harness (TOKENSCOPE_LLAMA_NPM_DIR, set by "
            "packaging/dev.sh): not compared");
        return;
    }
    // The tolerances of test_gguf_llama.cpp (llama.cpp keeps its KV cache in F16 and
    // quantizes the activations of quantized products to 8 bits).
    constexpr double kProbTol = 0.015, kLogitTol = 0.025;
    for (const std::string& arch : kArchs)
        for (const std::string type : {"f32", "q8_0"}) {
            INFO(arch << " " << type);
            const auto path = gguf(arch, type, type == "f32" ? "" : "--type " + type);
            const auto ref = ts_test::llamaLogits(path, kIds);
            ts::Session s(ts::Model::loadGguf(path));
            const auto ours = s.prefill(kIds).logits;
            REQUIRE(ours.size() == ref.size());
            std::vector<std::size_t> order(ref.size());
            std::iota(order.begin(), order.end(), 0);
            std::partial_sort(order.begin(), order.begin() + 20, order.end(),
                              [&](std::size_t x, std::size_t y) { return ref[x] > ref[y]; });
            auto softmax = [](const std::vector<float>& l) {
                const double m = *std::max_element(l.begin(), l.end());
                std::vector<double> p(l.size());
                double z = 0;
                for (std::size_t i = 0; i < l.size(); ++i) z += p[i] = std::exp(l[i] - m);
                for (double& x : p) x /= z;
                return p;
            };
            const auto po = softmax(ours), pr = softmax(ref);
            double dp = 0, dl = 0;
            for (std::size_t k = 0; k < 20; ++k) {
                const std::size_t i = order[k];
                dp = std::max(dp, std::fabs(po[i] - pr[i]));
                dl = std::max(dl, std::fabs(static_cast<double>(ours[i] - ref[i])));
            }
            dl /= spread(ref);
            WARN(arch << " " << type << " against llama.cpp: max |dp| " << dp
                      << ", max |dlogit|/spread " << dl);
            CHECK(dp <= kProbTol);
            CHECK(dl <= kLogitTol);
        }
}

TEST_CASE("GGUF llama-family files with missing or misshapen tensors or keys are refused clearly",
          "[gguf][model][llama-family]") {
    // A tensor left out: its name and expected shape.
    CHECK_THROWS_WITH(
        ts::Model::loadGguf(gguf("qwen3", "no-knorm", "--drop blk.1.attn_k_norm.weight")),
        Catch::Matchers::ContainsSubstring("missing tensor 'blk.1.attn_k_norm.weight'") &&
            Catch::Matchers::ContainsSubstring("[24]"));
    CHECK_THROWS_WITH(ts::Model::loadGguf(gguf("qwen2", "no-vbias", "--drop blk.0.attn_v.bias")),
                      Catch::Matchers::ContainsSubstring("missing tensor 'blk.0.attn_v.bias'"));
    CHECK_THROWS_WITH(
        ts::Model::loadGguf(gguf("llama", "no-down", "--drop blk.1.ffn_down.weight")),
        Catch::Matchers::ContainsSubstring("missing tensor 'blk.1.ffn_down.weight'") &&
            Catch::Matchers::ContainsSubstring("[172, 64]"));

    ts_test::TempDir dir;
    using namespace ts_gguf_write;
    auto base = [](Writer& w, const std::string& arch) {
        w.kvString("general.architecture", arch);
        const std::string a = arch + ".";
        w.kvU32(a + "context_length", 16);
        w.kvU32(a + "embedding_length", 32);
        w.kvU32(a + "block_count", 1);
        w.kvU32(a + "attention.head_count", 4);
        w.kvU32(a + "attention.head_count_kv", 2);
        w.kvU32(a + "feed_forward_length", 64);
        w.kvF32(a + "attention.layer_norm_rms_epsilon", 1e-6f);
        w.tensor("token_embd.weight", {32, 16}, 0, std::string(32 * 16 * 4, '\0'));
        w.tensor("blk.0.attn_norm.weight", {32}, 0, std::string(32 * 4, '\0'));
    };
    auto err = [&](const Writer& w) {
        ts_test::writeBytes(dir / "m.gguf", w.bytes());
        return ts_test::errorOf([&] { ts::Model::loadGguf(dir / "m.gguf"); });
    };
    Writer shape;
    base(shape, "llama");
    // 2 kv heads of 8 dimensions: attn_k is [32, 16]; this one has 32 rows
    shape.tensor("blk.0.attn_q.weight", {32, 32}, 0, std::string(32 * 32 * 4, '\0'));
    shape.tensor("blk.0.attn_k.weight", {32, 32}, 0, std::string(32 * 32 * 4, '\0'));
    CHECK_THAT(err(shape),
               Catch::Matchers::ContainsSubstring("'blk.0.attn_k.weight' has shape [32, 32]") &&
                   Catch::Matchers::ContainsSubstring("expected [32, 16]"));
    Writer arch;
    base(arch, "phi3");
    CHECK_THAT(err(arch), Catch::Matchers::ContainsSubstring("'phi3'") &&
                              Catch::Matchers::ContainsSubstring("llama, qwen2, qwen3"));
    Writer eps;
    eps.kvString("general.architecture", "qwen2");
    for (const char* k : {"context_length", "embedding_length", "block_count",
                          "attention.head_count", "feed_forward_length"})
        eps.kvU32(std::string("qwen2.") + k, 32);
    CHECK_THAT(err(eps),
               Catch::Matchers::ContainsSubstring("qwen2.attention.layer_norm_rms_epsilon"));
    Writer yarn;
    base(yarn, "qwen2");
    yarn.kvString("qwen2.rope.scaling.type", "yarn");
    CHECK_THAT(err(yarn), Catch::Matchers::ContainsSubstring("rope.scaling.type 'yarn'"));
    Writer partial;
    base(partial, "llama");
    partial.kvU32("llama.rope.dimension_count", 4);
    CHECK_THAT(err(partial), Catch::Matchers::ContainsSubstring("rope.dimension_count") &&
                                 Catch::Matchers::ContainsSubstring("partial"));
}

// EXAONE 4 and Gemma 3 from GGUF files written as llama.cpp's converter writes them
// (tests/tools/gguf_from_hf: EXAONE 4 with post_attention_norm / post_ffw_norm and no
// attn_norm; Gemma 3 with every norm stored as 1 + w).
namespace {

nlohmann::json readJson(const std::filesystem::path& p) {
    std::ifstream in(p);
    REQUIRE(in);
    return nlohmann::json::parse(in);
}

std::filesystem::path familyGguf(const std::string& name, const std::string& variant,
                                 const std::string& args) {
    return ts_test::ggufFromHf(ts_test::dataDir() / name, name + "-" + variant + ".gguf", args);
}

}  // namespace

TEST_CASE("GGUF exaone4 gives the safetensors logits, windows and NoPE layers included",
          "[gguf][model][families][exaone4]") {
    for (const std::string name : {"exaone4-tiny", "exaone4-hybrid-tiny"}) {
        INFO(name);
        const auto st = ts::Model::loadFolder(ts_test::dataDir() / name);
        const auto g = ts::Model::loadGguf(familyGguf(name, "f32", ""));
        const ts::Config& a = st->config();
        const ts::Config& b = g->config();
        CHECK(b.modelType == "exaone4");
        CHECK_FALSE(b.preNorms);
        CHECK(b.postNorms);
        CHECK(b.qkNorm);
        CHECK_FALSE(b.ropeAdjacentPairs);  // llama.cpp's neox RoPE: rows not permuted
        CHECK(g->tiedHead());
        CHECK(b.slidingWindow == a.slidingWindow);
        CHECK(b.layerSliding == a.layerSliding);
        CHECK(b.layerNoRope == a.layerNoRope);
        CHECK(b.ropeScaling.type == ts::RopeScaling::Type::Factors);  // llama3 as rope_freqs
        CHECK(g->data().layers[0].ln1W == nullptr);
        const Logits ref = run(st), got = run(g);
        const double tol = 1e-4 * std::max(1.0, spread(ref.prefill));
        CHECK(maxDiff(got.prefill, ref.prefill) <= tol);
        CHECK(maxDiff(got.step, ref.step) <= tol);
    }
    CHECK_THROWS_WITH(
        ts::Model::loadGguf(
            familyGguf("exaone4-tiny", "no-postffw", "--drop blk.1.post_ffw_norm.weight")),
        Catch::Matchers::ContainsSubstring("missing tensor 'blk.1.post_ffw_norm.weight'"));
    // The pre-tokenizer name llama.cpp gives EXAONE 4 (GPT-2's split) is known.
    const ts::LoadedModel lm = ts::loadGgufFile(familyGguf("exaone4-tiny", "f32", ""));
    REQUIRE(lm.tokenizer);
    CHECK_FALSE(lm.tokenizer->encodeIds("a b").empty());
}

TEST_CASE(
    "GGUF gemma3: norms stored as 1 + w are not shifted twice, and the file runs as "
    "llama.cpp reads it",
    "[gguf][model][families][gemma3]") {
    const auto hf = ts_test::dataDir() / "gemma3-tiny";
    const auto st = ts::Model::loadFolder(hf);
    const auto g = ts::Model::loadGguf(familyGguf("gemma3-tiny", "f32", ""));
    const ts::Config& b = g->config();
    CHECK(b.modelType == "gemma3");
    CHECK(b.slidingWindow == 4);
    CHECK(b.layerSliding == st->config().layerSliding);  // llama.cpp's period 6
    CHECK(b.ropeLocalTheta == 10000.0);                  // llama.cpp's constant
    // llama.cpp: 1/sqrt(head_dim) for every size but the 27B; the folder's
    // query_pre_attn_scalar (20) is not in the file.
    CHECK(b.attentionScale == Approx(1 / std::sqrt(32.0)));
    CHECK(b.embeddingMultiplier == Approx(std::sqrt(48.0)));
    // Every norm: the HF loader adds 1 to the stored w, the converter stored 1 + w already.
    const auto& ws = st->data().layers[2];
    const auto& wg = g->data().layers[2];
    for (const auto& [x, y] : {std::pair{ws.ln1W, wg.ln1W},
                               {ws.ln2W, wg.ln2W},
                               {ws.postAttnW, wg.postAttnW},
                               {ws.postFfnW, wg.postFfnW}})
        for (int i = 0; i < 48; ++i) CHECK(x[i] == Approx(y[i]).margin(1e-6));
    for (int i = 0; i < 32; ++i) CHECK(ws.qNormW[i] == Approx(wg.qNormW[i]).margin(1e-6));

    // Against the numpy reference computed the way llama.cpp reads the file.
    const auto ref = readJson(hf / "reference_llama_cpp.json");
    for (const auto& seq : ref["sequences"]) {
        const auto ids = seq["ids"].get<std::vector<int>>();
        INFO(ids.size() << " tokens");
        ts::Session s(g);
        ts::TraceOptions opt;
        opt.attention = true;
        const auto tr = s.prefill(ids, opt);
        const auto want = seq["last_logits"].get<std::vector<float>>();
        CHECK(maxDiff(tr.logits, want) <= 1e-3 * std::max(1.0, spread(want)));
        const auto& att = seq["attentions"];
        const int T = static_cast<int>(ids.size());
        double worst = 0;
        for (int l = 0; l < b.nLayer; ++l)
            for (int h = 0; h < b.nHead; ++h)
                for (int k = 0; k < T; ++k)
                    worst = std::max(worst, std::fabs(tr.attention.row(l, h, T - 1)[k] -
                                                      att[l][h][T - 1][k].get<double>()));
        CHECK(worst <= 1e-4);
    }
    // The folder's own scale gives other logits: the difference docs/models.md describes.
    CHECK(maxDiff(run(st).prefill, run(g).prefill) > 1e-3);
}

TEST_CASE(
    "llama.cpp scores the tiny exaone4 and gemma3 GGUF files like Tokenscope and like "
    "the numpy reference",
    "[gguf][llama][families]") {
    if (!ts_test::haveLlama()) {
        WARN("built without the llama.cpp harness: not compared");
        return;
    }
    constexpr double kProbTol = 0.015, kLogitTol = 0.025;
    for (const std::string name : {"exaone4-tiny", "gemma3-tiny"})
        for (const std::string type : {"f32", "q8_0"}) {
            INFO(name << " " << type);
            const auto path = familyGguf(name, type, type == "f32" ? "" : "--type " + type);
            const auto ref = ts_test::llamaLogits(path, kIds);
            ts::Session s(ts::Model::loadGguf(path));
            const auto ours = s.prefill(kIds).logits;
            REQUIRE(ours.size() == ref.size());
            const double dl = maxDiff(ours, ref) / spread(ref);
            WARN(name << " " << type << " against llama.cpp: max |dlogit|/spread " << dl);
            CHECK(dl <= kLogitTol);
            std::vector<double> po(ref.size()), pr(ref.size());
            const double mo = *std::max_element(ours.begin(), ours.end()),
                         mr = *std::max_element(ref.begin(), ref.end());
            double zo = 0, zr = 0;
            for (std::size_t i = 0; i < ref.size(); ++i)
                zo += po[i] = std::exp(ours[i] - mo), zr += pr[i] = std::exp(ref[i] - mr);
            double dp = 0;
            for (std::size_t i = 0; i < ref.size(); ++i)
                dp = std::max(dp, std::fabs(po[i] / zo - pr[i] / zr));
            CHECK(dp <= kProbTol);
        }
    // The numpy reference itself against llama.cpp on the F32 files (the hidden checks'
    // reference is validated the same way): its longest sequence's last logits.
    for (const auto& [name, file] :
         {std::pair<std::string, std::string>{"exaone4-tiny", "reference.json"},
          {"gemma3-tiny", "reference_llama_cpp.json"}}) {
        const auto seq = readJson(ts_test::dataDir() / name / file)["sequences"].back();
        const auto ref =
            ts_test::llamaLogits(familyGguf(name, "f32", ""), seq["ids"].get<std::vector<int>>());
        const auto want = seq["last_logits"].get<std::vector<float>>();
        const double d = maxDiff(ref, want) / spread(want);
        WARN(name << ": numpy reference against llama.cpp, max |dlogit|/spread " << d);
        CHECK(d <= 5e-3);
    }
}

TEST_CASE(
    "GGUF Mi:dm (llama, pre-tokenizer midm-2.0), exaone, granite and smollm3 give the "
    "safetensors logits, and llama.cpp agrees",
    "[gguf][model][families]") {
    const std::vector<std::pair<std::string, std::string>> cases = {{"midm-tiny", "--pre midm-2.0"},
                                                                    {"exaone-tiny", ""},
                                                                    {"granite-tiny", ""},
                                                                    {"smollm3-tiny", ""}};
    for (const auto& [name, args] : cases) {
        INFO(name);
        const auto st = ts::Model::loadFolder(ts_test::dataDir() / name);
        const auto path = familyGguf(name, "f32", args);
        const auto g = ts::Model::loadGguf(path);
        const ts::Config& a = st->config();
        const ts::Config& b = g->config();
        CHECK(b.embeddingMultiplier == Approx(a.embeddingMultiplier));
        CHECK(b.residualMultiplier == Approx(a.residualMultiplier));
        CHECK(b.logitMultiplier == Approx(a.logitMultiplier));
        CHECK(b.layerNoRope == a.layerNoRope);
        CHECK(b.headDim() == a.headDim());
        const Logits ref = run(st), got = run(g);
        const double tol = 1e-4 * std::max(1.0, spread(ref.prefill));
        CHECK(maxDiff(got.prefill, ref.prefill) <= tol);
        CHECK(maxDiff(got.step, ref.step) <= tol);
        const ts::LoadedModel lm = ts::loadGgufFile(path);
        REQUIRE(lm.tokenizer);
        if (ts_test::haveLlama()) {
            const auto ll = ts_test::llamaLogits(path, kIds);
            const double d = maxDiff(ref.prefill, ll) / spread(ll);
            WARN(name << " against llama.cpp: max |dlogit|/spread " << d);
            CHECK(d <= 0.025);
        }
    }
}
