// The downloader against a real HTTP server on loopback (tests/tools/hub_server.py): a full
// download into the cache layout, an interrupted download resumed with Range, a
// cancelled one, a corrupted file caught by its checksum, 404 and 401/403, the token kept
// away from the CDN host a redirect points to, GGUF file choice, and the result found in
// the cache and loaded afterwards, the cache lock shared with huggingface_hub, the free-space
// check, and a forward proxy from http_proxy. Nothing here reaches beyond 127.0.0.0/8.
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "catch.hpp"
#include "engine/gguf_fixtures.hpp"
#include "hub_server_process.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/hub_download.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"

namespace fs = std::filesystem;
using namespace ts_test;
using ts::hub::DownloadErrorKind;

namespace {

ts::hub::DownloadOptions optionsFor(const HubServer& server, const fs::path& cache,
                                    const std::string& id) {
    ts::hub::DownloadOptions o;
    o.repoId = id;
    o.endpoint = server.endpoint();
    o.cacheDir = cache;
    o.token = "";
    o.connectTimeoutSeconds = 5;
    o.stallTimeoutSeconds = 10;
    return o;
}

DownloadErrorKind kindOf(const ts::hub::DownloadOptions& o, std::string* message = nullptr) {
    try {
        ts::hub::downloadModel(o);
    } catch (const ts::hub::DownloadError& e) {
        if (message) *message = e.what();
        return e.kind();
    }
    FAIL("the download was expected to fail");
    return DownloadErrorKind::BadResponse;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("hub download: a full download lands in the cache layout and loads by id") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    const fs::path cache = tmp.path() / "hub";
    auto o = optionsFor(server, cache, "tiny/gpt2");
    std::vector<ts::hub::DownloadProgress> progress;
    o.progress = [&](const ts::hub::DownloadProgress& p) { progress.push_back(p); };
    const auto r = ts::hub::downloadModel(o);

    const std::string commit = server.commit("tiny/gpt2");
    CHECK(r.commit == commit);
    REQUIRE(r.files.size() == 2);  // config.json and model.safetensors only
    CHECK(r.files[0].name == "config.json");
    CHECK(r.files[0].check == "git-sha1+size+commit");
    CHECK(r.files[1].name == "model.safetensors");
    CHECK(r.files[1].check == "sha256+size");
    CHECK(r.bytesFetched == fs::file_size(tmp.path() / "repo" / "model.safetensors") +
                                fs::file_size(tmp.path() / "repo" / "config.json"));
    bool skippedBin = false, skippedOnnx = false;
    for (const auto& s : r.skipped) {
        skippedBin |= contains(s, "pytorch_model.bin") && contains(s, "never unpickles");
        skippedOnnx |= contains(s, "onnx/model.onnx");
    }
    CHECK(skippedBin);
    CHECK(skippedOnnx);

    // The hub's layout: blob named by SHA-256, relative symlink, refs/main.
    const fs::path repo = cache / "models--tiny--gpt2";
    const fs::path link = repo / "snapshots" / commit / "model.safetensors";
    REQUIRE(fs::is_symlink(link));
    CHECK(fs::read_symlink(link).is_relative());
    CHECK(fs::read_symlink(link).filename() == r.files[1].hash);
    CHECK(readFile(link) == readFile(tmp.path() / "repo" / "model.safetensors"));
    CHECK(readFile(repo / "refs" / "main") == commit);
    for (const auto& e : fs::directory_iterator(repo / "blobs"))
        CHECK(e.path().extension() != ".incomplete");

    // Progress went up to the total, with a speed.
    REQUIRE_FALSE(progress.empty());
    CHECK(progress.back().done == progress.back().total);
    CHECK(progress.back().fileCount == 2);

    // Found afterwards: by id, in the listing, and loadable.
    CHECK(ts::hub::findSnapshot(cache, "tiny/gpt2") == r.snapshot);
    const auto listed = ts::hub::scanCache(cache);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].supported);
    CHECK(listed[0].family == "gpt2");
    CHECK(ts::loadModelFolder(r.modelPath).model->config().nVocab == 512);

    // A second run fetches nothing and re-verifies what is there.
    const auto again = ts::hub::downloadModel(optionsFor(server, cache, "tiny/gpt2"));
    CHECK(again.bytesFetched == 0);
    CHECK(again.files[1].alreadyCached);
}

