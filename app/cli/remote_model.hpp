#pragma once
// --server URL [--server-model NAME]: the CLI's commands on a model served by llama.cpp's
// llama-server, vLLM or SGLang instead of a local --model (docs/remote.md).
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "options.hpp"
#include "tokenscope/interventions.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/remote.hpp"
#include "tokenscope/step_source.hpp"

namespace ts::cli {

// The options every command takes with --server.
extern const std::set<std::string> kServerOptions;

// True when the arguments name --server (the command then runs through runRemote).
bool usesServer(const Args& args);
// Runs `command` against the server: generate, trace, score (and their JSON as with
// --model); other commands are a usage error naming the ones that work.
int runRemote(const std::string& command, const Args& args);

// `valued` with kServerOptions added (and --threads, accepted as with --model).
std::set<std::string> withServerOptions(std::set<std::string> valued);

// What a command runs on: a local model (--model, or the bundled one) or a model server
// (--server). Experiments run on either through source(), the one ts::StepSource path.
struct Target {
    std::shared_ptr<const remote::RemoteModel> server;  // null for a local model
    // Local: the model and its tokenizer. Server: the server's tokenizer only (no weights),
    // for the token helpers.
    LoadedModel loaded;
    // The model entry of transcripts and results: name (and for a server its kind and URL,
    // never credentials).
    std::string name;
    const Config& config() const;
    // A fresh session on it: LocalStepSource or remote::RemoteSession (with Ctrl-C's flag).
    std::unique_ptr<StepSource> source() const;
};
// Connects as the options say (--server, --server-model, --vocab-size, --top-logprobs,
// --api-key-env, --server-timeout); reports the server on stderr. --model with --server is a
// usage error.
Target connectServer(const Options& opts);
// --server: connectServer; else the local model (loadModel) with --threads applied.
Target openTarget(const Options& opts);
// The input as a prompt on either target (inputPrompt: --ids verbatim, or the text through
// the model's or the server's tokenizer).
PromptTokens targetPrompt(const Options& opts, const Target& t, const std::string& idsOption,
                          const std::string& textOption, const std::string& fileOption);
// The intervention flags on either target: interventionsFrom for a local model (means of a
// mean ablation from `prompt`, or from each prompt run where it is empty),
// serverInterventionsFrom for a server (bans and biases only).
std::shared_ptr<const Interventions> targetInterventions(const Options& opts, const Target& t,
                                                         std::span<const int> prompt);
// The server as commands report it ("server": url, kind, model, vocabulary, context, top
// logprobs per step).
Json serverJson(const Target& t);
// Probe and litm score tokens that may be far down the distribution: they need the whole
// vocabulary per request. Throws ts::Error naming the flag otherwise.
void requireFullDistribution(const Target& t, const std::string& command);
// Probe and litm tokenize each answer together with its prompt (parsePromptWithContinuation),
// which needs the tokens' text spans: llama-server's /tokenize gives them, vLLM's ids only
// (ts::Error naming the alternatives).
void requireTokenSpans(const Target& t, const std::string& command);

}  // namespace ts::cli
