#include "shell/engine_worker.hpp"

#include <QFileInfo>
#include <QRegularExpression>

#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

namespace {

// Each step gets its own generator derived from the seed and the step index, so a branch
// replayed from step k draws the same numbers as the original run did at step k. The index
// is mixed with a multiplier other than the seeding's own increment (0x9E37...): with that
// one, neighbouring steps would share three of their four state words.
ts::Rng rngForStep(std::uint64_t seed, int index) {
    return ts::Rng(seed ^ (0xD1B54A32D192ED03ull * static_cast<std::uint64_t>(index + 1)));
}

bool isCancelled(const ts::Error& e) {
    return QString::fromUtf8(e.what()).contains(QStringLiteral("cancel"), Qt::CaseInsensitive);
}

}  // namespace

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
    m_runTimer = new QTimer(this);
    m_runTimer->setSingleShot(true);
    connect(m_runTimer, &QTimer::timeout, this, &EngineWorker::runTick);
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::cancel() { m_cancel.store(true); }
void EngineWorker::cancelLoad() { m_cancelLoad.store(true); }

void EngineWorker::reportError(const QString& message, const QString& hint) {
    emit errorOccurred(message, hint);
}

void EngineWorker::loadModel(const QString& folder) {
    stopRun(QString());
    m_cancelLoad.store(false);
    try {
        auto progress = [this](double fraction, const std::string& what) {
            emit loadProgress(fraction, QString::fromStdString(what));
        };
        // A hub id ("ORG/NAME") is found in the Hugging Face cache; a folder is itself.
        const auto path = ts::hub::resolveModelSpec(folder.toStdString());
        ts::LoadedModel loaded = ts::loadModelFolder(path, progress, &m_cancelLoad);
        const auto& cfg = loaded.model->config();
        ModelInfo info;
        info.folder = QFileInfo(QString::fromStdString(path.string())).absoluteFilePath();
        info.name = QString::fromStdString(ts::hub::displayName(info.folder.toStdString()));
        info.parameters = static_cast<qint64>(loaded.model->parameterCount());
        info.weightBytes = static_cast<qint64>(loaded.model->weightBytes());
        info.nVocab = cfg.nVocab;
        info.nCtx = cfg.nCtx;
        info.nLayer = cfg.nLayer;
        info.nHead = cfg.nHead;
        info.nEmbd = cfg.nEmbd;
        info.hasTokenizer = loaded.tokenizer != nullptr;
        for (const auto& w : loaded.warnings) info.warnings << QString::fromStdString(w);
        info.model = loaded.model;
        m_vocab = Vocabulary::build(loaded.tokenizer.get(), cfg.nVocab);
        info.vocabulary = m_vocab;
        info.tokenizer = loaded.tokenizer;

        m_session.reset();
        m_history.clear();
        m_loaded = std::move(loaded);
        m_session.emplace(m_loaded->model);
        m_session->setCancelFlag(&m_cancel);
        emit historyTruncated(0);
        emit modelLoaded(info);
    } catch (const std::exception& e) {
        // Keep whatever model was loaded before: the session goes on.
        emit modelLoadFailed(QString::fromUtf8(e.what()));
    }
}

bool EngineWorker::ensureModel() {
    if (m_session) return true;
    reportError(tr("No model is loaded."),
                tr("Choose the bundled model or open a model folder first."));
    return false;
}

std::vector<int> EngineWorker::tokenizePrompt(const QString& text,
                                              std::vector<ts::Token>& spans) {
    spans.clear();
    const std::string utf8 = text.toStdString();
    if (const auto& tok = m_loaded->tokenizer) {
        // As Hugging Face does: special tokens (<|im_start|>) recognised in tokenizer.json
        // text, and the model's start token in front when its start-token rule says so.
        spans = tok->encode(utf8, tok->recognisesSpecialByDefault());
        const ts::StartTokenRule& start = tok->startToken();
        if (start.add && start.id && (spans.empty() || spans.front().id != *start.id))
            spans.insert(spans.begin(), ts::Token{*start.id, 0, 0});
        std::vector<int> ids;
        ids.reserve(spans.size());
        for (const auto& t : spans) ids.push_back(t.id);
        return ids;
    }
    // No tokenizer: the only way to talk to the model is by token id.
    std::vector<int> ids;
    const auto parts =
        text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    for (const QString& p : parts) {
        bool ok = false;
        const int id = p.toInt(&ok);
        if (!ok)
            throw ts::Error(tr("This model folder has no tokenizer (vocab.json + merges.txt or "
                               "tokenizer.json), so the prompt must be token ids separated by "
                               "spaces; \"%1\" is not a number.")
                                .arg(p)
                                .toStdString());
        ids.push_back(id);
    }
    return ids;
}

StepRecordPtr EngineWorker::makeRecord(int index, ts::StepTrace trace,
                                       const ts::SamplingParams& params) {
    auto rec = std::make_shared<StepRecord>();
    rec->index = index;
    rec->params = params;
    rec->promptText = m_promptText;
    rec->contextTokens = m_session->tokens();
    const std::size_t n = rec->contextTokens.size();
    rec->tokenTexts = m_vocab->displays(rec->contextTokens);
    rec->promptByteStart.assign(n, -1);
    rec->promptByteEnd.assign(n, -1);
    for (std::size_t i = 0; i < n; ++i) {
        if (i < m_promptSpans.size()) {
            rec->promptByteStart[i] = static_cast<int>(m_promptSpans[i].start);
            rec->promptByteEnd[i] = static_cast<int>(m_promptSpans[i].end);
        }
    }
    ts::Rng rng = rngForStep(params.seed, index);
    rec->sampledToken = ts::sample(trace.logits, params, rng);
    rec->trace = std::make_shared<const ts::StepTrace>(std::move(trace));
    return rec;
}

