#include <functional>
#include <nlohmann/json.hpp>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"

using Catch::Matchers::ContainsSubstring;
using nlohmann::json;

namespace {

json baseConfig() {
    return json{{"model_type", "gpt2"},
                {"vocab_size", 512},
                {"n_positions", 64},
                {"n_embd", 48},
                {"n_head", 3},
                {"n_layer", 3},
                {"n_inner", nullptr},
                {"layer_norm_epsilon", 1e-5},
                {"activation_function", "gelu_new"}};
}

ts::Config parse(const json& j) { return ts::Config::fromJsonText(j.dump(), "test/config.json"); }

}  // namespace

TEST_CASE("config.json of the fixtures parses", "[config]") {
    const auto c =
        ts::Config::fromJsonFile(ts_test::dataDir() / "gpt2-tiny-vocab512" / "config.json");
    CHECK(c.modelType == "gpt2");
    CHECK(c.nVocab == 512);
    CHECK(c.nCtx == 64);
    CHECK(c.nEmbd == 48);
    CHECK(c.nHead == 3);
    CHECK(c.nLayer == 3);
    CHECK(c.nInner == 4 * 48);  // null -> 4 * n_embd
    CHECK(c.headDim() == 16);
    CHECK(c.layerNormEps == Approx(1e-5f));
    CHECK(c.activation == ts::Activation::GeluTanh);
    CHECK_FALSE(c.scaleAttnByInverseLayerIdx);
    CHECK(c.bosTokenId == 50256);
    CHECK(c.eosTokenId == 50256);
}

TEST_CASE("config fields map to the engine's switches", "[config]") {
    json j = baseConfig();
    j["n_inner"] = 100;
    j["activation_function"] = "gelu";
    j["scale_attn_by_inverse_layer_idx"] = true;
    j["layer_norm_epsilon"] = 1e-6;
    j["bos_token_id"] = 1;
    j["eos_token_id"] = 2;
    auto c = parse(j);
    CHECK(c.nInner == 100);
    CHECK(c.activation == ts::Activation::GeluExact);
    CHECK(c.scaleAttnByInverseLayerIdx);
    CHECK(c.layerNormEps == Approx(1e-6f));
    CHECK(c.bosTokenId == 1);
    CHECK(c.eosTokenId == 2);
    j["activation_function"] = "gelu_pytorch_tanh";
    CHECK(parse(j).activation == ts::Activation::GeluTanh);
    j["activation_function"] = "relu";
    CHECK(parse(j).activation == ts::Activation::Relu);
    j.erase("bos_token_id");
    j["eos_token_id"] = nullptr;
    CHECK(parse(j).bosTokenId == -1);
    CHECK(parse(j).eosTokenId == -1);
}

TEST_CASE("config rejections name the file and the field", "[config]") {
    SECTION("unsupported model type") {
        json j = baseConfig();
        j["model_type"] = "gemma";
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("unsupported model_type 'gemma'") &&
                                        ContainsSubstring("test/config.json") &&
                                        ContainsSubstring("Tokenscope supports gpt2"));
    }
    SECTION("missing fields") {
        for (const char* f :
             {"vocab_size", "n_positions", "n_embd", "n_head", "n_layer", "model_type"}) {
            json j = baseConfig();
            j.erase(f);
            CHECK_THROWS_WITH(parse(j), ContainsSubstring("missing required field") &&
                                            ContainsSubstring(f) &&
                                            ContainsSubstring("test/config.json"));
        }
    }
    SECTION("wrong JSON types") {
        json j = baseConfig();
        j["n_embd"] = "768";
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("'n_embd'") && ContainsSubstring("integer") &&
                                        ContainsSubstring("string"));
        j = baseConfig();
        j["layer_norm_epsilon"] = "small";
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("'layer_norm_epsilon'"));
        j = baseConfig();
        j["scale_attn_by_inverse_layer_idx"] = 1;
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("'scale_attn_by_inverse_layer_idx'"));
        j = baseConfig();
        j["model_type"] = 2;
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("'model_type'"));
    }
    SECTION("non-positive values") {
        json j = baseConfig();
        j["n_layer"] = 0;
        CHECK_THROWS_WITH(parse(j),
                          ContainsSubstring("'n_layer'") && ContainsSubstring("positive"));
        j = baseConfig();
        j["vocab_size"] = -5;
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("'vocab_size'") && ContainsSubstring("-5"));
        j = baseConfig();
        j["layer_norm_epsilon"] = 0;
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("'layer_norm_epsilon'"));
    }
    SECTION("heads must divide the width") {
        json j = baseConfig();
        j["n_head"] = 5;
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("n_embd (48)") &&
                                        ContainsSubstring("n_head (5)") &&
                                        ContainsSubstring("test/config.json"));
    }
    SECTION("unknown activation") {
        json j = baseConfig();
        j["activation_function"] = "swish";
        CHECK_THROWS_WITH(parse(j), ContainsSubstring("activation_function 'swish'"));
    }
    SECTION("not JSON / not an object") {
        CHECK_THROWS_WITH(
            ts::Config::fromJsonText("{oops", "x/config.json"),
            ContainsSubstring("x/config.json") && ContainsSubstring("not valid JSON"));
        CHECK_THROWS_WITH(ts::Config::fromJsonText("[1,2]", "x/config.json"),
                          ContainsSubstring("JSON object"));
    }
    SECTION("missing file") {
        CHECK_THROWS_AS(ts::Config::fromJsonFile("/nonexistent/config.json"), ts::Error);
    }
    SECTION("validate catches hand-built contradictions") {
        ts::Config c = parse(baseConfig());
        c.nHead = 7;
        CHECK_THROWS_WITH(c.validate("here"),
                          ContainsSubstring("here") && ContainsSubstring("not divisible"));
    }
}

