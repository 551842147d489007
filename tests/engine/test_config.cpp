#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "engine_test_util.hpp"
#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"

using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

json baseConfig() {
    return json{{"model_type", "gpt2"}, {"vocab_size", 512}, {"n_positions", 64},
                {"n_embd", 48},        {"n_head", 3},       {"n_layer", 3},
                {"n_inner", nullptr},  {"layer_norm_epsilon", 1e-5},
                {"activation_function", "gelu_new"}};
}

ts::Config parse(const json& j) { return ts::Config::fromJsonText(j.dump(), "test/config.json"); }

}  // namespace

TEST_CASE("config.json of the fixtures parses", "[config]") {
    const auto c = ts::Config::fromJsonFile(ts_test::dataDir() / "gpt2-tiny-vocab512" / "config.json");
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
        CHECK_THROWS_WITH(parse(j), Contains("unsupported model_type 'gemma'") &&
                                        Contains("test/config.json") &&
                                        Contains("Tokenscope supports gpt2"));
    }
    SECTION("missing fields") {
        for (const char* f : {"vocab_size", "n_positions", "n_embd", "n_head", "n_layer", "model_type"}) {
            json j = baseConfig();
            j.erase(f);
            CHECK_THROWS_WITH(parse(j), Contains("missing required field") && Contains(f) &&
                                            Contains("test/config.json"));
        }
    }
    SECTION("wrong JSON types") {
        json j = baseConfig();
        j["n_embd"] = "768";
        CHECK_THROWS_WITH(parse(j), Contains("'n_embd'") && Contains("integer") && Contains("string"));
        j = baseConfig();
        j["layer_norm_epsilon"] = "small";
        CHECK_THROWS_WITH(parse(j), Contains("'layer_norm_epsilon'"));
        j = baseConfig();
        j["scale_attn_by_inverse_layer_idx"] = 1;
        CHECK_THROWS_WITH(parse(j), Contains("'scale_attn_by_inverse_layer_idx'"));
        j = baseConfig();
        j["model_type"] = 2;
        CHECK_THROWS_WITH(parse(j), Contains("'model_type'"));
    }
    SECTION("non-positive values") {
        json j = baseConfig();
        j["n_layer"] = 0;
        CHECK_THROWS_WITH(parse(j), Contains("'n_layer'") && Contains("positive"));
        j = baseConfig();
        j["vocab_size"] = -5;
        CHECK_THROWS_WITH(parse(j), Contains("'vocab_size'") && Contains("-5"));
        j = baseConfig();
        j["layer_norm_epsilon"] = 0;
        CHECK_THROWS_WITH(parse(j), Contains("'layer_norm_epsilon'"));
    }
    SECTION("heads must divide the width") {
        json j = baseConfig();
        j["n_head"] = 5;
        CHECK_THROWS_WITH(parse(j), Contains("n_embd (48)") && Contains("n_head (5)") &&
                                        Contains("test/config.json"));
    }
    SECTION("unknown activation") {
        json j = baseConfig();
        j["activation_function"] = "swish";
        CHECK_THROWS_WITH(parse(j), Contains("activation_function 'swish'"));
    }
    SECTION("not JSON / not an object") {
        CHECK_THROWS_WITH(ts::Config::fromJsonText("{oops", "x/config.json"),
                          Contains("x/config.json") && Contains("not valid JSON"));
        CHECK_THROWS_WITH(ts::Config::fromJsonText("[1,2]", "x/config.json"),
                          Contains("JSON object"));
    }
    SECTION("missing file") {
        CHECK_THROWS_AS(ts::Config::fromJsonFile("/nonexistent/config.json"), ts::Error);
    }
    SECTION("validate catches hand-built contradictions") {
        ts::Config c = parse(baseConfig());
        c.nHead = 7;
        CHECK_THROWS_WITH(c.validate("here"), Contains("here") && Contains("not divisible"));
    }
}
