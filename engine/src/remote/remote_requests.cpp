// The requests a remote model answers: one next-token distribution after a list of ids (at
// temperature 1, raw logprobs), the prompt's own logprobs for scoring, and text to ids
// through the server's tokenizer. Plus the step source over them (RemoteSession).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>

#include "remote/remote_parse.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/remote.hpp"

namespace ts::remote {

using Json = nlohmann::json;

namespace {

Json idArray(std::span<const int> ids) {
    Json a = Json::array();
    for (int id : ids) a.push_back(id);
    return a;
}

// Spans of the pieces in `text`: each piece matched where the previous one ended; a piece
// with a leading space the text lacks there (SentencePiece's prefix space) matches without
// it; a piece that does not match gets what is left of its length.
std::vector<Token> alignPieces(std::string_view text, const std::vector<int>& ids,
                               const std::vector<std::string>& pieces) {
    std::vector<Token> out;
    std::size_t pos = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const std::string& p = i < pieces.size() ? pieces[i] : std::string();
        std::size_t len = p.size();
        if (text.substr(pos, len) != p && !p.empty() && p[0] == ' ' &&
            text.substr(pos, len - 1) == std::string_view(p).substr(1))
            len -= 1;
        const std::size_t end = std::min(text.size(), pos + len);
        out.push_back(Token{ids[i], pos, end});
        pos = end;
    }
    return out;
}

int nProbsFor(const ServerInfo& info) { return info.topK; }

// vLLM's -1: the whole vocabulary (the server needs --max-logprobs -1).
int vllmLogprobs(const ServerInfo& info) { return info.topK >= info.nVocab ? -1 : info.topK; }

}  // namespace

Distribution RemoteModel::next(std::span<const int> ids, double* wallMs, int topK) const {
    if (ids.empty()) throw Error("a remote step needs at least one token");
    ServerInfo info = m_info;  // the K of this request
    if (topK > 0) info.topK = std::min(topK, m_info.topK);
    const auto started = std::chrono::steady_clock::now();
    Json req;
    std::string path;
    if (m_info.kind == ServerKind::LlamaServer) {
        path = "/completion";
        req = {{"prompt", idArray(ids)}, {"n_predict", 1},        {"n_probs", nProbsFor(info)},
               {"cache_prompt", true},   {"temperature", 0},      {"post_sampling_probs", false},
               {"stream", false},        {"return_tokens", false}};
    } else if (m_info.kind == ServerKind::Vllm) {
        path = "/v1/completions";
        req = {{"model", m_info.model},
               {"prompt", idArray(ids)},
               {"max_tokens", 1},
               {"temperature", 1.0},
               {"logprobs", vllmLogprobs(info)},
               {"return_tokens_as_token_ids", true}};
    } else {
        path = "/generate";
        req = {{"input_ids", idArray(ids)},
               {"sampling_params", {{"max_new_tokens", 1}, {"temperature", 1.0}}},
               {"return_logprob", true},
               {"top_logprobs_num", nProbsFor(info)},
               {"return_text_in_logprobs", false}};
    }
    const HttpResponse r = post(path, req.dump());
    Distribution d = m_info.kind == ServerKind::LlamaServer
                         ? parseLlamaCompletion(r.body, m_info.nVocab)
                     : m_info.kind == ServerKind::Vllm ? parseVllmCompletion(r.body, m_info.nVocab)
                                                       : parseSglangGenerate(r.body, m_info.nVocab);
    if (static_cast<int>(d.entries.size()) < std::min(info.topK, m_info.nVocab) &&
        m_info.kind == ServerKind::LlamaServer && info.topK >= m_info.nVocab &&
        static_cast<int>(d.entries.size()) < m_info.nVocab)
        throw Error("the server at " + m_info.url + " gave " + std::to_string(d.entries.size()) +
                    " logprobs where the whole vocabulary (" + std::to_string(m_info.nVocab) +
                    ") was asked for: its vocabulary is not the size /v1/models says");
    if (wallMs)
        *wallMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                .count();
    return d;
}

