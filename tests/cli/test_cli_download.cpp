// tokenscope-cli download against the loopback hub server, then the same model used by id
// (`--model ORG/NAME`) from the cache; errors exit 1 with a message that says what to do.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "cli_runner.hpp"
#include "hub_server_process.hpp"

namespace fs = std::filesystem;
using namespace ts_test;

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
