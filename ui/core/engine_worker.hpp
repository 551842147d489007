#pragma once
// The one object that owns the model and the ts::Transcript (the engine's autoregressive
// loop: session, steps, seed policy, context and end-of-text rules). It is a thin adapter:
// it runs the transcript on its own QThread, paces runs with a timer, and turns results and
// errors into signals. The window talks to it only through queued calls (EngineController)
// and hears back through signals carrying immutable steps, so the GUI never waits.
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/model_info.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/remote.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::ui {

class EngineWorker : public QObject {
    Q_OBJECT
  public:
    explicit EngineWorker(QObject* parent = nullptr);
    ~EngineWorker() override;

    // Thread-safe: may be called from any thread. Stops a run and aborts the forward pass
    // in progress between layers; a cancelled step leaves the session as it was.
    void cancel();
    // Thread-safe: aborts a model load in progress.
    void cancelLoad();

  public slots:
    // All of these run on the worker thread (invoke them queued).
    void loadModel(const QString& folder);
    // Drives the transcript over a model server instead (Model → Connect to a server…,
    // --server URL; connected off the GUI thread by core/server_connection.hpp): the same loop,
    // seed policy, rewind and branch, through ts::remote::RemoteSession. modelLoaded then hands
    // out a ModelInfo with `server` set and no `model` (engine_worker_remote.cpp).
    void useServer(std::shared_ptr<const ts::remote::RemoteModel> server);
    // Resets the session, tokenizes and prefills the prompt, samples the first token.
    // Without a tokenizer the prompt must be token ids separated by spaces or commas.
    // draw = false (the app's --steps 0): the prefill is published with nothing drawn (its
    // sampledToken -1); the next step() or run() shows the draw first.
    void startPrompt(const QString& text, const ts::SamplingParams& params, bool draw = true);
    // Feeds the last sampled token back in and samples the next one.
    void step(const ts::SamplingParams& params);
    // Steps every `delayMs` until `maxSteps` steps were made, the context is full or the
    // end-of-text token is drawn; pause() stops after the current step.
    void run(int maxSteps, const ts::SamplingParams& params, int delayMs);
    void pause();
    void setRunDelay(int delayMs);
    void setRunParams(const ts::SamplingParams& params);
    void reset();
    // "What if": rewinds to the context of record `stepIndex`, makes `token` its sampled
    // token instead, then runs one step from there.
    void branchFrom(int stepIndex, int token, const ts::SamplingParams& params);
    // Keep going past the model's end tokens (the app's "Continue past end of text").
    void setIgnoreEndOfText(bool ignore);
    // The step history's memory budget (attention rows + logits of all steps); past it the
    // oldest steps keep a summary and stepReplaced() hands the thinned steps out.
    void setHistoryBudget(qint64 bytes);
    // Reopens a transcript file (File → Open transcript): replays its prompt and tokens
    // (each step re-run, so the steps have their traces) with the settings stored per step.
    void openTranscript(const QString& path);
    // Shows steps read from a transcript file as they were recorded (no model, or another
    // one, is loaded): the history is replaced by them; nothing runs.
    void showRecordedSteps(const std::vector<ts::TranscriptStepPtr>& steps);
    // What-if (tokenscope/interventions.hpp; layers and heads 0-based; mean ablation's means
    // are computed here from the prompt): what every prefill and step runs with from now on.
    // With a history, it is made again with the set: fromStep < 0 replays the whole run (the
    // same prompt, the same settings and seed per step, as many steps; tokens chosen by hand
    // are kept); fromStep = k keeps steps 0..k-1 as they are and runs step k again with the
    // set (a branch, as branchFrom: Step and Run go on from there). Without a history the next
    // startPrompt applies it.
    void setInterventions(const ts::Interventions& interventions, int fromStep);

  signals:
    void loadProgress(double fraction, const QString& what);
    void modelLoaded(const ts::ui::ModelInfo& info);
    void modelLoadFailed(const QString& message);
    // A new record at the end of the history.
    void stepFinished(const ts::TranscriptStepPtr& record);
    // The history was cut to its first `keep` records (reset: 0; branch: stepIndex).
    void historyTruncated(int keep);
    void runStateChanged(bool running);
    // Before the forward pass of a step (so the pipeline bar can start lighting up).
    void stepStarted(int index);
    // Something went wrong; the session is still usable. `hint` says what to do.
    void errorOccurred(const QString& message, const QString& hint);
    // A run stopped by itself (end of text, max steps): a short reason for the status bar.
    void runStopped(const QString& reason);
    // Step `record->index` was replaced by a thinned copy (history budget): observers swap
    // it in, so the full trace's memory is freed.
    void stepReplaced(const ts::TranscriptStepPtr& record);

  private:
    bool ensureModel();
    // Runs one transcript call (start, step, branch) with stepStarted/stepFinished around
    // it; errors become errorOccurred, a cancel stays silent. False on failure.
    template <typename Call>
    bool runStep(int index, Call&& call);
    void publishThinned();
    // What stepFinished hands out for the newest step: without its draw while m_drawHidden.
    TranscriptStepPtr published(const TranscriptStepPtr& step) const;
    // startPrompt(draw = false) hid step 0's draw: shows it now (true if it did).
    bool revealDraw();
    void runTick();
    void stopRun(const QString& reason);
    void reportError(const QString& message, const QString& hint);
    // m_interventions for `prompt` (means computed, validated); null when empty. Throws.
    std::shared_ptr<const ts::Interventions> preparedInterventions(std::span<const int> prompt);

    std::optional<ts::LoadedModel> m_loaded;  // a server's: its tokenizer only, no model
    // The transcript's options for a model of this kind (local: every trace the views show).
    ts::TranscriptOptions transcriptOptions(bool local) const;
    std::optional<ts::Transcript> m_transcript;
    VocabularyPtr m_vocab;
    bool m_ignoreEndOfText = false;
    ts::Interventions m_interventions;  // what the next prefill and steps run with
    bool m_drawHidden = false;          // step 0 was published without its draw
    std::size_t m_historyBudget = std::size_t{1} << 30;

    QTimer* m_runTimer = nullptr;
    int m_runRemaining = 0;
    bool m_running = false;
    ts::SamplingParams m_runParams;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_cancelLoad{false};
};

}  // namespace ts::ui

Q_DECLARE_METATYPE(ts::TranscriptStepPtr)
Q_DECLARE_METATYPE(ts::ui::ModelInfo)
