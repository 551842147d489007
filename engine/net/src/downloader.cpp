// downloadModel: the listing, a disk-space check, then one file at a time: a HEAD request to
// /ID/resolve/COMMIT/FILE (commit, hash, size and where the bytes are; no redirect followed),
// a GET of the bytes into blobs/<hash>.incomplete (with a Range header when an earlier try
// left part of it), verification, the rename to blobs/<hash>, the snapshot symlink; the ref
// last. Hashing runs over the bytes as they arrive, so a 1 GB file is read from disk only
// when it is resumed or found already complete.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <system_error>

#include "blob_lock.hpp"
#include "content_hash.hpp"
#include "hub_endpoint.hpp"
#include "tokenscope/hf_cache.hpp"

namespace fs = std::filesystem;

namespace ts::hub {

namespace {

using Clock = std::chrono::steady_clock;

std::string stripEtag(std::string e) {
    if (e.rfind("W/", 0) == 0) e = e.substr(2);
    if (e.size() >= 2 && e.front() == '"' && e.back() == '"') e = e.substr(1, e.size() - 2);
    return e;
}

// Bytes per second over the last three seconds, for a speed that neither jumps nor lags.
class SpeedMeter {
  public:
    void add(std::uint64_t total) {
        const auto now = Clock::now();
        m_samples.emplace_back(now, total);
        while (m_samples.size() > 2 && now - m_samples.front().first > std::chrono::seconds(3))
            m_samples.pop_front();
    }
    double bytesPerSecond() const {
        if (m_samples.size() < 2) return 0;
        const double dt =
            std::chrono::duration<double>(m_samples.back().first - m_samples.front().first).count();
        return dt > 0 ? static_cast<double>(m_samples.back().second - m_samples.front().second) / dt
                      : 0;
    }

