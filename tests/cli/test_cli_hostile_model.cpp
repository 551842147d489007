// Hostile model folders (issue #40, the model-file side): small files built to crash the
// CLI or make it allocate gigabytes. Each run must end with exit 0 or a message and exit 1,
// quickly, never with a signal.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using Catch::Matchers::ContainsSubstring;
using ts_test::runCli;
namespace fs = std::filesystem;

namespace {

// A copy of the bundled model (weights, vocab.json, merges.txt, tokenizer_config.json).
fs::path bundledCopy(const std::string& name) {
    const fs::path d =
        fs::temp_directory_path() / ("tokenscope-hostile-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    for (const char* f :
         {"config.json", "model.safetensors", "vocab.json", "merges.txt", "tokenizer_config.json"})
        fs::copy_file(ts_test::bundledModel() / f, d / f);
    return d;
}

using ts_test::readJson;

void writeJson(const fs::path& p, const nlohmann::json& j) { std::ofstream(p) << j.dump(); }

// Exit 0 or 1, never a signal (128 + n).
void expectNoCrash(const ts_test::CliResult& r) {
    INFO("exit " << r.exitCode << ", stderr: " << r.err.substr(0, 2000));
    CHECK((r.exitCode == 0 || r.exitCode == 1));
}

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("a 60 KB chat_template does not crash generate --user", "[cli][hostile]") {
    // std::regex recursed once per character of the template and overflowed the stack
    // (SIGSEGV, exit 139) before the first token.
    const fs::path dir = bundledCopy("template");
    nlohmann::json cfg = readJson(dir / "tokenizer_config.json");
    cfg["chat_template"] = "<|im_start|>system\n" + std::string(60000, 'A') + "<|im_end|>";
    writeJson(dir / "tokenizer_config.json", cfg);
    const auto r = runCli({"generate", "--model", dir.string(), "--user", "hi", "--steps", "1"});
    expectNoCrash(r);
    // The template's literal system turn is the default system message: 60,000 characters
    // do not fit the bundled model's 512-token context, which is what the message says.
    if (r.exitCode == 1) CHECK_THAT(r.err, ContainsSubstring("context"));
    fs::remove_all(dir);
}

TEST_CASE("a config.json declaring 10,000,000 layers is refused before loading", "[cli][hostile]") {
    const fs::path dir = bundledCopy("layers");
    nlohmann::json cfg = readJson(dir / "config.json");
    cfg["n_layer"] = 10000000;
    writeJson(dir / "config.json", cfg);
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = runCli({"generate", "--model", dir.string(), "--prompt", "hi", "--steps", "1"});
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, ContainsSubstring("10000000 layers") && ContainsSubstring("config.json"));
    CHECK(secondsSince(t0) < 10.0);  // 18 s and 3.5 GB before the check came first
    fs::remove_all(dir);
}

TEST_CASE("a vocab.json with one id of 16,777,215 is refused, naming the token", "[cli][hostile]") {
    const fs::path dir = bundledCopy("sparse");
    nlohmann::json vocab = readJson(dir / "vocab.json");
    vocab["zzz-far-away"] = 16777215;
    writeJson(dir / "vocab.json", vocab);
    const auto r = runCli({"tokenize", "--tokenizer", dir.string(), "--text", "hi"});
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, ContainsSubstring("zzz-far-away") && ContainsSubstring("16777215"));
    fs::remove_all(dir);
}

TEST_CASE("tokenizer_config.json nested 200,000 levels deep is refused, not a crash",
          "[cli][hostile]") {
    const fs::path dir = bundledCopy("deep");
    std::ofstream(dir / "tokenizer_config.json")
        << "{\"chat_template\": " << std::string(200000, '[') << std::string(200000, ']') << "}";
    const auto r = runCli({"tokenize", "--tokenizer", dir.string(), "--text", "hi"});
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err, ContainsSubstring("tokenizer_config.json") && ContainsSubstring("nested"));
    fs::remove_all(dir);
}

TEST_CASE("tokenizer_config.json fields of the wrong type are named with the file",
          "[cli][hostile]") {
    const fs::path dir = bundledCopy("types");
    nlohmann::json cfg = readJson(dir / "tokenizer_config.json");
    cfg["add_bos_token"] = "yes";
    writeJson(dir / "tokenizer_config.json", cfg);
    const auto r = runCli({"tokenize", "--tokenizer", dir.string(), "--text", "hi"});
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK_THAT(r.err,
               ContainsSubstring("tokenizer_config.json") && ContainsSubstring("add_bos_token"));
    fs::remove_all(dir);
}
