// The Llama family as configuration, on hand-built random models the fixtures do not cover:
// llama3 rope scaling, tied and untied heads, head_dim != hidden/heads, Qwen2 biases, Qwen3
// q/k norm, Mistral's window, F16/BF16 storage and sharded files. Each model is checked
// against an independent double-precision forward pass written here from the definitions
// (no numpy, no engine code), and a decode step against a prefill and a full recompute.
#include <cmath>
#include <map>
#include <numeric>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/session.hpp"
#include "tools/random_model.hpp"

using Catch::Matchers::ContainsSubstring;
using nlohmann::ordered_json;

namespace {

// A small Llama with every switch away from its default: GQA 4/2, head_dim 16 while
// hidden/heads is 12, llama3 rope scaling with a short original context, rope_theta 5000.
ordered_json tinyLlama() {
    return {{"architectures", {"LlamaForCausalLM"}},
            {"model_type", "llama"},
            {"hidden_size", 48},
            {"intermediate_size", 72},
            {"num_hidden_layers", 2},
            {"num_attention_heads", 4},
            {"num_key_value_heads", 2},
            {"head_dim", 16},
            {"vocab_size", 97},
            {"max_position_embeddings", 96},
            {"rms_norm_eps", 1e-5},
            {"rope_theta", 5000.0},
            {"rope_scaling",
             {{"rope_type", "llama3"},
              {"factor", 4.0},
              {"low_freq_factor", 1.0},
              {"high_freq_factor", 4.0},
              {"original_max_position_embeddings", 32}}},
            {"tie_word_embeddings", false},
            {"hidden_act", "silu"},
            {"bos_token_id", 1},
            {"eos_token_id", {2, 3}}};
}

std::shared_ptr<const ts::Model> writeAndLoad(const std::filesystem::path& dir,
                                              const ordered_json& cfg,
                                              const std::string& dtype = "F32",
                                              const std::string& roundTo = "", int shards = 1,
                                              std::uint64_t seed = 5) {
    ts_tools::RandomModelSpec spec;
    spec.config = cfg;
    spec.dtype = dtype;
    spec.roundTo = roundTo;
    spec.shards = shards;
    spec.seed = seed;
    spec.weightScale = 0.25f;  // far from uniform attention, so errors show
    ts_tools::writeRandomModel(dir, spec);
    return ts::Model::loadFolder(dir);
}

std::vector<int> someIds(int n, int vocab) {
    std::vector<int> ids;
    for (int i = 0; i < n; ++i) ids.push_back((i * 37 + 11) % vocab);
    return ids;
}

// ---- an independent forward pass in double precision ---------------------------------
struct Ref {
    std::map<std::string, std::vector<double>> w;
    const std::vector<double>& operator[](const std::string& n) const { return w.at(n); }
    bool has(const std::string& n) const { return w.count(n) != 0; }
};

Ref readWeights(const std::filesystem::path& dir) {
    Ref r;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".safetensors")
            for (auto& t : ts_test::readFixture(entry.path()))
                r.w[t.name] = std::vector<double>(t.values.begin(), t.values.end());
    return r;
}

// y[o] = sum_i W[o][i] x[i] (+ b[o])
std::vector<double> matvec(const std::vector<double>& W, const std::vector<double>& x, int out,
                           const std::vector<double>* b = nullptr) {
    const std::size_t in = x.size();
    std::vector<double> y(static_cast<std::size_t>(out));
    for (int o = 0; o < out; ++o) {
        double s = b ? (*b)[static_cast<std::size_t>(o)] : 0.0;
        for (std::size_t i = 0; i < in; ++i) s += W[static_cast<std::size_t>(o) * in + i] * x[i];
        y[static_cast<std::size_t>(o)] = s;
    }
    return y;
}

