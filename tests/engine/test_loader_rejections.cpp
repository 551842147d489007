// Model::loadFolder: what it refuses (with messages that say why) and the variants it accepts.
#include <chrono>
#include <cmath>
#include <limits>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "memory_peak.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/session.hpp"

using Catch::Matchers::ContainsSubstring;
using nlohmann::json;
using ts_test::FixtureTensor;
using ts_test::TempDir;

namespace {

const char* kTiny = "gpt2-tiny-vocab512";

std::vector<float> lastLogits(const std::shared_ptr<const ts::Model>& m,
                              const std::vector<int>& ids) {
    ts::Session s(m);
    return s.prefill(ids).logits;
}

FixtureTensor* findTensor(std::vector<FixtureTensor>& ts, const std::string& name) {
    for (auto& t : ts)
        if (t.name == name) return &t;
    return nullptr;
}

const std::vector<int> kIds = {3, 17, 255, 0, 511, 42, 42, 7};

}  // namespace

TEST_CASE("loader: a broken model folder is refused with the reason", "[loader]") {
    TempDir dir;
    const auto folder = dir / "m";
    auto load = [&] { return ts::Model::loadFolder(folder); };

    SECTION("not a folder") {
        CHECK_THROWS_WITH(ts::Model::loadFolder(dir / "absent"), ContainsSubstring("not a folder"));
    }
    SECTION("missing config.json") {
        std::filesystem::create_directories(folder);
        CHECK_THROWS_WITH(load(),
                          ContainsSubstring("config.json") && ContainsSubstring("not found"));
    }
    SECTION("only pytorch_model.bin present") {
        std::filesystem::create_directories(folder);
        ts_test::writeBytes(folder / "config.json",
                            ts_test::readText(ts_test::dataDir() / kTiny / "config.json"));
        ts_test::writeBytes(folder / "pytorch_model.bin", "PK\x03\x04 pickled");
        CHECK_THROWS_WITH(load(), ContainsSubstring("pytorch_model.bin") &&
                                      ContainsSubstring("never") &&
                                      ContainsSubstring("arbitrary code") &&
                                      ContainsSubstring("safe_serialization=True") &&
                                      ContainsSubstring("model.safetensors"));
    }
    SECTION("a .pt file is refused too") {
        std::filesystem::create_directories(folder);
        ts_test::writeBytes(folder / "config.json",
                            ts_test::readText(ts_test::dataDir() / kTiny / "config.json"));
        ts_test::writeBytes(folder / "weights.pt", "x");
        CHECK_THROWS_WITH(load(),
                          ContainsSubstring("weights.pt") && ContainsSubstring("arbitrary code"));
    }
    SECTION("no weights at all") {
        std::filesystem::create_directories(folder);
        ts_test::writeBytes(folder / "config.json",
                            ts_test::readText(ts_test::dataDir() / kTiny / "config.json"));
        CHECK_THROWS_WITH(load(),
                          ContainsSubstring("model.safetensors") && ContainsSubstring("not found"));
    }
    SECTION("model_type gemma") {
        ts_test::writeModelFolder(folder, kTiny,
                                  [](auto&, json& cfg) { cfg["model_type"] = "gemma"; });
        CHECK_THROWS_WITH(load(), ContainsSubstring("unsupported model_type 'gemma'") &&
                                      ContainsSubstring("config.json") &&
                                      ContainsSubstring("supports gpt2"));
    }
    SECTION("missing tensor") {
        ts_test::writeModelFolder(folder, kTiny, [](std::vector<FixtureTensor>& ts, json&) {
            std::erase_if(ts, [](const FixtureTensor& t) {
                return t.name == "transformer.h.1.mlp.c_fc.weight";
            });
        });
        CHECK_THROWS_WITH(load(), ContainsSubstring("missing tensor") &&
                                      ContainsSubstring("transformer.h.1.mlp.c_fc.weight") &&
                                      ContainsSubstring("[48, 192]"));
    }
    SECTION("wrong shape") {
        ts_test::writeModelFolder(folder, kTiny, [](std::vector<FixtureTensor>& ts, json&) {
            auto* t = findTensor(ts, "transformer.h.2.attn.c_attn.weight");
            t->shape = {48, 100};
            t->values.resize(48 * 100);
        });
        CHECK_THROWS_WITH(load(), ContainsSubstring("transformer.h.2.attn.c_attn.weight") &&
                                      ContainsSubstring("expected [48, 144], found [48, 100]"));
    }
    SECTION("transposed (Linear instead of Conv1D) layout") {
        ts_test::writeModelFolder(folder, kTiny, [](std::vector<FixtureTensor>& ts, json&) {
            findTensor(ts, "transformer.h.0.mlp.c_fc.weight")->shape = {192, 48};
        });
        CHECK_THROWS_WITH(load(), ContainsSubstring("expected [48, 192], found [192, 48]"));
    }
    SECTION("vocabulary mismatch") {
        ts_test::writeModelFolder(folder, kTiny, [](auto&, json& cfg) { cfg["vocab_size"] = 600; });
        CHECK_THROWS_WITH(load(), ContainsSubstring("vocab_size 600") &&
                                      ContainsSubstring("512 rows") &&
                                      ContainsSubstring("transformer.wte.weight"));
    }
    SECTION("context length mismatch") {
        ts_test::writeModelFolder(folder, kTiny,
                                  [](auto&, json& cfg) { cfg["n_positions"] = 128; });
        CHECK_THROWS_WITH(load(),
                          ContainsSubstring("n_positions 128") && ContainsSubstring("64 rows"));
    }
    SECTION("heads not dividing the width") {
        ts_test::writeModelFolder(folder, kTiny, [](auto&, json& cfg) { cfg["n_head"] = 5; });
        CHECK_THROWS_WITH(load(), ContainsSubstring("config.json") &&
                                      ContainsSubstring("n_embd (48)") &&
                                      ContainsSubstring("n_head (5)"));
    }
    SECTION("unsupported dtype in a real checkpoint") {
        std::filesystem::create_directories(folder);
        ts_test::writeBytes(folder / "config.json",
                            ts_test::readText(ts_test::dataDir() / kTiny / "config.json"));
        ts_test::writeBytes(folder / "model.safetensors",
                            ts_test::buildSafetensors(
                                {{"transformer.wte.weight", "I64", {2}, std::string(16, '\0')}}));
        CHECK_THROWS_WITH(load(), ContainsSubstring("transformer.wte.weight") &&
                                      ContainsSubstring("unsupported dtype I64"));
    }
    SECTION("truncated weights file") {
        ts_test::writeModelFolder(folder, kTiny);
        auto bytes = ts_test::readText(folder / "model.safetensors");
        bytes.resize(bytes.size() - 100);
        ts_test::writeBytes(folder / "model.safetensors", bytes);
        CHECK_THROWS_WITH(load(), ContainsSubstring("past the end"));
    }
}

