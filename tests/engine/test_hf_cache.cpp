// The Hugging Face cache layout, read: a cache tree built in a temp folder from the tiny
// fixtures exactly as the hub's tools lay it out (blobs named by hash, relative snapshot
// symlinks, refs/main), then found by id, resolved for --model, and listed with family,
// size and precision. Also the environment variables that move the cache.
#include <cstdlib>
#include <optional>

#include "catch.hpp"
#include "formats/safetensors.hpp"
#include "hub_server_process.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/model_folder.hpp"

namespace fs = std::filesystem;
using namespace ts_test;

namespace {

// Sets (or unsets, for nullopt) an environment variable for one scope.
class EnvVar {
  public:
    EnvVar(const char* name, std::optional<std::string> value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value)
            setenv(name, value->c_str(), 1);
        else
            unsetenv(name);
    }
    ~EnvVar() {
        if (m_old)
            setenv(m_name, m_old->c_str(), 1);
        else
            unsetenv(m_name);
    }

  private:
    const char* m_name;
    std::optional<std::string> m_old;
};

// One file of a snapshot stored the hub's way: the bytes in blobs/<name>, a relative link.
void addCachedFile(const fs::path& repo, const std::string& commit, const std::string& file,
                   const std::string& blobName, const fs::path& source) {
    fs::create_directories(repo / "blobs");
    fs::create_directories(repo / "snapshots" / commit);
    if (!fs::exists(repo / "blobs" / blobName)) fs::copy_file(source, repo / "blobs" / blobName);
    fs::create_symlink(fs::path("../../blobs") / blobName, repo / "snapshots" / commit / file);
}

const std::string kCommitA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const std::string kCommitB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

fs::path buildCache(const fs::path& cache) {
    const auto fixture = dataDir() / "gpt2-tiny-vocab512";
    const fs::path gpt2 = cache / "models--tiny--gpt2";
    addCachedFile(gpt2, kCommitA, "config.json", "c0nf1g", fixture / "config.json");
    addCachedFile(gpt2, kCommitA, "model.safetensors", "we1ghts", fixture / "model.safetensors");
    writeFile(gpt2 / "refs" / "main", kCommitA + "\n");
    // An older snapshot that is a tag, not main.
    addCachedFile(gpt2, kCommitB, "config.json", "c0nf1g", fixture / "config.json");
    addCachedFile(gpt2, kCommitB, "model.safetensors", "we1ghts", fixture / "model.safetensors");
    writeFile(gpt2 / "refs" / "v1", kCommitB);
    // An interrupted download: the link is there, its blob is not.
    const fs::path broken = cache / "models--tiny--broken";
    addCachedFile(broken, kCommitA, "config.json", "c0nf1g", fixture / "config.json");
    fs::create_symlink("../../blobs/missing",
                       broken / "snapshots" / kCommitA / "model.safetensors");
    writeFile(broken / "refs" / "main", kCommitA);
    // A family the engine does not run.
    const fs::path bert = cache / "models--google--bert-tiny";
    fs::create_directories(bert / "snapshots" / kCommitA);
    writeFile(bert / "snapshots" / kCommitA / "config.json", R"({"model_type": "bert"})");
    fs::copy_file(fixture / "model.safetensors",
                  bert / "snapshots" / kCommitA / "model.safetensors");
    writeFile(bert / "refs" / "main", kCommitA);
    // A GGUF repository where one file was chosen.
    const fs::path gguf = cache / "models--tiny--llama-GGUF";
    fs::create_directories(gguf / "snapshots" / kCommitA);
    writeFile(gguf / "snapshots" / kCommitA / "tiny-Q8_0.gguf", tinyGguf("llama", 7, 100));
    writeFile(gguf / "refs" / "main", kCommitA);
    // Not a model repository at all.
    fs::create_directories(cache / "datasets--x--y" / "snapshots" / kCommitA);
    return cache;
}

