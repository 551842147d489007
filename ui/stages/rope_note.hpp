#pragma once
// Stage 2 for models without learned position vectors (RoPE): the note that takes the position
// row's place. A private part of EmbeddingView.
#include <QFont>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QString>
#include <QWidget>
#include <algorithm>
#include <cmath>

#include "stages/embedding_view.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

// For models without learned position vectors (RoPE): what takes the place of the position row. A
// sentence and a drawing of one query pair rotated for positions 0..3, for the fastest pair (1
// radian per position) and the slowest (rope_theta^-(d-2)/d radians per position).
class RopeNote : public QWidget {
  public:
    explicit RopeNote(QWidget* parent) : QWidget(parent) {
        m_text = new QLabel(this);
        m_text->setWordWrap(true);
        m_text->setTextFormat(Qt::PlainText);
        auto* box = new QHBoxLayout(this);
        box->setContentsMargins(4, 2, 4, 2);
        box->addWidget(m_text, 1);
        box->addSpacing(kDrawingWidth);
        setMinimumHeight(kDrawingHeight);
    }

    void setModel(double ropeTheta, int headDim) {
        m_theta = ropeTheta;
        m_headDim = std::max(2, headDim);
        retranslate();
    }

    void retranslate() {
        m_text->setText(EmbeddingView::tr(
                            "This model has no position vectors: its input vector is the token "
                            "embedding alone. Position enters inside attention: every pair of "
                            "numbers in each query and key is turned by an angle that grows with "
                            "the token's position (RoPE, rope_theta = %1). A query and a key then "
                            "score by how far apart their tokens are, not by where they stand.")
                            .arg(QLocale().toString(m_theta, 'g', 8)));
        update();
    }

    double slowestStep() const {
        return std::pow(m_theta, -static_cast<double>(m_headDim - 2) / m_headDim);
    }

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        QFont small = font();
        small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
        p.setFont(small);
        const QFontMetricsF fm(small);
        const double w = kDrawingWidth / 2.0;
        const double left = width() - kDrawingWidth;
        drawPair(p, QRectF(left, 0, w, height()), 1.0, EmbeddingView::tr("fast pair"), fm);
        drawPair(p, QRectF(left + w, 0, w, height()), slowestStep(), EmbeddingView::tr("slow pair"),
                 fm);
    }

  private:
    static constexpr int kDrawingWidth =
        300;  // two pairs, each with its "0.00032 rad per position"
    static constexpr int kDrawingHeight = 104;

    void drawPair(QPainter& p, const QRectF& area, double step, const QString& name,
                  const QFontMetricsF& fm) {
        const double r = std::min(area.width(), area.height() - 2 * fm.height()) / 2.0 - 4;
        const QPointF c(area.center().x(), area.top() + fm.height() + 2 + r + 2);
        p.setPen(QPen(palette().color(QPalette::Mid), 1.0));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, r, r);
        // Position 0 points right; each later position turns the pair by `step` radians.
        for (int pos = 0; pos < 4; ++pos) {
            const double a = step * pos;
            const QPointF tip(c.x() + r * std::cos(a), c.y() - r * std::sin(a));
            const QColor col =
                HeatmapWidget::colorFor(0.35f + 0.65f * static_cast<float>(pos) / 3.0f, 0.0f, 1.0f,
                                        HeatmapWidget::Scale::Sequential);
            p.setPen(QPen(col, 2.0));
            p.drawLine(c, tip);
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(
                QPointF(tip.x() + 2 * std::cos(a) - fm.horizontalAdvance(QString::number(pos)) / 2,
                        tip.y() - 2 * std::sin(a) + fm.ascent() / 2),
                QString::number(pos));
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(area.left(), area.top(), area.width(), fm.height()), Qt::AlignCenter,
                   name);
        p.drawText(QRectF(area.left(), area.bottom() - fm.height(), area.width(), fm.height()),
                   Qt::AlignCenter,
                   EmbeddingView::tr("%1 rad per position").arg(QLocale().toString(step, 'g', 2)));
    }

    QLabel* m_text = nullptr;
    double m_theta = 10000.0;
    int m_headDim = 64;
};

}  // namespace ts::ui
