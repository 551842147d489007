#include "core/engine_worker.hpp"

#include <QFileInfo>
#include <algorithm>

#include "core/stage_distribution.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/interventions.hpp"
#include "tokenscope/step_distribution.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
    m_runTimer = new QTimer(this);
    m_runTimer->setSingleShot(true);
    connect(m_runTimer, &QTimer::timeout, this, &EngineWorker::runTick);
}

EngineWorker::~EngineWorker() = default;

void EngineWorker::cancel() { m_cancel.store(true); }

ts::TranscriptOptions EngineWorker::transcriptOptions(bool local) const {
    // The app traces everything its views show; the budget bounds what the history keeps. A
    // server gives none of the internals: its steps hold the distribution only.
    ts::TranscriptOptions options;
    options.trace.attention = local;
    options.trace.embeddings = local;
    options.trace.residuals = local;
    options.trace.logitLens = local;  // computed here, on the worker thread
    options.ignoreEndOfText = m_ignoreEndOfText;
    options.historyBudgetBytes = m_historyBudget;
    // What the softmax and sampling stages show of each step, described here on the worker
    // so the GUI thread never passes over the vocabulary during a run.
    options.describeSteps = stageDistributionRequest();
    return options;
}
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
        ts::LoadedModel loaded = ts::loadModelFolder(folder.toStdString(), progress, &m_cancelLoad);
        const auto& cfg = loaded.model->config();
        ModelInfo info;
        info.folder = QFileInfo(folder).absoluteFilePath();
        info.name = QFileInfo(info.folder).fileName();
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

        m_transcript.reset();
        m_drawHidden = false;
        m_loaded = std::move(loaded);  // replaces a server, if one was in use
        m_transcript.emplace(m_loaded->model, m_loaded->tokenizer, transcriptOptions(true));
        m_transcript->setCancelFlag(&m_cancel);
        emit historyTruncated(0);
        emit modelLoaded(info);
    } catch (const ts::Cancelled& e) {
        emit modelLoadFailed(QString::fromUtf8(e.what()));
    } catch (const std::exception& e) {
        // Keep whatever model was loaded before: the session goes on.
        emit modelLoadFailed(QString::fromUtf8(e.what()));
    }
}

bool EngineWorker::ensureModel() {
    if (m_transcript) return true;
    reportError(tr("No model is loaded."),
                tr("Choose the bundled model or open a model folder first."));
    return false;
}

template <typename Call>
bool EngineWorker::runStep(int index, Call&& call) {
    emit stepStarted(index);
    try {
        call();
        emit stepFinished(published(m_transcript->steps().back()));
        publishThinned();
        return true;
    } catch (const ts::Cancelled&) {
        return false;  // asked for: nothing to report, the transcript is as it was
    } catch (const ts::Error& e) {
        reportError(QString::fromUtf8(e.what()),
                    tr("The session is unchanged; reset, shorten the prompt or branch from an "
                       "earlier step."));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()), QString());
    }
    return false;
}

TranscriptStepPtr EngineWorker::published(const TranscriptStepPtr& step) const {
    if (!m_drawHidden || !step) return step;
    // The prefill as it was before anything was drawn: the same trace and context, no token,
    // no uniform number, no figures; the distribution without the number's landing.
    auto undrawn = std::make_shared<ts::TranscriptStep>(*step);
    undrawn->sampledToken = -1;
    undrawn->uniform = -1;
    undrawn->chosen = false;
    undrawn->figures = {};
    if (step->distribution) {
        auto d = std::make_shared<ts::StepDistribution>(*step->distribution);
        d->u = -1;
        d->landed = -1;
        undrawn->distribution = std::move(d);
    }
    return undrawn;
}

bool EngineWorker::revealDraw() {
    if (!m_drawHidden) return false;
    m_drawHidden = false;
    if (!m_transcript || m_transcript->empty()) return false;
    emit historyTruncated(0);
    emit stepFinished(m_transcript->steps().front());
    return true;
}

void EngineWorker::publishThinned() {
    for (int i : m_transcript->takeThinnedSteps())
        if (i < m_transcript->size())
            emit stepReplaced(m_transcript->steps()[static_cast<std::size_t>(i)]);
}

