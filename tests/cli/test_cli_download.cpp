// tokenscope-cli download against the loopback hub server, then the same model used by id
// (`--model ORG/NAME`) from the cache; errors exit 1 with a message that says what to do.
// Hostile hubs and Ctrl-C: a revision that climbs out of the cache is bad usage, a listing
// that names another repository prints no hint with its words, and Ctrl-C ends a hung
// listing, a download or any other command within 2 s with exit 130, keeping partial blobs.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "catch.hpp"
#include "cli_runner.hpp"
#include "hub_server_process.hpp"

namespace fs = std::filesystem;
using namespace ts_test;

namespace {

// The CLI started in the background, for tests that interrupt it: SIGINT as a terminal's
// Ctrl-C sends it, then a bounded wait for the exit.
class BackgroundCli {
  public:
    BackgroundCli(const std::vector<std::string>& args, const fs::path& dir)
        : m_out(dir / "bg-out"), m_err(dir / "bg-err") {
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, m_out.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        posix_spawn_file_actions_addopen(&actions, 2, m_err.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
        // Whatever the test runner does with SIGINT, the CLI starts with it deliverable.
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, all;
        sigemptyset(&none);
        sigfillset(&all);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &all);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        std::vector<std::string> argvStrings = {TOKENSCOPE_CLI_PATH};
        argvStrings.insert(argvStrings.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& a : argvStrings) argv.push_back(a.data());
        argv.push_back(nullptr);
        const int rc =
            posix_spawn(&m_pid, TOKENSCOPE_CLI_PATH, &actions, &attr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
        if (rc != 0) m_pid = 0;
    }
    ~BackgroundCli() {
        if (m_pid > 0) {
            kill(m_pid, SIGKILL);
            waitpid(m_pid, nullptr, 0);
        }
    }
    BackgroundCli(const BackgroundCli&) = delete;
    BackgroundCli& operator=(const BackgroundCli&) = delete;

    bool started() const { return m_pid > 0; }
    bool running() {
        if (m_pid <= 0) return false;
        if (waitpid(m_pid, &m_status, WNOHANG) == m_pid) m_pid = 0;
        return m_pid > 0;
    }
    void interrupt() { kill(m_pid, SIGINT); }
    // Waits at most `limit` for the exit (then kills it); the seconds it took, -1 if killed.
    double waitExit(std::chrono::seconds limit) {
        const auto start = std::chrono::steady_clock::now();
        while (running()) {
            if (std::chrono::steady_clock::now() - start > limit) return -1;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    // The exit code, or -(signal) when a signal ended it.
    int exitCode() const {
        return WIFEXITED(m_status) ? WEXITSTATUS(m_status) : -WTERMSIG(m_status);
    }
    std::string err() const { return readFile(m_err); }

  private:
    pid_t m_pid = 0;
    int m_status = 0;
    fs::path m_out, m_err;
};

}  // namespace

TEST_CASE("cli download: fetches into the cache, then --model ORG/NAME runs it") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    HubEnv env(server.endpoint(), tmp.path() / "hub");

    // Before the download, --model tiny/gpt2 says how to get it.
    const auto missing =
        runCli({"generate", "--model", "tiny/gpt2", "--ids", "1,2", "--steps", "2", "--json"});
    CHECK(missing.exitCode == 1);
    CHECK(missing.err.find("tokenscope-cli download tiny/gpt2") != std::string::npos);

    const auto dl = runCli({"download", "tiny/gpt2", "--json"});
    INFO(dl.err);
    REQUIRE(dl.exitCode == 0);
    const auto j = dl.json();
    CHECK(j["commit"] == server.commit("tiny/gpt2"));
    REQUIRE(j["files"].size() == 2);
    CHECK(j["files"][1]["check"] == "sha256+size");
    CHECK(fs::exists(j["snapshot"].get<std::string>() + "/model.safetensors"));

    const auto gen = runCli({"generate", "--model", "tiny/gpt2", "--ids", "1,2", "--steps", "3",
                             "--seed", "1", "--json"});
    INFO(gen.err);
    REQUIRE(gen.exitCode == 0);
    CHECK(gen.json()["generated"].size() == 3);
    // The same as running the fixture folder directly.
    const auto direct = runCli({"generate", "--model", (dataDir() / "gpt2-tiny-vocab512").string(),
                                "--ids", "1,2", "--steps", "3", "--seed", "1", "--json"});
    CHECK(gen.json()["generated"] == direct.json()["generated"]);

    const auto human = runCli({"download", "tiny/gpt2"});
    CHECK(human.exitCode == 0);
    CHECK(human.out.find("already in the cache") != std::string::npos);
}

TEST_CASE("cli download: 404 and 401 exit 1 with what to do, bad ids are usage errors") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "org/gated=" + (tmp.path() / "repo").string(),
                                  "--gated", "org/gated", "--token", "t"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    const auto notFound = runCli({"download", "org/absent"});
    CHECK(notFound.exitCode == 1);
    CHECK(notFound.err.find("404") != std::string::npos);
    const auto gated = runCli({"download", "org/gated"});
    CHECK(gated.exitCode == 1);
    CHECK(gated.err.find("HF_TOKEN") != std::string::npos);
    CHECK(runCli({"download"}).exitCode == 2);
    CHECK(runCli({"download", "../x"}).exitCode == 2);
    CHECK(runCli({"download", "a/b", "--bogus"}).exitCode == 2);
}

TEST_CASE(
    "cli download: a full disk mid-file keeps the part, says what to do, and the next run "
    "resumes") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    const std::uint64_t weights = fs::file_size(tmp.path() / "repo" / "model.safetensors");
    const std::uint64_t limit = 64 * 1024;
    REQUIRE(weights > 2 * limit);

