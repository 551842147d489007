#pragma once
// The settings every hub request shares (endpoint, token, proxy, timeouts), resolved once
// from DownloadOptions and the environment, and the translation of HTTP and transport
// failures into DownloadErrors that say what to do. Internal to the downloader.
#include <string>

#include "http_client.hpp"
#include "tokenscope/hub_download.hpp"

namespace ts::hub {

struct HubEndpoint {
    std::string base;    // "https://huggingface.co", no trailing slash
    std::string origin;  // http::origin(base): where the token may go
    std::string token;
    std::string proxy;
    long connectTimeout = 20, stallTimeout = 30, requestTimeout = 45;
    const std::atomic<bool>* cancel = nullptr;

    static HubEndpoint from(const DownloadOptions& options);
    // A request with the endpoint's token rule, timeouts (requestTimeout overall) and cancel flag.
    http::Request request(const std::string& url, const std::string& method = "GET") const;
};

// Throws the DownloadError for a transport failure (does nothing for Failure::None).
void throwForFailure(const http::Outcome& outcome, const HubEndpoint& hub, const std::string& what);
// Throws the DownloadError for a 4xx/5xx answer about `what` in `repoId`.
void throwForStatus(const http::Response& response, const HubEndpoint& hub,
                    const std::string& repoId, const std::string& what);

}  // namespace ts::hub