void EngineWorker::startPrompt(const QString& text, const ts::SamplingParams& params, bool draw) {
    m_cancel.store(false);
    m_drawHidden = false;
    if (!ensureModel()) return;
    ts::PromptTokens prompt;
    try {
        params.validate();
        prompt = ts::parsePrompt(text.toStdString(), m_loaded->tokenizer.get(),
                                 m_transcript->config().nVocab);
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()), tr("Edit the prompt and try again."));
        return;
    }
    try {
        m_transcript->setInterventions(preparedInterventions(prompt.ids()));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()),
                    tr("Restore the silenced heads and banned tokens."));
        return;
    }
    m_transcript->reset();
    emit historyTruncated(0);
    m_drawHidden = !draw;
    if (!runStep(0, [&] { m_transcript->start(prompt, params); })) m_drawHidden = false;
}

void EngineWorker::step(const ts::SamplingParams& params) {
    m_cancel.store(false);
    if (!ensureModel()) return;
    if (m_transcript->empty()) {
        reportError(tr("There is no prompt yet."), tr("Type a prompt, then press Step."));
        return;
    }
    if (revealDraw()) return;  // the step shows the draw the prefill held back
    runStep(m_transcript->size(), [&] { m_transcript->step(params); });
}

void EngineWorker::run(int maxSteps, const ts::SamplingParams& params, int delayMs) {
    m_cancel.store(false);
    if (!ensureModel() || m_transcript->empty()) {
        if (m_transcript)
            reportError(tr("There is no prompt yet."), tr("Type a prompt, then press Run."));
        emit runStateChanged(false);
        return;
    }
    if (revealDraw() && --maxSteps <= 0) {
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
    if (m_transcript->finished()) {  // the engine's one end-of-text rule
        stopRun(tr("The model drew the end-of-text token."));
        return;
    }
    if (m_transcript->contextFull()) {
        stopRun(tr("The context is full: the model reads at most %1 tokens.")
                    .arg(m_transcript->config().nCtx));
        return;
    }
    if (!runStep(m_transcript->size(), [&] { m_transcript->step(m_runParams); })) {
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

void EngineWorker::setIgnoreEndOfText(bool ignore) {
    m_ignoreEndOfText = ignore;
    if (m_transcript) m_transcript->setIgnoreEndOfText(ignore);
}

void EngineWorker::setHistoryBudget(qint64 bytes) {
    m_historyBudget = static_cast<std::size_t>(std::max<qint64>(0, bytes));
    if (!m_transcript) return;
    m_transcript->setHistoryBudget(m_historyBudget);
    publishThinned();
}

void EngineWorker::reset() {
    stopRun(QString());
    m_drawHidden = false;
    if (m_transcript) m_transcript->reset();
    emit historyTruncated(0);
}

void EngineWorker::branchFrom(int stepIndex, int token, const ts::SamplingParams& params) {
    m_cancel.store(false);
    stopRun(QString());
    m_drawHidden = false;  // a branch names its step's token itself
    if (!ensureModel()) return;
    try {
        m_transcript->choose(stepIndex, token);
    } catch (const ts::Error& e) {
        reportError(QString::fromUtf8(e.what()), QString());
        return;
    }
    emit historyTruncated(stepIndex);
    emit stepFinished(m_transcript->steps().back());
    runStep(m_transcript->size(), [&] { m_transcript->step(params); });
}

void EngineWorker::showRecordedSteps(const std::vector<TranscriptStepPtr>& steps) {
    m_cancel.store(false);
    stopRun(QString());
    m_drawHidden = false;
    if (m_transcript) m_transcript->reset();
    emit historyTruncated(0);
    for (const auto& s : steps) emit stepFinished(s);
}

void EngineWorker::openTranscript(const QString& path) {
    m_cancel.store(false);
    stopRun(QString());
    if (!ensureModel()) return;
    ts::TranscriptFile file;
    try {
        file = ts::readTranscriptJson(path.toStdString());
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()), tr("Open a transcript written by this model."));
        return;
    }
    m_transcript->reset();
    m_drawHidden = false;
    emit historyTruncated(0);
    // The engine's one replay (generate --replay runs the same): each step re-runs, and
    // where the file's token differs from the draw the file's token is kept, marked chosen.
    std::string name = m_loaded->folder.filename().string();
    if (name.empty()) name = m_loaded->folder.parent_path().filename().string();
    try {
        m_transcript->replay(file, name, [this](const ts::TranscriptStep& step, bool rewound) {
            if (rewound) emit historyTruncated(step.index);
            emit stepFinished(m_transcript->steps().back());
            publishThinned();
        });
    } catch (const ts::Cancelled&) {
        // asked for: the steps replayed so far stay
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()), tr("Open a transcript written by this model."));
    }
}