std::vector<double> rms(const std::vector<double>& x, const std::vector<double>& w, double eps,
                        std::size_t off = 0, std::size_t n = 0) {
    if (n == 0) n = x.size();
    double ss = 0;
    for (std::size_t i = 0; i < n; ++i) ss += x[off + i] * x[off + i];
    const double inv = 1.0 / std::sqrt(ss / static_cast<double>(n) + eps);
    std::vector<double> y(n);
    for (std::size_t i = 0; i < n; ++i) y[i] = x[off + i] * inv * w[i];
    return y;
}

// The llama3 frequency rule, straight from its definition.
double inverseFrequency(const ts::Config& c, int i) {
    const int d = c.headDim();
    double f = std::pow(c.ropeTheta, -2.0 * i / d);
    const auto& s = c.ropeScaling;
    if (s.type == ts::RopeScaling::Type::Llama3) {
        const double wavelen = 2 * M_PI / f;
        const double lowW = s.originalContext / s.lowFreqFactor,
                     highW = s.originalContext / s.highFreqFactor;
        if (wavelen > lowW)
            f /= s.factor;
        else if (wavelen >= highW) {
            const double sm = (s.originalContext / wavelen - s.lowFreqFactor) /
                              (s.highFreqFactor - s.lowFreqFactor);
            f = (1 - sm) * f / s.factor + sm * f;
        }
    } else if (s.type == ts::RopeScaling::Type::Linear) {
        f /= s.factor;
    }
    return f;
}

void rotate(std::vector<double>& v, std::size_t off, int hd, int pos, const ts::Config& c) {
    const int half = hd / 2;
    for (int i = 0; i < half; ++i) {
        const double a = pos * inverseFrequency(c, i);
        const double x = v[off + static_cast<std::size_t>(i)],
                     y = v[off + static_cast<std::size_t>(i + half)];
        v[off + static_cast<std::size_t>(i)] = x * std::cos(a) - y * std::sin(a);
        v[off + static_cast<std::size_t>(i + half)] = y * std::cos(a) + x * std::sin(a);
    }
}

