// The hub's listing (/api/models/ID/revision/REV?blobs=true) and the choice of files to
// fetch: by default only what Tokenscope loads (config, safetensors weights, tokenizer files,
// generation_config), never pickled weights or ONNX; for a GGUF repository one .gguf file,
// the Q8_0 one unless the caller names another.
#include <fnmatch.h>

#include <algorithm>
#include <cstdlib>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "hub_endpoint.hpp"
#include "hub_listing.hpp"
#include "tokenscope/hf_cache.hpp"

namespace ts::hub {

namespace {

std::string envOr(std::initializer_list<const char*> names) {
    for (const char* n : names)
        if (const char* v = std::getenv(n); v && *v) return v;
    return {};
}

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool isPickle(const std::string& name) {
    const std::string n = lower(name);
    for (const char* ext : {".bin", ".pt", ".pth", ".ckpt", ".pkl", ".pickle"})
        if (endsWith(n, ext)) return true;
    return false;
}

// The files Tokenscope reads from a model folder (weights, config, tokenizers).
bool isLoadable(const std::string& name) {
    if (name.find('/') != std::string::npos) return false;  // onnx/, original/, ...
    static const std::set<std::string> exact = {"config.json",
                                                "generation_config.json",
                                                "tokenizer.json",
                                                "tokenizer_config.json",
                                                "vocab.json",
                                                "merges.txt",
                                                "special_tokens_map.json",
                                                "added_tokens.json",
                                                "tokenizer.model",
                                                "model.safetensors.index.json"};
    return exact.count(name) > 0 || endsWith(name, ".safetensors");
}

// Server-given text in a message: control characters shown as '?', at most 200 characters.
std::string printable(const std::string& text) {
    std::string out = text.substr(0, 200);
    for (auto& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return text.size() > 200 ? out + "..." : out;
}

std::string fileList(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

}  // namespace

HubEndpoint HubEndpoint::from(const DownloadOptions& o) {
    HubEndpoint h;
    h.base = !o.endpoint.empty() ? o.endpoint : envOr({"HF_ENDPOINT"});
    if (h.base.empty()) h.base = "https://huggingface.co";
    while (!h.base.empty() && h.base.back() == '/') h.base.pop_back();
    h.origin = http::origin(h.base);
    if (h.origin.empty() || h.origin.rfind("://") == 0)
        throw DownloadError(DownloadErrorKind::BadResponse,
                            "the hub endpoint '" + h.base + "' is not a URL (check HF_ENDPOINT)");
    h.token = !o.token.empty() ? o.token : envOr({"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"});
    h.proxy = o.proxy;  // empty: libcurl reads https_proxy/HTTPS_PROXY, http_proxy, NO_PROXY
    h.connectTimeout = o.connectTimeoutSeconds;
    h.stallTimeout = o.stallTimeoutSeconds;
    h.requestTimeout = o.requestTimeoutSeconds;
    h.cancel = o.cancel;
    return h;
}

http::Request HubEndpoint::request(const std::string& url, const std::string& method) const {
    http::Request r;
    r.method = method;
    r.url = url;
    r.token = token;
    r.authOrigin = origin;
    r.proxy = proxy;
    r.connectTimeoutSeconds = connectTimeout;
    r.stallTimeoutSeconds = stallTimeout;
    r.totalTimeoutSeconds = requestTimeout;
    r.cancel = cancel;
    return r;
}

void throwForFailure(const http::Outcome& o, const HubEndpoint& hub, const std::string& what) {
    using http::Failure;
    switch (o.failure) {
        case Failure::None:
        case Failure::SinkStopped:
            return;
        case Failure::Cancelled:
            throw DownloadError(DownloadErrorKind::Cancelled,
                                "download cancelled while fetching " + what +
                                    "; what arrived is kept and the next download resumes from it");
        case Failure::Timeout:
            throw DownloadError(DownloadErrorKind::Network,
                                "the connection to " + hub.base + " stalled while fetching " +
                                    what + " (" + o.detail +
                                    "). Check the network and run the download "
                                    "again: it resumes where it stopped");
        case Failure::PartialBody:
            throw DownloadError(DownloadErrorKind::Network,
                                "the connection dropped while fetching " + what + " (" + o.detail +
                                    "). Run the download again: it resumes where it stopped");
        case Failure::TooLarge:
            throw DownloadError(DownloadErrorKind::BadResponse,
                                "the answer from " + hub.base + " for " + what +
                                    " is larger than " + o.detail +
                                    ", far more than the hub ever sends; it was not read further "
                                    "(is HF_ENDPOINT a real hub mirror?)");
        case Failure::Network:
        case Failure::Redirected:  // not asked for by the downloader
            break;
    }
    throw DownloadError(DownloadErrorKind::Network,
                        "cannot reach " + hub.base + " for " + what + " (" + o.detail +
                            "). Check the network connection; behind a school or office proxy set "
                            "HTTPS_PROXY, and for a mirror set HF_ENDPOINT");
}

void throwForStatus(const http::Response& r, const HubEndpoint& hub, const std::string& repoId,
                    const std::string& what) {
    if (r.status < 400) return;
    std::string hubSays;
    try {
        const auto j = nlohmann::json::parse(r.body);
        if (j.is_object() && j.contains("error") && j["error"].is_string())
            hubSays = j["error"].get<std::string>();
    } catch (const nlohmann::json::exception&) {
    }
    const std::string said = hubSays.empty() ? "" : " The hub says: " + hubSays;
    if (r.status == 401 || r.status == 403) {
        const std::string tokenAdvice =
            hub.token.empty() ? " It is gated or private: accept its licence on " + hub.base + "/" +
                                    repoId + ", create an access token and set HF_TOKEN to it."
                              : " The token in HF_TOKEN was refused: check that it is valid and "
                                "that you accepted "
                                "the model's licence on " +
                                    hub.base + "/" + repoId + ".";
        throw DownloadError(DownloadErrorKind::Unauthorized,
                            "access to " + repoId + " was denied (HTTP " +
                                std::to_string(r.status) + ") while fetching " + what + "." +
                                tokenAdvice + said);
    }
    if (r.status == 404)
        throw DownloadError(DownloadErrorKind::NotFound,
                            "not found on " + hub.base + ": " + what +
                                " (HTTP 404). Check the "
                                "spelling of the model id (ORG/NAME, as on the hub page) and the "
                                "revision." +
                                said);
    if (r.status == 416)
        throw DownloadError(DownloadErrorKind::BadResponse,
                            "the server refused to resume " + what + " (HTTP 416)");
    throw DownloadError(DownloadErrorKind::BadResponse, hub.base + " answered HTTP " +
                                                            std::to_string(r.status) + " for " +
                                                            what + ". Try again later." + said);
}

RepoInfo fetchRepoInfo(const DownloadOptions& options) {
    if (!isRepoId(options.repoId))
        throw DownloadError(DownloadErrorKind::NotFound,
                            "'" + options.repoId +
                                "' is not a hub model id: write it as ORG/NAME, "
                                "for example openai-community/gpt2");
    const std::string revision = options.revision.empty() ? "main" : options.revision;
    if (!isRevisionName(revision))
        throw DownloadError(
            DownloadErrorKind::NotFound,
            "'" + printable(revision) + "' is not a revision name: " + kRevisionRule);
    const HubEndpoint hub = HubEndpoint::from(options);
    const std::string url = hub.base + "/api/models/" + http::encodePath(options.repoId, true) +
                            "/revision/" + http::encodePath(revision, false) + "?blobs=true";
    auto listingRequest = hub.request(url);
    listingRequest.maxBodyBytes = kMaxListingBytes;
    const auto outcome = http::perform(listingRequest);
    throwForFailure(outcome, hub, "the file list of " + options.repoId);
    throwForStatus(outcome.response, hub, options.repoId,
                   "model " + options.repoId + " at revision " + revision);
    if (outcome.response.status != 200)
        throw DownloadError(DownloadErrorKind::BadResponse,
                            hub.base + " answered HTTP " + std::to_string(outcome.response.status) +
                                " for the file list of " + options.repoId);
    ParsedListing listing;
    std::string problem;
    if (!parseListing(outcome.response.body, listing, problem))
        throw DownloadError(DownloadErrorKind::BadResponse,
                            "the file list of " + options.repoId + " from " + hub.base +
                                " is not what the hub sends: " + printable(problem));
    // Paths, locks and hints use the id asked for. A server that answers for another
    // repository (a mirror naming a trusted model to write into its cache entry) is refused;
    // the hub itself differs at most in case ("GPT2" for "gpt2").
    if (listing.hasId && (!listing.idIsString || lower(listing.id) != lower(options.repoId)))
        throw DownloadError(DownloadErrorKind::BadResponse,
                            hub.base + " answered the request for " + options.repoId +
                                " with the file list of another repository (" +
                                (listing.idIsString ? "'" + printable(listing.id) + "'"
                                                    : std::string("an id that is not text")) +
                                "); nothing was downloaded. Check HF_ENDPOINT: this server is "
                                "not a faithful hub mirror");
    RepoInfo info = std::move(listing.info);
    info.id = options.repoId;
    auto hexOf = [](const std::string& s, std::size_t n) {
        return s.size() == n && std::all_of(s.begin(), s.end(), [](char c) {
                   return std::isxdigit(static_cast<unsigned char>(c));
               });
    };
    if (!hexOf(info.commit, 40))
        throw DownloadError(DownloadErrorKind::BadResponse,
                            "the hub gave no commit hash for " + options.repoId);
    for (const auto& f : info.files) {
        // File names become paths on disk: refuse anything that could leave the snapshot.
        if (f.name.empty() || f.name.front() == '/' || f.name.find("..") != std::string::npos ||
            f.name.find('\\') != std::string::npos)
            throw DownloadError(
                DownloadErrorKind::BadResponse,
                "the file list of " + options.repoId + " names an unsafe path '" + f.name + "'");
        if ((!f.sha256.empty() && !hexOf(f.sha256, 64)) ||
            (!f.blobId.empty() && !hexOf(f.blobId, 40)))
            throw DownloadError(
                DownloadErrorKind::BadResponse,
                "the file list of " + options.repoId + " has a malformed hash for " + f.name);
    }
    return info;
}

std::vector<RepoFile> selectFiles(const RepoInfo& info, const DownloadOptions& options,
                                  std::vector<std::string>* skipped) {
    std::vector<RepoFile> chosen;
    auto skip = [&](const RepoFile& f, const std::string& why) {
        if (skipped) skipped->push_back(f.name + ": " + why);
    };
    std::vector<std::string> ggufs;
    bool hasSafetensors = false;
    for (const auto& f : info.files) {
        if (endsWith(lower(f.name), ".gguf")) ggufs.push_back(f.name);
        if (endsWith(f.name, ".safetensors")) hasSafetensors = true;
    }
    if (!options.include.empty()) {
        for (const auto& f : info.files) {
            const bool match = std::any_of(
                options.include.begin(), options.include.end(),
                [&](const std::string& p) { return fnmatch(p.c_str(), f.name.c_str(), 0) == 0; });
            if (!match)
                skip(f, "not matched by --include");
            else if (isPickle(f.name))
                skip(f, "pickled weights (Tokenscope never unpickles)");
            else
                chosen.push_back(f);
        }
        return chosen;
    }
    const bool ggufRepo = !ggufs.empty() && (!hasSafetensors || !options.ggufFile.empty());
    if (ggufRepo) {
        std::string pick = options.ggufFile;
        if (pick.empty()) {
            for (const auto& g : ggufs)
                if (lower(g).find("q8_0") != std::string::npos) {
                    pick = g;
                    break;
                }
            if (pick.empty())
                throw DownloadError(
                    DownloadErrorKind::NothingToGet,
                    info.id + " has no Q8_0 GGUF file; choose one of: " + fileList(ggufs) +
                        " (tokenscope-cli download " + info.id + " --file NAME)");
        } else if (std::find(ggufs.begin(), ggufs.end(), pick) == ggufs.end()) {
            throw DownloadError(
                DownloadErrorKind::NothingToGet,
                info.id + " has no GGUF file named " + pick + "; it has: " + fileList(ggufs));
        }
        for (const auto& f : info.files) {
            if (f.name == pick)
                chosen.push_back(f);
            else
                skip(f, endsWith(lower(f.name), ".gguf") ? "another GGUF variant"
                                                         : "not needed for a GGUF model");
        }
        return chosen;
    }
    for (const auto& f : info.files) {
        if (isPickle(f.name))
            skip(f, "pickled weights (Tokenscope never unpickles)");
        else if (isLoadable(f.name))
            chosen.push_back(f);
        else
            skip(f, "not used by Tokenscope");
    }
    if (!hasSafetensors) {
        const bool pickled = std::any_of(info.files.begin(), info.files.end(),
                                         [](const RepoFile& f) { return isPickle(f.name); });
        throw DownloadError(
            DownloadErrorKind::NothingToGet,
            info.id + " has no .safetensors weights" +
                (pickled ? std::string(" (only pickled PyTorch weights, which Tokenscope "
                                       "never unpickles because loading them runs code)")
                         : std::string()) +
                "; look for a safetensors or GGUF version of it on the hub");
    }
    return chosen;
}

std::string formatBytes(std::uint64_t bytes) {
    std::ostringstream s;
    s.setf(std::ios::fixed);
    if (bytes >= 1'000'000'000)
        s << std::setprecision(2) << static_cast<double>(bytes) / 1e9 << " GB";
    else if (bytes >= 1'000'000)
        s << std::setprecision(bytes >= 100'000'000 ? 0 : 1) << static_cast<double>(bytes) / 1e6
          << " MB";
    else if (bytes >= 1'000)
        s << std::setprecision(0) << static_cast<double>(bytes) / 1e3 << " kB";
    else
        s << bytes << " B";
    return s.str();
}

}  // namespace ts::hub
