// Connecting the CLI to a model server: the options, the API key from the environment (never
// printed), and the one line on stderr that says what was found.
#include "remote_model.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "interrupt.hpp"
#include "intervention_options.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/remote_transport.hpp"

namespace ts::cli {

const std::set<std::string> kServerOptions = {"server",     "server-model", "api-key-env",
                                              "vocab-size", "top-logprobs", "server-timeout"};

std::set<std::string> withServerOptions(std::set<std::string> valued) {
    valued.insert(kServerOptions.begin(), kServerOptions.end());
    valued.insert("threads");  // accepted as with --model; the server has its own
    return valued;
}

const Config& Target::config() const { return server ? server->config() : loaded.model->config(); }

std::unique_ptr<StepSource> Target::source() const {
    std::unique_ptr<StepSource> s;
    if (server)
        s = std::make_unique<remote::RemoteSession>(server);
    else
        s = std::make_unique<LocalStepSource>(loaded.model);
    s->setCancelFlag(&interruptFlag());
    return s;
}

Target openTarget(const Options& opts) {
    if (opts.has("server")) return connectServer(opts);
    applyThreads(opts);
    Target t;
    t.loaded = loadModel(opts);
    t.name = opts.has("model") ? opts.require("model") : std::string("bundled");
    return t;
}

PromptTokens targetPrompt(const Options& opts, const Target& t, const std::string& idsOption,
                          const std::string& textOption, const std::string& fileOption) {
    if (!t.server) return inputPrompt(opts, t.loaded, idsOption, textOption, fileOption);
    return inputPrompt(opts, t.loaded.tokenizer.get(), t.server->config().nVocab,
                       "the " + remote::kindName(t.server->info().kind) +
                           " server has no tokenizer endpoint Tokenscope can use",
                       idsOption, textOption, fileOption);
}

std::shared_ptr<const Interventions> targetInterventions(const Options& opts, const Target& t,
                                                         std::span<const int> prompt) {
    return t.server ? serverInterventionsFrom(opts, t.config())
                    : interventionsFrom(opts, t.loaded, prompt);
}

Json serverJson(const Target& t) {
    const auto& i = t.server->info();
    return {{"url", i.url},
            {"kind", remote::kindName(i.kind)},
            {"model", i.model},
            {"vocab", i.nVocab},
            {"vocab_source", i.vocabSource},
            {"context", i.nCtx},
            {"top_logprobs", i.topK >= i.nVocab ? -1 : i.topK}};
}

void requireFullDistribution(const Target& t, const std::string& command) {
    if (!t.server || t.server->info().topK >= t.server->info().nVocab) return;
    throw Error(command + " scores answers that may lie outside the top " +
                std::to_string(t.server->info().topK) +
                " logprobs: it needs the whole vocabulary per request (leave out --top-logprobs; "
                "start vLLM with --max-logprobs -1)");
}

void requireTokenSpans(const Target& t, const std::string& command) {
    if (!t.server || t.server->info().kind == remote::ServerKind::LlamaServer) return;
    throw Error(command +
                " with --server joins each answer to its prompt as text, which needs "
                "every token's text span; only llama-server's /tokenize gives them "
                "(with_pieces), the " +
                remote::kindName(t.server->info().kind) +
                " server gives ids only: use llama-server, or run " + command +
                " on a local model with --model");
}

bool usesServer(const Args& args) {
    return std::find(args.begin(), args.end(), "--server") != args.end();
}

Target connectServer(const Options& opts) {
    if (opts.has("model"))
        throw UsageError{
            "give either --model (a local model) or --server URL (a model server), "
            "not both"};
    net::HttpTransportOptions t;
    t.url = opts.require("server");
    t.timeoutSeconds = static_cast<long>(opts.integer("server-timeout", 50, 1, 3600));
    const std::string keyVar = opts.getOr("api-key-env", "TOKENSCOPE_API_KEY");
    if (keyVar.empty() || keyVar.find('=') != std::string::npos)
        throw UsageError{"--api-key-env takes the name of an environment variable"};
    if (const char* key = std::getenv(keyVar.c_str())) {
        t.apiKey = key;
    } else if (opts.has("api-key-env")) {
        throw UsageError{"--api-key-env " + keyVar + ": that variable is not set"};
    }
    remote::ConnectOptions c;
    c.model = opts.getOr("server-model", "");
    c.vocabSize = static_cast<int>(opts.integer("vocab-size", 0, 1, 1 << 24));
    c.topLogprobs = static_cast<int>(opts.integer("top-logprobs", 0, 1, 1 << 24));
    auto transport = net::makeHttpTransport(t);
    transport->setCancelFlag(&interruptFlag());
    Target r;
    r.server = remote::RemoteModel::connect(transport, c);
    r.server->setCancelFlag(&interruptFlag());
    r.loaded.tokenizer = r.server->tokenizer();
    r.loaded.folder = r.server->info().url;
    r.name = r.server->info().model;
    const auto& i = r.server->info();
    std::cerr << "tokenscope-cli: " << remote::kindName(i.kind) << " at " << i.url << ", model "
              << i.model << (i.version.empty() ? "" : ", version " + i.version) << ", vocabulary "
              << i.nVocab << " (" << i.vocabSource << "), context " << i.nCtx << ", "
              << (i.topK >= i.nVocab ? "full distribution" : "top " + std::to_string(i.topK))
              << " per step\n";
    return r;
}

}  // namespace ts::cli
