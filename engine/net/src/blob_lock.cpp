// BlobLock: see blob_lock.hpp. flock() rather than fcntl() locks because huggingface_hub's
// filelock uses flock on Unix, and flock locks belong to the open file, so two downloads in one
// process (the app's worker and a test) also exclude each other.
#include "blob_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "tokenscope/hub_download.hpp"

namespace fs = std::filesystem;

namespace ts::hub {

fs::path BlobLock::pathFor(const fs::path& cache, const std::string& repoFolderName,
                           const std::string& blobName) {
    return cache / ".locks" / repoFolderName / (blobName + ".lock");
}

BlobLock::BlobLock(const fs::path& lockFile, const std::atomic<bool>* cancel,
                   const std::function<void()>& onWait) {
    std::error_code ec;
    fs::create_directories(lockFile.parent_path(), ec);
    m_fd = ::open(lockFile.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0644);
    if (m_fd < 0)
        throw DownloadError(DownloadErrorKind::DiskFull,
                            "cannot create the lock file " + lockFile.string() + ": " +
                                std::strerror(errno) + " (set HF_HUB_CACHE to a writable folder)");
    bool announced = false;
    while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK && errno != EINTR) {
            const std::string why = std::strerror(errno);
            ::close(m_fd);
            m_fd = -1;
            throw DownloadError(DownloadErrorKind::DiskFull,
                                "cannot lock " + lockFile.string() + ": " + why);
        }
        if (!announced && onWait) onWait();
        announced = true;
        if (cancel && cancel->load()) {
            ::close(m_fd);
            m_fd = -1;
            throw DownloadError(
                DownloadErrorKind::Cancelled,
                "download cancelled while waiting for another download of the same file");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

BlobLock::~BlobLock() {
    if (m_fd >= 0) ::close(m_fd);  // closing releases the flock
}

}  // namespace ts::hub