// Logits of every position, and the attention probabilities [layer][head][q][k].
std::vector<std::vector<double>> referenceLogits(
    const Ref& R, const ts::Config& c, const std::vector<int>& ids,
    std::vector<std::vector<std::vector<std::vector<double>>>>* attOut = nullptr) {
    const int C = c.nEmbd, H = c.nHead, KVH = c.kvHeads(), hd = c.headDim(), I = c.nInner,
              V = c.nVocab;
    const int T = static_cast<int>(ids.size());
    const double eps = c.layerNormEps;
    auto row = [&](const std::vector<double>& m, int r, int width) {
        return std::vector<double>(m.begin() + static_cast<long>(r) * width,
                                   m.begin() + static_cast<long>(r + 1) * width);
    };
    std::vector<std::vector<double>> x;
    for (int id : ids) x.push_back(row(R["model.embed_tokens.weight"], id, C));
    if (attOut) attOut->assign(static_cast<std::size_t>(c.nLayer), {});
    for (int l = 0; l < c.nLayer; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        auto bias = [&](const std::string& n) { return R.has(p + n) ? &R[p + n] : nullptr; };
        std::vector<std::vector<double>> q(T), k(T), v(T);
        for (int t = 0; t < T; ++t) {
            const auto xn = rms(x[t], R[p + "input_layernorm.weight"], eps);
            q[t] =
                matvec(R[p + "self_attn.q_proj.weight"], xn, H * hd, bias("self_attn.q_proj.bias"));
            k[t] = matvec(R[p + "self_attn.k_proj.weight"], xn, KVH * hd,
                          bias("self_attn.k_proj.bias"));
            v[t] = matvec(R[p + "self_attn.v_proj.weight"], xn, KVH * hd,
                          bias("self_attn.v_proj.bias"));
            for (int h = 0; h < H; ++h) {
                const std::size_t off = static_cast<std::size_t>(h * hd);
                if (c.qkNorm) {
                    auto n = rms(q[t], R[p + "self_attn.q_norm.weight"], eps, off,
                                 static_cast<std::size_t>(hd));
                    std::copy(n.begin(), n.end(), q[t].begin() + static_cast<long>(off));
                }
                rotate(q[t], off, hd, t, c);
            }
            for (int g = 0; g < KVH; ++g) {
                const std::size_t off = static_cast<std::size_t>(g * hd);
                if (c.qkNorm) {
                    auto n = rms(k[t], R[p + "self_attn.k_norm.weight"], eps, off,
                                 static_cast<std::size_t>(hd));
                    std::copy(n.begin(), n.end(), k[t].begin() + static_cast<long>(off));
                }
                rotate(k[t], off, hd, t, c);
            }
        }
        if (attOut)
            (*attOut)[static_cast<std::size_t>(l)].assign(
                static_cast<std::size_t>(H),
                std::vector<std::vector<double>>(static_cast<std::size_t>(T)));
        for (int t = 0; t < T; ++t) {
            std::vector<double> o(static_cast<std::size_t>(H * hd), 0.0);
            for (int h = 0; h < H; ++h) {
                const int g = h / (H / KVH);
                std::vector<double> s(static_cast<std::size_t>(t + 1));
                double m = -1e300;
                for (int j = 0; j <= t; ++j) {
                    double d = 0;
                    for (int e = 0; e < hd; ++e)
                        d += q[t][static_cast<std::size_t>(h * hd + e)] *
                             k[j][static_cast<std::size_t>(g * hd + e)];
                    s[static_cast<std::size_t>(j)] = d / std::sqrt(static_cast<double>(hd));
                    m = std::max(m, s[static_cast<std::size_t>(j)]);
                }
                double z = 0;
                for (double& e : s) z += (e = std::exp(e - m));
                for (double& e : s) e /= z;
                for (int j = 0; j <= t; ++j)
                    for (int e = 0; e < hd; ++e)
                        o[static_cast<std::size_t>(h * hd + e)] +=
                            s[static_cast<std::size_t>(j)] *
                            v[j][static_cast<std::size_t>(g * hd + e)];
                if (attOut)
                    (*attOut)[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]
                             [static_cast<std::size_t>(t)] = s;
            }
            const auto a =
                matvec(R[p + "self_attn.o_proj.weight"], o, C, bias("self_attn.o_proj.bias"));
            for (int i = 0; i < C; ++i)
                x[t][static_cast<std::size_t>(i)] += a[static_cast<std::size_t>(i)];
            const auto xn = rms(x[t], R[p + "post_attention_layernorm.weight"], eps);
            const auto g = matvec(R[p + "mlp.gate_proj.weight"], xn, I, bias("mlp.gate_proj.bias"));
            const auto u = matvec(R[p + "mlp.up_proj.weight"], xn, I, bias("mlp.up_proj.bias"));
            std::vector<double> mid(static_cast<std::size_t>(I));
            for (std::size_t i = 0; i < mid.size(); ++i)
                mid[i] = g[i] / (1 + std::exp(-g[i])) * u[i];
            const auto dn =
                matvec(R[p + "mlp.down_proj.weight"], mid, C, bias("mlp.down_proj.bias"));
            for (int i = 0; i < C; ++i)
                x[t][static_cast<std::size_t>(i)] += dn[static_cast<std::size_t>(i)];
        }
    }
    const auto& head = R.has("lm_head.weight") && !c.tiedEmbeddings
                           ? R["lm_head.weight"]
                           : R["model.embed_tokens.weight"];
    std::vector<std::vector<double>> logits;
    for (int t = 0; t < T; ++t)
        logits.push_back(matvec(head, rms(x[t], R["model.norm.weight"], eps), V));
    return logits;
}

