// OpenSSL EVP behind ContentHash (see content_hash.hpp for why not a hand-written hash).
#include "content_hash.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <vector>

#include "tokenscope/error.hpp"

namespace ts::hub {

struct ContentHash::Impl {
    EVP_MD_CTX* ctx = nullptr;
};

ContentHash::ContentHash(Kind kind) : m_impl(std::make_unique<Impl>()) {
    m_impl->ctx = EVP_MD_CTX_new();
    if (!m_impl->ctx ||
        EVP_DigestInit_ex(m_impl->ctx, kind == Kind::Sha256 ? EVP_sha256() : EVP_sha1(), nullptr) !=
            1)
        throw Error("OpenSSL could not start a hash");
}

ContentHash::~ContentHash() { EVP_MD_CTX_free(m_impl->ctx); }

void ContentHash::update(const void* data, std::size_t size) {
    if (size > 0 && EVP_DigestUpdate(m_impl->ctx, data, size) != 1)
        throw Error("OpenSSL hash update failed");
}

std::string ContentHash::hex() {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    if (EVP_DigestFinal_ex(m_impl->ctx, digest, &len) != 1)
        throw Error("OpenSSL hash final failed");
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < len; ++i) {
        out += digits[digest[i] >> 4];
        out += digits[digest[i] & 15];
    }
    return out;
}

bool ContentHash::updateFromFile(const std::filesystem::path& file, std::uint64_t bytes) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    std::vector<char> buffer(1 << 20);
    while (bytes > 0) {
        const auto want =
            static_cast<std::streamsize>(std::min<std::uint64_t>(bytes, buffer.size()));
        in.read(buffer.data(), want);
        const auto got = in.gcount();
        if (got <= 0) return false;
        update(buffer.data(), static_cast<std::size_t>(got));
        bytes -= static_cast<std::uint64_t>(got);
    }
    return true;
}

std::string gitBlobHeader(std::uint64_t size) {
    std::string h = "blob " + std::to_string(size);
    h.push_back('\0');
    return h;
}

}  // namespace ts::hub