PromptScores RemoteModel::scorePrompt(std::span<const int> ids) const {
    if (ids.size() < 2) throw Error("scoring needs at least two tokens");
    if (m_info.kind == ServerKind::Vllm) {
        const Json req = {{"model", m_info.model},
                          {"prompt", idArray(ids)},
                          {"max_tokens", 1},
                          {"temperature", 1.0},
                          {"prompt_logprobs", vllmLogprobs(m_info)},
                          {"return_tokens_as_token_ids", true}};
        return parseVllmPromptLogprobs(post("/v1/completions", req.dump()).body, ids,
                                       m_info.nVocab);
    }
    if (m_info.kind == ServerKind::Sglang) {
        const Json req = {{"input_ids", idArray(ids)},
                          {"sampling_params", {{"max_new_tokens", 1}, {"temperature", 1.0}}},
                          {"return_logprob", true},
                          {"logprob_start_len", 0},
                          {"top_logprobs_num", nProbsFor(m_info)},
                          {"return_text_in_logprobs", false}};
        return parseSglangPromptLogprobs(post("/generate", req.dump()).body, ids, m_info.nVocab);
    }
    // llama-server has no prompt logprobs: one request per scored position, each reusing the
    // cached prefix of the one before (cache_prompt).
    PromptScores s;
    s.path = "one request per position (llama-server has no prompt logprobs; cache_prompt)";
    s.logprob.push_back(std::nan(""));
    s.logits.emplace_back();
    s.tailMass.push_back(0);
    for (std::size_t i = 1; i < ids.size(); ++i) {
        const Distribution d = next(ids.subspan(0, i));
        ++s.requests;
        std::vector<float> logits = logitsOf(d, m_info.nVocab);
        const float lp = logits[static_cast<std::size_t>(ids[i])];
        if (!std::isfinite(lp))
            throw Error("the server at " + m_info.url + " did not list token " +
                        std::to_string(ids[i]) + " at position " + std::to_string(i) +
                        " among its top " + std::to_string(m_info.topK) +
                        ": scoring needs the whole vocabulary (leave out --top-logprobs)");
        s.logprob.push_back(lp);
        s.logits.push_back(std::move(logits));
        s.tailMass.push_back(d.tailMass);
    }
    return s;
}

std::vector<Token> RemoteModel::encodeText(std::string_view text, bool addSpecial,
                                           bool parseSpecial) const {
    if (m_info.kind == ServerKind::LlamaServer) {
        const Json req = {{"content", std::string(text)},
                          {"add_special", addSpecial},
                          {"parse_special", parseSpecial},
                          {"with_pieces", true}};
        const Json j = Json::parse(post("/tokenize", req.dump()).body, nullptr, false);
        if (!j.is_object() || !j.contains("tokens") || !j["tokens"].is_array())
            throw Error("the server's /tokenize answer has no \"tokens\" list");
        std::vector<int> ids;
        std::vector<std::string> pieces;
        for (const Json& t : j["tokens"]) {
            if (!t.is_object() || !t.contains("id") || !t["id"].is_number_integer())
                throw Error("the server's /tokenize answer has a token without an id");
            const long long id = t["id"].get<long long>();
            if (id < 0 || id >= m_info.nVocab)
                throw Error("the server's /tokenize gave id " + std::to_string(id) +
                            ", outside its vocabulary of " + std::to_string(m_info.nVocab));
            ids.push_back(static_cast<int>(id));
            std::string piece;
            if (t.contains("piece") && t["piece"].is_string()) {
                piece = t["piece"].get<std::string>();
            } else if (t.contains("piece") && t["piece"].is_array()) {
                for (const Json& b : t["piece"])
                    if (b.is_number_integer()) piece.push_back(static_cast<char>(b.get<int>()));
            }
            pieces.push_back(std::move(piece));
        }
        return alignPieces(text, ids, pieces);
    }
    // vLLM: ids only (its token strings are the vocabulary's spelling, not bytes).
    const Json req = {
        {"model", m_info.model}, {"prompt", std::string(text)}, {"add_special_tokens", addSpecial}};
    const Json j = Json::parse(post("/tokenize", req.dump()).body, nullptr, false);
    if (!j.is_object() || !j.contains("tokens") || !j["tokens"].is_array())
        throw Error("the server's /tokenize answer has no \"tokens\" list");
    std::vector<Token> out;
    for (const Json& t : j["tokens"]) {
        if (!t.is_number_integer() || t.get<long long>() < 0 || t.get<long long>() >= m_info.nVocab)
            throw Error("the server's /tokenize gave an id outside its vocabulary");
        out.push_back(Token{t.get<int>(), text.size(), text.size()});
    }
    if (!out.empty()) out.front().start = 0;
    return out;
}