TEST_CASE("hub download: an interrupted download resumes with a Range request") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--cut-after", "100000"});
    const fs::path cache = tmp.path() / "hub";
    const auto o = optionsFor(server, cache, "tiny/gpt2");
    std::string message;
    CHECK(kindOf(o, &message) == DownloadErrorKind::Network);
    CHECK(contains(message, "resumes"));

    // What arrived is kept as .incomplete; nothing looks complete, main is not written.
    const fs::path repo = cache / "models--tiny--gpt2";
    const fs::path snapshotFile =
        repo / "snapshots" / server.commit("tiny/gpt2") / "model.safetensors";
    CHECK_FALSE(fs::exists(snapshotFile));
    CHECK_FALSE(fs::exists(repo / "refs" / "main"));
    std::uint64_t partial = 0;
    for (const auto& e : fs::directory_iterator(repo / "blobs"))
        if (e.path().extension() == ".incomplete") partial = fs::file_size(e.path());
    CHECK(partial == 100000);
    CHECK_FALSE(ts::hub::findSnapshot(cache, "tiny/gpt2"));

    const auto r = ts::hub::downloadModel(o);
    CHECK(r.files[1].resumed);
    CHECK(r.bytesFetched == fs::file_size(tmp.path() / "repo" / "model.safetensors") - 100000);
    CHECK(readFile(snapshotFile) == readFile(tmp.path() / "repo" / "model.safetensors"));
    bool sawRange = false;
    for (const auto& q : server.requests())
        sawRange |= q["range"].is_string() && q["range"].get<std::string>() == "bytes=100000-";
    CHECK(sawRange);
}

TEST_CASE("hub download: cancelling keeps the part for the next try") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--chunk-delay", "0.02"});
    const fs::path cache = tmp.path() / "hub";
    auto o = optionsFor(server, cache, "tiny/gpt2");
    std::atomic<bool> cancel{false};
    o.cancel = &cancel;
    o.progress = [&](const ts::hub::DownloadProgress& p) {
        if (p.file == "model.safetensors" && p.fileDone > 0) cancel = true;
    };
    CHECK(kindOf(o) == DownloadErrorKind::Cancelled);
    CHECK_FALSE(ts::hub::findSnapshot(cache, "tiny/gpt2"));
    cancel = false;
    double fastest = 0;
    o.progress = [&](const ts::hub::DownloadProgress& p) {
        fastest = std::max(fastest, p.bytesPerSecond);
    };
    const auto r = ts::hub::downloadModel(o);
    CHECK(r.files[1].resumed);
    // A slow line (16 kB every 20 ms, at most 800 kB/s) shows a speed in that range.
    CHECK(fastest > 0);
    CHECK(fastest < 2e6);
    CHECK(ts::loadModelFolder(r.modelPath).model->config().nVocab == 512);
}

TEST_CASE("hub download: a corrupted file is caught by its SHA-256 and removed") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--corrupt", "model.safetensors"});
    const fs::path cache = tmp.path() / "hub";
    std::string message;
    CHECK(kindOf(optionsFor(server, cache, "tiny/gpt2"), &message) == DownloadErrorKind::Checksum);
    CHECK(contains(message, "model.safetensors"));
    CHECK(contains(message, "SHA-256"));
    const fs::path repo = cache / "models--tiny--gpt2";
    for (const auto& e : fs::directory_iterator(repo / "blobs")) {
        CHECK(e.path().extension() != ".incomplete");
        CHECK(fs::file_size(e.path()) != fs::file_size(tmp.path() / "repo" / "model.safetensors"));
    }
    CHECK_FALSE(fs::exists(repo / "snapshots" / server.commit("tiny/gpt2") / "model.safetensors"));
}

