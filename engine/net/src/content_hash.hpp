#pragma once
// SHA-256 and SHA-1 over streamed bytes, through OpenSSL's EVP interface (libcrypto, which
// libcurl's OpenSSL flavour already brings): hand-written hashes are a classic source of
// silent bugs, and OpenSSL's use the CPU's SHA instructions. Internal to the downloader.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

namespace ts::hub {

class ContentHash {
  public:
    enum class Kind { Sha256, Sha1 };
    explicit ContentHash(Kind kind);
    ~ContentHash();
    ContentHash(const ContentHash&) = delete;
    ContentHash& operator=(const ContentHash&) = delete;

    void update(const void* data, std::size_t size);
    // Lower-case hex; the object cannot be updated afterwards.
    std::string hex();

    // Feeds the first `bytes` of `file`; returns false if it is shorter or unreadable.
    bool updateFromFile(const std::filesystem::path& file, std::uint64_t bytes);

  private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

// The git object id of a file's content: SHA-1 of "blob <size>\0" followed by the bytes.
std::string gitBlobHeader(std::uint64_t size);

}  // namespace ts::hub
