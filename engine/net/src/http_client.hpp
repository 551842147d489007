#pragma once
// A small synchronous HTTP client over libcurl for the downloader: one request at a time,
// redirects followed by hand so the Authorization header is added only while the request
// goes to the endpoint's own origin (scheme, host and port), body bytes handed to a sink
// only for 2xx answers, a cancel flag polled every 100 ms, a stall timeout, an overall time
// limit and a cap on the bytes kept in memory. Internal to the downloader.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ts::hub::http {

struct Request {
    std::string method = "GET";  // "GET", "HEAD" or "POST"
    std::string url;
    std::string body;  // POST: sent as is (the caller names its Content-Type in headers)
    std::vector<std::string> headers;  // extra "Name: value" lines
    std::string token;                 // bearer token, sent only to `authOrigin`
    std::string authOrigin;            // origin(url) of the endpoint
    bool followRedirects = true;
    // Follow only redirects within the request's own origin; one to another host ends the
    // request with Failure::Redirected (the remote-model client: a model server has no reason
    // to send its client elsewhere, and the API key must not follow).
    bool sameOriginRedirectsOnly = false;
    std::string proxy;  // "" = libcurl's reading of the *_proxy variables
    long connectTimeoutSeconds = 20;
    // Stalled: fewer than stallBytesPerSecond arrived per second over stallTimeoutSeconds.
    long stallTimeoutSeconds = 30;
    long stallBytesPerSecond = 1024;
    // The whole request, redirects included, ends within this many seconds (0 = no limit):
    // a server that trickles an endless answer cannot hold the caller forever.
    long totalTimeoutSeconds = 0;
    // Polled every 100 ms while the request waits or transfers; true stops it (Cancelled).
    const std::atomic<bool>* cancel = nullptr;
    // A 2xx body kept in Response::body (no sink) larger than this fails with TooLarge;
    // error bodies are cut at this size (they only carry the server's explanation).
    std::uint64_t maxBodyBytes = 1u << 20;
    // Receives the body of the final 2xx answer; returns false to abort (its reason is kept
    // by the caller, which then ignores the transport error).
    std::function<bool(const char* data, std::size_t size)> sink;
    // Called once with the final 2xx answer's status and headers before its first body byte;
    // returns false to abort like the sink.
    std::function<bool(long status, const std::map<std::string, std::string>& headers)> onStart;
    // Bytes received so far in this answer; returns false to cancel.
    std::function<bool(std::uint64_t received)> onProgress;
};

struct Response {
    long status = 0;
    std::map<std::string, std::string> headers;  // of the last answer, names lower-case
    std::string body;                            // when no sink was given (small answers)
    std::string url;                             // the URL that gave this answer
    std::vector<std::string> hops;  // every URL requested, with "+auth" if the token went
    std::string header(const std::string& lowerName) const;
};

// Timeout: stalled or past totalTimeoutSeconds (detail says which); TooLarge: a kept body
// went past maxBodyBytes.
enum class Failure {
    None,
    Network,
    Timeout,
    Cancelled,
    SinkStopped,
    PartialBody,
    TooLarge,
    Redirected  // to another origin, with sameOriginRedirectsOnly (detail: the target)
};

struct Outcome {
    Response response;
    Failure failure = Failure::None;
    std::string detail;  // libcurl's words for a transport failure
};

Outcome perform(const Request& request);

// "http://127.0.0.1:8080" for "http://127.0.0.1:8080/a/b?c": the unit a token is bound to.
std::string origin(const std::string& url);
// Percent-encodes a path segment (keeps unreserved characters and, if asked, '/').
std::string encodePath(const std::string& text, bool keepSlash);

}  // namespace ts::hub::http
