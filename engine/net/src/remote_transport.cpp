// libcurl transport for remote models (tokenscope/remote_transport.hpp), over the client the
// hub downloader uses (http_client.hpp): POST with a JSON body, the API key only to the
// server's origin, same-origin redirects only, a 64 MiB cap, a time limit, retries on 429/503.
#include "tokenscope/remote_transport.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

#include "http_client.hpp"
#include "tokenscope/error.hpp"

namespace ts::net {

namespace {

using Clock = std::chrono::steady_clock;

class HttpTransport final : public remote::Transport {
  public:
    explicit HttpTransport(HttpTransportOptions o) : m_o(std::move(o)) {
        while (!m_o.url.empty() && m_o.url.back() == '/') m_o.url.pop_back();
        m_origin = hub::http::origin(m_o.url);
    }

    std::string baseUrl() const override { return m_o.url; }
    void setCancelFlag(const std::atomic<bool>* cancel) override { m_cancel = cancel; }

    remote::HttpResponse send(const remote::HttpRequest& request) override {
        const auto deadline = Clock::now() + std::chrono::seconds(m_o.timeoutSeconds);
        for (int attempt = 0;; ++attempt) {
            hub::http::Request r;
            r.method = request.method;
            r.url = m_o.url + request.path;
            r.body = request.body;
            if (request.method == "POST") r.headers.push_back("Content-Type: application/json");
            r.headers.push_back("Accept: application/json");
            r.token = m_o.apiKey;
            r.authOrigin = m_origin;
            r.followRedirects = true;
            r.sameOriginRedirectsOnly = true;
            r.connectTimeoutSeconds = m_o.connectTimeoutSeconds;
            r.stallTimeoutSeconds = std::min<long>(m_o.timeoutSeconds, 20);
            r.stallBytesPerSecond = 1;
            const auto left =
                std::chrono::duration_cast<std::chrono::seconds>(deadline - Clock::now()).count();
            r.totalTimeoutSeconds = std::max<long>(1, static_cast<long>(left));
            r.cancel = m_cancel;
            r.maxBodyBytes = m_o.maxBodyBytes;
            const hub::http::Outcome out = hub::http::perform(r);
            throwForFailure(out, request.path);
            const long status = out.response.status;
            if ((status == 429 || status == 503) && attempt < m_o.retries) {
                // Backoff: Retry-After (seconds) where given and short, else 0.5, 1, 2 s.
                double wait = 0.5 * (1 << attempt);
                const std::string ra = out.response.header("retry-after");
                if (!ra.empty() && ra.find_first_not_of("0123456789") == std::string::npos &&
                    ra.size() < 4)
                    wait = std::min(10.0, static_cast<double>(std::stoi(ra)));
                const auto until =
                    Clock::now() + std::chrono::milliseconds(static_cast<long>(wait * 1000));
                if (until >= deadline) return {status, out.response.body};
                while (Clock::now() < until) {
                    if (m_cancel && m_cancel->load()) throw Cancelled("cancelled");
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                }
                continue;
            }
            return {status, out.response.body};
        }
    }

  private:
    void throwForFailure(const hub::http::Outcome& o, const std::string& path) const {
        using hub::http::Failure;
        const std::string what = m_o.url + path;
        switch (o.failure) {
            case Failure::None:
            case Failure::SinkStopped:
                return;
            case Failure::Cancelled:
                throw Cancelled("the request to " + what + " was cancelled");
            case Failure::Timeout:
                throw Error("no complete answer from " + what + " (" + o.detail + ")");
            case Failure::TooLarge:
                throw Error("the answer from " + what + " is larger than " + o.detail +
                            ", more than any logprob answer needs; it was not read further");
            case Failure::Redirected:
                throw Error("the server at " + m_o.url + " redirected " + path +
                            " to another "
                            "host (" +
                            o.detail.substr(0, 200) +
                            "); Tokenscope does not follow "
                            "it (the API key must not travel): give that server's URL instead");
            case Failure::PartialBody:
                throw Error("the connection to " + m_o.url +
                            " dropped in the middle of the "
                            "answer to " +
                            path + " (" + o.detail + ")");
            case Failure::Network:
                break;
        }
        throw Error("cannot reach " + what + " (" + o.detail + ")");
    }

    HttpTransportOptions m_o;
    std::string m_origin;
    const std::atomic<bool>* m_cancel = nullptr;
};

}  // namespace

std::shared_ptr<remote::Transport> makeHttpTransport(const HttpTransportOptions& options) {
    const std::string& u = options.url;
    // Credentials first, whatever the scheme: no message below may repeat them.
    if (const std::size_t scheme = u.find("://"); scheme != std::string::npos) {
        const std::size_t start = scheme + 3;
        if (u.substr(start, u.find('/', start) - start).find('@') != std::string::npos)
            throw Error(
                "--server has a user name or password in it: leave them out of the URL and "
                "give the key in TOKENSCOPE_API_KEY (or --api-key-env NAME)");
    }
    const bool http = u.rfind("http://", 0) == 0, https = u.rfind("https://", 0) == 0;
    if (!http && !https)
        throw Error("--server " + u +
                    " is not an http:// or https:// URL (for example "
                    "http://127.0.0.1:8080)");
    const std::size_t hostStart = http ? 7 : 8;
    const std::size_t hostEnd = u.find('/', hostStart);
    const std::string authority = u.substr(hostStart, hostEnd - hostStart);
    if (authority.find('@') != std::string::npos)
        throw Error(
            "--server has a user name or password in it: leave them out of the URL and "
            "give the key in TOKENSCOPE_API_KEY (or --api-key-env NAME)");
    if (authority.empty() || hub::http::origin(u).empty())
        throw Error("--server " + u + " names no host (for example http://127.0.0.1:8080)");
    for (char c : u)
        if (static_cast<unsigned char>(c) <= 32 || c == '?' || c == '#')
            throw Error("--server " + u.substr(0, 100) +
                        " has a space, a query or a fragment: give http://HOST:PORT");
    return std::make_shared<HttpTransport>(options);
}

}  // namespace ts::net