std::uint64_t fixtureParameters() {
    std::uint64_t n = 0;
    // Keep the file alive: tensors() refers into it (a temporary here would dangle).
    const auto file = ts::st::File::open(dataDir() / "gpt2-tiny-vocab512" / "model.safetensors");
    for (const auto& t : file.tensors()) n += t.numel;
    return n;
}

}  // namespace

TEST_CASE("hf cache: the cache folder follows HF_HUB_CACHE, HF_HOME, XDG_CACHE_HOME, HOME") {
    EnvVar a("HF_HUB_CACHE", std::nullopt), b("HUGGINGFACE_HUB_CACHE", std::nullopt),
        c("HF_HOME", std::nullopt), d("XDG_CACHE_HOME", std::nullopt), e("HOME", "/home/learner");
    CHECK(ts::hub::cacheDir() == fs::path("/home/learner/.cache/huggingface/hub"));
    {
        EnvVar x("XDG_CACHE_HOME", "/xdg");
        CHECK(ts::hub::cacheDir() == fs::path("/xdg/huggingface/hub"));
        EnvVar h("HF_HOME", "/srv/hf");
        CHECK(ts::hub::cacheDir() == fs::path("/srv/hf/hub"));
        EnvVar hc("HF_HUB_CACHE", "/data/hub");
        CHECK(ts::hub::cacheDir() == fs::path("/data/hub"));
    }
}

TEST_CASE("hf cache: repository ids and folder names") {
    CHECK(ts::hub::isRepoId("openai-community/gpt2"));
    CHECK(ts::hub::isRepoId("gpt2"));
    CHECK(ts::hub::isRepoId("Qwen/Qwen2.5-0.5B-Instruct"));
    CHECK_FALSE(ts::hub::isRepoId("a/b/c"));
    CHECK_FALSE(ts::hub::isRepoId("../etc"));
    CHECK_FALSE(ts::hub::isRepoId("/abs"));
    CHECK_FALSE(ts::hub::isRepoId("org/"));
    CHECK_FALSE(ts::hub::isRepoId("with space/x"));
    CHECK(ts::hub::repoFolderName("HuggingFaceTB/SmolLM2-135M-Instruct") ==
          "models--HuggingFaceTB--SmolLM2-135M-Instruct");
}

TEST_CASE("hf cache: snapshots are found through refs and by commit") {
    TempDir tmp("hfcache");
    const auto cache = buildCache(tmp.path() / "hub");
    const auto main = ts::hub::findSnapshot(cache, "tiny/gpt2");
    REQUIRE(main);
    CHECK(main->filename() == kCommitA);
    const auto tag = ts::hub::findSnapshot(cache, "tiny/gpt2", "v1");
    REQUIRE(tag);
    CHECK(tag->filename() == kCommitB);
    CHECK(ts::hub::findSnapshot(cache, "tiny/gpt2", kCommitB));
    CHECK_FALSE(ts::hub::findSnapshot(cache, "tiny/gpt2", "v2"));
    CHECK_FALSE(ts::hub::findSnapshot(cache, "tiny/absent"));
    CHECK_FALSE(ts::hub::findSnapshot(cache, "tiny/gpt2", "../../refs"));
}

TEST_CASE("hf cache: --model ORG/NAME resolves from the cache and loads through the symlinks") {
    TempDir tmp("hfcache");
    const auto cache = buildCache(tmp.path() / "hub");
    EnvVar env("HF_HUB_CACHE", cache.string());
    const auto folder = ts::hub::resolveModelSpec("tiny/gpt2");
    CHECK(folder == cache / "models--tiny--gpt2" / "snapshots" / kCommitA);
    CHECK(ts::hub::resolveModelSpec("tiny/gpt2@v1").filename() == kCommitB);
    const auto loaded = ts::loadModelFolder(folder);
    CHECK(loaded.model->config().nVocab == 512);
    // A GGUF snapshot resolves to its one file.
    CHECK(ts::hub::resolveModelSpec("tiny/llama-GGUF").filename() == "tiny-Q8_0.gguf");
    // An existing folder is itself, even if it looks like an id.
    CHECK(ts::hub::resolveModelSpec(folder.string()) == folder);
    try {
        ts::hub::resolveModelSpec("tiny/absent");
        FAIL("expected an error");
    } catch (const ts::Error& e) {
        const std::string m = e.what();
        CHECK(m.find("tokenscope-cli download tiny/absent") != std::string::npos);
        CHECK(m.find(cache.string()) != std::string::npos);
    }
}

