// The downloader against hostile hubs (issue #40, hub side), each case a variant of an attack
// that once worked: sizes that wrap the free-space sum, a listing that names another
// repository, revision names that climb out of refs/, a partial file planted as a symlink, a
// cache folder guessed under /tmp, and answers that never end (endless or hung listings and
// HEAD requests) with cancellation and time limits. Every wait here is bounded by seconds.
#include <pwd.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <thread>

#include "catch.hpp"
#include "hub_server_process.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/hub_download.hpp"

namespace fs = std::filesystem;
using namespace ts_test;
using ts::hub::DownloadErrorKind;
using Clock = std::chrono::steady_clock;

namespace {

ts::hub::DownloadOptions hostileOptions(const HubServer& server, const fs::path& cache,
                                        const std::string& id) {
    ts::hub::DownloadOptions o;
    o.repoId = id;
    o.endpoint = server.endpoint();
    o.cacheDir = cache;
    o.connectTimeoutSeconds = 5;
    o.stallTimeoutSeconds = 10;
    o.requestTimeoutSeconds = 20;
    return o;
}

// The error kind and message of a download expected to fail, and how long it took.
struct Failure {
    std::optional<DownloadErrorKind> kind;
    std::string message;
    double seconds = 0;
};

Failure failureOf(const ts::hub::DownloadOptions& o) {
    Failure f;
    const auto start = Clock::now();
    try {
        ts::hub::downloadModel(o);
    } catch (const ts::hub::DownloadError& e) {
        f.kind = e.kind();
        f.message = e.what();
    }
    f.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return f;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// Every file under `dir`, links included (not followed).
std::vector<fs::path> filesUnder(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (!it->is_directory(ec)) out.push_back(it->path());
    return out;
}

// Sets or unsets environment variables for one test and restores them afterwards.
class EnvOverride {
  public:
    void set(const char* name, const char* value) {
        remember(name);
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~EnvOverride() {
        for (const auto& [name, value] : m_saved)
            if (value)
                setenv(name.c_str(), value->c_str(), 1);
            else
                unsetenv(name.c_str());
    }

  private:
    void remember(const char* name) {
        for (const auto& s : m_saved)
            if (s.first == name) return;
        const char* v = std::getenv(name);
        m_saved.emplace_back(name, v ? std::optional<std::string>(v) : std::nullopt);
    }
    std::vector<std::pair<std::string, std::optional<std::string>>> m_saved;
};

}  // namespace

TEST_CASE("hub hostile: a listed size of 2^64-1 cannot wrap the free-space check") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    const fs::path cache = tmp.path() / "hub";
    SECTION("one file of 2^64-1 bytes (the sum wraps to the other file's size minus one)") {
        HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                      "--claim-size", "model.safetensors=18446744073709551615"});
        const auto f = failureOf(hostileOptions(server, cache, "tiny/gpt2"));
        REQUIRE(f.kind);
        CHECK(*f.kind == DownloadErrorKind::DiskFull);
        CHECK(contains(f.message, "not enough disk space"));
        CHECK(contains(f.message, "model.safetensors"));
        for (const auto& q : server.requests())
            CHECK(q["path"].get<std::string>().rfind("/api/models/", 0) == 0);
    }
    SECTION("two files of 2^63 bytes (the sum wraps to zero)") {
        HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                      "--claim-size", "model.safetensors=9223372036854775808",
                                      "--claim-size", "config.json=9223372036854775808"});
        const auto f = failureOf(hostileOptions(server, cache, "tiny/gpt2"));
        REQUIRE(f.kind);
        CHECK(*f.kind == DownloadErrorKind::DiskFull);
    }
    CHECK(filesUnder(cache / "models--tiny--gpt2" / "blobs").empty());
}

