#pragma once
// Starts tests/tools/hub_server.py (a loopback stand-in for the Hugging Face hub) for one
// test and stops it afterwards, and builds the small repositories it serves from the tiny
// fixtures. Every wait is bounded; the server also stops itself after its lifetime.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "temp_dir.hpp"
#include "test_paths.hpp"

extern char** environ;

namespace ts_test {

inline void writeFile(const std::filesystem::path& p, const std::string& bytes) {
    std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << bytes;
}

inline std::string readFile(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// A GPT-2 repository as the hub has them: the vocab512 fixture's config and weights, plus
// files the downloader must leave alone (pickled weights, ONNX, a README).
inline std::filesystem::path makeGpt2Repo(const std::filesystem::path& dir) {
    const auto fixture = dataDir() / "gpt2-tiny-vocab512";
    std::filesystem::create_directories(dir / "onnx");
    std::filesystem::copy_file(fixture / "config.json", dir / "config.json");
    std::filesystem::copy_file(fixture / "model.safetensors", dir / "model.safetensors");
    writeFile(dir / "pytorch_model.bin", std::string(4096, 'P'));
    writeFile(dir / "onnx" / "model.onnx", std::string(2048, 'O'));
    writeFile(dir / "README.md", "# tiny gpt2\n");
    return dir;
}

// A minimal GGUF file: header and the two keys the cache listing reads.
inline std::string tinyGguf(const std::string& arch, std::uint32_t fileType, std::size_t padding) {
    std::string s = "GGUF";
    auto u32 = [&](std::uint32_t v) { s.append(reinterpret_cast<const char*>(&v), 4); };
    auto u64 = [&](std::uint64_t v) { s.append(reinterpret_cast<const char*>(&v), 8); };
    auto str = [&](const std::string& t) {
        u64(t.size());
        s += t;
    };
    u32(3);
    u64(0);
    u64(2);
    str("general.architecture");
    u32(8);
    str(arch);
    str("general.file_type");
    u32(4);
    u32(fileType);
    s.append(padding, '\0');
    return s;
}

inline std::filesystem::path makeGgufRepo(const std::filesystem::path& dir) {
    writeFile(dir / "tiny-Q4_K_M.gguf", tinyGguf("llama", 15, 3000));
    writeFile(dir / "tiny-Q8_0.gguf", tinyGguf("llama", 7, 5000));
    writeFile(dir / "README.md", "# tiny gguf\n");
    return dir;
}

// HF_ENDPOINT and HF_HUB_CACHE pointing at a test's server and cache, for the code under test
// and its child processes (the CLI), with HF_TOKEN unset; restored at the end of the test.
struct HubEnv {
    HubEnv(const std::string& endpoint, const std::filesystem::path& cache) {
        setenv("HF_ENDPOINT", endpoint.c_str(), 1);
        setenv("HF_HUB_CACHE", cache.c_str(), 1);
        unsetenv("HF_TOKEN");
    }
    ~HubEnv() {
        unsetenv("HF_ENDPOINT");
        unsetenv("HF_HUB_CACHE");
        unsetenv("HF_TOKEN");
    }
    HubEnv(const HubEnv&) = delete;
    HubEnv& operator=(const HubEnv&) = delete;
};

class HubServer {
  public:
    // `args` are hub_server.py options (--repo ID=DIR, --gated ID, --cut-after N, ...).
    HubServer(const std::filesystem::path& workDir, std::vector<std::string> args) {
        m_info = workDir / "hub-info.json";
        m_log = workDir / "hub-log.jsonl";
        std::vector<std::string> argv = {
            "python3",     (sourceDir() / "tests/tools/hub_server.py").string(),
            "--info-file", m_info.string(),
            "--log",       m_log.string(),
            "--lifetime",  "90"};
        argv.insert(argv.end(), args.begin(), args.end());
        std::vector<char*> cargv;
        for (auto& a : argv) cargv.push_back(a.data());
        cargv.push_back(nullptr);
        if (posix_spawnp(&m_pid, "python3", nullptr, nullptr, cargv.data(), environ) != 0)
            throw std::runtime_error("cannot start python3 for hub_server.py");
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!std::filesystem::exists(m_info)) {
            int status = 0;
            if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
                m_pid = 0;
                throw std::runtime_error("hub_server.py exited before it was ready");
            }
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("hub_server.py did not start");
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        const auto j = nlohmann::json::parse(readFile(m_info));
        m_endpoint = j.at("endpoint").get<std::string>();
        m_cdn = j.at("cdn").get<std::string>();
        m_proxy = j.value("proxy", std::string());
        m_commits = j.at("commits");
    }
    ~HubServer() {
        if (m_pid > 0) {
            kill(m_pid, SIGTERM);
            int status = 0;
            waitpid(m_pid, &status, 0);
        }
    }
    HubServer(const HubServer&) = delete;
    HubServer& operator=(const HubServer&) = delete;

    const std::string& endpoint() const { return m_endpoint; }
    const std::string& cdn() const { return m_cdn; }
    const std::string& proxy() const { return m_proxy; }  // "" unless started with --proxy
    std::string commit(const std::string& repoId) const {
        return m_commits.at(repoId).get<std::string>();
    }
    // Every request so far: server ("hub"/"cdn"), method, path, host, auth, range.
    std::vector<nlohmann::json> requests() const {
        std::vector<nlohmann::json> out;
        std::istringstream in(readFile(m_log));
        for (std::string line; std::getline(in, line);)
            if (!line.empty()) out.push_back(nlohmann::json::parse(line));
        return out;
    }

  private:
    pid_t m_pid = 0;
    std::filesystem::path m_info, m_log;
    std::string m_endpoint, m_cdn, m_proxy;
    nlohmann::json m_commits;
};

}  // namespace ts_test