namespace {

json llamaConfig() {  // SmolLM2-135M's fields
    return json{{"architectures", {"LlamaForCausalLM"}},
                {"model_type", "llama"},
                {"hidden_size", 576},
                {"intermediate_size", 1536},
                {"num_hidden_layers", 30},
                {"num_attention_heads", 9},
                {"num_key_value_heads", 3},
                {"vocab_size", 49152},
                {"max_position_embeddings", 8192},
                {"rms_norm_eps", 1e-5},
                {"rope_theta", 100000},
                {"rope_scaling", nullptr},
                {"tie_word_embeddings", true},
                {"hidden_act", "silu"},
                {"bos_token_id", 1},
                {"eos_token_id", 2},
                {"attention_bias", false},
                {"mlp_bias", false},
                {"pretraining_tp", 1}};
}

}  // namespace

TEST_CASE("config: the Llama family's fields and switches", "[config]") {
    SECTION("llama (SmolLM2)") {
        const auto c = parse(llamaConfig());
        CHECK(c.modelType == "llama");
        CHECK(c.norm == ts::NormKind::RmsNorm);
        CHECK(c.positions == ts::PositionKind::Rope);
        CHECK(c.gatedMlp);
        CHECK(c.activation == ts::Activation::Silu);
        CHECK(c.nKvHead == 3);
        CHECK(c.headDim() == 64);
        CHECK(c.kvDim() == 192);
        CHECK(c.nCtx == 8192);
        CHECK(c.layerNormEps == 1e-5f);
        CHECK(c.ropeTheta == 100000.0);
        CHECK(c.ropeScaling.type == ts::RopeScaling::Type::None);
        CHECK(c.tiedEmbeddings);
        CHECK_FALSE(c.qkvBias);
        CHECK_FALSE(c.outBias);
        CHECK_FALSE(c.qkNorm);
    }
    SECTION("defaults where a config leaves fields out") {
        json j = llamaConfig();
        for (const char* f : {"num_key_value_heads", "rms_norm_eps", "rope_theta",
                              "tie_word_embeddings", "max_position_embeddings", "hidden_act"})
            j.erase(f);
        const auto c = parse(j);
        CHECK(c.kvHeads() == 9);
        CHECK(c.layerNormEps == 1e-6f);
        CHECK(c.ropeTheta == 10000.0);
        CHECK_FALSE(c.tiedEmbeddings);
        CHECK(c.nCtx == 2048);
    }
    SECTION("Llama 3.1 rope_scaling, bos/eos lists") {
        json j = llamaConfig();
        j["rope_scaling"] = {{"factor", 8.0},
                             {"low_freq_factor", 1.0},
                             {"high_freq_factor", 4.0},
                             {"original_max_position_embeddings", 8192},
                             {"rope_type", "llama3"}};
        j["eos_token_id"] = {128001, 128008, 128009};
        j["bos_token_id"] = 128000;
        const auto c = parse(j);
        CHECK(c.ropeScaling.type == ts::RopeScaling::Type::Llama3);
        CHECK(c.ropeScaling.factor == 8.0);
        CHECK(c.ropeScaling.originalContext == 8192);
        CHECK(c.eosTokenIds == std::vector<int>{128001, 128008, 128009});
        CHECK(c.eosTokenId == 128001);
        CHECK(c.bosTokenId == 128000);
    }
    SECTION("transformers 5 rope_parameters") {
        json j = llamaConfig();
        j.erase("rope_theta");
        j["rope_parameters"] = {{"rope_theta", 500000.0}, {"rope_type", "default"}};
        CHECK(parse(j).ropeTheta == 500000.0);
    }
    SECTION("qwen2 has q/k/v biases, qwen3 q/k norms and its own head_dim") {
        json j = llamaConfig();
        j["model_type"] = "qwen2";
        auto c = parse(j);
        CHECK(c.qkvBias);
        CHECK_FALSE(c.outBias);
        j["model_type"] = "qwen3";
        j["head_dim"] = 128;
        j["attention_bias"] = false;
        c = parse(j);
        CHECK(c.qkNorm);
        CHECK_FALSE(c.qkvBias);
        CHECK(c.headDim() == 128);
        CHECK(c.qDim() == 9 * 128);
        j["use_sliding_window"] = false;
        j["sliding_window"] = 1024;
        CHECK(parse(j).nCtx == 8192);  // a window not in use changes nothing
    }
    SECTION("mistral reads as llama, its window bounds the context") {
        json j = llamaConfig();
        j["model_type"] = "mistral";
        j["sliding_window"] = 4096;
        const auto c = parse(j);
        CHECK(c.modelType == "llama");
        CHECK(c.nCtx == 4096);
    }
}

