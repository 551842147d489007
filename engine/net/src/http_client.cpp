// libcurl behind the small interface in http_client.hpp. Redirects are followed here and not
// by libcurl, because the decision to send the token must be made per hop: the hub answers a
// weights request with a 302 to its CDN, and the token must not travel there.
#include "http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>
#include <mutex>

namespace ts::hub::http {

namespace {

void globalInit() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

struct Transfer {
    const Request* request = nullptr;
    CURL* curl = nullptr;
    Response* response = nullptr;
    bool deliver = false;  // known after the status line: only 2xx bodies go to the sink
    bool statusKnown = false;
    bool sinkStopped = false;
    bool cancelled = false;
    bool tooLarge = false;      // a kept 2xx body passed maxBodyBytes
    bool errorBodyCut = false;  // an error body passed it: the answer is complete enough
    std::uint64_t received = 0;
};

std::size_t onHeader(char* data, std::size_t size, std::size_t n, void* user) {
    auto* t = static_cast<Transfer*>(user);
    std::string line(data, size * n);
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    if (line.rfind("HTTP/", 0) == 0) {
        t->response->headers.clear();  // a new answer (after 100 Continue, for instance)
        return size * n;
    }
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
        std::string value = line.substr(colon + 1);
        const auto first = value.find_first_not_of(" \t");
        value = first == std::string::npos ? "" : value.substr(first);
        t->response->headers[lower(line.substr(0, colon))] = value;
    }
    return size * n;
}

std::size_t onBody(char* data, std::size_t size, std::size_t n, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::size_t bytes = size * n;
    if (!t->statusKnown) {
        long status = 0;
        curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &status);
        t->deliver = status >= 200 && status < 300;
        t->statusKnown = true;
        if (t->deliver && t->request->onStart &&
            !t->request->onStart(status, t->response->headers)) {
            t->sinkStopped = true;
            return 0;
        }
    }
    t->received += bytes;
    if (t->deliver && t->request->sink) {
        if (!t->request->sink(data, bytes)) {
            t->sinkStopped = true;
            return 0;  // makes libcurl stop with CURLE_WRITE_ERROR
        }
        return bytes;
    }
    // Kept in memory: a small 2xx answer (a listing) or an error's explanation, both capped,
    // so an endless answer stops at the cap instead of filling memory or running forever.
    if (t->response->body.size() + bytes > t->request->maxBodyBytes) {
        if (t->deliver)
            t->tooLarge = true;
        else
            t->errorBodyCut = true;
        return 0;
    }
    t->response->body.append(data, bytes);
    return bytes;
}

int onXfer(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
    auto* t = static_cast<Transfer*>(user);
    if (t->request->onProgress && t->deliver && !t->request->onProgress(t->received)) {
        t->cancelled = true;
        return 1;
    }
    return 0;
}

using Clock = std::chrono::steady_clock;

// curl_easy_perform, but through the multi interface so the cancel flag and the overall
// deadline are looked at every 100 ms even while nothing arrives (libcurl's own progress
// callback may wait a second between calls when the line is quiet).
CURLcode performPolled(CURL* c, Transfer& t, Clock::time_point deadline, bool hasDeadline,
                       bool& pastDeadline) {
    std::unique_ptr<CURLM, decltype(&curl_multi_cleanup)> multi(curl_multi_init(),
                                                                curl_multi_cleanup);
    if (!multi || curl_multi_add_handle(multi.get(), c) != CURLM_OK) return CURLE_FAILED_INIT;
    CURLcode result = CURLE_OK;
    for (;;) {
        int running = 0;
        if (curl_multi_perform(multi.get(), &running) != CURLM_OK) {
            result = CURLE_FAILED_INIT;
            break;
        }
        if (running == 0) {
            int left = 0;
            while (CURLMsg* msg = curl_multi_info_read(multi.get(), &left))
                if (msg->msg == CURLMSG_DONE) result = msg->data.result;
            break;
        }
        if (t.request->cancel && t.request->cancel->load()) {
            t.cancelled = true;
            result = CURLE_ABORTED_BY_CALLBACK;
            break;
        }
        if (hasDeadline && Clock::now() >= deadline) {
            pastDeadline = true;
            result = CURLE_OPERATION_TIMEDOUT;
            break;
        }
        curl_multi_poll(multi.get(), nullptr, 0, 100, nullptr);
    }
    curl_multi_remove_handle(multi.get(), c);
    return result;
}

}  // namespace

std::string Response::header(const std::string& lowerName) const {
    const auto it = headers.find(lowerName);
    return it == headers.end() ? std::string() : it->second;
}

std::string origin(const std::string& url) {
    globalInit();
    std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> u(curl_url(), curl_url_cleanup);
    if (!u || curl_url_set(u.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) return {};
    auto part = [&](CURLUPart p, unsigned flags) {
        char* out = nullptr;
        std::string s;
        if (curl_url_get(u.get(), p, &out, flags) == CURLUE_OK && out) s = out;
        curl_free(out);
        return s;
    };
    return lower(part(CURLUPART_SCHEME, 0)) + "://" + lower(part(CURLUPART_HOST, 0)) + ":" +
           part(CURLUPART_PORT, CURLU_DEFAULT_PORT);
}

std::string encodePath(const std::string& text, bool keepSlash) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' ||
            (keepSlash && c == '/')) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

