// Regressions found by fuzzing (tests/fuzz) and by the bad-input sweep
// (tests/fuzz/bad_inputs.py): each case failed once with a crash, an uncaught exception,
// undefined behaviour or a message that did not name the problem. The raw crashing inputs
// live in tests/data/fuzz-regressions/<target>/ and are also replayed by the
// fuzz-replay-<target> tests.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "catch.hpp"
#include "engine/engine_test_util.hpp"
#include "formats/safetensors.hpp"
#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/tokenizer.hpp"

using Catch::Matchers::ContainsSubstring;
namespace fs = std::filesystem;

namespace {

std::string minimalConfig(const std::string& extra = "") {
    return R"({"model_type": "gpt2", "vocab_size": 8, "n_positions": 4, "n_embd": 4,
               "n_head": 2, "n_layer": 1)" +
           extra + "}";
}

}  // namespace

TEST_CASE("fuzz: numbers too large for a double are a JSON error, not a crash",
          "[fuzz][regression]") {
    // fuzz_config crash-1a6595...: nlohmann throws out_of_range (406) for 1e400, which the
    // parser did not catch (only parse_error), so std::terminate ended the program.
    SECTION("config.json") {
        CHECK_THROWS_WITH(
            ts::Config::fromJsonText(minimalConfig(R"(, "x": 81e400)"), "dir/config.json"),
            ContainsSubstring("dir/config.json") && ContainsSubstring("not valid JSON"));
        const std::string crash =
            ts_test::readText(ts_test::dataDir() / "fuzz-regressions/config/number-overflow-1e400");
        CHECK_THROWS_AS(ts::Config::fromJsonText(crash, "config.json"), ts::Error);
    }
    SECTION("safetensors header") {
        ts_test::TempDir dir;
        const fs::path p = dir / "model.safetensors";
        ts_test::writeBytes(p, ts_test::safetensorsBytes(R"({"__metadata__": {"x": 1e400}})", ""));
        CHECK_THROWS_WITH(ts::st::File::open(p), ContainsSubstring("model.safetensors") &&
                                                     ContainsSubstring("not valid JSON"));
    }
}

TEST_CASE("fuzz: an out-of-range eos id in a list is refused", "[fuzz][regression]") {
    // get<int>() silently truncated 99999999999 to a negative id.
    CHECK_THROWS_WITH(ts::Config::fromJsonText(minimalConfig(R"(, "eos_token_id": [99999999999])"),
                                               "config.json"),
                      ContainsSubstring("eos_token_id") && ContainsSubstring("out of range"));
    CHECK(ts::Config::fromJsonText(minimalConfig(R"(, "eos_token_id": [7, 8])"), "c").eosTokenId ==
          7);
}

TEST_CASE("fuzz: converting an empty tensor touches no pointer", "[fuzz][regression]") {
    // UBSan: memcpy(nullptr, src, 0) for a tensor of shape [0, 4] read into an empty vector.
    std::vector<float> none;
    for (auto d : {ts::st::DType::F32, ts::st::DType::F16, ts::st::DType::BF16})
        ts::st::toFloat32(d, nullptr, none.data(), 0);
    ts_test::TempDir dir;
    const fs::path p = dir / "model.safetensors";
    ts_test::writeBytes(p, ts_test::buildSafetensors({{"e", "F32", {0, 4}, ""}}));
    const auto f = ts::st::File::open(p);
    REQUIRE(f.tensors().size() == 1);
    CHECK(f.tensors()[0].numel == 0);
    ts::st::toFloat32(f.tensors()[0].dtype, f.tensors()[0].data, none.data(), 0);
}

// Bad inputs of issue 6 that the loader and tokenizer tests did not cover yet
// (tests/fuzz/bad_inputs.py runs the same through the CLI).

