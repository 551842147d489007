#pragma once
// What the window and the classroom tools need to know about a loaded model: a value the
// worker hands out after a load, so that a tool reads it without knowing the worker.
#include <QString>
#include <QStringList>
#include <memory>

#include "core/vocabulary.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/remote.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

// What the window needs to know about a loaded model.
struct ModelInfo {
    QString name;
    QString folder;
    qint64 parameters = 0;
    qint64 weightBytes = 0;
    int nVocab = 0;
    int nCtx = 0;
    int nLayer = 0;
    int nHead = 0;
    int nEmbd = 0;
    bool hasTokenizer = false;
    QStringList warnings;
    std::shared_ptr<const ts::Model> model;  // immutable: safe to read from the GUI thread
    VocabularyPtr vocabulary;
    // Immutable after load; the embedding view reads token texts from it on the GUI thread.
    std::shared_ptr<const ts::Tokenizer> tokenizer;
    // A model on a server (Model → Connect to a server…, --server URL): then `model` is null
    // (no weights, no internals), `folder` is empty, and the views whose needs a server cannot
    // meet say so (core/view_table.hpp). Immutable; its requests run on the worker's thread.
    std::shared_ptr<const ts::remote::RemoteModel> server;

    // A model to run: local or on a server.
    bool loaded() const { return model != nullptr || server != nullptr; }
};

}  // namespace ts::ui
