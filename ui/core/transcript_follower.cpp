#include "core/transcript_follower.hpp"

#include <QEvent>
#include <QWidget>
#include <algorithm>

namespace ts::ui {

TranscriptFollower::TranscriptFollower(QWidget* view, Refresh refresh)
    : QObject(view), m_view(view), m_refresh(std::move(refresh)) {
    m_frame.setSingleShot(true);
    connect(&m_frame, &QTimer::timeout, this, &TranscriptFollower::flush);
    view->installEventFilter(this);
}

TranscriptFollower::~TranscriptFollower() {
    if (m_model) m_model->removeObserver(this);
}

void TranscriptFollower::follow(const TranscriptModel* model) {
    if (m_model == model) return;
    if (m_model) m_model->removeObserver(this);
    m_model = model;
    if (!model) return;
    model->addObserver(this);
    m_from = 0;
    flush();
}

void TranscriptFollower::transcriptChanged(const TranscriptModel&, int from) {
    m_from = std::min(m_from, std::max(0, from));
    // A window not on screen (tests, a headless run) has no frames to save: at once.
    if (!m_view->window()->isVisible()) {
        flush();
        return;
    }
    // Hidden behind another view: when it is shown (eventFilter).
    if (!m_view->isVisible()) return;
    if (!m_frame.isActive()) m_frame.start(kFrameMs);
}

bool TranscriptFollower::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && event->type() == QEvent::Show && pending()) flush();
    return QObject::eventFilter(watched, event);
}

void TranscriptFollower::flush() {
    m_frame.stop();
    if (!pending() || !m_model) return;
    const int from = m_from;
    m_from = kNone;
    m_refresh(*m_model, from);
}

}  // namespace ts::ui
