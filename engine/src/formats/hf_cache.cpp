// Reads the Hugging Face hub cache (see tokenscope/hf_cache.hpp for the layout). Models are
// described from their headers only (config.json, the safetensors JSON header, the first
// GGUF key-value pairs), so listing a cache with several gigabytes of weights stays instant.
// Everything read here is untrusted: header lengths are bounded and every read is checked.
#include "tokenscope/hf_cache.hpp"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <system_error>
#include <tuple>

#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"

namespace fs = std::filesystem;

namespace ts::hub {

namespace {

std::string envOr(const char* name) {
    const char* v = std::getenv(name);
    return v && *v ? std::string(v) : std::string();
}

bool isHexCommit(const std::string& s) {
    return s.size() == 40 && std::all_of(s.begin(), s.end(), [](char c) {
               return std::isxdigit(static_cast<unsigned char>(c));
           });
}

std::string readSmallFile(const fs::path& p, std::size_t limit) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return {};
    std::string s(limit, '\0');
    in.read(s.data(), static_cast<std::streamsize>(limit));
    s.resize(static_cast<std::size_t>(in.gcount()));
    return s;
}

std::string trim(std::string s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    std::size_t i = 0;
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    return s.substr(i);
}

// Parameter count, weight bytes and dtype names of one safetensors file, from its header.
struct SafetensorsSummary {
    std::uint64_t parameters = 0;
    std::uint64_t bytes = 0;
    std::set<std::string> dtypes;
    bool ok = false;
};

SafetensorsSummary peekSafetensors(const fs::path& file) {
    SafetensorsSummary s;
    std::ifstream in(file, std::ios::binary);
    unsigned char len8[8];
    if (!in.read(reinterpret_cast<char*>(len8), 8)) return s;
    std::uint64_t headerLen = 0;
    for (int i = 7; i >= 0; --i) headerLen = (headerLen << 8) | len8[i];
    std::error_code ec;
    const auto fileSize = fs::file_size(file, ec);
    if (ec || headerLen > 100'000'000 || headerLen + 8 > fileSize) return s;
    std::string header(static_cast<std::size_t>(headerLen), '\0');
    if (!in.read(header.data(), static_cast<std::streamsize>(headerLen))) return s;
    try {
        const auto j = nlohmann::json::parse(header);
        if (!j.is_object()) return s;
        for (const auto& [name, t] : j.items()) {
            if (name == "__metadata__" || !t.is_object()) continue;
            const auto dt = t.find("dtype");
            const auto shape = t.find("shape");
            if (dt == t.end() || !dt->is_string() || shape == t.end() || !shape->is_array())
                continue;
            std::uint64_t n = 1;
            for (const auto& d : *shape)
                if (d.is_number_unsigned()) n *= d.get<std::uint64_t>();
            s.parameters += n;
            s.dtypes.insert(dt->get<std::string>());
        }
        s.bytes = fileSize;
        s.ok = true;
    } catch (const nlohmann::json::exception&) {
    }
    return s;
}

std::string joinPrecision(const std::set<std::string>& dtypes) {
    // Most checkpoints are one dtype; mixed ones list the wider types last ("F16+F32").
    std::string out;
    for (const auto& d : dtypes) out += (out.empty() ? "" : "+") + d;
    return out.empty() ? "?" : out;
}

std::string readRef(const fs::path& repo, const std::string& revision) {
    if (!isRevisionName(revision)) return {};
    return trim(readSmallFile(repo / "refs" / revision, 256));
}

// The branch or tag whose ref names `commit`, "main" first.
std::string refFor(const fs::path& repo, const std::string& commit) {
    if (readRef(repo, "main") == commit) return "main";
    std::error_code ec;
    for (fs::recursive_directory_iterator it(repo / "refs", ec), end; !ec && it != end;
         it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        if (trim(readSmallFile(it->path(), 256)) == commit)
            return it->path().lexically_relative(repo / "refs").generic_string();
    }
    return {};
}

// The architecture and file type of a GGUF file from its first key-value pairs (llama.cpp
// writes general.architecture first and general.file_type soon after). Bounded: at most 64
// pairs, strings under 1 MB, arrays skipped element by element with checked reads.
struct GgufSummary {
    bool ok = false;
    std::string architecture, precision, error;
    std::uint64_t fileSize = 0;
};

const char* ggufFileTypeName(std::uint32_t t) {
    switch (t) {
        case 0:
            return "F32";
        case 1:
            return "F16";
        case 2:
            return "Q4_0";
        case 3:
            return "Q4_1";
        case 7:
            return "Q8_0";
        case 8:
            return "Q5_0";
        case 9:
            return "Q5_1";
        case 10:
            return "Q2_K";
        case 11:
            return "Q3_K_S";
        case 12:
            return "Q3_K_M";
        case 13:
            return "Q3_K_L";
        case 14:
            return "Q4_K_S";
        case 15:
            return "Q4_K_M";
        case 16:
            return "Q5_K_S";
        case 17:
            return "Q5_K_M";
        case 18:
            return "Q6_K";
        case 32:
            return "BF16";
        default:
            return nullptr;
    }
}

// The quantisation the hub's file names carry ("...-Q8_0.gguf"), for files without file_type.
std::string precisionFromName(const std::string& name) {
    static const char* kinds[] = {"Q8_0",   "Q6_K",   "Q5_K_M", "Q5_K_S", "Q5_0",   "Q5_1",
                                  "Q4_K_M", "Q4_K_S", "Q4_0",   "Q4_1",   "Q3_K_M", "Q3_K_S",
                                  "Q3_K_L", "Q2_K",   "BF16",   "F16",    "F32"};
    std::string upper = name;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const char* k : kinds)
        if (upper.find(k) != std::string::npos) return k;
    return "?";
}