TEST_CASE("hub hostile: a listing that names another repository is refused, nothing written") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    const fs::path cache = tmp.path() / "hub";
    int run = 0;
    for (const std::string claimed : {"openai-community/gpt2", "../../../tmp/x"}) {
        const fs::path serverDir = tmp.path() / ("server" + std::to_string(run++));
        fs::create_directories(serverDir);
        HubServer server(serverDir, {"--repo", "evil/x=" + (tmp.path() / "repo").string(),
                                     "--id-override", claimed});
        const auto f = failureOf(hostileOptions(server, cache, "evil/x"));
        INFO(f.message);
        REQUIRE(f.kind);
        CHECK(*f.kind == DownloadErrorKind::BadResponse);
        CHECK(contains(f.message, "another repository"));
        CHECK_FALSE(fs::exists(cache / "models--openai-community--gpt2"));
        CHECK(filesUnder(cache).empty());
        // Only the listing was asked for: no file of either id was requested.
        for (const auto& q : server.requests())
            CHECK(q["path"].get<std::string>().rfind("/api/models/evil/x", 0) == 0);
    }
}

TEST_CASE("hub hostile: an id differing only in case is the same repository, stored as asked") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--id-override", "Tiny/GPT2"});
    const fs::path cache = tmp.path() / "hub";
    const auto r = ts::hub::downloadModel(hostileOptions(server, cache, "tiny/gpt2"));
    CHECK(r.repoId == "tiny/gpt2");
    CHECK(fs::exists(cache / "models--tiny--gpt2" / "refs" / "main"));
    CHECK_FALSE(fs::exists(cache / "models--Tiny--GPT2"));
    // The file locks follow the requested id as well.
    for (const auto& p : filesUnder(cache / ".locks"))
        CHECK(p.parent_path().filename() == "models--tiny--gpt2");
}

TEST_CASE("hub hostile: revision names are checked as paths under refs/") {
    using ts::hub::isRevisionName;
    for (const char* good : {"main", "v1.0", "refs/pr/1", "release-2024_01",
                             "0123456789abcdef0123456789abcdef01234567"})
        CHECK(isRevisionName(good));
    for (const char* bad : {"", "..", ".", "../x", "../../../../tmp/x", "a/../b", "a/./b", "/main",
                            "main/", "a//b", "a\\b", "..\\x", "ma\nin", "main\x7f", "main..x"})
        CHECK_FALSE(isRevisionName(bad));
    CHECK_FALSE(isRevisionName(std::string(256, 'a')));
    CHECK_FALSE(isRevisionName(std::string("ma\0in", 5)));

    // The reader: a spec with such a revision is refused, not looked up.
    CHECK_THROWS_AS(ts::hub::resolveModelSpec("tiny/gpt2@../../../x"), ts::Error);
    TempDir tmp("hubhostile");
    CHECK_FALSE(ts::hub::findSnapshot(tmp.path(), "tiny/gpt2", "../../x"));
}