TEST_CASE("hf cache: the listing shows every model with family, size and precision") {
    TempDir tmp("hfcache");
    const auto cache = buildCache(tmp.path() / "hub");
    const auto models = ts::hub::scanCache(cache);
    auto find = [&](const std::string& id,
                    const std::string& commit) -> const ts::hub::CachedModel* {
        for (const auto& m : models)
            if (m.repoId == id && m.commit == commit) return &m;
        return nullptr;
    };
    REQUIRE(models.size() == 5);  // gpt2 x2, broken, bert, gguf; not the dataset
    const auto* gpt2 = find("tiny/gpt2", kCommitA);
    REQUIRE(gpt2);
    CHECK(gpt2->supported);
    CHECK(gpt2->family == "gpt2");
    CHECK(gpt2->precision == "F32");
    CHECK(gpt2->revision == "main");
    CHECK(gpt2->parameters == fixtureParameters());
    CHECK(gpt2->bytes == fs::file_size(dataDir() / "gpt2-tiny-vocab512" / "model.safetensors"));
    const auto* old = find("tiny/gpt2", kCommitB);
    REQUIRE(old);
    CHECK(old->revision == "v1");
    const auto* broken = find("tiny/broken", kCommitA);
    REQUIRE(broken);
    CHECK_FALSE(broken->supported);
    CHECK(broken->reason.find("download it again") != std::string::npos);
    const auto* bert = find("google/bert-tiny", kCommitA);
    REQUIRE(bert);
    CHECK_FALSE(bert->supported);
    CHECK(bert->family == "bert");
    CHECK(bert->reason.find("bert") != std::string::npos);
    const auto* gguf = find("tiny/llama-GGUF", kCommitA);
    REQUIRE(gguf);
    CHECK(gguf->family == "llama");
    CHECK(gguf->precision == "Q8_0");
    CHECK(gguf->file.filename() == "tiny-Q8_0.gguf");
    CHECK(ts::hub::scanCache(tmp.path() / "nowhere").empty());
}

TEST_CASE("hf cache: parameter counts read as people say them") {
    CHECK(ts::hub::formatParameters(124'439'808) == "124M");
    CHECK(ts::hub::formatParameters(134'515'008) == "135M");
    CHECK(ts::hub::formatParameters(494'032'768) == "494M");
    CHECK(ts::hub::formatParameters(1'500'000'000) == "1.5B");
    CHECK(ts::hub::formatParameters(2'620'000) == "2.6M");
    CHECK(ts::hub::formatParameters(0) == "?");
}

TEST_CASE("hf cache: snapshot paths read as hub ids") {
    CHECK(ts::hub::displayName("/c/hub/models--openai-community--gpt2/snapshots/abc") ==
          "openai-community/gpt2");
    CHECK(ts::hub::displayName("/c/hub/models--openai-community--gpt2/snapshots/abc/") ==
          "openai-community/gpt2");
    CHECK(ts::hub::displayName("/c/models--gpt2/snapshots/abc") == "gpt2");
    CHECK(ts::hub::displayName("/c/hub/models--o--m-GGUF/snapshots/abc/m-Q8_0.gguf") ==
          "o/m-GGUF · m-Q8_0.gguf");
    CHECK(ts::hub::displayName("/home/me/gpt2") == "gpt2");
}