std::shared_ptr<const ts::Interventions> EngineWorker::preparedInterventions(
    std::span<const int> prompt) {
    if (m_interventions.empty()) return nullptr;
    auto iv = std::make_shared<ts::Interventions>(m_interventions);
    iv->ablateMeans.clear();
    if (!m_loaded->model) {
        // A server changes logits only: bans and biases, applied to the logprobs it gives.
        if (!iv->changesLogitsOnly())
            throw ts::Error(tr("Silencing heads needs the model's internals, which a model server "
                               "does not expose: load a local model for it.")
                                .toStdString());
        iv->validate(m_transcript->config());
        return iv;
    }
    if (iv->ablateMode == ts::AblateMode::Mean && !iv->ablate.empty()) {
        ts::Interventions heads = *iv;  // heads checked before their means are computed
        heads.ablateMode = ts::AblateMode::Zero;
        heads.validate(m_loaded->model->config());
        ts::prepareMeanAblation(m_loaded->model, prompt, *iv);
    }
    iv->validate(m_loaded->model->config());
    return iv;
}

void EngineWorker::setInterventions(const ts::Interventions& interventions, int fromStep) {
    m_cancel.store(false);
    stopRun(QString());
    m_interventions = interventions;
    if (!m_transcript || m_transcript->empty()) return;  // the next startPrompt applies it
    // What the run was: its prompt, and each step's settings (seed included) and hand choices.
    const std::vector<TranscriptStepPtr> before = m_transcript->steps();
    const ts::PromptTokens prompt = m_transcript->prompt();
    try {
        m_transcript->setInterventions(preparedInterventions(prompt.ids()));
    } catch (const std::exception& e) {
        reportError(QString::fromUtf8(e.what()),
                    tr("Restore the silenced heads and banned tokens."));
        return;
    }
    const int n = static_cast<int>(before.size());
    const int from = std::clamp(fromStep, 0, n - 1);
    // A replay is a run for the window: Stop (cancel) ends it between steps or mid-pass.
    emit runStateChanged(true);
    struct Done {
        EngineWorker* w;
        ~Done() { emit w->runStateChanged(false); }
    } done{this};
    bool ok = false;
    if (from == 0) {
        m_transcript->reset();
        emit historyTruncated(0);
        ok = runStep(0, [&] { m_transcript->start(prompt, before[0]->params); });
    } else {
        m_transcript->truncate(from);
        emit historyTruncated(from);
        ok = runStep(from,
                     [&] { m_transcript->step(before[static_cast<std::size_t>(from)]->params); });
    }
    const auto banned = [&](int token) {
        return std::find(m_interventions.banned.begin(), m_interventions.banned.end(), token) !=
               m_interventions.banned.end();
    };
    for (int i = from; ok && i < n; ++i) {
        const auto& was = before[static_cast<std::size_t>(i)];
        // A token chosen by hand stays chosen (not at the branch's own step, nor once banned).
        if (was->chosen && !(fromStep >= 0 && i == from) && !banned(was->sampledToken) &&
            m_transcript->back().sampledToken != was->sampledToken) {
            try {
                m_transcript->choose(i, was->sampledToken);
            } catch (const ts::Error& e) {
                reportError(QString::fromUtf8(e.what()), QString());
                return;
            }
            emit historyTruncated(i);
            emit stepFinished(published(m_transcript->steps().back()));
        }
        // A branch ends at its own step (shown with the set; Step and Run go on from there).
        if (fromStep >= 0 || i + 1 >= n || m_transcript->finished() || m_transcript->contextFull())
            break;
        const auto& next = before[static_cast<std::size_t>(i + 1)]->params;
        ok = runStep(i + 1, [&] { m_transcript->step(next); });
    }
}

}  // namespace ts::ui