TEST_CASE("hub hostile: --revision ../../x never writes outside the cache") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    // A mirror that resolves any revision name, so only the downloader's own check stands.
    HubServer server(tmp.path(),
                     {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--any-revision"});
    const fs::path cache = tmp.path() / "hub";
    // cache/models--tiny--gpt2/refs/../../../escaped is tmp/escaped.
    for (const std::string revision :
         {"../../../escaped", "refs/../../../../escaped", "/escaped"}) {
        auto o = hostileOptions(server, cache, "tiny/gpt2");
        o.revision = revision;
        const auto f = failureOf(o);
        INFO(revision << ": " << f.message);
        REQUIRE(f.kind);
        CHECK(*f.kind == DownloadErrorKind::NotFound);
        CHECK(contains(f.message, "not a revision name"));
        CHECK_FALSE(fs::exists(tmp.path() / "escaped"));
        CHECK_FALSE(fs::exists("/escaped"));
    }
    CHECK(server.requests().empty());  // refused before asking

    // A pull-request ref with '/' inside is a fine name and lands under refs/.
    auto o = hostileOptions(server, cache, "tiny/gpt2");
    o.revision = "refs/pr/1";
    const auto r = ts::hub::downloadModel(o);
    CHECK(readFile(cache / "models--tiny--gpt2" / "refs" / "refs" / "pr" / "1") == r.commit);
}

TEST_CASE("hub hostile: a partial file planted as a symlink is not followed") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string()});
    const fs::path cache = tmp.path() / "hub";
    const auto o = hostileOptions(server, cache, "tiny/gpt2");
    const auto info = ts::hub::fetchRepoInfo(o);
    std::string sha256;
    for (const auto& f : info.files)
        if (f.name == "model.safetensors") sha256 = f.sha256;
    REQUIRE(sha256.size() == 64);

    const fs::path victim = tmp.path() / "victim.txt";
    writeFile(victim, "a file the download must never touch\n");
    const fs::path blobs = cache / "models--tiny--gpt2" / "blobs";
    fs::create_directories(blobs);
    fs::create_symlink(victim, blobs / (sha256 + ".incomplete"));

    const auto r = ts::hub::downloadModel(o);
    CHECK(readFile(victim) == "a file the download must never touch\n");
    CHECK_FALSE(fs::is_symlink(blobs / sha256));
    CHECK(fs::is_regular_file(fs::symlink_status(blobs / sha256)));
    CHECK(readFile(blobs / sha256) == readFile(tmp.path() / "repo" / "model.safetensors"));
    CHECK(r.files.size() == 2);
}

TEST_CASE("hub hostile: without HOME the cache is in the password database's home, not /tmp") {
    EnvOverride env;
    for (const char* name :
         {"HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME", "HOME"})
        env.set(name, nullptr);
    const passwd* pw = getpwuid(getuid());
    if (!pw || !pw->pw_dir || pw->pw_dir[0] != '/') {
        // No home anywhere: a clear refusal instead of a folder under /tmp.
        CHECK_THROWS_AS(ts::hub::cacheDir(), ts::Error);
        return;
    }
    const fs::path expected = fs::path(pw->pw_dir) / ".cache" / "huggingface" / "hub";
    CHECK(ts::hub::cacheDir() == expected);
    CHECK(ts::hub::cacheDir().string().rfind("/tmp/", 0) != 0);
    env.set("HOME", "");  // set but empty counts as unset, as for the other variables
    CHECK(ts::hub::cacheDir() == expected);
    env.set("HOME", "/home/someone");
    CHECK(ts::hub::cacheDir() == fs::path("/home/someone/.cache/huggingface/hub"));
}

TEST_CASE("hub hostile: an endless listing stops at 64 MiB with a message that says so") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--endless-listing", "fast"});
    const auto f = failureOf(hostileOptions(server, tmp.path() / "hub", "tiny/gpt2"));
    INFO(f.message);
    REQUIRE(f.kind);
    CHECK(*f.kind == DownloadErrorKind::BadResponse);
    CHECK(contains(f.message, "64 MiB"));
    CHECK(f.seconds < 20);
}

TEST_CASE("hub hostile: a trickling endless listing ends at the overall time limit") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--endless-listing", "slow"});
    auto o = hostileOptions(server, tmp.path() / "hub", "tiny/gpt2");
    o.requestTimeoutSeconds = 2;
    const auto f = failureOf(o);
    INFO(f.message);
    REQUIRE(f.kind);
    CHECK(*f.kind == DownloadErrorKind::Network);
    CHECK(contains(f.message, "within 2 s"));
    CHECK(f.seconds < 6);
}

TEST_CASE("hub hostile: a HEAD request that is never answered ends at the time limit") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(),
                     {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--hang", "head"});
    auto o = hostileOptions(server, tmp.path() / "hub", "tiny/gpt2");
    o.requestTimeoutSeconds = 2;  // the stall limit (10 s here) is not the one that acts
    const auto f = failureOf(o);
    INFO(f.message);
    REQUIRE(f.kind);
    CHECK(*f.kind == DownloadErrorKind::Network);
    CHECK(f.seconds < 6);
}

