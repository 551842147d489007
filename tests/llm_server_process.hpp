#pragma once
// Model servers for the remote-model tests (#50), started for one test and stopped after it:
// tests/tools/llm_server.py (a loopback stand-in speaking vLLM's, SGLang's or llama-server's
// protocol, with hostile switches) and the real llama-server built by
// tests/tools/build_llama_server.sh. Every wait is bounded.
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "test_paths.hpp"

extern char** environ;

namespace ts_test {

class ChildProcess {
  public:
    ChildProcess(std::vector<std::string> argv, const std::filesystem::path& output) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        posix_spawn_file_actions_adddup2(&fa, 1, 2);
        std::vector<char*> cargv;
        for (auto& a : argv) cargv.push_back(a.data());
        cargv.push_back(nullptr);
        const int rc = posix_spawnp(&m_pid, argv[0].c_str(), &fa, nullptr, cargv.data(), environ);
        posix_spawn_file_actions_destroy(&fa);
        if (rc != 0) throw std::runtime_error("cannot start " + argv[0]);
    }
    ~ChildProcess() {
        if (m_pid > 0) {
            kill(m_pid, SIGTERM);
            int status = 0;
            for (int i = 0; i < 50 && waitpid(m_pid, &status, WNOHANG) == 0; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (waitpid(m_pid, &status, WNOHANG) == 0) {
                kill(m_pid, SIGKILL);
                waitpid(m_pid, &status, 0);
            }
        }
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;
    bool exited() {
        int status = 0;
        if (m_pid > 0 && waitpid(m_pid, &status, WNOHANG) == m_pid) m_pid = 0;
        return m_pid == 0;
    }

  private:
    pid_t m_pid = 0;
};

inline std::string slurpFile(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The stand-in: `args` are llm_server.py options (--kind vllm, --hostile nan, ...).
class StandInServer {
  public:
    StandInServer(const std::filesystem::path& dir, std::vector<std::string> args)
        : m_info(dir / "llm-info.json"), m_log(dir / "llm-log.jsonl") {
        std::filesystem::create_directories(dir);
        std::vector<std::string> argv = {
            "python3",     (sourceDir() / "tests/tools/llm_server.py").string(),
            "--info-file", m_info.string(),
            "--log",       m_log.string(),
            "--lifetime",  "120"};
        argv.insert(argv.end(), args.begin(), args.end());
        m_proc = std::make_unique<ChildProcess>(argv, dir / "llm-server.out");
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!std::filesystem::exists(m_info)) {
            if (m_proc->exited()) throw std::runtime_error("llm_server.py exited early");
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("llm_server.py did not start");
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        m_url = nlohmann::json::parse(slurpFile(m_info)).at("url").get<std::string>();
    }
    const std::string& url() const { return m_url; }
    // Every request so far: method, path, body (JSON), auth (an Authorization header came).
    std::vector<nlohmann::json> requests() const {
        std::vector<nlohmann::json> out;
        std::istringstream in(slurpFile(m_log));
        for (std::string line; std::getline(in, line);)
            if (!line.empty()) out.push_back(nlohmann::json::parse(line));
        return out;
    }

  private:
    std::filesystem::path m_info, m_log;
    std::unique_ptr<ChildProcess> m_proc;
    std::string m_url;
};

// A free loopback port (bound, read, released: the server binds it right after).
inline int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0)
        throw std::runtime_error("cannot find a free port");
    const int port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

// The path of llama-server as configured (TOKENSCOPE_LLAMA_SERVER, set by packaging/dev.sh
// from tests/tools/build_llama_server.sh), or "".
inline std::string llamaServerPath() {
#ifdef TOKENSCOPE_LLAMA_SERVER
    return TOKENSCOPE_LLAMA_SERVER;
#else
    return "";
#endif
}

// llama-server on 127.0.0.1 with one GGUF file: an F32 KV cache (as Tokenscope's), one slot,
// one thread, no web UI. Waits (60 s at most) until /health answers 200.
class LlamaServer {
  public:
    LlamaServer(const std::string& binary, const std::filesystem::path& gguf,
                const std::filesystem::path& dir, int ctx = 256) {
        const int port = freePort();
        m_url = "http://127.0.0.1:" + std::to_string(port);
        m_out = dir / "llama-server.out";
        m_proc = std::make_unique<ChildProcess>(
            std::vector<std::string>{binary, "-m", gguf.string(), "--host", "127.0.0.1", "--port",
                                     std::to_string(port), "-c", std::to_string(ctx), "-np", "1",
                                     "-t", "1", "--no-webui", "-ctk", "f32", "-ctv", "f32",
                                     "--no-warmup"},
            m_out);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        const std::string probe =
            "python3 -c \"import urllib.request as u; "
            "o=u.build_opener(u.ProxyHandler({})); o.open('" +
            m_url + "/health', timeout=2)\" >/dev/null 2>&1";
        for (;;) {
            if (m_proc->exited())
                throw std::runtime_error("llama-server exited: " +
                                         slurpFile(m_out).substr(0, 2000));
            if (std::system(probe.c_str()) == 0) break;
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("llama-server did not become ready within 60 s: " +
                                         slurpFile(m_out).substr(0, 2000));
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
    }
    const std::string& url() const { return m_url; }
    std::string log() const { return slurpFile(m_out); }

  private:
    std::string m_url;
    std::filesystem::path m_out;
    std::unique_ptr<ChildProcess> m_proc;
};

}  // namespace ts_test
