// Connecting to a model server: which kind it is (llama-server, vLLM, SGLang), which model,
// its vocabulary and context, and its tokenizer; then the requests for one next-token
// distribution. Small answers (model lists, /props, /tokenize) are read with nlohmann; the
// logprob answers with simdjson (remote_parse.cpp).
#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <nlohmann/json.hpp>

#include "remote/remote_parse.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/remote.hpp"

namespace ts::remote {

using Json = nlohmann::json;

std::string kindName(ServerKind kind) {
    switch (kind) {
        case ServerKind::LlamaServer:
            return "llama-server";
        case ServerKind::Vllm:
            return "vllm";
        case ServerKind::Sglang:
            return "sglang";
    }
    return "?";
}

namespace {

// Small JSON answers only (model lists, /props, /tokenize): their size is capped by the
// transport; parse errors become one message naming the endpoint.
Json parseSmall(const HttpResponse& r, const std::string& endpoint, const std::string& url) {
    try {
        return Json::parse(r.body);
    } catch (const Json::exception&) {
        throw Error("the server at " + url + " answered " + endpoint +
                    " with something that is not JSON: it is not an OpenAI-compatible model "
                    "server (llama.cpp's llama-server, vLLM or SGLang)");
    }
}

std::string serverMessage(const HttpResponse& r) {
    // {"error": {"message": ...}} (llama-server, vLLM), {"error": "..."}, {"message": ...},
    // {"detail": ...} (FastAPI); else the start of the body.
    try {
        const Json j = Json::parse(r.body);
        if (j.contains("error")) {
            const Json& e = j["error"];
            if (e.is_string()) return e.get<std::string>();
            if (e.is_object() && e.contains("message") && e["message"].is_string())
                return e["message"].get<std::string>();
        }
        for (const char* k : {"message", "detail"})
            if (j.contains(k) && j[k].is_string()) return j[k].get<std::string>();
    } catch (const Json::exception&) {
    }
    std::string s = r.body.substr(0, 200);
    for (char& c : s)
        if (static_cast<unsigned char>(c) < 32) c = ' ';
    return s;
}

int intField(const Json& j, const char* key) {
    if (!j.is_object() || !j.contains(key) || !j[key].is_number_integer()) return 0;
    const auto v = j[key].get<long long>();
    return v > 0 && v <= INT_MAX ? static_cast<int>(v) : 0;
}

}  // namespace

RemoteModel::RemoteModel(std::shared_ptr<Transport> transport, ServerInfo info, Config config)
    : m_transport(std::move(transport)), m_info(std::move(info)), m_config(std::move(config)) {}

std::string RemoteModel::describe() const {
    return kindName(m_info.kind) + " model " + m_info.model + " at " + m_info.url;
}

void RemoteModel::setCancelFlag(const std::atomic<bool>* cancel) const {
    m_transport->setCancelFlag(cancel);
}

HttpResponse RemoteModel::post(const std::string& path, const std::string& body) const {
    HttpResponse r = m_transport->send({"POST", path, body});
    if (r.status >= 200 && r.status < 300) return r;
    const std::string msg = serverMessage(r);
    std::string hint;
    const bool logprobLimit =
        msg.find("logprobs") != std::string::npos &&
        (msg.find("max") != std::string::npos || msg.find("greater") != std::string::npos);
    if (logprobLimit)
        hint = m_info.kind == ServerKind::Vllm
                   ? ": the server caps logprobs per token; start vLLM with --max-logprobs -1 "
                     "(and --logprobs-mode raw_logprobs), or ask for fewer with --top-logprobs 20"
                   : ": the server caps logprobs per token; ask for fewer with --top-logprobs 20";
    if (r.status == 401 || r.status == 403)
        hint = ": the server wants an API key (TOKENSCOPE_API_KEY, or --api-key-env NAME)";
    throw Error("the server at " + m_info.url + " refused " + path + " (HTTP " +
                std::to_string(r.status) + "): " + msg + hint);
}

std::shared_ptr<const RemoteModel> RemoteModel::connect(std::shared_ptr<Transport> transport,
                                                        const ConnectOptions& options) {
    if (!transport) throw Error("no transport to reach the server");
    const std::string url = transport->baseUrl();
    ServerInfo info;
    info.url = url;
    HttpResponse models;
    try {
        models = transport->send({"GET", "/v1/models", ""});
    } catch (const Cancelled&) {
        throw;
    } catch (const Error& e) {
        throw Error("cannot reach a model server at " + url + ": " + e.what() +
                    " (check the URL, the port and that the server is running)");
    }
    if (models.status == 401 || models.status == 403)
        throw Error("the server at " + url + " wants an API key (HTTP " +
                    std::to_string(models.status) +
                    "): set TOKENSCOPE_API_KEY, or name the variable with --api-key-env NAME");
    if (models.status != 200)
        throw Error("the server at " + url + " answered /v1/models with HTTP " +
                    std::to_string(models.status) +
                    ": it is not an OpenAI-compatible model server (llama.cpp's llama-server, "
                    "vLLM or SGLang), or the URL has an extra path (give http://HOST:PORT)");
    const Json list = parseSmall(models, "/v1/models", url);
    if (!list.is_object() || !list.contains("data") || !list["data"].is_array() ||
        list["data"].empty())
        throw Error("the server at " + url +
                    " lists no models under /v1/models \"data\": it is not an OpenAI-compatible "
                    "model server, or it has not loaded a model yet");
    // The model: the only one, or the one named.
    const Json* chosen = nullptr;
    std::string names;
    for (const Json& m : list["data"]) {
        if (!m.is_object() || !m.contains("id") || !m["id"].is_string()) continue;
        const std::string id = m["id"].get<std::string>();
        names += (names.empty() ? "" : ", ") + id;
        bool match = options.model.empty() || id == options.model;
        if (!match && m.contains("aliases") && m["aliases"].is_array())
            for (const Json& a : m["aliases"])
                if (a.is_string() && a.get<std::string>() == options.model) match = true;
        if (match && !chosen) chosen = &m;
    }
    if (!chosen)
        throw Error(names.empty() ? "the server at " + url + " lists models without ids"
                                  : "the server at " + url + " serves " + names + ", not " +
                                        options.model + " (--server-model)");
    if (options.model.empty() && list["data"].size() > 1)
        throw Error("the server at " + url + " serves several models (" + names +
                    "): name one with --server-model NAME");
    info.model = (*chosen)["id"].get<std::string>();
    const std::string owner = chosen->contains("owned_by") && (*chosen)["owned_by"].is_string()
                                  ? (*chosen)["owned_by"].get<std::string>()
                                  : "";
    // An optional endpoint: absent or not JSON is no answer; a transport failure (time limit,
    // size cap, redirect away) ends the connection like any other.
    auto get = [&](const std::string& path) -> std::optional<Json> {
        const HttpResponse r = transport->send({"GET", path, ""});
        if (r.status != 200) return std::nullopt;
        Json j = Json::parse(r.body, nullptr, false);
        if (j.is_discarded()) return std::nullopt;
        return j;
    };
    std::optional<Json> props;
    if (owner == "llamacpp") {
        info.kind = ServerKind::LlamaServer;
    } else if (owner == "vllm") {
        info.kind = ServerKind::Vllm;
    } else if (owner == "sglang") {
        info.kind = ServerKind::Sglang;
    } else if ((props = get("/props")) && props->is_object() &&
               props->contains("default_generation_settings")) {
        info.kind = ServerKind::LlamaServer;
    } else if (auto mi = get("/get_model_info");
               mi && mi->is_object() && mi->contains("model_path")) {
        info.kind = ServerKind::Sglang;
    } else {
        throw Error("the server at " + url +
                    " is OpenAI-compatible but not one Tokenscope "
                    "can read logprobs from (owned_by \"" +
                    owner +
                    "\"): it needs llama.cpp's llama-server, vLLM or SGLang, which take token "
                    "ids and return next-token logprobs");
    }
    Config cfg;
    cfg.modelType = "remote";
    const Json meta = chosen->contains("meta") ? (*chosen)["meta"] : Json::object();
    if (info.kind == ServerKind::LlamaServer) {
        if (!props) props = get("/props");
        info.nVocab = intField(meta, "n_vocab");
        info.vocabSource = "/v1/models meta.n_vocab";
        info.nCtx = intField(meta, "n_ctx");
        if (!info.nCtx && props && props->contains("default_generation_settings"))
            info.nCtx = intField((*props)["default_generation_settings"], "n_ctx");
        if (props && props->is_object() && props->contains("build_info") &&
            (*props)["build_info"].is_string())
            info.version = (*props)["build_info"].get<std::string>();
        info.promptLogprobs = false;
        info.tokenize = true;
    } else if (info.kind == ServerKind::Vllm) {
        if (auto ti = get("/tokenizer_info"); ti && ti->is_object()) {
            info.nVocab = intField(*ti, "vocab_size");
            info.vocabSource = "/tokenizer_info";
        }
        info.nCtx = intField(*chosen, "max_model_len");
        if (auto v = get("/version");
            v && v->is_object() && v->contains("version") && (*v)["version"].is_string())
            info.version = (*v)["version"].get<std::string>();
        info.promptLogprobs = true;
        info.tokenize = true;
    } else {
        info.nCtx = intField(*chosen, "max_model_len");
        if (auto si = get("/get_server_info"); si && si->is_object()) {
            if (!info.nCtx) info.nCtx = intField(*si, "context_length");
            if (si->contains("version") && (*si)["version"].is_string())
                info.version = (*si)["version"].get<std::string>();
        }
        info.promptLogprobs = true;
        info.tokenize = false;
    }
    if (options.vocabSize > 0) {
        if (info.nVocab > 0 && info.nVocab != options.vocabSize)
            throw Error("--vocab-size " + std::to_string(options.vocabSize) +
                        " contradicts the "
                        "server, whose " +
                        info.vocabSource + " is " + std::to_string(info.nVocab));
        if (info.nVocab == 0) info.vocabSource = "--vocab-size";
        info.nVocab = options.vocabSize;
    }
    if (info.nVocab <= 0)
        throw Error("the " + kindName(info.kind) + " server at " + url +
                    " does not say its vocabulary size" +
                    (info.kind == ServerKind::Vllm ? " (start vLLM with --enable-tokenizer-info-"
                                                     "endpoint)"
                                                   : std::string()) +
                    ": give --vocab-size N (vocab_size in the model's config.json)");
    if (info.nVocab > (1 << 24))
        throw Error("the server at " + url + " claims a vocabulary of " +
                    std::to_string(info.nVocab) + " tokens, more than any model Tokenscope reads");
    if (info.nCtx <= 0) info.nCtx = 1 << 20;  // unknown: the server refuses what is too long
    info.topK = options.topLogprobs > 0 ? std::min(options.topLogprobs, info.nVocab) : info.nVocab;
    cfg.nVocab = info.nVocab;
    cfg.nCtx = info.nCtx;
    auto model = std::make_shared<RemoteModel>(std::move(transport), std::move(info), cfg);
    if (model->m_info.tokenize) model->learnTokenizer();
    return model;
}

}  // namespace ts::remote