TEST_CASE("hub hostile: cancelling a hung listing or HEAD request takes effect at once") {
    for (const char* what : {"listing", "head"}) {
        TempDir tmp("hubhostile");
        makeGpt2Repo(tmp.path() / "repo");
        HubServer server(tmp.path(),
                         {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(), "--hang", what});
        auto o = hostileOptions(server, tmp.path() / "hub", "tiny/gpt2");
        std::atomic<bool> cancel{false};
        o.cancel = &cancel;
        Clock::time_point cancelledAt{};
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            cancelledAt = Clock::now();
            cancel = true;
        });
        const auto f = failureOf(o);
        const auto end = Clock::now();
        canceller.join();
        INFO(what << ": " << f.message);
        REQUIRE(f.kind);
        CHECK(*f.kind == DownloadErrorKind::Cancelled);
        CHECK(std::chrono::duration<double>(end - cancelledAt).count() < 0.5);
    }
}

TEST_CASE("hub hostile: a real listing over 1 MiB (5,000 files) is read whole") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--extra-files", "5000"});
    const auto o = hostileOptions(server, tmp.path() / "hub", "tiny/gpt2");
    const auto info = ts::hub::fetchRepoInfo(o);
    CHECK(info.files.size() == 5000 + 5);
    const auto r = ts::hub::downloadModel(o);
    CHECK(r.files.size() == 2);
    CHECK(r.skipped.size() == 5000 + 3);
}

TEST_CASE("hub hostile: a listing of more files than any repository has is refused") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    // 260,000 short entries: about 25 MB, under the size cap, over the count cap (250,000).
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--extra-files", "260000", "--extra-padding", "0"});
    const auto f = failureOf(hostileOptions(server, tmp.path() / "hub", "tiny/gpt2"));
    INFO(f.message);
    REQUIRE(f.kind);
    CHECK(*f.kind == DownloadErrorKind::BadResponse);
    CHECK(contains(f.message, "more than 250000 files"));
}

TEST_CASE("hub hostile: listings that are not what the hub sends say what is wrong") {
    TempDir tmp("hubhostile");
    makeGpt2Repo(tmp.path() / "repo");
    const fs::path raw = tmp.path() / "listing.json";
    writeFile(raw, "[]");
    HubServer server(tmp.path(), {"--repo", "tiny/gpt2=" + (tmp.path() / "repo").string(),
                                  "--raw-listing", raw.string()});
    const std::string sha = "\"sha\": \"" + std::string(40, 'a') + "\"";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"[]", "not a JSON object"},
        {"{" + sha + "}", "no \"siblings\""},
        {"{\"siblings\": []}", "no \"sha\""},
        {"{" + sha + ", \"siblings\": {}}", "not a list"},
        {"{" + sha + ", \"siblings\": [[]]}", "not an object"},
        {"{" + sha + ", \"siblings\": [{\"size\": 1}]}", "no \"rfilename\""},
        {"{" + sha + ", \"siblings\": [{\"rfilename\": 7}]}", "not a string"},
        {"{" + sha + ", \"x\": " + std::string(100, '[') + std::string(100, ']') +
             ", \"siblings\": []}",
         "nested too deeply"},
        {"{" + sha + ", \"siblings\": [", "parse error"},  // cut short: the parser's own words
        {"{\"id\": 5, " + sha + ", \"siblings\": []}", "not text"},
    };
    for (const auto& [listing, expected] : cases) {
        writeFile(raw, listing);
        const auto f = failureOf(hostileOptions(server, tmp.path() / "hub", "tiny/gpt2"));
        INFO(listing.substr(0, 80) << " -> " << f.message);
        REQUIRE(f.kind);
        CHECK(*f.kind == DownloadErrorKind::BadResponse);
        CHECK(contains(f.message, expected));
    }
}
