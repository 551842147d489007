// HeatmapWidget's legend: the colour bar sampled through colorFor, its ticks and caption.
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "widgets/colour_scheme.hpp"
#include "widgets/column_label.hpp"
#include "widgets/heatmap_parts.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

void HeatmapWidget::setLegendCaption(const QString& caption) {
    m_legendCaption = caption;
    updateLayout();
    update();
}

int HeatmapWidget::legendCaptionOverflow() const {
    if (m_legendCaption.isEmpty() || m_legendRect.isEmpty()) return 0;
    const int need =
        QFontMetrics(heatmap_parts::labelFont(font())).horizontalAdvance(m_legendCaption);
    return std::max(0, static_cast<int>(m_legendRect.left()) + need - width());
}

void HeatmapWidget::paintLegend(QPainter& p) {
    if (m_legendRect.isEmpty()) return;
    const QColor text = palette().color(QPalette::WindowText);
    const QFontMetrics fm(p.font());
    if (!m_legendCaption.isEmpty()) {
        p.setPen(text);
        p.drawText(QPointF(m_legendRect.left(), m_legendRect.top() - fm.descent() - 2),
                   m_legendCaption);
    }
    const float lo = m_scale == Scale::Diverging ? -std::max(std::abs(m_lo), std::abs(m_hi)) : m_lo;
    const float hi = m_scale == Scale::Diverging ? std::max(std::abs(m_lo), std::abs(m_hi)) : m_hi;
    // The bar is sampled through colorFor so that it shows exactly what the cells use; one pixel
    // column, made again only when the range, scale, colours or height change.
    const int steps = std::max(2, static_cast<int>(m_legendRect.height()));
    const QString key = QString::number(static_cast<double>(lo)) + QLatin1Char('|') +
                        QString::number(static_cast<double>(hi)) + QLatin1Char('|') +
                        QString::number(steps) + QLatin1Char('|') + QString::number(m_lutKey);
    if (key != m_legendKey || m_legendBar.isNull()) {
        m_legendKey = key;
        m_legendBar = QImage(1, steps, QImage::Format_RGB32);
        for (int i = 0; i < steps; ++i) {
            const float t = 1.0f - static_cast<float>(i) / static_cast<float>(steps - 1);
            m_legendBar.setPixel(0, i, colorFor(lo + t * (hi - lo)).rgb());
        }
    }
    p.drawImage(QRectF(m_legendRect.left(), m_legendRect.top(), m_legendRect.width(), steps),
                m_legendBar);
    p.setPen(QPen(text, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(m_legendRect);
    const std::array<float, 3> ticks = {hi, (lo + hi) / 2, lo};
    for (std::size_t i = 0; i < ticks.size(); ++i) {
        const double y = m_legendRect.top() + m_legendRect.height() * static_cast<double>(i) / 2.0;
        p.drawLine(QPointF(m_legendRect.right(), y), QPointF(m_legendRect.right() + 3, y));
        // End labels sit inside the bar's extent so a short bar (a 3-row strip) does not push them
        // into the caption above or off the widget below.
        const double top = i == 0 ? y : (i == 2 ? y - fm.height() : y - fm.height() / 2.0);
        p.drawText(QRectF(m_legendRect.right() + 5, top, 60, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, heatmap_parts::formatTick(ticks[i]));
    }
}

}  // namespace ts::ui