StepRecordPtr EngineWorker::forward(const std::vector<int>& tokens,
                                    const ts::SamplingParams& params, bool batched) {
    const int nCtx = m_loaded->model->config().nCtx;
    if (m_session->position() + static_cast<int>(tokens.size()) > nCtx) {
        reportError(tr("The context is full: the model reads at most %1 tokens.").arg(nCtx),
                    tr("Reset, shorten the prompt, or branch from an earlier step."));
        return nullptr;
    }
    ts::TraceOptions opts;
    opts.attention = true;
    opts.embeddings = true;
    opts.residuals = true;
    const int index = static_cast<int>(m_history.size());
    emit stepStarted(index);
    try {
        params.validate();
        ts::StepTrace trace = batched ? m_session->prefill(tokens, opts)
                                      : m_session->step(tokens.front(), opts);
        auto rec = makeRecord(index, std::move(trace), params);
        m_history.push_back(rec);
        emit stepFinished(rec);
        return rec;
    } catch (const ts::Error& e) {
        if (isCancelled(e)) return nullptr;
        reportError(QString::fromUtf8(e.what()), tr("The session is unchanged; adjust and try again."));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()), QString());
    }
    return nullptr;
}

void EngineWorker::startPrompt(const QString& text, const ts::SamplingParams& params) {
    m_cancel.store(false);
    if (!ensureModel()) return;
    std::vector<ts::Token> spans;
    std::vector<int> ids;
    try {
        ids = tokenizePrompt(text, spans);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()), tr("Edit the prompt and try again."));
        return;
    }
    if (ids.empty()) {
        reportError(tr("The prompt is empty."), tr("Type some text to start from."));
        return;
    }
    m_session->reset();
    m_history.clear();
    m_promptSpans = std::move(spans);
    m_promptText = text.toStdString();
    emit historyTruncated(0);
    forward(ids, params, true);
}

void EngineWorker::step(const ts::SamplingParams& params) {
    m_cancel.store(false);
    if (!ensureModel()) return;
    if (m_history.empty()) {
        reportError(tr("There is no prompt yet."), tr("Type a prompt, then press Step."));
        return;
    }
    forward({m_history.back()->sampledToken}, params, false);
}

void EngineWorker::run(int maxSteps, const ts::SamplingParams& params, int delayMs) {
    m_cancel.store(false);
    if (!ensureModel() || m_history.empty()) {
        if (m_session) reportError(tr("There is no prompt yet."), tr("Type a prompt, then press Run."));
        emit runStateChanged(false);
        return;
    }
    m_runRemaining = maxSteps;
    m_runParams = params;
    m_runTimer->setInterval(std::max(0, delayMs));
    m_running = true;
    emit runStateChanged(true);
    m_runTimer->start();
}

void EngineWorker::runTick() {
    // Between ticks the event loop runs, so pause/cancel/parameter changes get through.
    if (m_cancel.load() || m_runRemaining <= 0) {
        stopRun(m_runRemaining <= 0 ? tr("Reached the maximum number of steps.") : QString());
        return;
    }
    const auto& tok = m_loaded ? m_loaded->tokenizer : nullptr;
    const int drawn = m_history.back()->sampledToken;
    if (tok && (tok->isEndToken(drawn) || tok->endOfTextId() == drawn)) {
        stopRun(tr("The model drew the end-of-text token."));
        return;
    }
    auto rec = forward({m_history.back()->sampledToken}, m_runParams, false);
    if (!rec) {
        stopRun(QString());
        return;
    }
    --m_runRemaining;
    if (m_runRemaining <= 0) {
        stopRun(tr("Reached the maximum number of steps."));
        return;
    }
    m_runTimer->start();
}

void EngineWorker::stopRun(const QString& reason) {
    const bool wasRunning = m_running;
    m_running = false;
    m_runTimer->stop();
    m_runRemaining = 0;
    if (wasRunning) {
        emit runStateChanged(false);
        if (!reason.isEmpty()) emit runStopped(reason);
    }
}

void EngineWorker::pause() { stopRun(QString()); }

void EngineWorker::setRunDelay(int delayMs) { m_runTimer->setInterval(std::max(0, delayMs)); }

void EngineWorker::setRunParams(const ts::SamplingParams& params) { m_runParams = params; }

void EngineWorker::reset() {
    stopRun(QString());
    if (m_session) m_session->reset();
    m_history.clear();
    m_promptSpans.clear();
    m_promptText.clear();
    emit historyTruncated(0);
}

void EngineWorker::branchFrom(int stepIndex, int token, const ts::SamplingParams& params) {
    m_cancel.store(false);
    stopRun(QString());
    if (!ensureModel()) return;
    if (stepIndex < 0 || stepIndex >= static_cast<int>(m_history.size())) {
        reportError(tr("There is no step %1 to branch from.").arg(stepIndex), QString());
        return;
    }
    if (token < 0 || token >= m_loaded->model->config().nVocab) {
        reportError(tr("Token %1 is outside the vocabulary.").arg(token), QString());
        return;
    }
    const auto& base = m_history[static_cast<std::size_t>(stepIndex)];
    m_session->truncate(base->trace->lastPosition() + 1);
    auto changed = std::make_shared<StepRecord>(*base);
    changed->sampledToken = token;
    m_history.resize(static_cast<std::size_t>(stepIndex));
    emit historyTruncated(stepIndex);
    m_history.push_back(changed);
    emit stepFinished(changed);
    forward({token}, params, false);
}

}  // namespace ts::ui
