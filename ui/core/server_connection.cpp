#include "core/server_connection.hpp"

#include <algorithm>
#include <cstdlib>

#include "tokenscope/error.hpp"
#include "tokenscope/remote_transport.hpp"

namespace ts::ui {

std::shared_ptr<const ts::remote::RemoteModel> connectToServer(const ServerRequest& request,
                                                               const std::atomic<bool>* cancel) {
    ts::net::HttpTransportOptions t;
    t.url = request.url.trimmed().toStdString();
    if (t.url.empty()) throw ts::Error("give the server's address, e.g. http://127.0.0.1:8080");
    t.timeoutSeconds = std::max(1, request.timeoutSeconds);
    const std::string keyVar = request.apiKeyEnv.trimmed().isEmpty()
                                   ? std::string("TOKENSCOPE_API_KEY")
                                   : request.apiKeyEnv.trimmed().toStdString();
    if (keyVar.find('=') != std::string::npos || keyVar.find('\0') != std::string::npos)
        throw ts::Error("the API key's variable must be a name, such as TOKENSCOPE_API_KEY");
    if (const char* key = std::getenv(keyVar.c_str()))
        t.apiKey = key;
    else if (!request.apiKeyEnv.trimmed().isEmpty())
        throw ts::Error("the environment variable " + keyVar +
                        " is not set: start Tokenscope with the API key in it");
    ts::remote::ConnectOptions c;
    c.model = request.model.trimmed().toStdString();
    c.topLogprobs = std::max(0, request.topLogprobs);
    c.vocabSize = std::max(0, request.vocabSize);
    auto transport = ts::net::makeHttpTransport(t);
    transport->setCancelFlag(cancel);
    auto model = ts::remote::RemoteModel::connect(transport, c);
    // The flag belongs to the connecting task, which ends now: the worker sets its own.
    model->setCancelFlag(nullptr);
    return model;
}

}  // namespace ts::ui
