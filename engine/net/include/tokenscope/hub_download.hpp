#pragma once
// The one downloader: fetches a model repository from the Hugging Face hub (or a mirror
// named by HF_ENDPOINT) into the hub cache layout (tokenscope/hf_cache.hpp), so the hub's
// own tools see what Tokenscope fetched and the other way round. libcurl underneath, no Qt;
// the CLI calls it directly and the app on its worker thread.
//
// What it promises: files are written as blobs/<hash>.incomplete and renamed only after
// they are verified (LFS files by the SHA-256 the hub lists, other files by size, the git
// blob hash and the commit the server reports), so a partial file never looks complete; an
// interrupted download resumes with an HTTP Range request; the token goes only to the
// endpoint's own host, never to a host a redirect points to.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tokenscope/error.hpp"

namespace ts::hub {

// What went wrong, so callers can choose words (the message already says what to do).
enum class DownloadErrorKind {
    Network,       // no connection, DNS, timeout, proxy
    Unauthorized,  // 401/403: gated or private, token missing or refused
    NotFound,      // 404: no such repository, revision or file
    Checksum,      // the bytes do not match the hash or size the hub lists
    DiskFull,      // not enough free space, or a write failed
    Cancelled,     // the caller asked to stop (the partial file is kept for resuming)
    BadResponse,   // the server answered something the protocol does not allow
    NothingToGet,  // the selection matched no file
};

class DownloadError : public Error {
  public:
    DownloadError(DownloadErrorKind kind, const std::string& message)
        : Error(message), m_kind(kind) {}
    DownloadErrorKind kind() const { return m_kind; }

  private:
    DownloadErrorKind m_kind;
};

// One file in a repository as /api/models/ID?blobs=true lists it.
struct RepoFile {
    std::string name;  // path inside the repository ("model.safetensors")
    std::uint64_t size = 0;
    std::string blobId;  // git blob hash (SHA-1 of "blob <size>\0" + content)
    std::string sha256;  // LFS files only: the SHA-256 of the content
};

struct RepoInfo {
    std::string id;      // the id asked for (a server's own "id" is checked against it, never used)
    std::string commit;  // the revision resolved to a commit hash
    std::vector<RepoFile> files;
};

struct DownloadProgress {
    std::string file;   // the file being fetched
    int fileIndex = 0;  // 0-based, of fileCount
    int fileCount = 0;
    std::uint64_t fileDone = 0, fileTotal = 0;
    std::uint64_t done = 0, total = 0;  // bytes over all selected files (kept ones count as done)
    double bytesPerSecond = 0;          // over the last few seconds
    bool waitingForOtherDownload = false;  // another process is fetching this file; we wait for it
};

struct DownloadOptions {
    std::string repoId;                // "ORG/NAME"
    std::string revision = "main";     // branch, tag or commit
    std::vector<std::string> include;  // glob patterns; empty = what Tokenscope loads
    std::string ggufFile;              // GGUF repositories: the file to get ("" = the Q8_0 one)
    std::filesystem::path cacheDir;    // "" = hub::cacheDir()
    std::string endpoint;              // "" = $HF_ENDPOINT or https://huggingface.co
    std::string token;                 // "" = $HF_TOKEN (or $HUGGING_FACE_HUB_TOKEN)
    std::string proxy;                 // "" = $HTTPS_PROXY / $https_proxy / $HTTP_PROXY
    long connectTimeoutSeconds = 20;
    long stallTimeoutSeconds = 30;  // abort when under 1 kB/s arrives over this long
    // The listing and each HEAD request end within this many seconds; a file's GET within
    // this plus one second per kB of its size.
    long requestTimeoutSeconds = 45;
    std::function<void(const DownloadProgress&)> progress;  // called from the calling thread
    // Polled every 100 ms by every request (listing, HEAD, GET) and between files; a
    // cancelled download throws DownloadError(Cancelled) and keeps the partial file.
    const std::atomic<bool>* cancel = nullptr;
};

struct VerifiedFile {
    std::string name;
    std::uint64_t size = 0;
    std::string hash;            // the hash checked (SHA-256 or git blob SHA-1)
    std::string check;           // "sha256", "git-sha1+size+commit"
    bool alreadyCached = false;  // found complete in the cache (re-verified, not fetched)
    bool resumed = false;        // continued from an .incomplete file
};

struct DownloadResult {
    std::string repoId, revision, commit;
    std::filesystem::path snapshot;   // the folder to load
    std::filesystem::path modelPath;  // snapshot, or the .gguf file for GGUF repositories
    std::vector<VerifiedFile> files;
    std::vector<std::string> skipped;  // repository files left out, with the reason
    std::uint64_t bytesFetched = 0;
};

// The largest listing accepted (a real one of 4,000 files is about 1 MiB).
constexpr std::uint64_t kMaxListingBytes = 64ull << 20;

// The repository listing for a revision; throws DownloadError.
RepoInfo fetchRepoInfo(const DownloadOptions& options);

// Which files of `info` a download with `options` fetches; `skipped` (optional) receives the
// others with the reason. Pickled weights (.bin, .pt, .pth, .ckpt, .pkl) are never selected.
std::vector<RepoFile> selectFiles(const RepoInfo& info, const DownloadOptions& options,
                                  std::vector<std::string>* skipped = nullptr);

// Downloads and verifies the selected files into the cache; throws DownloadError.
DownloadResult downloadModel(const DownloadOptions& options);

// "1.2 GB", "540 MB", "12 kB".
std::string formatBytes(std::uint64_t bytes);

}  // namespace ts::hub