  private:
    std::deque<std::pair<Clock::time_point, std::uint64_t>> m_samples;
};

std::uint64_t fileSizeOr0(const fs::path& p) {
    std::error_code ec;
    const auto s = fs::file_size(p, ec);
    return ec ? 0 : s;
}

// a + b, or the largest value when that does not fit: a listed size of 2^64-1 must not wrap a
// sum of sizes round to a small number that passes the free-space check.
std::uint64_t saturatingAdd(std::uint64_t a, std::uint64_t b) {
    return a > std::numeric_limits<std::uint64_t>::max() - b
               ? std::numeric_limits<std::uint64_t>::max()
               : a + b;
}

// Whether `p` itself (not what a symlink points to) is a regular file.
bool isPlainFile(const fs::path& p) {
    struct stat st {};
    return ::lstat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// Opens a file for writing without following a symlink at its name (a link planted there
// would make us truncate or append to its target) and only if it is a regular file.
int openNoFollow(const fs::path& p, int flags) {
    const int fd = ::open(p.c_str(), flags | O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        errno = EINVAL;
        return -1;
    }
    return fd;
}

void writeTextAtomically(const fs::path& file, const std::string& text) {
    const fs::path tmp = file.string() + ".tmp";
    {
        std::error_code ec;
        if (fs::is_symlink(tmp, ec)) fs::remove(tmp, ec);
        const int fd = openNoFollow(tmp, O_CREAT | O_TRUNC);
        const bool ok =
            fd >= 0 && ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
        if (fd >= 0) ::close(fd);
        if (!ok)
            throw DownloadError(
                DownloadErrorKind::DiskFull,
                "cannot write " + tmp.string() + " (is the disk full or read-only?)");
    }
    std::error_code ec;
    fs::rename(tmp, file, ec);
    if (ec)
        throw DownloadError(DownloadErrorKind::DiskFull,
                            "cannot write " + file.string() + ": " + ec.message());
}

void linkIntoSnapshot(const fs::path& blob, const fs::path& link) {
    std::error_code ec;
    fs::create_directories(link.parent_path(), ec);
    fs::remove(link, ec);
    // Relative, as the hub's tools make them, so the cache can be moved as a whole.
    fs::create_symlink(blob.lexically_relative(link.parent_path()), link, ec);
    if (ec) {
        // File systems without symlinks get a copy (the hub's tools do the same).
        fs::copy_file(blob, link, fs::copy_options::overwrite_existing, ec);
        if (ec)
            throw DownloadError(DownloadErrorKind::DiskFull,
                                "cannot create " + link.string() + ": " + ec.message());
    }
}

struct Planned {
    RepoFile file;
    std::string blobName;  // sha256 for LFS files, git blob id for the others
    bool lfs = false;
};

class Download {
  public:
    Download(const DownloadOptions& o, const HubEndpoint& hub, const fs::path& repo,
             const RepoInfo& info)
        : m_options(o), m_hub(hub), m_repo(repo), m_info(info) {}

    VerifiedFile fetch(const Planned& p, int index, int count, std::uint64_t doneBefore,
                       std::uint64_t total);
    std::uint64_t fetched() const { return m_fetched; }

  private:
    void report(const std::string& name, int index, int count, std::uint64_t fileDone,
                std::uint64_t fileTotal, std::uint64_t done, std::uint64_t total, bool force);

    const DownloadOptions& m_options;
    const HubEndpoint& m_hub;
    fs::path m_repo;
    const RepoInfo& m_info;
    SpeedMeter m_speed;
    Clock::time_point m_lastReport{};
    std::uint64_t m_fetched = 0;
};

void Download::report(const std::string& name, int index, int count, std::uint64_t fileDone,
                      std::uint64_t fileTotal, std::uint64_t done, std::uint64_t total,
                      bool force) {
    m_speed.add(m_fetched);
    if (!m_options.progress) return;
    const auto now = Clock::now();
    if (!force && now - m_lastReport < std::chrono::milliseconds(100)) return;
    m_lastReport = now;
    DownloadProgress p;
    p.file = name;
    p.fileIndex = index;
    p.fileCount = count;
    p.fileDone = fileDone;
    p.fileTotal = fileTotal;
    p.done = done;
    p.total = total;
    p.bytesPerSecond = m_speed.bytesPerSecond();
    m_options.progress(p);
}

VerifiedFile Download::fetch(const Planned& p, int index, int count, std::uint64_t doneBefore,
                             std::uint64_t total) {
    const RepoFile& f = p.file;
    VerifiedFile v;
    v.name = f.name;
    v.size = f.size;
    v.hash = p.lfs ? f.sha256 : f.blobId;
    v.check = p.lfs ? "sha256+size" : "git-sha1+size+commit";
    const fs::path blobs = m_repo / "blobs";
    const fs::path blob = blobs / p.blobName;
    const fs::path partial = blobs / (p.blobName + ".incomplete");
    auto isCancelled = [&] { return m_options.cancel && m_options.cancel->load(); };

    auto newHash = [&] {
        auto h = std::make_unique<ContentHash>(p.lfs ? ContentHash::Kind::Sha256
                                                     : ContentHash::Kind::Sha1);
        if (!p.lfs) {
            const std::string header = gitBlobHeader(f.size);
            h->update(header.data(), header.size());
        }
        return h;
    };
    auto verify = [&](ContentHash& h, std::uint64_t size, const fs::path& where) {
        if (size != f.size)
            throw DownloadError(DownloadErrorKind::Checksum,
                                f.name + " of " + m_info.id + " has " + std::to_string(size) +
                                    " bytes but the hub lists " + std::to_string(f.size) + " (" +
                                    where.string() +
                                    "); the file was removed, run the download again");
        const std::string got = h.hex();
        if (got != v.hash)
            throw DownloadError(
                DownloadErrorKind::Checksum,
                f.name + " of " + m_info.id + " is corrupt: its " +
                    (p.lfs ? "SHA-256 is " : "git blob hash is ") + got + " but the hub lists " +
                    v.hash +
                    ". The damaged copy was removed; run the download again, and if "
                    "it fails the same way the server or a proxy is altering the file");
    };

    // One writer per blob: another download of this file (the app, the CLI or the hub's own
    // tools) finishes first, and is then found complete below.
    const BlobLock lock(
        BlobLock::pathFor(m_repo.parent_path(), m_repo.filename().string(), p.blobName),
        m_options.cancel, [&] {
            if (!m_options.progress) return;
            DownloadProgress w;
            w.file = f.name;
            w.fileIndex = index;
            w.fileCount = count;
            w.fileTotal = f.size;
            w.done = doneBefore;
            w.total = total;
            w.waitingForOtherDownload = true;
            m_options.progress(w);
        });

    // Blobs and partial files are plain files, never links: a link planted in blobs/ is removed
    // (the link only), so nothing below reads, truncates or renames through it.
    for (const fs::path& own : {blob, partial}) {
        std::error_code ec;
        if (fs::exists(fs::symlink_status(own, ec)) && !isPlainFile(own)) fs::remove(own, ec);
    }

    // Already complete in the cache (from us or from the hub's tools): verify, then link.
    if (isPlainFile(blob)) {
        auto h = newHash();
        const std::uint64_t size = fileSizeOr0(blob);
        if (size == f.size && h->updateFromFile(blob, size) && h->hex() == v.hash) {
            v.alreadyCached = true;
            linkIntoSnapshot(blob, m_repo / "snapshots" / m_info.commit / f.name);
            report(f.name, index, count, f.size, f.size, doneBefore + f.size, total, true);
            return v;
        }
        std::error_code ec;
        fs::remove(blob, ec);  // a damaged blob is fetched again
    }

    // HEAD without following the redirect: the hub's answer carries the commit and hashes.
    const std::string url = m_hub.base + "/" + http::encodePath(m_info.id, true) + "/resolve/" +
                            m_info.commit + "/" + http::encodePath(f.name, true);
    auto headReq = m_hub.request(url, "HEAD");  // cancellable, with the overall time limit
    headReq.followRedirects = false;
    const auto head = http::perform(headReq);
    throwForFailure(head, m_hub, f.name);
    throwForStatus(head.response, m_hub, m_info.id, f.name + " of " + m_info.id);
    const std::string commit = head.response.header("x-repo-commit");
    if (commit.empty() || commit != m_info.commit)
        throw DownloadError(DownloadErrorKind::BadResponse,
                            "the server reports commit '" + commit + "' for " + f.name +
                                " but the listing is of " + m_info.commit +
                                " (the repository changed during the download? run it again)");
    std::string etag = stripEtag(head.response.header("x-linked-etag"));
    if (etag.empty()) etag = stripEtag(head.response.header("etag"));
    if (etag != v.hash)
        throw DownloadError(DownloadErrorKind::BadResponse, "the server's ETag for " + f.name +
                                                                " is '" + etag +
                                                                "' but the listing says " + v.hash);
    std::string sizeHeader = head.response.header("x-linked-size");
    if (sizeHeader.empty()) sizeHeader = head.response.header("content-length");
    if (!sizeHeader.empty() && sizeHeader != std::to_string(f.size))
        throw DownloadError(DownloadErrorKind::BadResponse,
                            "the server says " + f.name + " has " + sizeHeader +
                                " bytes, the listing " + std::to_string(f.size));
    std::string location = head.response.header("location");
    std::string getUrl = url;
    if (head.response.status >= 300 && head.response.status < 400 && !location.empty()) {
        // Relative locations stay on the hub; absolute ones may go to the CDN.
        getUrl = location.find("://") == std::string::npos
                     ? m_hub.base.substr(0, m_hub.base.find('/', m_hub.base.find("://") + 3)) +
                           (location.front() == '/' ? "" : "/") + location
                     : location;
    }

    // Resume: the bytes of an earlier try are hashed first, then the rest is asked for.
    auto hash = newHash();
    std::uint64_t have = fileSizeOr0(partial);
    if (have > f.size || (have > 0 && !hash->updateFromFile(partial, have))) {
        std::error_code ec;
        fs::remove(partial, ec);
        have = 0;
        hash = newHash();
    }
    v.resumed = have > 0;
    std::FILE* out = nullptr;
    std::string writeError;
    int writeErrno = 0;     // ENOSPC, EDQUOT or EFBIG mean the disk (or a quota or limit) is full
    struct stat opened {};  // the partial file we write, to rename only that file
    const auto openOut = [&](bool append) {
        if (out) std::fclose(out);
        out = nullptr;
        const int fd = openNoFollow(partial, O_CREAT | (append ? O_APPEND : O_TRUNC));
        if (fd >= 0) {
            out = ::fdopen(fd, append ? "ab" : "wb");
            if (!out) ::close(fd);
        }
        if (!out || ::fstat(fd, &opened) != 0)
            throw DownloadError(DownloadErrorKind::DiskFull,
                                "cannot write " + partial.string() + ": " + std::strerror(errno) +
                                    (errno == ELOOP || errno == EINVAL
                                         ? " (it is a link or not a plain file; remove it)"
                                         : ""));
    };
    openOut(have > 0);
    std::uint64_t written = have;

    auto req = m_hub.request(getUrl);
    // The whole file within the listing's time plus a second per kB (the stall rule already
    // stops a line slower than 1 kB/s), so a trickling server cannot hold us for ever.
    req.totalTimeoutSeconds =
        m_hub.requestTimeout + static_cast<long>(std::min<std::uint64_t>(f.size / 1024, 1u << 30));
    if (have > 0 && have < f.size)
        req.headers.push_back("Range: bytes=" + std::to_string(have) + "-");
    req.onStart = [&](long status, const std::map<std::string, std::string>& headers) {
        if (have == 0) return true;
        if (status == 200) {
            // The server ignored the Range header and sends the whole file: start over.
            openOut(false);
            written = 0;
            hash = newHash();
            v.resumed = false;
            return true;
        }
        const auto range = headers.find("content-range");
        if (range == headers.end() ||
            range->second.rfind("bytes " + std::to_string(have) + "-", 0) != 0) {
            writeError =
                "the server answered the resume request for " + f.name + " with the wrong range";
            return false;
        }
        return true;
    };
    req.sink = [&](const char* data, std::size_t size) {
        if (isCancelled()) {
            writeError = "cancelled";
            return false;
        }
        if (written + size > f.size) {
            writeError = "the server sent more than the " + std::to_string(f.size) +
                         " bytes listed for " + f.name;
            return false;
        }
        if (std::fwrite(data, 1, size, out) != size) {
            writeErrno = errno;
            writeError =
                std::string("writing ") + partial.string() + " failed: " + std::strerror(errno);
            return false;
        }
        hash->update(data, size);
        written += size;
        m_fetched += size;
        report(f.name, index, count, written, f.size, doneBefore + written, total, false);
        return true;
    };
    req.onProgress = [&](std::uint64_t) { return !isCancelled(); };
    http::Outcome got;
    if (have >= f.size)
        got.response.status = 206;  // an earlier try got every byte; only verification is left
    else
        got = http::perform(req);
    if (out && std::fclose(out) != 0 && writeError.empty()) {
        writeErrno = errno;
        writeError =
            std::string("writing ") + partial.string() + " failed: " + std::strerror(errno);
    }
    out = nullptr;
    if (writeError == "cancelled")
        throw DownloadError(DownloadErrorKind::Cancelled,
                            "download cancelled while fetching " + f.name +
                                "; what arrived is kept and the next download resumes from it");
    if (!writeError.empty())
        throw DownloadError(
            writeError.find("failed") != std::string::npos ? DownloadErrorKind::DiskFull
                                                           : DownloadErrorKind::BadResponse,
            writeError + (writeErrno == ENOSPC || writeErrno == EDQUOT || writeErrno == EFBIG
                              ? ". The disk is full (or a quota or file-size limit was hit): "
                                "free some space and run the download again; it resumes from the " +
                                    std::to_string(fileSizeOr0(partial)) + " bytes kept in " +
                                    partial.filename().string()
                              : std::string()));
    throwForFailure(got, m_hub, f.name + " of " + m_info.id);
    throwForStatus(got.response, m_hub, m_info.id, f.name + " of " + m_info.id);
    if (written != f.size) {
        throw DownloadError(DownloadErrorKind::Network,
                            "the connection ended after " + std::to_string(written) + " of " +
                                std::to_string(f.size) + " bytes of " + f.name +
                                ". Run the download again: it resumes where it stopped");
    }
    try {
        verify(*hash, written, partial);
    } catch (const DownloadError&) {
        std::error_code ec;
        fs::remove(partial, ec);
        throw;
    }
    // Only the file we wrote becomes the blob: if something else took its name meanwhile
    // (a link, another file), nothing is renamed.
    struct stat now {};
    if (::lstat(partial.c_str(), &now) != 0 || !S_ISREG(now.st_mode) ||
        now.st_ino != opened.st_ino || now.st_dev != opened.st_dev)
        throw DownloadError(DownloadErrorKind::BadResponse,
                            partial.string() +
                                " was replaced by something else during the download; nothing "
                                "was moved into the cache. Run the download again");
    std::error_code ec;
    fs::rename(partial, blob, ec);
    if (ec)
        throw DownloadError(DownloadErrorKind::DiskFull,
                            "cannot rename " + partial.string() + ": " + ec.message());
    linkIntoSnapshot(blob, m_repo / "snapshots" / m_info.commit / f.name);
    report(f.name, index, count, f.size, f.size, doneBefore + f.size, total, true);
    return v;
}

}  // namespace

DownloadResult downloadModel(const DownloadOptions& options) {
    const HubEndpoint hub = HubEndpoint::from(options);
    const RepoInfo info = fetchRepoInfo(options);
    DownloadResult result;
    result.repoId = options.repoId;  // what the user asked for, never the server's words
    result.revision = options.revision.empty() ? "main" : options.revision;
    result.commit = info.commit;
    const std::vector<RepoFile> files = selectFiles(info, options, &result.skipped);
    if (files.empty())
        throw DownloadError(DownloadErrorKind::NothingToGet,
                            "no file of " + info.id + " matches the selection (--include)");

    const fs::path cache = options.cacheDir.empty() ? cacheDir() : options.cacheDir;
    const fs::path repo = repoFolder(cache, info.id);
    std::error_code ec;
    fs::create_directories(repo / "blobs", ec);
    fs::create_directories(repo / "snapshots" / info.commit, ec);
    fs::create_directories(repo / "refs", ec);
    if (ec)
        throw DownloadError(DownloadErrorKind::DiskFull,
                            "cannot create the cache folder " + repo.string() + ": " +
                                ec.message() + " (set HF_HUB_CACHE to a writable folder)");

    std::vector<Planned> plan;
    std::uint64_t total = 0, needed = 0, largest = 0;
    std::string largestName;
    for (const auto& f : files) {
        Planned p{f, f.sha256.empty() ? f.blobId : f.sha256, !f.sha256.empty()};
        if (p.blobName.empty())
            throw DownloadError(DownloadErrorKind::BadResponse,
                                "the file list of " + info.id + " gives no hash for " + f.name +
                                    " (was it asked for with ?blobs=true?)");
        total = saturatingAdd(total, f.size);
        if (!fs::exists(repo / "blobs" / p.blobName)) {
            const std::uint64_t missing =
                f.size -
                std::min(f.size, fileSizeOr0(repo / "blobs" / (p.blobName + ".incomplete")));
            needed = saturatingAdd(needed, missing);
            if (missing > largest) {
                largest = missing;
                largestName = f.name;
            }
        }
        plan.push_back(std::move(p));
    }
    struct statvfs vfs {};
    if (statvfs(repo.c_str(), &vfs) == 0) {
        const std::uint64_t blocks = static_cast<std::uint64_t>(vfs.f_bavail);
        const std::uint64_t blockSize = static_cast<std::uint64_t>(vfs.f_frsize);
        const std::uint64_t available =
            blockSize != 0 && blocks > std::numeric_limits<std::uint64_t>::max() / blockSize
                ? std::numeric_limits<std::uint64_t>::max()
                : blocks * blockSize;
        const std::uint64_t margin = 64ull << 20;
        if (largest > available)
            throw DownloadError(
                DownloadErrorKind::DiskFull,
                "not enough disk space for " + info.id + ": the hub lists " + largestName + " at " +
                    formatBytes(largest) + " but " + repo.string() + " has " +
                    formatBytes(available) +
                    " free. Free some space, or set HF_HUB_CACHE to a folder on a larger disk");
        if (saturatingAdd(needed, margin) > available)
            throw DownloadError(
                DownloadErrorKind::DiskFull,
                "not enough disk space for " + info.id + ": it needs " + formatBytes(needed) +
                    " more but " + repo.string() + " has " + formatBytes(available) +
                    " free. Free some space, or set HF_HUB_CACHE to a folder on a larger disk");
    }

    Download download(options, hub, repo, info);
    std::uint64_t done = 0;
    for (std::size_t i = 0; i < plan.size(); ++i) {
        if (options.cancel && options.cancel->load())
            throw DownloadError(DownloadErrorKind::Cancelled,
                                "download of " + info.id + " cancelled");
        result.files.push_back(download.fetch(plan[i], static_cast<int>(i),
                                              static_cast<int>(plan.size()), done, total));
        done += plan[i].file.size;
    }
    result.bytesFetched = download.fetched();
    // The ref goes last: until every file is in, `main` does not point to a half snapshot.
    if (result.revision != info.commit) {
        // Checked again here, where it becomes a path: refs/<revision> stays inside refs/.
        const fs::path ref = (repo / "refs" / result.revision).lexically_normal();
        const auto inside = ref.lexically_relative(repo / "refs");
        if (!isRevisionName(result.revision) || inside.empty() || *inside.begin() == "..")
            throw DownloadError(
                DownloadErrorKind::NotFound,
                "'" + result.revision + "' is not a revision name: " + kRevisionRule);
        fs::create_directories(ref.parent_path(), ec);
        writeTextAtomically(ref, info.commit);
    }
    result.snapshot = repo / "snapshots" / info.commit;
    result.modelPath = result.snapshot;
    if (plan.size() == 1 && plan.front().file.name.size() > 5 &&
        plan.front().file.name.substr(plan.front().file.name.size() - 5) == ".gguf")
        result.modelPath = result.snapshot / plan.front().file.name;
    return result;
}

}  // namespace ts::hub
