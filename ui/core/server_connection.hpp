#pragma once
// Connecting the app to a model server (#50): llama.cpp's llama-server, vLLM or SGLang. The
// window's Model → Connect to a server… dialog and the app's --server URL both end here, on a
// thread of their own (a BackgroundTask), so the GUI never waits on the network. The protocol
// is the engine's (tokenscope/remote.hpp), the HTTP tokenscope_net's; the API key comes from
// the environment and is never shown, logged or saved.
#include <QString>
#include <atomic>
#include <memory>

#include "tokenscope/remote.hpp"

namespace ts::ui {

struct ServerRequest {
    QString url;    // http(s)://HOST[:PORT][/PREFIX], as tokenscope-cli --server takes it
    QString model;  // --server-model: "" = the server's only model
    // The environment variable holding the API key (sent as a Bearer token to that host only):
    // "" = TOKENSCOPE_API_KEY where it is set, else none.
    QString apiKeyEnv;
    // Next-token logprobs asked for per step: 0 = the whole vocabulary where the server gives
    // it (llama-server; vLLM with --max-logprobs -1), else the top K ("rest of the vocabulary").
    int topLogprobs = 0;
    // --vocab-size: where the server does not say it (vLLM without its tokenizer-info
    // endpoint, SGLang); 0 = ask the server.
    int vocabSize = 0;
    int timeoutSeconds = 50;  // every request ends within this, retries included
};

// Connects (detects the server's kind, model, vocabulary and context, learns its tokenizer)
// and returns the model, its requests no longer polling `cancel`. Throws ts::Error with a
// message for the user (a wrong URL, a server that is not OpenAI-compatible, a model it does not
// serve, an unset key variable) or ts::Cancelled.
std::shared_ptr<const ts::remote::RemoteModel> connectToServer(const ServerRequest& request,
                                                               const std::atomic<bool>* cancel);

}  // namespace ts::ui
