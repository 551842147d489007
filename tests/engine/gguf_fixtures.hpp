#pragma once
// GGUF fixtures for the tests, made on first use in the build folder (never committed):
// tests/tools/gguf_from_hf converts the HF fixtures, make_random_gpt2 writes the widened
// model whose rows are multiples of 256 (so the K-quants are really used), and llama.cpp's
// own quantizer (tests/tools/llama_harness) makes every quantized type from the F32 file.
// Each file is written under a temporary name and renamed, so parallel tests can share them.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "test_paths.hpp"

namespace ts_test {

inline std::filesystem::path ggufFixtureDir() {
    const std::filesystem::path d = TOKENSCOPE_GGUF_FIXTURE_DIR;
    std::filesystem::create_directories(d);
    return d;
}

inline std::string quoted(const std::filesystem::path& p) { return "'" + p.string() + "'"; }

// Runs a command; returns its stdout, or throws with the command when it fails.
inline std::string run(const std::string& cmd) {
    std::string out;
    FILE* p = ::popen(
        (cmd + " 2>/tmp/tokenscope-gguf-test-stderr-" + std::to_string(::getpid())).c_str(), "r");
    if (!p) throw std::runtime_error("cannot run " + cmd);
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    const int rc = ::pclose(p);
    if (rc != 0) throw std::runtime_error("command failed (" + std::to_string(rc) + "): " + cmd);
    return out;
}

// Makes `name` in the fixture folder with `make(tmpPath)` unless it is already there.
template <class F>
std::filesystem::path fixture(const std::string& name, F&& make) {
    const auto path = ggufFixtureDir() / name;
    if (std::filesystem::exists(path)) return path;
    const auto tmp = ggufFixtureDir() / (name + ".tmp" + std::to_string(::getpid()));
    make(tmp);
    std::filesystem::rename(tmp, path);
    return path;
}

inline std::filesystem::path ggufFromHf(const std::filesystem::path& hf, const std::string& name,
                                        const std::string& extra = "") {
    return fixture(name, [&](const std::filesystem::path& tmp) {
        run(std::string(TOKENSCOPE_GGUF_FROM_HF) + " " + quoted(hf) + " " + quoted(tmp) + " " +
            extra);
    });
}

// The widened random GPT-2: width 256, 4 heads, MLP 1024, 2 layers, vocab 512, context 64,
// standard deviations x5 (peaked next-token distributions, far from uniform).
inline std::filesystem::path wideHfFolder() {
    return fixture("wide-hf", [](const std::filesystem::path& tmp) {
        run(std::string(TOKENSCOPE_MAKE_RANDOM_GPT2) + " " + quoted(tmp) +
            " --embd 256 --heads 4 --layers 2 --vocab 512 --ctx 64 --seed 7 --sd-scale 5");
    });
}

inline bool haveLlama() { return std::string(TOKENSCOPE_LLAMA_HARNESS).size() > 0; }

inline std::string harness() {
    return std::string(TOKENSCOPE_LLAMA_HARNESS) + " " + quoted(TOKENSCOPE_LLAMA_LIB_DIR);
}

// The widened model quantized by llama.cpp: type "q8_0", "q4_k_m", ...; pure = every
// matrix in that type (otherwise llama.cpp's mix for the type).
inline std::filesystem::path llamaQuantized(const std::string& type, bool pure) {
    const auto f32 = ggufFromHf(wideHfFolder(), "wide-f32.gguf");
    return fixture("wide-" + type + (pure ? "-pure" : "") + ".gguf",
                   [&](const std::filesystem::path& tmp) {
                       run(harness() + " quantize " + quoted(f32) + " " + quoted(tmp) + " " + type +
                           (pure ? " pure" : ""));
                   });
}

// llama.cpp's logits at the last position of `ids`.
inline std::vector<float> llamaLogits(const std::filesystem::path& model,
                                      const std::vector<int>& ids) {
    std::string list;
    for (std::size_t i = 0; i < ids.size(); ++i) list += (i ? "," : "") + std::to_string(ids[i]);
    const auto j =
        nlohmann::json::parse(run(harness() + " logits " + quoted(model) + " " + list + " 2"));
    return j["logits"].get<std::vector<float>>();
}

}  // namespace ts_test