// The engine against the reference on every position and head; returns the worst errors.
void checkAgainstReference(const std::filesystem::path& dir,
                           const std::shared_ptr<const ts::Model>& model, int T) {
    const ts::Config& c = model->config();
    const auto ids = someIds(T, c.nVocab);
    std::vector<std::vector<std::vector<std::vector<double>>>> att;
    const auto want = referenceLogits(readWeights(dir), c, ids, &att);
    ts::Session s(model);
    ts::TraceOptions opt;
    opt.allLogits = true;
    opt.attention = true;
    const auto tr = s.prefill(ids, opt);
    double worstLogit = 0, worstAtt = 0;
    for (int t = 0; t < T; ++t)
        for (int i = 0; i < c.nVocab; ++i)
            worstLogit = std::max(
                worstLogit,
                std::abs(tr.allLogits[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)] -
                         want[static_cast<std::size_t>(t)][static_cast<std::size_t>(i)]));
    REQUIRE(tr.attention.nHead == c.nHead);  // recorded per query head, not per kv head
    for (int l = 0; l < c.nLayer; ++l)
        for (int h = 0; h < c.nHead; ++h)
            for (int q = 0; q < T; ++q) {
                const auto r = tr.attention.row(l, h, q);
                for (int k = 0; k <= q; ++k)
                    worstAtt = std::max(
                        worstAtt,
                        std::abs(r[static_cast<std::size_t>(k)] -
                                 att[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]
                                    [static_cast<std::size_t>(q)][static_cast<std::size_t>(k)]));
            }
    double spread = 0;  // the logits must not be trivially flat
    for (double v : want.back()) spread = std::max(spread, std::abs(v));
    INFO("worst logit error " << worstLogit << ", attention " << worstAtt << ", logit scale "
                              << spread);
    CHECK(spread > 0.5);
    CHECK(worstLogit < 2e-4 * std::max(1.0, spread));
    CHECK(worstAtt < 2e-5);
}

void requireStepEqualsPrefill(const std::shared_ptr<const ts::Model>& model, int n) {
    const auto ids = someIds(n, model->config().nVocab);
    ts::TraceOptions all;
    all.allLogits = true;
    ts::Session whole(model);
    const auto ref = whole.prefill(ids, all);
    ts::Session stepped(model);
    for (int i = 0; i < n; ++i) {
        const auto tr = stepped.step(ids[static_cast<std::size_t>(i)]);
        for (std::size_t v = 0; v < tr.logits.size(); ++v)
            REQUIRE(tr.logits[v] ==
                    Approx(ref.allLogits[static_cast<std::size_t>(i)][v]).margin(1e-4));
    }
    ts::Session mixed(model);
    mixed.prefill(std::span<const int>(ids.data(), 7));
    for (int i = 7; i < 12; ++i) mixed.step(ids[static_cast<std::size_t>(i)]);
    const auto tail =
        mixed.prefill(std::span<const int>(ids.data() + 12, static_cast<std::size_t>(n - 12)), all);
    for (int i = 12; i < n; ++i)
        for (std::size_t v = 0; v < tail.logits.size(); ++v)
            REQUIRE(tail.allLogits[static_cast<std::size_t>(i - 12)][v] ==
                    Approx(ref.allLogits[static_cast<std::size_t>(i)][v]).margin(1e-4));
}

}  // namespace

TEST_CASE("architectures: each variant matches an independent double-precision forward",
          "[architectures]") {
    struct Variant {
        const char* what;
        std::function<void(ordered_json&)> edit;
    };
    const std::vector<Variant> variants = {
        {"llama, llama3 rope scaling, GQA, head_dim 16 != 48/4, untied", [](ordered_json&) {}},
        {"llama, tied head, no scaling, rope_theta 1e6, MHA",
         [](ordered_json& c) {
             c["tie_word_embeddings"] = true;
             c.erase("rope_scaling");
             c["rope_theta"] = 1e6;
             c["num_key_value_heads"] = 4;
         }},
        {"llama with attention and MLP biases, linear rope scaling (transformers 5 "
         "rope_parameters)",
         [](ordered_json& c) {
             c["attention_bias"] = true;
             c["mlp_bias"] = true;
             c.erase("rope_scaling");
             c.erase("rope_theta");
             c["rope_parameters"] = {
                 {"rope_type", "linear"}, {"factor", 2.0}, {"rope_theta", 20000.0}};
         }},
        {"qwen2: q/k/v biases, tied, GQA 4/1",
         [](ordered_json& c) {
             c["model_type"] = "qwen2";
             c["architectures"] = {"Qwen2ForCausalLM"};
             c.erase("rope_scaling");
             c["rope_theta"] = 1e6;
             c["tie_word_embeddings"] = true;
             c["num_key_value_heads"] = 1;
             c.erase("head_dim");
         }},
        {"qwen3: q/k norm, head_dim 20, untied",
         [](ordered_json& c) {
             c["model_type"] = "qwen3";
             c["architectures"] = {"Qwen3ForCausalLM"};
             c.erase("rope_scaling");
             c["head_dim"] = 20;
         }},
    };
    for (const auto& v : variants) {
        SECTION(v.what) {
            ts_test::TempDir dir;
            ordered_json cfg = tinyLlama();
            v.edit(cfg);
            const auto model = writeAndLoad(dir.path(), cfg);
            checkAgainstReference(dir.path(), model, 40);
            requireStepEqualsPrefill(model, 40);
        }
    }
}

