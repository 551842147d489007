#include "core/transcript_model.hpp"

#include <algorithm>

#include "core/engine_worker.hpp"

namespace ts::ui {

TranscriptModel::TranscriptModel(QObject* parent) : QObject(parent) {}

void TranscriptModel::attach(EngineWorker* worker) {
    connect(worker, &EngineWorker::stepFinished, this, &TranscriptModel::append);
    connect(worker, &EngineWorker::historyTruncated, this, &TranscriptModel::truncate);
    connect(worker, &EngineWorker::stepReplaced, this, &TranscriptModel::replace);
}

void TranscriptModel::addObserver(TranscriptObserver* observer) const {
    if (std::find(m_observers.begin(), m_observers.end(), observer) == m_observers.end())
        m_observers.push_back(observer);
}

void TranscriptModel::removeObserver(TranscriptObserver* observer) const {
    m_observers.erase(std::remove(m_observers.begin(), m_observers.end(), observer),
                      m_observers.end());
}

TranscriptStepPtr TranscriptModel::at(int index) const {
    if (index < 0 || index >= size()) return nullptr;
    return m_steps[static_cast<std::size_t>(index)];
}

std::span<const TranscriptStepPtr> TranscriptModel::upTo(int index) const {
    const int n = std::clamp(index + 1, 0, size());
    return {m_steps.data(), static_cast<std::size_t>(n)};
}

int TranscriptModel::thinnedCount() const {
    return static_cast<int>(std::count_if(m_steps.begin(), m_steps.end(),
                                          [](const TranscriptStepPtr& s) { return s->thinned(); }));
}

void TranscriptModel::append(const TranscriptStepPtr& step) {
    if (!step) return;
    const int index = std::clamp(step->index, 0, size());
    m_steps.resize(static_cast<std::size_t>(index));
    m_steps.push_back(step);
    notify(index);
}

void TranscriptModel::truncate(int keep) {
    keep = std::max(0, keep);
    if (keep >= size()) return;
    m_steps.resize(static_cast<std::size_t>(keep));
    notify(keep);
}

void TranscriptModel::replace(const TranscriptStepPtr& step) {
    if (!step || step->index < 0 || step->index >= size()) return;
    m_steps[static_cast<std::size_t>(step->index)] = step;
    notify(step->index);
}

void TranscriptModel::notify(int from) {
    // A copy: an observer may add or remove observers while being told.
    const auto observers = m_observers;
    for (TranscriptObserver* o : observers) o->transcriptChanged(*this, from);
    emit changed(from);
}

}  // namespace ts::ui
