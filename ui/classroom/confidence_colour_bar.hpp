#pragma once
// The key to the confidence colours: a horizontal bar painted with confidenceColour(p) for p
// from 0 to 1, ticks at 0, 25, 50, 75 and 100 % and a caption. The token boxes of the lanes
// (and any other view that colours tokens by probability) mean nothing without it, and it
// follows the colour scheme switch, so it is painted from the same function, not an image.
#include <QString>
#include <QWidget>

namespace ts::ui {

class ConfidenceColourBar : public QWidget {
    Q_OBJECT
  public:
    explicit ConfidenceColourBar(QWidget* parent = nullptr);
    // What the colour measures, drawn left of the bar ("probability the token was drawn with").
    void setCaption(const QString& caption);
    QString caption() const { return m_caption; }
    // The probability painted at x (widget coordinates) inside the bar; -1 outside it.
    double probabilityAt(int x) const;
    QRect barRect() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    int captionWidth() const;
    QString m_caption;
};

}  // namespace ts::ui
