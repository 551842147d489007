#pragma once
// A model served over HTTP by llama.cpp's llama-server, vLLM or SGLang, as a step source for
// ts::Transcript (tokenscope/step_source.hpp). Tokenscope sends token ids, never text, asks
// for one next-token distribution at temperature 1 (raw logprobs), and draws the token itself
// with its own seed policy, exactly as for a local model.
//
// The protocol (JSON requests and answers) lives here, in the core; the HTTP itself does not:
// the caller hands in a Transport (tokenscope_net's makeHttpTransport, or a test's fake), so
// the core links no network code.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tokenscope/config.hpp"
#include "tokenscope/step_source.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::remote {

struct HttpRequest {
    std::string method = "GET";  // GET or POST
    std::string path;            // "/v1/models": joined to the transport's base URL
    std::string body;            // JSON, for POST
};

struct HttpResponse {
    long status = 0;
    std::string body;
};

// How requests reach the server. Implementations throw ts::Error with a message for a
// transport failure (unreachable, timed out, redirected to another host, body over the cap)
// and ts::Cancelled when the cancel flag was set; any HTTP status is returned, not thrown.
class Transport {
  public:
    virtual ~Transport() = default;
    virtual HttpResponse send(const HttpRequest& request) = 0;
    // The server's URL as given, without credentials: what messages and transcripts show.
    virtual std::string baseUrl() const = 0;
    virtual void setCancelFlag(const std::atomic<bool>* cancel) = 0;
};

enum class ServerKind { LlamaServer, Vllm, Sglang };
std::string kindName(ServerKind kind);  // "llama-server", "vllm", "sglang"

// What the server is and gives, found out by connect().
struct ServerInfo {
    ServerKind kind = ServerKind::LlamaServer;
    std::string url;      // no credentials
    std::string model;    // the model's name on the server
    std::string version;  // as the server reports it ("" if it does not)
    int nVocab = 0;
    std::string vocabSource;  // "/v1/models meta.n_vocab", "/tokenizer_info", "--vocab-size"
    int nCtx = 0;
    // Logprobs of the prompt's tokens in one request (vLLM prompt_logprobs, SGLang
    // logprob_start_len); otherwise scoring asks once per position (llama-server).
    bool promptLogprobs = false;
    // Top-K the client asks for each step (nVocab: the full distribution).
    int topK = 0;
    bool tokenize = false;  // the server tokenizes text (/tokenize)
    // What a server cannot give, for `trace` and the views.
    static constexpr const char* kNotGiven[] = {"attentions", "embeddings", "residuals",
                                                "logit lens", "logits (only logprobs)"};
};

struct ConnectOptions {
    std::string model;  // --server-model: "" = the server's only model
    int vocabSize = 0;  // --vocab-size: where the server does not say
    // Top-K logprobs per step: 0 = the full vocabulary where the server allows it (llama-server
    // always, vLLM with --max-logprobs -1), else 20.
    int topLogprobs = 0;
};

// One next-token distribution: (id, logprob) pairs, most probable first as the server sent
// them, and the mass it did not itemise.
struct Distribution {
    std::vector<std::pair<int, float>> entries;
    double tailMass = 0;  // 1 - sum p over entries (0 for a full vocabulary)
    // The entries' token bytes, where the answer carries them (llama-server's "bytes").
    std::vector<std::string> bytes;
};

// Parsers of the servers' answers (simdjson), public for the tests and the benchmark. They
// throw ts::Error naming the field for anything malformed: not JSON, a missing field, NaN or
// infinite logprobs, a positive logprob, ids negative or at least nVocab, a repeated id.
// `withBytes` keeps llama-server's "bytes" of each entry.
Distribution parseLlamaCompletion(std::string_view body, int nVocab, bool withBytes = false);
Distribution parseVllmCompletion(std::string_view body, int nVocab);
Distribution parseSglangGenerate(std::string_view body, int nVocab);
// The entries as a full logits row: logprobs where given, -infinity elsewhere.
std::vector<float> logitsOf(const Distribution& d, int nVocab);