void RemoteModel::learnTokenizer() {
    ExternalVocabulary v;
    v.tokenBytes.assign(static_cast<std::size_t>(m_info.nVocab), std::string());
    v.present.assign(static_cast<std::size_t>(m_info.nVocab), 0);
    // The start-token rule: what the server puts in front of an empty text.
    const std::vector<Token> empty = encodeText("", true, false);
    v.startRule.source = kindName(m_info.kind) + " /tokenize";
    if (!empty.empty()) {
        v.startRule.add = true;
        v.startRule.id = empty.front().id;
    }
    if (m_info.kind == ServerKind::LlamaServer) {
        // The vocabulary's bytes: one full-vocabulary answer carries every id's "bytes".
        Json req = {{"prompt", idArray(std::vector<int>{v.startRule.id.value_or(0)})},
                    {"n_predict", 1},
                    {"n_probs", m_info.nVocab},
                    {"cache_prompt", false},
                    {"temperature", 0},
                    {"stream", false}};
        const Distribution d =
            parseLlamaCompletion(post("/completion", req.dump()).body, m_info.nVocab, true);
        for (std::size_t i = 0; i < d.entries.size() && i < d.bytes.size(); ++i) {
            const auto id = static_cast<std::size_t>(d.entries[i].first);
            v.tokenBytes[id] = d.bytes[i];
            v.present[id] = 1;
        }
        // The end token: /props names it as text.
        const HttpResponse p = m_transport->send({"GET", "/props", ""});
        const Json props = Json::parse(p.body, nullptr, false);
        if (p.status == 200 && props.is_object() && props.contains("eos_token") &&
            props["eos_token"].is_string() && !props["eos_token"].get<std::string>().empty()) {
            const auto eos = encodeText(props["eos_token"].get<std::string>(), false, true);
            if (eos.size() == 1) v.endIds.push_back(eos.front().id);
        }
        v.description =
            "llama-server's tokenizer (/tokenize), " + std::to_string(m_info.nVocab) + " ids";
    } else {
        // vLLM names tokens by their vocabulary spelling, not their bytes: texts stay empty
        // (the ids are exact), rather than guessed.
        std::fill(v.present.begin(), v.present.end(), 1);
        v.description = kindName(m_info.kind) + "'s tokenizer (/tokenize), " +
                        std::to_string(m_info.nVocab) + " ids";
    }
    m_config.eosTokenIds = v.endIds;
    if (!v.endIds.empty()) m_config.eosTokenId = v.endIds.front();
    if (v.startRule.id) m_config.bosTokenId = *v.startRule.id;
    // The encoder holds the transport and the figures it needs, not this object.
    const std::shared_ptr<Transport> transport = m_transport;
    const ServerInfo info = m_info;
    const Config config = m_config;
    v.encode = [transport, info, config](std::string_view text, bool allowSpecial) {
        const RemoteModel helper(transport, info, config);
        return helper.encodeText(text, false, allowSpecial);
    };
    m_tokenizer = Tokenizer::fromExternal(std::move(v));
}

// RemoteSession -----------------------------------------------------------------------------

RemoteSession::RemoteSession(std::shared_ptr<const RemoteModel> model) : m_model(std::move(model)) {
    if (!m_model) throw Error("a remote session needs a connected model");
}

