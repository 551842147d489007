#pragma once
// Runs the real tokenscope-cli binary and captures what it printed, so the tests check the
// same contract users and conformance.py rely on.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ts_test {

struct CliResult {
    int exitCode = -1;
    std::string out;
    std::string err;
    nlohmann::json json() const { return nlohmann::json::parse(out); }
};

CliResult runCli(const std::vector<std::string>& args);

// A model folder in a temp dir made of the fullvocab fixture's weights and the real GPT-2
// vocabulary (empty path when the vocabulary was not configured).
std::string fullVocabModelDir();

}  // namespace ts_test