TEST_CASE("config: what the Llama family cannot run is refused by name", "[config]") {
    auto refuses = [](const std::function<void(json&)>& edit, const std::string& what) {
        json j = llamaConfig();
        edit(j);
        CHECK_THROWS_WITH(parse(j),
                          ContainsSubstring(what) && ContainsSubstring("test/config.json"));
    };
    refuses(
        [](json& j) {
            j["rope_scaling"] = {{"rope_type", "yarn"}, {"factor", 4.0}};
        },
        "rope_scaling.rope_type 'yarn'");
    refuses(
        [](json& j) {
            j["rope_scaling"] = {{"type", "dynamic"}, {"factor", 2.0}};
        },
        "'dynamic'");
    refuses([](json& j) { j["partial_rotary_factor"] = 0.5; }, "partial_rotary_factor");
    refuses(
        [](json& j) {
            j["quantization_config"] = {{"quant_method", "gptq"}};
        },
        "quantization_config");
    refuses([](json& j) { j["hidden_act"] = "gelu_quick"; }, "hidden_act 'gelu_quick'");
    refuses([](json& j) { j["num_key_value_heads"] = 4; }, "num_key_value_heads (4)");
    refuses([](json& j) { j.erase("hidden_size"); }, "'hidden_size'");
    refuses([](json& j) { j["architectures"] = {"LlamaForSequenceClassification"}; },
            "LlamaForSequenceClassification");
    refuses([](json& j) { j["model_type"] = "gemma2"; }, "unsupported model_type 'gemma2'");
    refuses([](json& j) { j["eos_token_id"] = {2, "x"}; }, "'eos_token_id'");
    refuses([](json& j) { j["rope_theta"] = -1; }, "'rope_theta'");
    refuses([](json& j) { j["head_dim"] = 63; }, "odd");
}

TEST_CASE("config: sizes are computed in 64 bits and huge ones refused (issue #40)", "[config]") {
    // n_inner defaults to 4 * n_embd: at n_embd = 2^29 that overflowed an int and the error
    // said n_inner "must be positive, found -2147483648".
    json j = baseConfig();
    j["n_embd"] = 1 << 29;
    j["n_head"] = 1;
    std::string message;
    try {
        parse(j);
    } catch (const ts::Error& e) {
        message = e.what();
    }
    CHECK_THAT(message, ContainsSubstring("n_embd 536870912 is too large") &&
                            ContainsSubstring("2147483648"));
    CHECK_THAT(message, !ContainsSubstring("-2147483648"));
    // Heads times head width past 2^31 (an int product before) is refused by size.
    json llama = {{"model_type", "llama"},  {"vocab_size", 32},
                  {"hidden_size", 65536},   {"num_attention_heads", 65536},
                  {"num_hidden_layers", 1}, {"intermediate_size", 64},
                  {"head_dim", 65536}};
    CHECK_THROWS_WITH(parse(llama),
                      ContainsSubstring("too large") && ContainsSubstring("65536 heads of 65536"));
}

TEST_CASE("config: JSON nested deeper than any real config.json is refused", "[config]") {
    const std::string deep = "{\"model_type\": \"gpt2\", \"x\": " + std::string(200000, '[') +
                             std::string(200000, ']') + "}";
    CHECK_THROWS_WITH(ts::Config::fromJsonText(deep, "test/config.json"),
                      ContainsSubstring("test/config.json") && ContainsSubstring("nested"));
}