TEST_CASE("hub download: 404 for an unknown model, revision or endpoint path") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    std::string message;
    CHECK(kindOf(optionsFor(server, tmp.path() / "hub", "tiny/nothing"), &message) ==
          DownloadErrorKind::NotFound);
    CHECK(contains(message, "404"));
    CHECK(contains(message, "spelling"));
    auto o = optionsFor(server, tmp.path() / "hub", "tiny/gpt2");
    o.revision = "no-such-branch";
    CHECK(kindOf(o) == DownloadErrorKind::NotFound);
    CHECK_FALSE(fs::exists(tmp.path() / "hub" / "models--tiny--nothing"));
}

TEST_CASE("hub download: a gated model needs the token, and the token never reaches the CDN") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "org/gated=" + (tmp.path() / "repo").string(),
                                  "--gated", "org/gated", "--token", "hf_secret_token"});
    const fs::path cache = tmp.path() / "hub";
    auto o = optionsFor(server, cache, "org/gated");
    std::string message;
    CHECK(kindOf(o, &message) == DownloadErrorKind::Unauthorized);
    CHECK(contains(message, "401"));
    CHECK(contains(message, "HF_TOKEN"));
    o.token = "hf_wrong";
    CHECK(kindOf(o, &message) == DownloadErrorKind::Unauthorized);
    CHECK(contains(message, "403"));
    o.token = "hf_secret_token";
    const auto r = ts::hub::downloadModel(o);
    CHECK(r.files.size() == 2);

    // The hub host got the token; the CDN host (another host name) never did.
    int hubWithToken = 0, cdnRequests = 0;
    for (const auto& q : server.requests()) {
        if (q["server"] == "cdn") {
            ++cdnRequests;
            CHECK(q["auth"].is_null());
        } else if (q["auth"] == "Bearer hf_secret_token") {
            ++hubWithToken;
        }
    }
    CHECK(cdnRequests >= 1);
    CHECK(hubWithToken >= 3);
    CHECK(server.cdn() != server.endpoint());
}

TEST_CASE("hub download: the token is taken from HF_TOKEN and the endpoint from HF_ENDPOINT") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "org/gated=" + (tmp.path() / "repo").string(),
                                  "--gated", "org/gated", "--token", "hf_env"});
    setenv("HF_TOKEN", "hf_env", 1);
    setenv("HF_ENDPOINT", server.endpoint().c_str(), 1);
    ts::hub::DownloadOptions o;
    o.repoId = "org/gated";
    o.cacheDir = tmp.path() / "hub";
    bool ok = false;
    try {
        ok = ts::hub::downloadModel(o).files.size() == 2;
    } catch (const std::exception& e) {
        WARN(e.what());
    }
    unsetenv("HF_TOKEN");
    unsetenv("HF_ENDPOINT");
    CHECK(ok);
}

TEST_CASE("hub download: a GGUF repository gives one file, Q8_0 unless another is named") {
    TempDir tmp("hubdl");
    makeGgufRepo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/llama-GGUF=" + (tmp.path() / "repo").string()});
    const fs::path cache = tmp.path() / "hub";
    auto o = optionsFor(server, cache, "tiny/llama-GGUF");
    const auto r = ts::hub::downloadModel(o);
    REQUIRE(r.files.size() == 1);
    CHECK(r.files[0].name == "tiny-Q8_0.gguf");
    CHECK(r.modelPath.filename() == "tiny-Q8_0.gguf");
    const auto listed = ts::hub::scanCache(cache);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].precision == "Q8_0");
    CHECK(listed[0].family == "llama");
    o.ggufFile = "tiny-Q4_K_M.gguf";
    CHECK(ts::hub::downloadModel(o).files[0].name == "tiny-Q4_K_M.gguf");
    o.ggufFile = "nope.gguf";
    std::string message;
    CHECK(kindOf(o, &message) == DownloadErrorKind::NothingToGet);
    CHECK(contains(message, "tiny-Q8_0.gguf"));
}

TEST_CASE("hub download: --include picks files by pattern but never pickles") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    auto o = optionsFor(server, tmp.path() / "hub", "tiny/gpt2");
    o.include = {"*.json", "*.bin", "README.md"};
    const auto r = ts::hub::downloadModel(o);
    std::vector<std::string> names;
    for (const auto& f : r.files) names.push_back(f.name);
    CHECK(names == std::vector<std::string>{"README.md", "config.json"});
}

