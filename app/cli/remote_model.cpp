// Connecting the CLI to a model server: the options, the API key from the environment (never
// printed), and the one line on stderr that says what was found.
#include "remote_model.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "interrupt.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/remote_transport.hpp"

namespace ts::cli {

const std::set<std::string> kServerOptions = {"server",     "server-model", "api-key-env",
                                              "vocab-size", "top-logprobs", "server-timeout"};

bool usesServer(const Args& args) {
    return std::find(args.begin(), args.end(), "--server") != args.end();
}

RemoteTarget connectServer(const Options& opts) {
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
    RemoteTarget r;
    r.model = remote::RemoteModel::connect(transport, c);
    r.model->setCancelFlag(&interruptFlag());
    r.loaded.tokenizer = r.model->tokenizer();
    r.loaded.folder = r.model->info().url;
    r.name = r.model->info().model;
    const auto& i = r.model->info();
    std::cerr << "tokenscope-cli: " << remote::kindName(i.kind) << " at " << i.url << ", model "
              << i.model << (i.version.empty() ? "" : ", version " + i.version) << ", vocabulary "
              << i.nVocab << " (" << i.vocabSource << "), context " << i.nCtx << ", "
              << (i.topK >= i.nVocab ? "full distribution" : "top " + std::to_string(i.topK))
              << " per step\n";
    return r;
}

}  // namespace ts::cli
