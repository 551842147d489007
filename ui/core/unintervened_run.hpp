#pragma once
// The "before" of the before/after comparison: a step of a what-if run computed again on the
// same tokens without the interventions, so the softmax and sampling views can show, beside
// each bar, what the model itself gave that step. It runs off the GUI thread with a
// ts::Transcript of its own (the loop the engine worker drives, the same prefill of the prompt
// and one step per token after it, so every number is bit for bit the one a run without the
// interventions gives on those tokens), and keeps what it made for the steps of the history.
#include <QObject>
#include <memory>
#include <span>
#include <vector>

#include "core/model_info.hpp"
#include "core/task.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::ui {

// Steps 0..k of `history` (the records of one run, the prompt's prefill first) made again
// without interventions: the prompt's ids prefilled, then each record's token fed back in,
// each with the record's own settings. Their draws are the model's own with the same uniform
// numbers. Throws ts::Error (a record from a file, a context too long) or ts::Cancelled.
std::vector<TranscriptStepPtr> unintervenedSteps(
    const std::shared_ptr<const ts::Model>& model,
    const std::shared_ptr<const ts::Tokenizer>& tokenizer,
    std::span<const TranscriptStepPtr> history, const std::atomic<bool>* cancel = nullptr);

class UnintervenedRun : public QObject {
    Q_OBJECT
  public:
    explicit UnintervenedRun(QObject* parent = nullptr) : QObject(parent) {}

    // The step without interventions for `record` (a step of the history), if made; null
    // otherwise.
    TranscriptStepPtr beforeOf(const TranscriptStepPtr& record) const;
    // Makes the steps of `history` (its last one the step wanted) off the GUI thread; ready()
    // follows. A request for another history cancels the one running.
    void request(const ModelInfo& info, std::vector<TranscriptStepPtr> history);
    bool isBusy() const { return m_task.isRunning(); }
    // Forgets every step made (another model was loaded).
    void clear();

  signals:
    // `record`'s step without interventions is in (beforeOf answers it now).
    void ready(const ts::TranscriptStepPtr& record, const ts::TranscriptStepPtr& before);
    void failed(const QString& message);

  private:
    struct Pair {
        TranscriptStepPtr after, before;
    };
    std::vector<Pair> m_made;     // held, so a record's address is never a freed one's
    TranscriptStepPtr m_pending;  // the record being made
    std::shared_ptr<const ts::Model> m_model;
    static constexpr std::size_t kMostKept = 256;
    BackgroundTask m_task;
};

}  // namespace ts::ui