TEST_CASE("hub download: an unreachable endpoint says what failed and what to do") {
    TempDir tmp("hubdl");
    ts::hub::DownloadOptions o;
    o.repoId = "tiny/gpt2";
    o.endpoint = "http://127.0.0.1:9";  // discard port: nothing listens
    o.cacheDir = tmp.path() / "hub";
    o.connectTimeoutSeconds = 5;
    std::string message;
    CHECK(kindOf(o, &message) == DownloadErrorKind::Network);
    CHECK(contains(message, "cannot reach"));
    CHECK(contains(message, "HTTPS_PROXY"));
}

TEST_CASE(
    "hub download: a second download of the same file waits for the first (the cache's lock)") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    const fs::path cache = tmp.path() / "hub";
    auto o = optionsFor(server, cache, "tiny/gpt2");
    // Stand in for another process fetching model.safetensors: hold the lock file that
    // huggingface_hub also takes for this blob, <cache>/.locks/models--ORG--NAME/<sha256>.lock.
    std::string sha;
    for (const auto& f : ts::hub::fetchRepoInfo(o).files)
        if (f.name == "model.safetensors") sha = f.sha256;
    REQUIRE(sha.size() == 64);
    const fs::path lockFile = cache / ".locks" / "models--tiny--gpt2" / (sha + ".lock");
    fs::create_directories(lockFile.parent_path());
    const int held = ::open(lockFile.c_str(), O_RDWR | O_CREAT, 0644);
    REQUIRE(held >= 0);
    REQUIRE(::flock(held, LOCK_EX | LOCK_NB) == 0);

    std::atomic<bool> waited{false}, finished{false};
    o.progress = [&](const ts::hub::DownloadProgress& p) {
        if (p.waitingForOtherDownload && p.file == "model.safetensors") waited = true;
    };
    std::string error;
    std::thread second([&] {
        try {
            ts::hub::downloadModel(o);
        } catch (const std::exception& e) {
            error = e.what();
        }
        finished = true;
    });
    for (int i = 0; i < 200 && !waited; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK(waited);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK_FALSE(finished);  // still waiting: it wrote nothing into the blob meanwhile
    CHECK_FALSE(fs::exists(cache / "models--tiny--gpt2" / "blobs" / (sha + ".incomplete")));
    ::close(held);  // the "other download" ends
    second.join();
    CHECK(error.empty());
    CHECK(ts::hub::findSnapshot(cache, "tiny/gpt2"));

    // Waiting can be cancelled.
    const int again = ::open(lockFile.c_str(), O_RDWR);
    REQUIRE(::flock(again, LOCK_EX | LOCK_NB) == 0);
    fs::remove_all(cache / "models--tiny--gpt2");
    std::atomic<bool> cancel{false};
    auto c = optionsFor(server, cache, "tiny/gpt2");
    c.cancel = &cancel;
    c.progress = [&](const ts::hub::DownloadProgress& p) {
        if (p.waitingForOtherDownload) cancel = true;
    };
    std::string message;
    CHECK(kindOf(c, &message) == DownloadErrorKind::Cancelled);
    CHECK(contains(message, "waiting for another download"));
    ::close(again);
}

TEST_CASE("hub download: a model larger than the free disk is refused before a byte is written") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    // 2^60 bytes (1 EiB): larger than any disk this test can run on.
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--claim-size", "model.safetensors=1152921504606846976"});
    const fs::path cache = tmp.path() / "hub";
    std::string message;
    CHECK(kindOf(optionsFor(server, cache, "tiny/gpt2"), &message) == DownloadErrorKind::DiskFull);
    CHECK(contains(message, "not enough disk space"));
    CHECK(contains(message, "HF_HUB_CACHE"));
    std::size_t blobs = 0;
    for ([[maybe_unused]] const auto& e :
         fs::directory_iterator(cache / "models--tiny--gpt2" / "blobs"))
        ++blobs;
    CHECK(blobs == 0);
    for (const auto& q : server.requests())
        CHECK(q["path"].get<std::string>().rfind("/api/models/", 0) == 0);
}

