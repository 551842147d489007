#pragma once
// --server URL [--server-model NAME]: the CLI's commands on a model served by llama.cpp's
// llama-server, vLLM or SGLang instead of a local --model (docs/remote.md).
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "commands.hpp"
#include "options.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/remote.hpp"

namespace ts::cli {

// The options every command takes with --server.
extern const std::set<std::string> kServerOptions;

// True when the arguments name --server (the command then runs through runRemote).
bool usesServer(const Args& args);
// Runs `command` against the server: generate, trace, score (and their JSON as with
// --model); other commands are a usage error naming the ones that work.
int runRemote(const std::string& command, const Args& args);

struct RemoteTarget {
    std::shared_ptr<const remote::RemoteModel> model;
    LoadedModel loaded;  // the server's tokenizer only (no weights): for the token helpers
    // The model entry of transcripts: name, kind, URL (no credentials).
    std::string name;
};
// Connects as the options say (--server, --server-model, --vocab-size, --top-logprobs,
// --api-key-env, --server-timeout); reports the server on stderr. --model with --server is a
// usage error.
RemoteTarget connectServer(const Options& opts);

}  // namespace ts::cli
