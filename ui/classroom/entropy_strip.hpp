#pragma once
// A lane's entropy per step as a small painted bar chart whose x-axis names the token drawn
// at each step (rotated, so twenty-five of them fit under a quarter-width lane), with a
// labelled bits axis. It replaces a Qt Charts value axis that had room only for "…" ticks.
// Bars take the token's confidence colour, so chart and token boxes read together; the step
// where the lane stopped at the end-of-text token is marked.
#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <vector>

namespace ts::ui {

class EntropyStrip : public QWidget {
    Q_OBJECT
  public:
    struct Step {
        QString label;     // the token drawn, as displayed everywhere else
        double bits = 0;   // entropy of the distribution it was drawn from
        QColor colour;     // its confidence colour
        bool end = false;  // the end-of-text token the lane stopped at
    };
    explicit EntropyStrip(QWidget* parent = nullptr);

    // `slotCount`: room for this many bars (the longest lane's length), so lanes that stopped
    // early keep the same step scale as their neighbours.
    void setSteps(std::vector<Step> steps, double maxBits, int slotCount = 0);
    // Translated texts: the chart title, the y-axis unit and the label of the step where the
    // lane stopped (a short word: "<|endoftext|>" would not fit under a bar).
    void setTexts(const QString& title, const QString& unit, const QString& endLabel);
    const std::vector<Step>& steps() const { return m_steps; }
    double maxBits() const { return m_maxBits; }

    // The widest token label in px (label font), and a width to leave room for at least:
    // side-by-side lanes share their widest, so their plots keep one baseline.
    int widestLabel() const;
    void setLeastLabelWidth(int px);

    // Every how many steps a token label is drawn at the current width (1 = all).
    int labelStride() const;
    // The labels as drawn at the current width (empty strings where skipped).
    QStringList drawnLabels() const;
    // Where step i's bar is painted (tests sample it).
    QRectF barRect(int step) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    QRect plotRect() const;
    int labelRoom() const;  // height of the rotated token labels under the plot
    QString fitLabel(const QString& label) const;
    QFont labelFont() const;

    std::vector<Step> m_steps;
    double m_maxBits = 1;
    int m_slots = 0;
    double slotWidth() const;
    QString m_title;
    QString m_unit;
    QString m_endLabel;
    // The longest label's width in the label font (px), measured once per change of the
    // steps, texts or font: labelRoom is asked for on every bar.
    mutable int m_widestLabel = -1;
    int m_leastLabelWidth = 0;
};

}  // namespace ts::ui