    // Under a 64 kB file-size limit the weights cannot be written: the same failure as a full disk.
    const auto full = runCli({"download", "tiny/gpt2"}, limit);
    CHECK(full.exitCode == 1);
    INFO(full.err);
    CHECK(full.err.find("disk is full") != std::string::npos);
    CHECK(full.err.find("resumes") != std::string::npos);
    const fs::path repo = tmp.path() / "hub" / "models--tiny--gpt2";
    std::uint64_t partial = 0;
    int incomplete = 0;
    for (const auto& e : fs::directory_iterator(repo / "blobs")) {
        if (e.path().extension() == ".incomplete") {
            ++incomplete;
            partial = fs::file_size(e.path());
        } else {
            CHECK(fs::file_size(e.path()) <
                  limit);  // only config.json is complete; the weights do not look it
        }
    }
    CHECK(incomplete == 1);
    CHECK(partial > 0);
    CHECK(partial <= limit);
    CHECK_FALSE(fs::exists(repo / "snapshots" / server.commit("tiny/gpt2") / "model.safetensors"));
    CHECK_FALSE(fs::exists(repo / "refs" / "main"));

    // Space again: the download continues from the kept bytes.
    const auto resumed = runCli({"download", "tiny/gpt2", "--json"});
    INFO(resumed.err);
    REQUIRE(resumed.exitCode == 0);
    const auto j = resumed.json();
    CHECK(j["files"][1]["resumed"] == true);
    CHECK(j["bytes_fetched"].get<std::uint64_t>() == weights - partial);
}

TEST_CASE("cli download: waits for a download of the same file that another process holds") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--chunk-delay", "0.05"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    // Two CLI processes at once on a slow line: both finish, the weights are fetched once.
    CliResult first, second;
    std::thread a([&] { first = runCli({"download", "tiny/gpt2", "--json"}); });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    second = runCli({"download", "tiny/gpt2", "--json"});
    a.join();
    INFO(first.err + "\n" + second.err);
    REQUIRE(first.exitCode == 0);
    REQUIRE(second.exitCode == 0);
    CHECK(second.err.find("waiting for another download of model.safetensors") !=
          std::string::npos);
    CHECK(second.json()["files"][1]["already_cached"] == true);
    std::size_t weightGets = 0;
    for (const auto& q : server.requests())
        if (q["method"] == "GET" &&
            q["path"].get<std::string>().find("/blobs/") != std::string::npos)
            ++weightGets;
    CHECK(weightGets == 1);
}