TEST_CASE("loader: F16 and BF16 checkpoints are converted exactly", "[loader]") {
    TempDir dir;
    for (const std::string dtype : {"F16", "BF16"}) {
        INFO(dtype);
        // The same weights rounded to the half type, once stored as F32 and once as `dtype`:
        // the conversion must reproduce the F32 model exactly.
        auto round = [&](std::vector<FixtureTensor>& ts, json&) {
            for (auto& t : ts)
                for (float& v : t.values)
                    v = dtype == "F16" ? ts::st::f16ToF32(ts::st::f32ToF16(v))
                                       : ts::st::bf16ToF32(ts::st::f32ToBf16(v));
        };
        ts_test::writeModelFolder(dir / (dtype + "-as-f32"), kTiny, round, "F32");
        ts_test::writeModelFolder(dir / dtype, kTiny, round, dtype);
        auto ref = ts::Model::loadFolder(dir / (dtype + "-as-f32"));
        auto half = ts::Model::loadFolder(dir / dtype);
        const auto a = lastLogits(ref, kIds);
        const auto b = lastLogits(half, kIds);
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) REQUIRE(a[i] == Approx(b[i]).margin(1e-5));
        // and stays close to the original full-precision model
        auto orig = ts::Model::loadFolder(ts_test::dataDir() / kTiny);
        const auto c = lastLogits(orig, kIds);
        double worst = 0;
        for (std::size_t i = 0; i < a.size(); ++i)
            worst = std::max(worst, double(std::abs(a[i] - c[i])));
        CHECK(worst < (dtype == "F16" ? 0.05 : 0.3));
    }
}