Outcome perform(const Request& request) {
    globalInit();
    Outcome outcome;
    const std::string authOrigin =
        request.authOrigin.empty() ? origin(request.url) : request.authOrigin;
    std::string url = request.url;
    const bool hasDeadline = request.totalTimeoutSeconds > 0;
    const auto deadline = Clock::now() + std::chrono::seconds(request.totalTimeoutSeconds);
    for (int hop = 0; hop < 8; ++hop) {
        std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(),
                                                                 curl_easy_cleanup);
        if (!curl) {
            outcome.failure = Failure::Network;
            outcome.detail = "libcurl could not start a transfer";
            return outcome;
        }
        Response& r = outcome.response;
        auto hops = std::move(r.hops);
        r = Response{};
        r.hops = std::move(hops);
        r.url = url;
        Transfer t;
        t.request = &request;
        t.curl = curl.get();
        t.response = &r;

        const bool sendToken = !request.token.empty() && origin(url) == authOrigin;
        r.hops.push_back(url + (sendToken ? " +auth" : ""));
        curl_slist* list = nullptr;
        for (const auto& h : request.headers) list = curl_slist_append(list, h.c_str());
        if (sendToken)
            list = curl_slist_append(list, ("Authorization: Bearer " + request.token).c_str());
        list = curl_slist_append(list, "Accept-Encoding: identity");
        std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(list,
                                                                            curl_slist_free_all);

        CURL* c = curl.get();
        curl_easy_setopt(c, CURLOPT_URL, url.c_str());
        curl_easy_setopt(c, CURLOPT_HTTPHEADER, list);
        curl_easy_setopt(c, CURLOPT_USERAGENT, "tokenscope/0.1 (libcurl)");
        curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
        curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
        curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, request.connectTimeoutSeconds);
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, std::max(1L, request.stallBytesPerSecond));
        curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, request.stallTimeoutSeconds);
        if (!request.proxy.empty()) curl_easy_setopt(c, CURLOPT_PROXY, request.proxy.c_str());
        if (request.method == "HEAD") curl_easy_setopt(c, CURLOPT_NOBODY, 1L);
        if (request.method == "POST") {
            curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE,
                             static_cast<curl_off_t>(request.body.size()));
            curl_easy_setopt(c, CURLOPT_POSTFIELDS, request.body.c_str());
        }
        curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, onHeader);
        curl_easy_setopt(c, CURLOPT_HEADERDATA, &t);
        curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, onBody);
        curl_easy_setopt(c, CURLOPT_WRITEDATA, &t);
        curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
        curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, onXfer);
        curl_easy_setopt(c, CURLOPT_XFERINFODATA, &t);
        char errorBuffer[CURL_ERROR_SIZE] = {0};
        curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errorBuffer);

        bool pastDeadline = false;
        const CURLcode code = performPolled(c, t, deadline, hasDeadline, pastDeadline);
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r.status);
        if (code != CURLE_OK && !t.errorBodyCut) {
            outcome.detail = errorBuffer[0] ? errorBuffer : curl_easy_strerror(code);
            if (t.sinkStopped)
                outcome.failure = Failure::SinkStopped;
            else if (t.tooLarge) {
                outcome.failure = Failure::TooLarge;
                outcome.detail = std::to_string(request.maxBodyBytes >> 20) + " MiB";  // the cap
            } else if (pastDeadline) {
                outcome.failure = Failure::Timeout;
                outcome.detail = "no complete answer within " +
                                 std::to_string(request.totalTimeoutSeconds) + " s";
            } else if (t.cancelled || code == CURLE_ABORTED_BY_CALLBACK)
                outcome.failure = Failure::Cancelled;
            else if (code == CURLE_OPERATION_TIMEDOUT)
                outcome.failure = Failure::Timeout;
            else if (code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR ||
                     code == CURLE_GOT_NOTHING)
                outcome.failure = r.status > 0 ? Failure::PartialBody : Failure::Network;
            else
                outcome.failure = Failure::Network;
            return outcome;
        }
        const bool redirect = r.status == 301 || r.status == 302 || r.status == 303 ||
                              r.status == 307 || r.status == 308;
        if (!redirect || !request.followRedirects) return outcome;
        char* next = nullptr;
        curl_easy_getinfo(c, CURLINFO_REDIRECT_URL, &next);
        if (!next) return outcome;
        if (request.sameOriginRedirectsOnly && origin(next) != origin(request.url)) {
            outcome.failure = Failure::Redirected;
            outcome.detail = next;
            return outcome;
        }
        url = next;
    }
    outcome.failure = Failure::Network;
    outcome.detail = "too many redirects";
    return outcome;
}

}  // namespace ts::hub::http