// Per-position scores of a prompt: logprob of ids[i] given ids[0..i-1] for i >= 1.
struct PromptScores {
    std::vector<double> logprob;             // [n]: index 0 unused (NaN)
    std::vector<std::vector<float>> logits;  // [n]: the distribution before token i (empty at 0)
    std::vector<double> tailMass;            // [n]
    std::string path;  // "prompt_logprobs" (one request) or "per-position requests (cached)"
    int requests = 0;
};

class RemoteModel {
  public:
    // Detects the server kind and its capabilities from /v1/models, /props, /version,
    // /tokenize; throws ts::Error with a clear message for a wrong URL, a server that is not
    // OpenAI-compatible, a model name that is not served, a vocabulary size it cannot find.
    static std::shared_ptr<const RemoteModel> connect(std::shared_ptr<Transport> transport,
                                                      const ConnectOptions& options);

    const ServerInfo& info() const { return m_info; }
    // nVocab, nCtx, end tokens; modelType "remote".
    const Config& config() const { return m_config; }
    // The server's tokenizer (its /tokenize for text, the vocabulary's bytes learnt at
    // connect) or null where the server has none (SGLang: give ids).
    std::shared_ptr<const Tokenizer> tokenizer() const { return m_tokenizer; }
    std::string describe() const;  // "llama-server model NAME at URL"

    // The distribution after `ids`; wallMs (if given) gets the request's time. `topK` > 0
    // asks for fewer entries than the connection's (a caller that reads only the top ones).
    Distribution next(std::span<const int> ids, double* wallMs = nullptr, int topK = 0) const;
    // Scores of every token of `ids` after the first (see PromptScores::path).
    PromptScores scorePrompt(std::span<const int> ids) const;
    void setCancelFlag(const std::atomic<bool>* cancel) const;

    RemoteModel(std::shared_ptr<Transport> transport, ServerInfo info, Config config);

  private:
    HttpResponse post(const std::string& path, const std::string& body) const;
    void learnTokenizer();
    std::vector<Token> encodeText(std::string_view text, bool addSpecial, bool parseSpecial) const;

    std::shared_ptr<Transport> m_transport;
    ServerInfo m_info;
    Config m_config;
    std::shared_ptr<const Tokenizer> m_tokenizer;
};

// The step source over a remote model: keeps the token ids itself (the server caches the
// prompt: llama-server's cache_prompt, vLLM's and SGLang's prefix caches) and asks for the
// distribution after them at every prefill and step. Of TraceOptions it honours allLogits
// (from allLogitsFrom: prompt logprobs where the server has them, else a request per row)
// and interventions that change logits only (bans and biases, applied to the logprobs it
// got); other interventions are a ts::Error (a server does not expose the internals), and
// attention, embeddings and residuals are not filled.
class RemoteSession final : public StepSource {
  public:
    explicit RemoteSession(std::shared_ptr<const RemoteModel> model);
    StepTrace prefill(std::span<const int> tokens, const TraceOptions& options) override;
    StepTrace step(int token, const TraceOptions& options) override;
    void reset() override { m_tokens.clear(); }
    void truncate(int n) override;
    std::unique_ptr<StepSource> fork() const override;
    int position() const override { return static_cast<int>(m_tokens.size()); }
    const std::vector<int>& tokens() const override { return m_tokens; }
    void setCancelFlag(const std::atomic<bool>* cancel) override;
    const Config& config() const override { return m_model->config(); }
    std::string describe() const override { return m_model->describe(); }
    const RemoteModel& model() const { return *m_model; }

  private:
    StepTrace run(int firstPosition, std::vector<int> added, const TraceOptions& options);
    std::shared_ptr<const RemoteModel> m_model;
    std::vector<int> m_tokens;
    const std::atomic<bool>* m_cancel = nullptr;
};

}  // namespace ts::remote
