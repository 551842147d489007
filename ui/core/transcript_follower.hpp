#pragma once
// How a view that is not a stage follows the one history: it registers with the window's
// TranscriptModel as an observer (Okular's DocumentObserver style) and reads the steps from
// the model when it draws, keeping no copy. The follower turns the model's notifications
// into at most one refresh per frame while the view is on screen, none while it is hidden
// behind another view (one when it is shown again), and an immediate one while its window
// is not on screen at all (tests, headless runs), so a run at 1,024 tokens costs a hidden
// classroom tool nothing and a visible one one update per frame, not one per step.
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <functional>
#include <limits>

#include "core/transcript_model.hpp"

class QWidget;

namespace ts::ui {

class TranscriptFollower : public QObject, public TranscriptObserver {
    Q_OBJECT
  public:
    // `refresh(model, from)`: steps from index `from` on changed since the last call.
    using Refresh = std::function<void(const TranscriptModel& model, int from)>;
    TranscriptFollower(QWidget* view, Refresh refresh);
    ~TranscriptFollower() override;

    // Starts observing `model` (null: none); the view is brought up to date at once.
    void follow(const TranscriptModel* model);
    const TranscriptModel* model() const { return m_model.data(); }
    // True while changes wait for the view to be shown (or for the next frame).
    bool pending() const { return m_from != kNone; }

    void transcriptChanged(const TranscriptModel& model, int from) override;

    static constexpr int kFrameMs = 16;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void flush();
    static constexpr int kNone = std::numeric_limits<int>::max();

    QWidget* m_view;
    Refresh m_refresh;
    QPointer<const TranscriptModel> m_model;
    QTimer m_frame;
    int m_from = kNone;
};

}  // namespace ts::ui