TEST_CASE(
    "architectures: BF16 and F16 storage compute exactly what F32 storage of the same values does",
    "[architectures]") {
    for (const std::string dtype : {"BF16", "F16"}) {
        for (bool tied : {false, true}) {
            CAPTURE(dtype, tied);
            ts_test::TempDir a, b;
            ordered_json cfg = tinyLlama();
            cfg["tie_word_embeddings"] = tied;
            const auto wide = writeAndLoad(a.path(), cfg, "F32", dtype);
            const auto narrow = writeAndLoad(b.path(), cfg, dtype);
            CHECK(narrow->weightStorage() == dtype);
            CHECK(wide->weightStorage() == "F32");
            // kept in 16 bits: about half the bytes (norm weights stay fp32)
            CHECK(narrow->weightBytes() < wide->weightBytes() * 0.55);
            CHECK(narrow->tiedHead() == tied);
            const auto ids = someIds(30, cfg["vocab_size"].get<int>());
            ts::TraceOptions all;
            all.allLogits = true;
            ts::Session sa(wide), sb(narrow);
            const auto ra = sa.prefill(ids, all);
            const auto rb = sb.prefill(ids, all);
            REQUIRE(ra.allLogits == rb.allLogits);  // the same widened values, the same sums
            const auto da = sa.step(5), db = sb.step(5);
            REQUIRE(da.logits == db.logits);
            CHECK(wide->tokenEmbedding(9) == narrow->tokenEmbedding(9));
        }
    }
}

TEST_CASE("architectures: a tied head is stored once", "[architectures]") {
    ts_test::TempDir a, b;
    ordered_json cfg = tinyLlama();
    const auto untied = writeAndLoad(a.path(), cfg, "BF16");
    cfg["tie_word_embeddings"] = true;
    const auto tied = writeAndLoad(b.path(), cfg, "BF16");
    const std::size_t table = 97u * 48u * 2u;
    CHECK(untied->weightBytes() - tied->weightBytes() == table);
    // embedding rows read back from the packed head are the stored rows
    const auto R = readWeights(b.path());
    for (int tok : {0, 15, 16, 96}) {
        const auto e = tied->tokenEmbedding(tok);
        for (int i = 0; i < 48; ++i)
            REQUIRE(e[static_cast<std::size_t>(i)] ==
                    static_cast<float>(
                        R["model.embed_tokens.weight"][static_cast<std::size_t>(tok * 48 + i)]));
    }
    CHECK_FALSE(tied->hasPositionEmbeddings());
    CHECK(tied->positionEmbedding(3) == std::vector<float>(48, 0.0f));
    CHECK(tied->kvCacheBytesPerToken() ==
          2u * 2u * 2u * 16u * 4u);  // layers, k+v, kv heads, head_dim, fp32
}

