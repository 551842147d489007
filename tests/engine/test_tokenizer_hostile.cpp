// Hostile tokenizer files (issue #40): ids far beyond the entries, fields of the wrong type
// in tokenizer.json and tokenizer_config.json, and JSON nested deep enough to overflow the
// stack. Each is refused with a ts::Error naming the file and the key, at little memory.
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "memory_peak.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

using Catch::Matchers::ContainsSubstring;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path kFixture = ts_test::dataDir() / "tokenizer";

json fixtureJson(const char* name) { return json::parse(ts_test::readText(kFixture / name)); }

// A folder with the fixture's tokenizer.json after `edit`, and tokenizer_config.json when given.
fs::path tokenizerFolder(const ts_test::TempDir& dir, const std::function<void(json&)>& edit,
                         const std::string& tokenizerConfig = "") {
    json t = fixtureJson("tokenizer.json");
    if (edit) edit(t);
    ts_test::writeBytes(dir / "tokenizer.json", t.dump());
    if (!tokenizerConfig.empty())
        ts_test::writeBytes(dir / "tokenizer_config.json", tokenizerConfig);
    return dir.path();
}

std::string loadError(const fs::path& folder) {
    return ts_test::errorOf([&] { ts::Tokenizer::fromFolder(folder); });
}

}  // namespace

TEST_CASE("tokenizer: an id far beyond the entries is refused without a table that large",
          "[tokenizer][hostile]") {
    // One id of 16,777,215 in a 20 KB file once sized every id table by it: 555 MB.
    ts_test::TempDir dir;
    const auto folder =
        tokenizerFolder(dir, [](json& t) { t["model"]["vocab"]["far-away"] = 16777215; });
    std::string error;
    const auto grew = ts_test::peakResidentGrowth([&] { error = loadError(folder); });
    CHECK_THAT(error, ContainsSubstring("tokenizer.json") && ContainsSubstring("\"far-away\"") &&
                          ContainsSubstring("16777215") && ContainsSubstring("entries"));
    if (grew >= 0) CHECK(grew < (32 << 20));

    // The same through an added token and through vocab.json.
    ts_test::TempDir added;
    const auto addedFolder = tokenizerFolder(added, [](json& t) {
        t["added_tokens"].push_back({{"id", 9000000}, {"content", "<|far|>"}, {"special", true}});
    });
    CHECK_THAT(loadError(addedFolder),
               ContainsSubstring("added token \"<|far|>\"") && ContainsSubstring("9000000"));
    ts_test::TempDir vj;
    json vocab = fixtureJson("vocab.json");
    vocab["far"] = 5000000;
    ts_test::writeBytes(vj / "vocab.json", vocab.dump());
    fs::copy_file(kFixture / "merges.txt", vj / "merges.txt");
    CHECK_THAT(loadError(vj.path()),
               ContainsSubstring("vocab.json") && ContainsSubstring("5000000"));

    // Real vocabularies have a few holes (the fixture: 270 entries, ids up to 301).
    CHECK(ts::Tokenizer::fromFolder(kFixture)->vocabSize() == 302);
}

TEST_CASE("tokenizer_config.json fields of the wrong type are refused by file and key",
          "[tokenizer][hostile]") {
    struct Case {
        const char* config;
        const char* key;
    };
    for (const Case& c :
         {Case{R"({"add_bos_token": "yes"})", "add_bos_token"},
          Case{R"({"bos_token": 5})", "bos_token"}, Case{R"({"eos_token": [1]})", "eos_token"},
          Case{R"({"chat_template": 5})", "chat_template"},
          Case{R"({"chat_template": [5]})", "chat_template[0]"},
          Case{R"({"chat_template": [{"name": 1, "template": "x"}]})", "name"},
          Case{R"({"chat_template": [{"template": false}]})", "template"}}) {
        INFO(c.config);
        ts_test::TempDir dir;
        CHECK_THAT(loadError(tokenizerFolder(dir, {}, c.config)),
                   ContainsSubstring("tokenizer_config.json") && ContainsSubstring(c.key));
    }
    // Null is "not given", as in Qwen's "bos_token": null.
    ts_test::TempDir nulls;
    const auto ok = ts::Tokenizer::fromFolder(tokenizerFolder(
        nulls, {}, R"({"bos_token": null, "add_bos_token": null, "chat_template": null})"));
    CHECK(ok->chatTemplate().empty());
    // generation_config.json's end tokens must be ids.
    ts_test::TempDir gen;
    tokenizerFolder(gen, {});
    ts_test::writeBytes(gen / "generation_config.json", R"({"eos_token_id": "two"})");
    CHECK_THAT(loadError(gen.path()),
               ContainsSubstring("generation_config.json") && ContainsSubstring("eos_token_id"));
}

TEST_CASE("tokenizer.json options of the wrong type name the file and the key",
          "[tokenizer][hostile]") {
    // nlohmann's value() threw a bare type_error ("type must be boolean") naming neither.
    ts_test::TempDir dir;
    const auto folder = tokenizerFolder(dir, [](json& t) { t["pre_tokenizer"]["use_regex"] = 1; });
    CHECK_THAT(loadError(folder),
               ContainsSubstring("tokenizer.json") && ContainsSubstring("use_regex"));
}

TEST_CASE("tokenizer files nested 200,000 levels deep are refused, not a stack overflow",
          "[tokenizer][hostile]") {
    const std::string deep = std::string(200000, '[') + std::string(200000, ']');
    ts_test::TempDir a;
    tokenizerFolder(a, {});
    ts_test::writeBytes(a / "tokenizer.json",
                        ts_test::readText(a / "tokenizer.json").insert(1, "\"x\": " + deep + ","));
    CHECK_THAT(loadError(a.path()),
               ContainsSubstring("tokenizer.json") && ContainsSubstring("nested"));
    ts_test::TempDir b;
    CHECK_THAT(loadError(tokenizerFolder(b, {}, "{\"chat_template\": " + deep + "}")),
               ContainsSubstring("tokenizer_config.json") && ContainsSubstring("nested"));
}