TEST_CASE("loader: names without the transformer. prefix and attention buffers", "[loader]") {
    TempDir dir;
    ts_test::writeModelFolder(dir / "m", kTiny, [](std::vector<FixtureTensor>& ts, json&) {
        for (auto& t : ts)
            if (t.name.rfind("transformer.", 0) == 0) t.name = t.name.substr(12);
        for (int l = 0; l < 3; ++l) {
            ts.push_back({"h." + std::to_string(l) + ".attn.bias",
                          {1, 1, 64, 64},
                          std::vector<float>(64 * 64, 1.0f)});
            ts.push_back({"h." + std::to_string(l) + ".attn.masked_bias", {}, {-1e4f}});
        }
    });
    auto m = ts::Model::loadFolder(dir / "m");
    CHECK(m->warnings().empty());
    auto orig = ts::Model::loadFolder(ts_test::dataDir() / kTiny);
    CHECK(lastLogits(m, kIds) == lastLogits(orig, kIds));
    CHECK(m->parameterCount() == orig->parameterCount());
}

TEST_CASE("loader: an untied lm_head.weight is used", "[loader]") {
    TempDir dir;
    ts_test::writeModelFolder(dir / "m", kTiny, [](std::vector<FixtureTensor>& ts, json& cfg) {
        FixtureTensor head = *findTensor(ts, "transformer.wte.weight");
        head.name = "lm_head.weight";
        for (float& v : head.values) v *= 2.0f;
        ts.push_back(head);
        cfg["tie_word_embeddings"] = false;
    });
    auto m = ts::Model::loadFolder(dir / "m");
    auto orig = ts::Model::loadFolder(ts_test::dataDir() / kTiny);
    const auto a = lastLogits(m, kIds);
    const auto b = lastLogits(orig, kIds);
    for (std::size_t i = 0; i < a.size(); ++i) REQUIRE(a[i] == Approx(2.0f * b[i]).margin(1e-4));
    CHECK(m->parameterCount() == orig->parameterCount() + 512u * 48u);

    SECTION("a wrongly shaped lm_head is refused") {
        ts_test::writeModelFolder(dir / "bad", kTiny, [](std::vector<FixtureTensor>& ts, json&) {
            ts.push_back({"lm_head.weight", {48, 512}, std::vector<float>(512 * 48)});
        });
        CHECK_THROWS_WITH(ts::Model::loadFolder(dir / "bad"),
                          ContainsSubstring("lm_head.weight") &&
                              ContainsSubstring("expected [512, 48], found [48, 512]"));
    }
}

TEST_CASE("loader: warnings for non-finite weights and unknown tensors", "[loader]") {
    TempDir dir;
    ts_test::writeModelFolder(dir / "m", kTiny, [](std::vector<FixtureTensor>& ts, json&) {
        auto* t = findTensor(ts, "transformer.h.0.mlp.c_proj.weight");
        t->values[5] = std::numeric_limits<float>::quiet_NaN();
        t->values[6] = std::numeric_limits<float>::quiet_NaN();
        t->values[7] = std::numeric_limits<float>::infinity();
        ts.push_back({"transformer.extra.thing", {2}, {1, 2}});
    });
    auto m = ts::Model::loadFolder(dir / "m");
    REQUIRE(m->warnings().size() == 2);
    std::string all = m->warnings()[0] + "\n" + m->warnings()[1];
    CHECK_THAT(all, ContainsSubstring("transformer.h.0.mlp.c_proj.weight") &&
                        ContainsSubstring("2 NaN") && ContainsSubstring("1 infinite") &&
                        ContainsSubstring("transformer.extra.thing"));
}

TEST_CASE("loader: progress is reported and cancel stops the load", "[loader]") {
    std::vector<double> fractions;
    auto m = ts::Model::loadFolder(ts_test::dataDir() / kTiny,
                                   [&](double f, const std::string&) { fractions.push_back(f); });
    REQUIRE(fractions.size() > 10);
    CHECK(fractions.front() == 0.0);
    CHECK(fractions.back() == 1.0);
    CHECK(std::is_sorted(fractions.begin(), fractions.end()));

    std::atomic<bool> cancel{false};
    int calls = 0;
    CHECK_THROWS_WITH(ts::Model::loadFolder(
                          ts_test::dataDir() / kTiny,
                          [&](double, const std::string&) {
                              if (++calls == 5) cancel = true;
                          },
                          &cancel),
                      ContainsSubstring("cancelled"));
}