TEST_CASE("cli download: Ctrl-C during a listing that never comes exits 130 within 2 s") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(
        tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--hang", "listing"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    BackgroundCli cli({"download", "tiny/gpt2"}, tmp.path());
    REQUIRE(cli.started());
    // The listing request is out once the server logged it.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (server.requests().empty() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE_FALSE(server.requests().empty());
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    REQUIRE(cli.running());
    cli.interrupt();
    const double seconds = cli.waitExit(std::chrono::seconds(10));
    INFO(cli.err());
    CHECK(seconds >= 0);
    CHECK(seconds < 2.0);
    CHECK(cli.exitCode() == 130);
    CHECK(cli.err().find("interrupted") != std::string::npos);
}

TEST_CASE("cli download: Ctrl-C mid-file exits 130 and keeps the part for the next run") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--chunk-delay", "0.1"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    const fs::path blobs = tmp.path() / "hub" / "models--tiny--gpt2" / "blobs";
    BackgroundCli cli({"download", "tiny/gpt2"}, tmp.path());
    REQUIRE(cli.started());
    auto partialSize = [&]() -> std::uint64_t {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(blobs, ec))
            if (e.path().extension() == ".incomplete") return fs::file_size(e.path(), ec);
        return 0;
    };
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (partialSize() == 0 && cli.running() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    REQUIRE(partialSize() > 0);
    REQUIRE(cli.running());
    cli.interrupt();
    const double seconds = cli.waitExit(std::chrono::seconds(10));
    INFO(cli.err());
    CHECK(seconds >= 0);
    CHECK(seconds < 2.0);
    CHECK(cli.exitCode() == 130);
    const std::uint64_t kept = partialSize();
    CHECK(kept > 0);
    const auto resumed = runCli({"download", "tiny/gpt2", "--json"});
    INFO(resumed.err);
    REQUIRE(resumed.exitCode == 0);
    CHECK(resumed.json()["files"][1]["resumed"] == true);
}

TEST_CASE("cli: Ctrl-C ends a long computation with exit 130, not a signal, within 2 s") {
    TempDir tmp("clidl");
    // Many long questions on the bundled model: 5,000 questions over 80 records take about
    // 18 s on an idle 2-core machine (the shared prefill made 250 of them take under 1 s).
    BackgroundCli cli({"litm", "--records", "80", "--positions", "5", "--trials", "1000", "--json"},
                      tmp.path());
    REQUIRE(cli.started());
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    REQUIRE(cli.running());
    cli.interrupt();
    const double seconds = cli.waitExit(std::chrono::seconds(10));
    INFO(cli.err());
    CHECK(seconds >= 0);
    CHECK(seconds < 2.0);
    CHECK(cli.exitCode() == 130);
}

TEST_CASE("cli download: a revision that climbs out of the cache is bad usage, nothing written") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(),
                     {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--any-revision"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    for (const std::string revision : {"../../../escaped", "a/./b", "main\\x", "/escaped"}) {
        const auto r = runCli({"download", "tiny/gpt2", "--revision", revision});
        INFO(revision << ": " << r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("refs/pr/1") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(tmp.path() / "escaped"));
    CHECK_FALSE(fs::exists(tmp.path() / "hub"));
    const auto pr = runCli({"download", "tiny/gpt2", "--revision", "refs/pr/1", "--json"});
    INFO(pr.err);
    CHECK(pr.exitCode == 0);
}

TEST_CASE("cli download: a listing for another repository is refused, no hint repeats its id") {
    TempDir tmp("clidl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "evil/x=" + (tmp.path() / "repo").string(),
                                  "--id-override", "../../../tmp/x"});
    HubEnv env(server.endpoint(), tmp.path() / "hub");
    const auto r = runCli({"download", "evil/x"});
    INFO(r.err);
    CHECK(r.exitCode == 1);
    CHECK(r.err.find("another repository") != std::string::npos);
    CHECK(r.out.find("--model") == std::string::npos);
    CHECK_FALSE(fs::exists(tmp.path() / "hub" / "models--evil--x"));
}