namespace {

// Interventions a server can take: bans and logit biases, applied here to the logprobs it
// sent (a ban is exact; a bias re-weights what was itemised: exact for a full vocabulary).
// The rest needs the model's internals.
const Interventions* logitInterventions(const TraceOptions& options) {
    const Interventions* iv = options.interventions.get();
    if (!iv || iv->empty()) return nullptr;
    if (!iv->changesLogitsOnly())
        throw Error(
            "head ablation, steering and activation patching need the model's internals, "
            "which a model server does not expose: load the model locally with --model");
    return iv;
}

}  // namespace

StepTrace RemoteSession::run(int firstPosition, std::vector<int> added,
                             const TraceOptions& options) {
    const Interventions* iv = logitInterventions(options);
    const std::size_t before = m_tokens.size();
    for (int id : added)
        if (id < 0 || id >= m_model->config().nVocab)
            throw Error("token id " + std::to_string(id) + " is outside the vocabulary (0.." +
                        std::to_string(m_model->config().nVocab - 1) + ")");
    if (m_tokens.size() + added.size() > static_cast<std::size_t>(m_model->config().nCtx))
        throw Error("the context is full: the server's context length is " +
                    std::to_string(m_model->config().nCtx));
    m_tokens.insert(m_tokens.end(), added.begin(), added.end());
    StepTrace t;
    try {
        m_model->setCancelFlag(m_cancel);
        double ms = 0;
        const int nVocab = m_model->config().nVocab;
        // Only the top entries where the caller reads no more (and nothing re-weights them).
        const int topK = !iv && !options.allLogits ? options.topLogits : 0;
        const Distribution d = m_model->next(m_tokens, &ms, topK);
        t.logits = logitsOf(d, nVocab);
        t.tailMass = d.tailMass;
        if (options.allLogits) {
            // Row j: the distribution after the first before + j + 1 tokens. Only the rows
            // from allLogitsFrom are asked for: in one request where the server gives prompt
            // logprobs, else one request per row (each on the cached prefix).
            const std::size_t n = added.size();
            const std::size_t from = std::min<std::size_t>(
                static_cast<std::size_t>(std::max(0, options.allLogitsFrom)), n - 1);
            t.allLogits.resize(n);
            if (from + 1 < n && m_model->info().promptLogprobs) {
                PromptScores s = m_model->scorePrompt(m_tokens);
                for (std::size_t j = from; j + 1 < n; ++j)
                    t.allLogits[j] = std::move(s.logits[before + j + 1]);
            } else {
                for (std::size_t j = from; j + 1 < n; ++j)
                    t.allLogits[j] = logitsOf(
                        m_model->next(std::span<const int>(m_tokens).first(before + j + 1)),
                        nVocab);
            }
            t.allLogits[n - 1] = t.logits;
        }
        t.cost.wallMs = ms;
    } catch (...) {
        m_tokens.resize(before);  // the session stays as it was before the call
        throw;
    }
    if (iv) {
        for (auto& row : t.allLogits)
            if (!row.empty()) applyLogitInterventions(*iv, row);
        t.bannedLogits = applyLogitInterventions(*iv, t.logits);
    }
    t.firstPosition = firstPosition;
    t.tokens = std::move(added);
    t.cost.contextLength = static_cast<int>(m_tokens.size());
    return t;
}

StepTrace RemoteSession::prefill(std::span<const int> tokens, const TraceOptions& options) {
    return run(position(), {tokens.begin(), tokens.end()}, options);
}

StepTrace RemoteSession::step(int token, const TraceOptions& options) {
    return run(position(), {token}, options);
}

void RemoteSession::truncate(int n) {
    if (n < 0 || n > position())
        throw Error("cannot rewind to " + std::to_string(n) + " tokens: the session holds " +
                    std::to_string(position()));
    m_tokens.resize(static_cast<std::size_t>(n));
}

std::unique_ptr<StepSource> RemoteSession::fork() const {
    auto copy = std::make_unique<RemoteSession>(m_model);
    copy->m_tokens = m_tokens;
    copy->m_cancel = m_cancel;
    return copy;
}

void RemoteSession::setCancelFlag(const std::atomic<bool>* cancel) { m_cancel = cancel; }

}  // namespace ts::remote