TEST_CASE("architectures: a sharded checkpoint equals the single file", "[architectures]") {
    ts_test::TempDir a, b;
    const auto one = writeAndLoad(a.path(), tinyLlama(), "BF16", "", 1);
    const auto three = writeAndLoad(b.path(), tinyLlama(), "BF16", "", 3);
    CHECK(std::filesystem::exists(b / "model-00003-of-00003.safetensors"));
    CHECK_FALSE(std::filesystem::exists(b / "model.safetensors"));
    const auto ids = someIds(20, 97);
    ts::Session sa(one), sb(three);
    CHECK(sa.prefill(ids).logits == sb.prefill(ids).logits);
    CHECK(one->parameterCount() == three->parameterCount());
}

TEST_CASE("architectures: bad shard indexes are refused by name", "[architectures]") {
    ts_test::TempDir dir;
    writeAndLoad(dir.path(), tinyLlama(), "F32", "", 2);
    const auto index = dir / "model.safetensors.index.json";
    const std::string good = ts_test::readText(index);
    auto withIndex = [&](const std::string& text) {
        ts_test::writeBytes(index, text);
        return [&] { return ts::Model::loadFolder(dir.path()); };
    };
    auto j = nlohmann::json::parse(good);
    SECTION("a shard path outside the folder") {
        j["weight_map"]["model.norm.weight"] = "../model-00002-of-00002.safetensors";
        CHECK_THROWS_WITH(withIndex(j.dump())(), ContainsSubstring("model.norm.weight") &&
                                                     ContainsSubstring("plain file names"));
    }
    SECTION("a tensor the named shard does not hold") {
        j["weight_map"]["model.norm.weight"] = "model-00001-of-00002.safetensors";
        CHECK_THROWS_WITH(withIndex(j.dump())(), ContainsSubstring("model.norm.weight") &&
                                                     ContainsSubstring("does not hold"));
    }
    SECTION("a missing shard file") {
        j["weight_map"]["model.norm.weight"] = "model-00009-of-00009.safetensors";
        CHECK_THROWS_WITH(withIndex(j.dump())(),
                          ContainsSubstring("model-00009-of-00009.safetensors") &&
                              ContainsSubstring("does not exist"));
    }
    SECTION("not JSON") {
        CHECK_THROWS_WITH(withIndex("{")(),
                          ContainsSubstring("index.json") && ContainsSubstring("not valid JSON"));
    }
    SECTION("a truncated shard") {
        const auto shard = dir / "model-00002-of-00002.safetensors";
        const std::string bytes = ts_test::readText(shard);
        ts_test::writeBytes(shard, bytes.substr(0, bytes.size() - 100));
        CHECK_THROWS_WITH(ts::Model::loadFolder(dir.path()),
                          ContainsSubstring("model-00002-of-00002.safetensors") &&
                              ContainsSubstring("past the end"));
    }
}

TEST_CASE("architectures: missing and misshapen tensors name what was expected",
          "[architectures]") {
    ts_test::TempDir dir;
    ordered_json cfg = tinyLlama();
    cfg["model_type"] = "qwen2";
    writeAndLoad(dir.path(), cfg);
    // a Qwen2 folder needs q/k/v biases: a llama config over the same files loads with a
    // note about the unknown bias tensors, and a qwen3 config misses its q/k norms
    ordered_json llama = tinyLlama();
    ts_test::writeBytes(dir / "config.json", llama.dump());
    const auto m = ts::Model::loadFolder(dir.path());
    REQUIRE_FALSE(m->warnings().empty());
    CHECK_THAT(m->warnings().front(),
               ContainsSubstring("unknown tensor") && ContainsSubstring("q_proj.bias"));
    llama["model_type"] = "qwen3";
    ts_test::writeBytes(dir / "config.json", llama.dump());
    CHECK_THROWS_WITH(
        ts::Model::loadFolder(dir.path()),
        ContainsSubstring("missing tensor 'model.layers.0.self_attn.q_norm.weight'") &&
            ContainsSubstring("[16]"));
    llama["model_type"] = "llama";
    llama["head_dim"] = 12;
    ts_test::writeBytes(dir / "config.json", llama.dump());
    CHECK_THROWS_WITH(ts::Model::loadFolder(dir.path()),
                      ContainsSubstring("model.layers.0.self_attn.q_proj.weight") &&
                          ContainsSubstring("expected [48, 48], found [64, 48]"));
}

