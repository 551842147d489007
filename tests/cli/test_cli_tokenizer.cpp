// tokenize with a tokenizer alone (--tokenizer FILE_OR_FOLDER, no weights), the start-token
// rule it shows and adds only with --bos, special tokens by default for tokenizer.json, and
// generate's chat mode refusing a model without a recognised chat template.
#include <filesystem>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using ts_test::runCli;
namespace fs = std::filesystem;

TEST_CASE("tokenize --tokenizer reads a tokenizer.json or a folder, no weights", "[cli]") {
    const std::string file = (ts_test::dataDir() / "tokenizer" / "tokenizer.json").string();
    auto r = runCli({"tokenize", "--tokenizer", file, "--text", "lower", "--json"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.json()["ids"] == nlohmann::json::array({261}));
    CHECK(r.json()["start_token"]["rule"] == "none");
    CHECK(r.json()["start_token"]["added"] == false);

    // A folder with vocab.json + merges.txt and no model.safetensors.
    r = runCli({"tokenize", "--tokenizer", (ts_test::dataDir() / "tokenizer").string(), "--text",
                "lower", "--json"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.json()["ids"] == nlohmann::json::array({261}));

    r = runCli({"tokenize", "--tokenizer", "/nonexistent/tok", "--text", "x"});
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("/nonexistent/tok") != std::string::npos);
    r = runCli({"tokenize", "--tokenizer", file, "--model", "x", "--text", "x"});
    CHECK(r.exitCode == 2);
    r = runCli({"tokenize", "--tokenizer", file, "--special", "--no-special", "--text", "x"});
    CHECK(r.exitCode == 2);
}

TEST_CASE("tokenize on the real tokenizers: special tokens, --no-special, --bos", "[cli][real]") {
    const fs::path dir = ts_test::tokenizersDir();
    if (dir.empty() || !fs::exists(dir / "qwen3")) FAIL("the real tokenizers are not set up");
    auto r = runCli({"tokenize", "--tokenizer", (dir / "qwen3").string(), "--text",
                     "<|im_start|>hi", "--json"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.json()["ids"] == nlohmann::json::array({151644, 6023}));
    r = runCli({"tokenize", "--tokenizer", (dir / "qwen3" / "tokenizer.json").string(), "--text",
                "<|im_start|>hi", "--no-special", "--json"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.json()["ids"][0] != 151644);

    r = runCli({"tokenize", "--tokenizer", (dir / "llama2").string(), "--text", "Hello", "--json"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.json()["start_token"]["rule"] == "add");
    CHECK(r.json()["start_token"]["added"] == false);
    CHECK(r.json()["ids"][0] != 1);
    r = runCli({"tokenize", "--tokenizer", (dir / "llama2").string(), "--text", "Hello", "--bos",
                "--json"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.json()["start_token"]["added"] == true);
    CHECK(r.json()["ids"][0] == 1);
    CHECK(r.json()["tokens"][0]["start"] == 0);
    CHECK(r.json()["tokens"][0]["end"] == 0);
}

TEST_CASE("generate --user needs a recognised chat template", "[cli]") {
    // The bundled model has no chat_template: the error says so and asks for a raw prompt.
    auto r = runCli({"generate", "--user", "Hi", "--steps", "1"});
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("chat_template") != std::string::npos);
    CHECK(r.err.find("raw prompt") != std::string::npos);
    r = runCli({"generate", "--user", "Hi", "--prompt", "x", "--steps", "1"});
    CHECK(r.exitCode == 2);
    r = runCli({"generate", "--system", "S", "--steps", "1"});
    CHECK(r.exitCode == 2);
}
