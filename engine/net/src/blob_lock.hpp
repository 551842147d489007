// BlobLock: one writer per blob across processes. Two downloads of the same file (the app and
// tokenscope-cli, or Tokenscope and the hub's own Python tools) would otherwise append to the
// same blobs/<hash>.incomplete and corrupt it. The lock is an flock() on
// <cache>/.locks/models--ORG--NAME/<hash>.lock, the file huggingface_hub's `filelock` takes for
// the same blob, so the two tools wait for each other too. The lock goes when the process does.
#pragma once

#include <atomic>
#include <filesystem>
#include <functional>

namespace ts::hub {

class BlobLock {
  public:
    // Takes the lock, waiting while another process holds it. `onWait` is called once when the
    // lock is found taken; waiting stops with DownloadError(Cancelled) when *cancel turns true.
    BlobLock(const std::filesystem::path& lockFile, const std::atomic<bool>* cancel,
             const std::function<void()>& onWait);
    ~BlobLock();
    BlobLock(const BlobLock&) = delete;
    BlobLock& operator=(const BlobLock&) = delete;

    // <cache>/.locks/<repo folder>/<blob>.lock
    static std::filesystem::path pathFor(const std::filesystem::path& cache,
                                         const std::string& repoFolderName,
                                         const std::string& blobName);

  private:
    int m_fd = -1;
};

}  // namespace ts::hub
