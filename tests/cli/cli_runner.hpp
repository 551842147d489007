#pragma once
// Runs the real tokenscope-cli binary and captures what it printed, so the tests check the
// same contract users and conformance.py rely on.
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "test_paths.hpp"

namespace ts_test {

struct CliResult {
    int exitCode = -1;
    std::string out;
    std::string err;
    nlohmann::json json() const { return nlohmann::json::parse(out); }
};

// `fileSizeLimit` > 0 runs the CLI under RLIMIT_FSIZE (as `ulimit -f` does): a write past
// that many bytes fails as it does on a full disk. Its own stdout/stderr files obey it too.
CliResult runCli(const std::vector<std::string>& args, std::uint64_t fileSizeLimit = 0);
// Any program, the same way (the numpy references in tests/reference run as /usr/bin/python3).
CliResult runProgram(const std::string& program, const std::vector<std::string>& args,
                     std::uint64_t fileSizeLimit = 0);

// A model folder in a temp dir made of the fullvocab fixture's weights and the real GPT-2
// vocabulary (empty path when the vocabulary was not configured).
std::string fullVocabModelDir();

// The tiny GPT-2 fixture with a 512-token vocabulary, most CLI tests' model.
inline const std::string kTiny = (dataDir() / "gpt2-tiny-vocab512").string();

// A JSON file parsed (throws on bad JSON, as a test wants).
nlohmann::json readJson(const std::filesystem::path& p);

}  // namespace ts_test