GgufSummary peekGguf(const fs::path& file) {
    GgufSummary s;
    std::error_code ec;
    s.fileSize = fs::file_size(file, ec);
    s.precision = precisionFromName(file.filename().string());
    std::ifstream in(file, std::ios::binary);
    auto readN = [&](void* dst, std::size_t n) {
        return static_cast<bool>(in.read(static_cast<char*>(dst), static_cast<std::streamsize>(n)));
    };
    auto u32 = [&](std::uint32_t& v) { return readN(&v, 4); };
    auto u64 = [&](std::uint64_t& v) { return readN(&v, 8); };
    auto str = [&](std::string& out) {
        std::uint64_t n = 0;
        if (!u64(n) || n > (1u << 20)) return false;
        out.assign(static_cast<std::size_t>(n), '\0');
        return n == 0 || readN(out.data(), static_cast<std::size_t>(n));
    };
    auto scalarSize = [](std::uint32_t type) -> std::size_t {
        static const std::size_t sizes[] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};
        return type < 13 ? sizes[type] : 0;
    };
    char magic[4];
    std::uint32_t version = 0;
    std::uint64_t tensors = 0, kvs = 0;
    if (ec || !readN(magic, 4) || std::memcmp(magic, "GGUF", 4) != 0 || !u32(version) ||
        !u64(tensors) || !u64(kvs)) {
        s.error = "not a GGUF file (or an incomplete download)";
        return s;
    }
    for (std::uint64_t i = 0; i < std::min<std::uint64_t>(kvs, 64); ++i) {
        std::string key;
        std::uint32_t type = 0;
        if (!str(key) || !u32(type)) break;
        if (type == 8) {
            std::string value;
            if (!str(value)) break;
            if (key == "general.architecture") s.architecture = value;
        } else if (type == 9) {
            std::uint32_t elem = 0;
            std::uint64_t n = 0;
            if (!u32(elem) || !u64(n)) break;
            if (elem == 8) {
                // String arrays (the vocabulary) come after the keys we want; stop here.
                break;
            }
            const std::size_t size = scalarSize(elem);
            if (size == 0 || n > (1ull << 32)) break;
            in.seekg(static_cast<std::streamoff>(n * size), std::ios::cur);
        } else {
            const std::size_t size = scalarSize(type);
            if (size == 0) break;
            std::uint64_t value = 0;
            if (!readN(&value, size)) break;
            if (key == "general.file_type" && size == 4)
                if (const char* name = ggufFileTypeName(static_cast<std::uint32_t>(value)))
                    s.precision = name;
        }
        if (!s.architecture.empty() && key == "general.file_type") break;
    }
    if (s.architecture.empty()) {
        s.error = "the GGUF header names no general.architecture";
        return s;
    }
    static const std::set<std::string> families = {"gpt2", "llama", "qwen2", "qwen3"};
    if (!families.count(s.architecture)) {
        s.error = "GGUF architecture '" + s.architecture + "' is not one Tokenscope runs";
        return s;
    }
    s.ok = true;
    return s;
}

