// Every option that names a file to read refuses what is not a regular file (a folder read
// as "0 tokens", a pipe that blocks, /dev/zero that never ends) with a message naming the
// option and the path, exit 1 and nothing on stdout; and probe runs stream (issue #40,
// points 11 and 12).
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using Catch::Matchers::ContainsSubstring;
using ts_test::runCli;
namespace fs = std::filesystem;

namespace {

using ts_test::kTiny;

struct ScratchDir {
    fs::path path = fs::temp_directory_path() / ("tokenscope-hostile-" + std::to_string(getpid()));
    ScratchDir() {
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

void expectRefused(std::vector<std::string> args, const std::string& option,
                   const std::string& path, const std::string& why) {
    INFO(args[0] << " " << option << " " << path);
    args.push_back(option);
    args.push_back(path);
    const auto r = runCli(args);
    INFO("stderr: " << r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, ContainsSubstring(option));
    CHECK_THAT(r.err, ContainsSubstring(path));
    CHECK_THAT(r.err, ContainsSubstring(why));
}

}  // namespace

TEST_CASE("file options refuse folders, pipes, devices and missing files by name",
          "[cli][bad-input][hostile]") {
    ScratchDir dir;
    const std::string folder = dir.path.string();
    const std::string fifo = (dir.path / "pipe").string();
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    const std::string missing = (dir.path / "missing.txt").string();
    // Each command's file options, with whatever else it needs to get as far as reading.
    const std::vector<std::pair<std::vector<std::string>, std::string>> uses = {
        {{"tokenize"}, "--text-file"},
        {{"score"}, "--text-file"},
        {{"trace", "--model", kTiny}, "--text-file"},
        {{"generate", "--model", kTiny, "--steps", "1"}, "--prompt-file"},
        {{"compare", "--model", kTiny, "--temperatures", "1", "--steps", "1"}, "--prompt-file"},
        {{"precision", "--model", kTiny, "--with", kTiny}, "--prompt-file"},
        {{"probe"}, "--probes"},
        {{"litm", "--model", kTiny}, "--spec"},
        {{"tokenize", "--text", "x"}, "--tokenizer"},
    };
    for (const auto& [args, option] : uses) {
        if (option != "--tokenizer") expectRefused(args, option, folder, "is a folder");
        expectRefused(args, option, fifo, "is a pipe");
        expectRefused(args, option, "/dev/zero", "is a device");
        expectRefused(args, option, missing, "no such file");
    }
}

TEST_CASE("a text file larger than any text is refused with its size",
          "[cli][bad-input][hostile]") {
    ScratchDir dir;
    const auto big = dir.path / "big.txt";
    {
        std::ofstream out(big, std::ios::binary);
        const std::string block(1 << 20, 'a');
        for (int i = 0; i < 65; ++i) out << block;
    }
    expectRefused({"tokenize"}, "--text-file", big.string(), "64 MiB");
}

TEST_CASE("probe prints one JSON object, written a probe at a time", "[cli][hostile]") {
    ScratchDir dir;
    const auto probes = dir.path / "probes.json";
    std::ofstream(probes) << R"({"probes": [
        {"prompt": "The cat sat on the", "truth": " mat", "false": [" dog"], "group": "a"},
        {"prompt": "Once upon a", "truth": " time", "group": "b"},
        {"prompt": "The sun is", "truth": " hot", "false": [" cold", " blue"], "group": "a"}]})";
    const auto r = runCli({"probe", "--probes", probes.string(), "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const auto j = r.json();
    REQUIRE(j["probes"].size() == 3);
    CHECK(j["probes"][2]["false"].size() == 2);
    CHECK(j["probes"][2]["logp_false"].size() == 2);
    CHECK(j["groups"]["a"]["probes"] == 2);
    CHECK(j["groups"]["b"]["probes"] == 1);
    const auto text = runCli({"probe", "--probes", probes.string()});
    REQUIRE(text.exitCode == 0);
    CHECK(std::count(text.out.begin(), text.out.end(), '\n') == 3);
    // A probe the run cannot score is refused before anything is printed.
    std::ofstream(probes) << R"([{"prompt": "A", "truth": " B"}, {"prompt": "C", "truth": ""}])";
    const auto bad = runCli({"probe", "--probes", probes.string(), "--json"});
    CHECK(bad.exitCode == 1);
    CHECK(bad.out.empty());
    CHECK_THAT(bad.err, ContainsSubstring("probe 1"));
}