TEST_CASE("config: the families' switches come from model_type and the config (issues 46, 47)",
          "[config][families]") {
    json j = llamaConfig();
    // Gemma 3: legacy sliding_window_pattern (every 6th layer global), the text model of a
    // gemma3 (Gemma3ForConditionalGeneration), the HF defaults
    j["model_type"] = "gemma3_text";
    j["num_hidden_layers"] = 12;
    j["sliding_window"] = 512;
    j.erase("head_dim");
    ts::Config g = parse(j);
    CHECK(g.modelType == "gemma3");
    CHECK(g.headDim() == 256);  // Gemma3TextConfig's default head_dim
    CHECK(g.isSliding(4));
    CHECK_FALSE(g.isSliding(5));
    CHECK(g.isSliding(6));
    CHECK_FALSE(g.isSliding(11));
    CHECK(g.preNorms);
    CHECK(g.postNorms);
    CHECK(g.normAddsOne);
    CHECK(g.attentionScale == Approx(1.0 / 16));  // query_pre_attn_scalar 256
    CHECK(g.ropeLocalTheta == 10000.0);
    CHECK(g.tiedEmbeddings);
    const json multimodal = {{"model_type", "gemma3"},
                             {"architectures", {"Gemma3ForConditionalGeneration"}},
                             {"eos_token_id", {1, 106}},
                             {"text_config", j},
                             {"vision_config", {{"model_type", "siglip_vision_model"}}}};
    const ts::Config mm = parse(multimodal);
    CHECK(mm.modelType == "gemma3");
    CHECK(mm.eosTokenIds == std::vector<int>{1, 106});
    // rope_parameters keyed by layer type (transformers 5)
    json k = j;
    k["rope_parameters"] = {
        {"full_attention", {{"rope_type", "linear"}, {"factor", 8.0}, {"rope_theta", 1e6}}},
        {"sliding_attention", {{"rope_type", "default"}, {"rope_theta", 5e4}}}};
    const ts::Config rp = parse(k);
    CHECK(rp.ropeLocalTheta == 5e4);
    CHECK(rp.ropeScaling.type == ts::RopeScaling::Type::Linear);

    // EXAONE 4: no input norms; a missing sliding_window means Exaone4Config's 4096 with every
    // 4th layer global (and without RoPE); null means neither
    json e = llamaConfig();
    e["model_type"] = "exaone4";
    e["num_hidden_layers"] = 8;
    ts::Config x = parse(e);
    CHECK_FALSE(x.preNorms);
    CHECK(x.postNorms);
    CHECK(x.qkNorm);
    CHECK(x.slidingWindow == 4096);
    CHECK(x.isSliding(2));
    CHECK_FALSE(x.isSliding(3));
    CHECK_FALSE(x.usesRope(3));
    CHECK(x.usesRope(2));
    e["sliding_window"] = nullptr;
    x = parse(e);
    CHECK(x.slidingWindow == 0);
    CHECK(x.usesRope(3));
    e["sliding_window"] = 8;
    e["layer_types"] = {"full_attention"};
    CHECK_THROWS_WITH(parse(e), ContainsSubstring("layer_types"));

    // Granite divides the logits, HyperCLOVA X multiplies them; SmolLM3's NoPE layers
    json m = llamaConfig();
    m["model_type"] = "granite";
    m["logits_scaling"] = 8.0;
    CHECK(parse(m).logitMultiplier == Approx(0.125));
    CHECK(parse(m).attentionScale == 1.0);  // GraniteConfig's default attention_multiplier
    m["model_type"] = "hyperclovax";
    CHECK(parse(m).logitMultiplier == Approx(8.0));
    CHECK(parse(m).postNorms);  // use_post_norm defaults to true
    m["model_type"] = "smollm3";
    m["num_hidden_layers"] = 8;
    CHECK(parse(m).usesRope(2));
    CHECK_FALSE(parse(m).usesRope(3));
    CHECK_FALSE(parse(m).usesRope(7));

    // Remote code of a type the engine does not implement (Kanana-2 and the like)
    json r = llamaConfig();
    r["model_type"] = "kanana2";
    r["auto_map"] = {{"AutoModelForCausalLM", "modeling_kanana2.Kanana2ForCausalLM"}};
    CHECK_THROWS_WITH(parse(r), ContainsSubstring("'kanana2'") &&
                                    ContainsSubstring("own Python code") &&
                                    ContainsSubstring("does not run"));
}
