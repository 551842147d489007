// The engine worker on a model server (#50): the same ts::Transcript, driven over a
// ts::remote::RemoteSession instead of the local forward pass. The loop, the seed policy, the
// context check, rewind and branch stay the transcript's; only the step source and the traces
// asked for change (a server gives the next-token distribution, never the internals).
#include "core/engine_worker.hpp"
#include "core/stage_distribution.hpp"
#include "tokenscope/error.hpp"

namespace ts::ui {

void EngineWorker::useServer(std::shared_ptr<const ts::remote::RemoteModel> server) {
    stopRun(QString());
    if (!server) return;
    try {
        // Every request of this connection polls the worker's flag from now on (Stop, Reset and
        // a new prompt reach a request in progress); the tokenizer's /tokenize included.
        server->setCancelFlag(&m_cancel);
        const auto& cfg = server->config();
        const auto& si = server->info();
        ModelInfo info;
        info.name = QString::fromStdString(si.model);
        info.nVocab = cfg.nVocab;
        info.nCtx = cfg.nCtx;
        info.hasTokenizer = server->tokenizer() != nullptr;
        info.server = server;
        m_vocab = Vocabulary::build(server->tokenizer().get(), cfg.nVocab);
        info.vocabulary = m_vocab;
        info.tokenizer = server->tokenizer();

        ts::LoadedModel loaded;  // no weights: the tokenizer is the server's
        loaded.tokenizer = server->tokenizer();
        m_transcript.reset();
        m_drawHidden = false;
        m_loaded = std::move(loaded);
        m_transcript.emplace(std::make_unique<ts::remote::RemoteSession>(server),
                             m_loaded->tokenizer, transcriptOptions(false));
        m_transcript->setCancelFlag(&m_cancel);
        emit historyTruncated(0);
        emit modelLoaded(info);
    } catch (const std::exception& e) {
        emit modelLoadFailed(QString::fromUtf8(e.what()));
    }
}

}  // namespace ts::ui
