#pragma once
// The one copy of the transcript on the GUI thread. The engine worker owns the real
// ts::Transcript on its thread and sends each new, cut or replaced step; this model applies
// them to its single step list and notifies its observers in the order they registered (as
// Okular's Document notifies its DocumentObservers), so the window, the timeline, the
// classroom hub and the views read one history instead of keeping copies in step by
// resize arithmetic and connect order.
#include <QObject>
#include <span>
#include <vector>

#include "tokenscope/transcript.hpp"

namespace ts::ui {

class EngineWorker;
class TranscriptModel;

class TranscriptObserver {
  public:
    virtual ~TranscriptObserver() = default;
    // Steps from index `from` on changed: appended, replaced (thinned by the history budget)
    // or cut away (model.size() <= from). Read what is needed from `model`; keep no copy.
    virtual void transcriptChanged(const TranscriptModel& model, int from) = 0;
};

class TranscriptModel : public QObject {
    Q_OBJECT
  public:
    explicit TranscriptModel(QObject* parent = nullptr);

    // Listens to the worker's stepFinished / historyTruncated / stepReplaced (queued).
    void attach(EngineWorker* worker);
    // Observing changes nothing in the history, so a const model accepts observers.
    void addObserver(TranscriptObserver* observer) const;
    void removeObserver(TranscriptObserver* observer) const;

    const std::vector<TranscriptStepPtr>& steps() const { return m_steps; }
    int size() const { return static_cast<int>(m_steps.size()); }
    bool empty() const { return m_steps.empty(); }
    TranscriptStepPtr at(int index) const;
    // Steps 0..index (the prompt's record and the decode steps up to the inspected one).
    std::span<const TranscriptStepPtr> upTo(int index) const;
    // How many steps were thinned by the history budget (their views say what is missing).
    int thinnedCount() const;

    // Applying the worker's messages (also callable directly, e.g. by tests).
    void append(const TranscriptStepPtr& step);  // a step with index i cuts everything from i on
    void truncate(int keep);
    void replace(const TranscriptStepPtr& step);

  signals:
    // The same notification as TranscriptObserver, for QObjects that prefer a signal.
    void changed(int from);

  private:
    void notify(int from);

    std::vector<TranscriptStepPtr> m_steps;
    mutable std::vector<TranscriptObserver*> m_observers;
};

}  // namespace ts::ui
