// Bad input gets a message that names the problem and the file or option, and an exit code
// in 1..125 (1 = bad data, 2 = bad usage) — never a crash or a silent answer.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using ts_test::runCli;
namespace fs = std::filesystem;

namespace {
using ts_test::kTiny;

fs::path tempDir(const std::string& name) {
    const fs::path d =
        fs::temp_directory_path() / ("tokenscope-bad-" + name + "-" + std::to_string(getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

void expectFailure(const std::vector<std::string>& args, int code, const std::string& mention) {
    const auto r = runCli(args);
    INFO("stderr: " << r.err);
    CHECK(r.exitCode == code);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Matchers::ContainsSubstring(mention, Catch::CaseSensitive::No));
}
}  // namespace

TEST_CASE("usage errors name the option and exit 2", "[cli][bad-input]") {
    expectFailure({"frobnicate"}, 2, "unknown command");
    expectFailure({"trace", "--model", kTiny, "--ids", "1,2", "--bogus"}, 2, "--bogus");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--steps", "1O"}, 2, "--steps");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--steps", "-3"}, 2, "--steps");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--temperature", "-1"}, 2,
                  "--temperature");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--temperature", "nan"}, 2,
                  "--temperature");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--top-p", "1.5"}, 2, "--top-p");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--top-p", "0"}, 2, "--top-p");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--top-k", "-2"}, 2, "--top-k");
    expectFailure({"generate", "--model", kTiny, "--ids", "1", "--seed", "x"}, 2, "--seed");
    expectFailure({"trace", "--model", kTiny, "--ids", "1,,2"}, 2, "--ids");
    expectFailure({"trace", "--model", kTiny, "--ids", "1,a"}, 2, "--ids");
    expectFailure({"trace", "--model", kTiny}, 2, "--ids");
    expectFailure({"trace", "--model", kTiny, "--ids"}, 2, "needs a value");
    expectFailure({"bench", "--model", kTiny, "--threads", "0"}, 2, "--threads");
}

TEST_CASE("bad token ids and prompts are refused with the reason", "[cli][bad-input]") {
    expectFailure({"trace", "--model", kTiny, "--ids", "1,512"}, 1, "outside the vocabulary");
    expectFailure({"trace", "--model", kTiny, "--ids", "99999999999"}, 2, "token id");
    // n_positions of the fixture is 64
    std::string longIds = "1";
    for (int i = 0; i < 64; ++i) longIds += ",2";
    expectFailure({"trace", "--model", kTiny, "--ids", longIds}, 1, "context length");
    expectFailure({"generate", "--model", kTiny, "--ids", "1,2", "--steps", "63"}, 1,
                  "context length");
    expectFailure({"trace", "--model", kTiny, "--text", "hello"}, 1, "no tokenizer");
}

TEST_CASE("bad model folders are refused naming the folder or file", "[cli][bad-input]") {
    expectFailure({"trace", "--model", "/nonexistent/model", "--ids", "1"}, 1,
                  "/nonexistent/model");

    const fs::path pickled = tempDir("pickled");
    fs::copy_file(fs::path(kTiny) / "config.json", pickled / "config.json");
    std::ofstream(pickled / "pytorch_model.bin") << "not really a pickle";
    expectFailure({"trace", "--model", pickled.string(), "--ids", "1"}, 1, "pytorch_model.bin");

    const fs::path truncated = tempDir("truncated");
    fs::copy_file(fs::path(kTiny) / "config.json", truncated / "config.json");
    {
        std::ifstream in(fs::path(kTiny) / "model.safetensors", std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), {});
        std::ofstream(truncated / "model.safetensors", std::ios::binary)
            .write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
    }
    expectFailure({"trace", "--model", truncated.string(), "--ids", "1"}, 1, "model.safetensors");

    const fs::path noConfig = tempDir("noconfig");
    fs::copy_file(fs::path(kTiny) / "model.safetensors", noConfig / "model.safetensors");
    expectFailure({"trace", "--model", noConfig.string(), "--ids", "1"}, 1, "config.json");

    const fs::path badConfig = tempDir("badconfig");
    fs::copy_file(fs::path(kTiny) / "model.safetensors", badConfig / "model.safetensors");
    std::ofstream(badConfig / "config.json") << "{\"model_type\": \"gpt2\", \"n_embd\": ";
    expectFailure({"trace", "--model", badConfig.string(), "--ids", "1"}, 1, "config.json");
    fs::remove_all(pickled);
    fs::remove_all(truncated);
    fs::remove_all(noConfig);
    fs::remove_all(badConfig);
}

TEST_CASE("invalid UTF-8 and empty input are refused", "[cli][bad-input]") {
    const std::string model = ts_test::fullVocabModelDir();
    if (model.empty()) FAIL("configure TOKENSCOPE_GPT2_VOCAB_DIR (packaging/dev.sh does it)");
    const fs::path dir = tempDir("utf8");
    std::ofstream(dir / "bad.txt", std::ios::binary) << "abc\xC3\x28 def";
    expectFailure({"tokenize", "--model", model, "--text-file", (dir / "bad.txt").string()}, 1,
                  "bad.txt");
    expectFailure({"generate", "--model", model, "--prompt", "", "--steps", "2"}, 1, "empty");
    expectFailure({"score", "--model", model, "--text", ""}, 1, "empty");
    expectFailure({"tokenize", "--model", model, "--text-file", (dir / "missing.txt").string()}, 1,
                  "missing.txt");
    fs::remove_all(dir);
}
