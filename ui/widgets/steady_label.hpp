#pragma once
// A word-wrapped label whose new text does not relayout the window. A QLabel's setText asks
// its parent's layout to recompute, and every layout up to the window follows: for a caption
// that changes each step of a run (a count, a position) that cost 4-6 ms a step at 1,024
// tokens. This box holds the label without a layout and asks for a new height only when the
// wrapped text's height changes. Unwrapped (a status bar's one line), it asks only when the
// text's natural size changes: "step 105" -> "step 106" keeps the window's layout.
#include <QSize>
#include <QWidget>

class QLabel;

namespace ts::ui {

class SteadyLabel : public QWidget {
  public:
    explicit SteadyLabel(QWidget* parent = nullptr, bool wrap = true);

    void setText(const QString& text);
    // Room for at least `lines` wrapped lines from the start, so that the first texts of a
    // run, longer than the placeholder before it, fit without a relayout of the window.
    void setReservedLines(int lines);
    QString text() const;
    QLabel* label() const { return m_label; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return m_wrap; }
    int heightForWidth(int width) const override;

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    QLabel* m_label;
    bool m_wrap = true;
    int m_reservedLines = 0;
    int m_height = -1;
    mutable QSize m_hint;  // unwrapped: the size hint the layout last had
};

}  // namespace ts::ui