void describeSafetensorsSnapshot(CachedModel& m) {
    std::error_code ec;
    std::set<std::string> dtypes;
    bool any = false, broken = false;
    for (const auto& e : fs::directory_iterator(m.folder, ec)) {
        if (e.path().extension() != ".safetensors") continue;
        // A snapshot link whose blob is missing (an interrupted download) does not count.
        if (!fs::exists(e.path(), ec)) {
            broken = true;
            continue;
        }
        const auto s = peekSafetensors(e.path());
        if (!s.ok) {
            broken = true;
            continue;
        }
        any = true;
        m.parameters += s.parameters;
        m.bytes += s.bytes;
        dtypes.insert(s.dtypes.begin(), s.dtypes.end());
    }
    m.precision = joinPrecision(dtypes);
    try {
        const auto text = readSmallFile(m.folder / "config.json", 4 << 20);
        const auto j = nlohmann::json::parse(text);
        if (j.is_object() && j.contains("model_type") && j["model_type"].is_string())
            m.family = j["model_type"].get<std::string>();
    } catch (const nlohmann::json::exception&) {
    }
    if (!any) {
        m.reason = broken ? "the weights are incomplete or unreadable (download it again)"
                          : "no .safetensors weights";
        return;
    }
    if (broken) {
        m.reason = "a weight file is missing or unreadable (download it again)";
        return;
    }
    // The engine's own config reader decides, so this list never disagrees with loading.
    try {
        (void)Config::fromJsonFile(m.folder / "config.json");
        m.supported = true;
    } catch (const Error& e) {
        m.reason = e.what();
    }
}

}  // namespace

namespace {

// The user's home folder from the password database (services without HOME: cron, systemd
// units, some sandboxes), as Python's os.path.expanduser finds it; "" when there is none.
std::string homeFromPasswordDatabase() {
    long size = sysconf(_SC_GETPW_R_SIZE_MAX);
    if (size <= 0 || size > (1 << 20)) size = 16384;
    std::vector<char> buffer(static_cast<std::size_t>(size));
    passwd entry{};
    passwd* found = nullptr;
    if (getpwuid_r(getuid(), &entry, buffer.data(), buffer.size(), &found) != 0 || !found ||
        !found->pw_dir)
        return {};
    return found->pw_dir;
}

}  // namespace

fs::path cacheDir() {
    if (auto v = envOr("HF_HUB_CACHE"); !v.empty()) return v;
    if (auto v = envOr("HUGGINGFACE_HUB_CACHE"); !v.empty()) return v;  // the older name
    if (auto v = envOr("HF_HOME"); !v.empty()) return fs::path(v) / "hub";
    if (auto v = envOr("XDG_CACHE_HOME"); !v.empty()) return fs::path(v) / "huggingface" / "hub";
    std::string home = envOr("HOME");
    if (home.empty()) home = homeFromPasswordDatabase();
    // Never a guess such as /tmp: any user can create a folder there first and own the cache.
    if (home.empty() || home.front() != '/')
        throw Error(
            "cannot tell where the Hugging Face cache is: HOME is not set and this user has no "
            "home folder in the password database. Set HF_HUB_CACHE (or HOME) to a folder of "
            "your own");
    return fs::path(home) / ".cache" / "huggingface" / "hub";
}

const char* const kRevisionRule =
    "a branch, tag or commit such as main, v1.0 or refs/pr/1 (no '.' or '..' parts, no '\\', "
    "no leading '/', no control characters)";

bool isRevisionName(const std::string& text) {
    if (text.empty() || text.size() > 255 || text.find("..") != std::string::npos) return false;
    std::size_t start = 0;
    for (;;) {
        const auto slash = text.find('/', start);
        const std::string segment = text.substr(start, slash - start);
        if (segment.empty() || segment == ".") return false;  // "/x", "x/", "a//b", "./x"
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return std::none_of(text.begin(), text.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f || c == '\\';
    });
}

bool isRepoId(const std::string& text) {
    if (text.empty() || text.size() > 200 || text.find("..") != std::string::npos) return false;
    const auto slash = text.find('/');
    if (slash != std::string::npos &&
        (slash == 0 || slash + 1 == text.size() || text.find('/', slash + 1) != std::string::npos))
        return false;
    if (text.front() == '.' || text.front() == '-') return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
               c == '/';
    });
}

std::string repoFolderName(const std::string& repoId) {
    std::string out = "models--";
    for (char c : repoId) {
        if (c == '/')
            out += "--";
        else
            out += c;
    }
    return out;
}

fs::path repoFolder(const fs::path& cache, const std::string& repoId) {
    return cache / repoFolderName(repoId);
}

std::optional<fs::path> findSnapshot(const fs::path& cache, const std::string& repoId,
                                     const std::string& revision) {
    if (!isRepoId(repoId)) return std::nullopt;
    const fs::path repo = repoFolder(cache, repoId);
    std::string commit = readRef(repo, revision);
    if (commit.empty() && isHexCommit(revision)) commit = revision;
    if (!isHexCommit(commit)) return std::nullopt;
    const fs::path snap = repo / "snapshots" / commit;
    std::error_code ec;
    if (!fs::is_directory(snap, ec)) return std::nullopt;
    return snap;
}