TEST_CASE("architectures: Mistral's sliding window bounds the context", "[architectures]") {
    ts_test::TempDir dir;
    ordered_json cfg = tinyLlama();
    cfg["model_type"] = "mistral";
    cfg["architectures"] = {"MistralForCausalLM"};
    cfg["sliding_window"] = 24;
    const auto m = writeAndLoad(dir.path(), cfg);
    CHECK(m->config().nCtx == 24);
    CHECK(m->config().modelType == "llama");
    ts::Session s(m);
    s.prefill(someIds(24, 97));
    CHECK_THROWS_WITH(s.step(3), ContainsSubstring("context full"));
}

TEST_CASE("architectures: the cost figures follow the real shapes and storage", "[architectures]") {
    ts_test::TempDir a, b;
    ordered_json cfg = tinyLlama();
    const auto wide = writeAndLoad(a.path(), cfg, "F32");
    const auto narrow = writeAndLoad(b.path(), cfg, "BF16");
    ts::Session sa(wide), sb(narrow);
    const auto ta = sa.prefill(someIds(10, 97)), tb = sb.prefill(someIds(10, 97));
    // a decode step reads every projection once: BF16 halves the bytes, not the FLOPs
    CHECK(tb.cost.weightBytes == Approx(ta.cost.weightBytes / 2).epsilon(0.01));
    CHECK(tb.cost.flops == ta.cost.flops);
    CHECK(narrow->decodeBytesPerToken() * 2 == wide->decodeBytesPerToken());
    // grouped-query attention: the cache holds 2 of the 4 heads
    CHECK(tb.cost.kvCacheBytes == 10.0 * 2 * 2 * (2 * 16) * 4);
    CHECK(sb.kvCacheBytes() == 10u * narrow->kvCacheBytesPerToken());
    // FLOPs of one decode step: 2 per weight of the projections and head, plus attention
    const double C = 48, Q = 64, KV = 32, I = 72, V = 97;
    const auto st = sb.step(4);
    const double weights = 2 * (C * (Q + 2 * KV) + Q * C + 2 * I * C + I * C) + V * C;
    CHECK(st.cost.flops == Approx(2 * weights + 2 * 4.0 * 11 * Q).epsilon(1e-9));
}

#include "tokenscope/analysis.hpp"

TEST_CASE("architectures: embedding dot products and norms, tied and untied", "[architectures]") {
    for (bool tied : {false, true}) {
        ts_test::TempDir dir;
        ordered_json cfg = tinyLlama();
        cfg["tie_word_embeddings"] = tied;
        const auto m = writeAndLoad(dir.path(), cfg, "BF16");
        const auto v = m->tokenEmbedding(33);
        const auto dots = m->embeddingDots(v);
        const auto& norms = m->embeddingNorms();
        REQUIRE(dots.size() == 97u);
        REQUIRE(norms.size() == 97u);
        for (int t = 0; t < 97; t += 8) {
            const auto e = m->tokenEmbedding(t);
            double d = 0, n = 0;
            for (int i = 0; i < 48; ++i) {
                d += static_cast<double>(e[static_cast<std::size_t>(i)]) *
                     v[static_cast<std::size_t>(i)];
                n += static_cast<double>(e[static_cast<std::size_t>(i)]) *
                     e[static_cast<std::size_t>(i)];
            }
            CHECK(dots[static_cast<std::size_t>(t)] == Approx(d).epsilon(1e-5).margin(1e-6));
            CHECK(norms[static_cast<std::size_t>(t)] == Approx(std::sqrt(n)).epsilon(1e-6));
        }
        const auto nn = ts::nearestTokens(*m, v, 3);
        REQUIRE(nn.size() == 3u);
        CHECK(nn[0].token == 33);
        CHECK(nn[0].cosine == Approx(1.0f).epsilon(1e-5));
        CHECK(nn[1].cosine <= nn[0].cosine);
    }
}