TEST_CASE("bad input: a sharded checkpoint with an empty index is refused naming it",
          "[fuzz][bad-input]") {
    ts_test::TempDir dir;
    ts_test::writeModelFolder(dir.path(), "gpt2-tiny-vocab512");
    fs::remove(dir / "model.safetensors");
    ts_test::writeBytes(dir / "model.safetensors.index.json", R"({"weight_map": {}})");
    CHECK_THROWS_WITH(ts::Model::loadFolder(dir.path()),
                      ContainsSubstring("model.safetensors.index.json") &&
                          ContainsSubstring("weight_map is empty"));
}

TEST_CASE("bad input: unaligned F32 data loads and matches the aligned file", "[fuzz][bad-input]") {
    // safetensors does not promise alignment; an odd header length leaves every F32 tensor
    // at an odd address, which must be copied, not reinterpreted.
    ts_test::TempDir dir;
    ts_test::writeModelFolder(dir.path(), "gpt2-tiny-vocab512");
    const auto aligned = ts::Model::loadFolder(dir.path());
    const std::string bytes = ts_test::readText(dir / "model.safetensors");
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(bytes[i]);
    const std::string header = bytes.substr(8, n) + " ";  // one more byte: odd offsets
    // A second folder: rewriting the first file would change the mapped weights under
    // the loaded model.
    ts_test::TempDir oddDir;
    fs::copy_file(dir / "config.json", oddDir / "config.json");
    ts_test::writeBytes(oddDir / "model.safetensors",
                        ts_test::safetensorsBytes(header, bytes.substr(8 + n)));
    const auto odd = ts::Model::loadFolder(oddDir.path());
    const auto a = aligned->tokenEmbedding(5), b = odd->tokenEmbedding(5);
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i] == b[i]);
}

TEST_CASE("bad input: a tokenizer larger than the model's vocabulary is refused",
          "[fuzz][bad-input]") {
    ts_test::TempDir dir;
    ts_test::writeModelFolder(dir.path(), "gpt2-tiny-vocab512");
    ts_test::writeBytes(dir / "tokenizer.json",
                        R"({"model": {"type": "BPE", "vocab": {"a": 0, "b": 600}, "merges": []}})");
    CHECK_THROWS_WITH(ts::loadModelFolder(dir.path()),
                      ContainsSubstring(dir.path().string()) && ContainsSubstring("vocab_size"));
}

TEST_CASE("bad input: NaN and Inf weights warn, and the model still runs", "[fuzz][bad-input]") {
    ts_test::TempDir dir;
    ts_test::writeModelFolder(dir.path(), "gpt2-tiny-vocab512",
                              [](std::vector<ts_test::FixtureTensor>& ts, nlohmann::json&) {
                                  for (auto& t : ts)
                                      if (t.name == "transformer.ln_f.weight") {
                                          t.values[0] = std::numeric_limits<float>::quiet_NaN();
                                          t.values[1] = std::numeric_limits<float>::infinity();
                                      }
                              });
    const auto loaded = ts::loadModelFolder(dir.path());
    bool named = false;
    for (const auto& w : loaded.warnings)
        named = named || (w.find("transformer.ln_f.weight") != std::string::npos &&
                          w.find("NaN") != std::string::npos);
    CHECK(named);
    ts::Session session(loaded.model);
    const int prompt[] = {1, 2, 3};
    const auto tr = session.prefill(prompt);
    CHECK(tr.logits.size() == 512);
    (void)session.step(4);
    // NaN logits must neither crash sampling nor give an id outside the vocabulary.
    std::vector<float> logits(512, std::numeric_limits<float>::quiet_NaN());
    for (float t : {0.0f, 0.7f, 1.0f}) {
        ts::SamplingParams p;
        p.temperature = t;
        p.topK = 5;
        p.topP = 0.9f;
        ts::Rng rng(1);
        try {
            const int id = ts::sample(logits, p, rng);
            CHECK(id >= 0);
            CHECK(id < 512);
        } catch (const ts::Error&) {
            // refusing NaN logits with a message is fine too
        }
    }
}