fs::path resolveModelSpec(const std::string& spec) {
    std::error_code ec;
    if (fs::exists(spec, ec)) return spec;
    std::string id = spec, revision = "main";
    if (const auto at = spec.find('@'); at != std::string::npos) {
        id = spec.substr(0, at);
        revision = spec.substr(at + 1);
    }
    if (!isRepoId(id) || !isRevisionName(revision))
        throw Error("model " + spec +
                    " does not exist: give a model folder or a hub id like "
                    "openai-community/gpt2");
    const fs::path cache = cacheDir();
    const auto snap = findSnapshot(cache, id, revision);
    if (!snap)
        throw Error("model folder " + spec + " does not exist, and the Hugging Face cache (" +
                    cache.string() + ") has no " + id + " at revision " + revision +
                    ". Download it with: tokenscope-cli download " + id +
                    (revision == "main" ? "" : " --revision " + revision) +
                    " (or Model > Get a model... in the app)");
    // A GGUF snapshot holds one chosen .gguf file and no config.json: the file is the model.
    if (!fs::exists(*snap / "config.json", ec)) {
        std::vector<fs::path> ggufs;
        for (const auto& e : fs::directory_iterator(*snap, ec))
            if (e.path().extension() == ".gguf" && fs::exists(e.path(), ec))
                ggufs.push_back(e.path());
        if (ggufs.size() == 1) return ggufs.front();
    }
    return *snap;
}

std::string displayName(const fs::path& path) {
    const fs::path clean = path.lexically_normal();
    std::vector<std::string> parts;
    for (const auto& p : clean) parts.push_back(p.string());
    while (!parts.empty() && parts.back().empty()) parts.pop_back();
    for (std::size_t i = 0; i + 2 < parts.size(); ++i) {
        if (parts[i].rfind("models--", 0) != 0 || parts[i + 1] != "snapshots") continue;
        std::string id = parts[i].substr(8);
        if (const auto sep = id.find("--"); sep != std::string::npos) id.replace(sep, 2, "/");
        if (i + 3 < parts.size() && clean.extension() == ".gguf") id += " · " + parts.back();
        return id;
    }
    return parts.empty() ? path.string() : parts.back();
}

std::vector<CachedModel> scanCache(const fs::path& cache) {
    std::vector<CachedModel> out;
    std::error_code ec;
    for (const auto& repoEntry : fs::directory_iterator(cache, ec)) {
        const std::string folder = repoEntry.path().filename().string();
        if (folder.rfind("models--", 0) != 0 || !repoEntry.is_directory(ec)) continue;
        std::string id = folder.substr(8);
        if (const auto sep = id.find("--"); sep != std::string::npos) id.replace(sep, 2, "/");
        if (!isRepoId(id)) continue;
        std::error_code ec2;
        for (const auto& snapEntry : fs::directory_iterator(repoEntry.path() / "snapshots", ec2)) {
            if (!snapEntry.is_directory(ec2)) continue;
            CachedModel base;
            base.repoId = id;
            base.commit = snapEntry.path().filename().string();
            base.folder = snapEntry.path();
            base.revision = refFor(repoEntry.path(), base.commit);
            std::error_code ec3;
            std::vector<fs::path> ggufs;
            for (const auto& e : fs::directory_iterator(base.folder, ec3))
                if (e.path().extension() == ".gguf") ggufs.push_back(e.path());
            std::sort(ggufs.begin(), ggufs.end());
            for (const auto& g : ggufs) {
                CachedModel m = base;
                m.file = g;
                const auto peek = peekGguf(g);
                m.family = peek.architecture;
                m.precision = peek.precision;
                m.parameters = 0;
                m.bytes = peek.fileSize;
                m.supported = peek.ok;
                m.reason = peek.ok ? "" : peek.error;
                out.push_back(std::move(m));
            }
            if (fs::exists(base.folder / "config.json", ec3)) {
                CachedModel m = base;
                describeSafetensorsSnapshot(m);
                out.push_back(std::move(m));
            }
        }
    }
    std::sort(out.begin(), out.end(), [](const CachedModel& a, const CachedModel& b) {
        return std::tie(a.repoId, a.revision, a.commit, a.file) <
               std::tie(b.repoId, b.revision, b.commit, b.file);
    });
    return out;
}

std::string formatParameters(std::uint64_t n) {
    if (n == 0) return "?";
    std::ostringstream s;
    s.precision(n >= 10'000'000'000ULL || (n >= 10'000'000 && n < 1'000'000'000) ? 0 : 1);
    s << std::fixed;
    if (n >= 1'000'000'000)
        s << static_cast<double>(n) / 1e9 << "B";
    else if (n >= 1'000'000)
        s << static_cast<double>(n) / 1e6 << "M";
    else if (n >= 1'000)
        s << static_cast<double>(n) / 1e3 << "K";
    else
        s << n;
    return s.str();
}

}  // namespace ts::hub