TEST_CASE("loader: model accessors", "[loader]") {
    auto m = ts::Model::loadFolder(ts_test::dataDir() / kTiny);
    const auto& c = m->config();
    // wte + wpe + 3 layers + ln_f
    const std::size_t perLayer =
        2 * 48 + 48 * 144 + 144 + 48 * 48 + 48 + 2 * 48 + 48 * 192 + 192 + 192 * 48 + 48;
    CHECK(m->parameterCount() == 512u * 48u + 64u * 48u + 3 * perLayer + 2 * 48u);
    CHECK(m->weightBytes() == m->parameterCount() * 4);
    CHECK(m->tokenEmbedding(3).size() == 48u);
    CHECK(m->positionEmbedding(63).size() == 48u);
    CHECK_THROWS_WITH(m->tokenEmbedding(512),
                      ContainsSubstring("512") && ContainsSubstring("out of range"));
    CHECK_THROWS_AS(m->positionEmbedding(64), ts::Error);
    CHECK_THROWS_AS(m->logitsFromResidual(std::vector<float>(47)), ts::Error);
    CHECK(c.nVocab == 512);
}

TEST_CASE("loader: a declared layer count is checked against the tensors before allocating",
          "[loader]") {
    // n_layer = 10,000,000 in config.json cost 3.5 GB and 18 s before "missing tensor".
    TempDir dir;
    const auto folder = dir / "m";
    struct Case {
        const char* fixture;
        const char* field;
    };
    for (const Case& c : {Case{kTiny, "n_layer"}, Case{"llama-tiny", "num_hidden_layers"}}) {
        INFO(c.fixture);
        std::filesystem::remove_all(folder);
        ts_test::writeModelFolder(folder, c.fixture,
                                  [&](auto&, json& cfg) { cfg[c.field] = 10000000; });
        std::string error;
        const auto t0 = std::chrono::steady_clock::now();
        const auto grew = ts_test::peakResidentGrowth(
            [&] { error = ts_test::errorOf([&] { ts::Model::loadFolder(folder); }); });
        CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
        CHECK_THAT(error, ContainsSubstring("config.json (" + std::string(c.field) +
                                            ") declares 10000000 layers"));
        if (grew >= 0) CHECK(grew < (64 << 20));
    }
    // One layer more than the weights hold: the first tensor of the missing layer is named.
    std::filesystem::remove_all(folder);
    ts_test::writeModelFolder(
        folder, kTiny, [](auto&, json& cfg) { cfg["n_layer"] = cfg["n_layer"].get<int>() + 1; });
    CHECK_THROWS_WITH(ts::Model::loadFolder(folder),
                      ContainsSubstring("missing tensor") && ContainsSubstring(".ln_1.weight"));
}

TEST_CASE("loader: a safetensors header or index nested 200,000 levels deep is refused",
          "[loader]") {
    // nlohmann parses such JSON, but dump() in a message and copies recurse once per level.
    TempDir dir;
    const std::string deep = std::string(200000, '[') + std::string(200000, ']');
    const auto folder = dir / "m";
    ts_test::writeModelFolder(folder, kTiny);
    ts_test::writeBytes(folder / "model.safetensors",
                        ts_test::safetensorsBytes("{\"a\": {\"dtype\": \"F32\", \"shape\": " +
                                                      deep + ", \"data_offsets\": [0, 0]}}",
                                                  ""));
    CHECK_THROWS_WITH(ts::Model::loadFolder(folder),
                      ContainsSubstring("model.safetensors") && ContainsSubstring("nested"));
    std::filesystem::remove(folder / "model.safetensors");
    ts_test::writeBytes(folder / "model.safetensors.index.json", "{\"weight_map\": " + deep + "}");
    CHECK_THROWS_WITH(ts::Model::loadFolder(folder),
                      ContainsSubstring("index.json") && ContainsSubstring("nested"));
}