TEST_CASE("hub download: http_proxy from the environment carries every request (school networks)") {
    TempDir tmp("hubdl");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(),
                     {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--proxy"});
    REQUIRE_FALSE(server.proxy().empty());
    // libcurl reads http_proxy for http:// URLs (HTTPS_PROXY/https_proxy for https://); the
    // downloader passes its `proxy` option only when set, so the environment decides here.
    setenv("http_proxy", server.proxy().c_str(), 1);
    unsetenv("no_proxy");
    unsetenv("NO_PROXY");
    const fs::path cache = tmp.path() / "hub";
    std::string error;
    try {
        ts::hub::downloadModel(optionsFor(server, cache, "tiny/gpt2"));
    } catch (const std::exception& e) {
        error = e.what();
    }
    unsetenv("http_proxy");
    INFO(error);
    CHECK(error.empty());
    std::size_t direct = 0, proxied = 0;
    bool listing = false, blob = false;
    for (const auto& q : server.requests()) {
        if (q["server"] != "proxy") {
            ++direct;
            continue;
        }
        ++proxied;
        const std::string path = q["path"];
        listing |= contains(path, "/api/models/tiny/gpt2");
        blob |= contains(path, "/blobs/");
    }
    CHECK(listing);
    CHECK(blob);               // the CDN host a redirect points to goes through the proxy too
    CHECK(proxied == direct);  // every request the servers saw came through the proxy
    CHECK(ts::hub::findSnapshot(cache, "tiny/gpt2"));
}

TEST_CASE("hub download: a real GGUF (Q8_0 llama) from the hub loads and runs") {
    TempDir tmp("hubdl");
    const fs::path hf = ts_test::dataDir() / "llama-tiny";
    // A repository as the GGUF publishers lay it out: several quantizations of one model.
    const fs::path repo = tmp.path() / "repo";
    fs::create_directories(repo);
    fs::copy_file(ts_test::ggufFromHf(hf, "llama-tiny-q8_0.gguf", "--type q8_0"),
                  repo / "llama-tiny-Q8_0.gguf");
    fs::copy_file(ts_test::ggufFromHf(hf, "llama-tiny-f16.gguf", "--type f16"),
                  repo / "llama-tiny-F16.gguf");
    writeFile(repo / "README.md", "# tiny llama GGUF\n");
    HubServer server(tmp.path(), {"--repo", "tiny/llama-tiny-GGUF=" + repo.string()});
    const fs::path cache = tmp.path() / "hub";
    const auto r = ts::hub::downloadModel(optionsFor(server, cache, "tiny/llama-tiny-GGUF"));
    REQUIRE(r.files.size() == 1);
    CHECK(r.files[0].name == "llama-tiny-Q8_0.gguf");
    CHECK(r.files[0].check == "sha256+size");

    // Found in the cache by id and loaded (model and tokenizer from the one file).
    const auto listed = ts::hub::scanCache(cache);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].supported);
    CHECK(listed[0].precision == "Q8_0");
    const auto loaded = ts::loadModelFolder(r.modelPath);
    REQUIRE(loaded.model);
    REQUIRE(loaded.tokenizer);
    // It computes what its own weights, dequantized, compute (the Q8_0 rounding itself is
    // measured against the safetensors in test_gguf_llama_family.cpp).
    const auto dequantized = ts::Model::loadGguf(
        ts_test::ggufFromHf(hf, "llama-q8_0-dequantized.gguf", "--type q8_0 --dequantized"));
    const std::vector<int> ids = {1, 5, 9, 2, 7};
    ts::Session a(loaded.model), b(dequantized);
    const auto la = a.prefill(ids).logits, lb = b.prefill(ids).logits;
    REQUIRE(la.size() == lb.size());
    float worst = 0;
    for (std::size_t i = 0; i < la.size(); ++i) worst = std::max(worst, std::abs(la[i] - lb[i]));
    CHECK(worst <= 1e-3f);
    CHECK(loaded.model->config().nVocab == ts::loadModelFolder(hf).model->config().nVocab);
}
