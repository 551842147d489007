#pragma once
// The HTTP transport of remote models (tokenscope/remote.hpp), over the same libcurl client
// as the hub downloader: a time limit per request, Cancel polled every 100 ms, retries with
// backoff on 429 and 503 (Retry-After honoured up to 10 s), redirects followed only within the
// server's own origin, answers over 64 MiB refused, HTTPS_PROXY / NO_PROXY honoured (libcurl's
// reading of the proxy variables), and the API key sent as a Bearer token only to that
// origin. The key is never logged, never in messages, never in baseUrl().
#include <cstdint>
#include <memory>
#include <string>

#include "tokenscope/remote.hpp"

namespace ts::net {

struct HttpTransportOptions {
    std::string url;     // http://HOST:PORT (a path prefix is kept; no user:password@)
    std::string apiKey;  // "" = none
    // Every request ends within this many seconds, retries included (a hostile or stuck
    // server cannot hold the caller longer).
    long timeoutSeconds = 50;
    long connectTimeoutSeconds = 10;
    int retries = 3;  // on 429 and 503
    std::uint64_t maxBodyBytes = std::uint64_t{64} << 20;
};

// Throws ts::Error for a URL that is not http(s)://HOST[:PORT][/PREFIX] or that carries
// credentials (they belong in TOKENSCOPE_API_KEY).
std::shared_ptr<remote::Transport> makeHttpTransport(const HttpTransportOptions& options);

}  // namespace ts::net
