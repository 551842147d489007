#pragma once
// Holds one widget without a layout, so that a change of its size hint does not relayout the
// window. A push button whose text flips from "Run" to "Pause" when a run starts asks its
// layout to recompute, and every layout up to the window follows (the window's relayout took
// 7-8 ms of the GUI thread on the first frame of a run, bench_stalls). The shield's own size
// hint is what the caller sets: the largest the widget needs in any of its states.
#include <QSize>
#include <QWidget>

namespace ts::ui {

class LayoutShield : public QWidget {
  public:
    // Takes `child` (reparented to the shield) and its size policy.
    explicit LayoutShield(QWidget* child, QWidget* parent = nullptr);

    QWidget* child() const { return m_child; }
    // The size the layout is asked for; a change relayouts once.
    void setHint(QSize hint);

    QSize sizeHint() const override { return m_hint; }
    QSize minimumSizeHint() const override { return m_hint; }

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    QWidget* m_child;
    QSize m_hint;
};

}  // namespace ts::ui
