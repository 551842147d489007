// Paints a lane's entropy bars with token labels under them (see the header). Everything is
// measured from the widget's font, so presentation mode's larger font scales the chart too.
#include "classroom/entropy_strip.hpp"

#include <QEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "widgets/column_label.hpp"

namespace ts::ui {

EntropyStrip::EntropyStrip(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void EntropyStrip::setSteps(std::vector<Step> steps, double maxBits, int slotCount) {
    m_steps = std::move(steps);
    m_slots = std::max(slotCount, static_cast<int>(m_steps.size()));
    m_maxBits = maxBits > 0 ? maxBits : 1;
    m_widestLabel = -1;
    update();
}

void EntropyStrip::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) m_widestLabel = -1;
    QWidget::changeEvent(event);
}

void EntropyStrip::setTexts(const QString& title, const QString& unit, const QString& endLabel) {
    m_title = title;
    m_unit = unit;
    m_endLabel = endLabel;
    m_widestLabel = -1;
    update();
}

int EntropyStrip::labelRoom() const {
    // As long as the longest token label (a word such as " confessed" is ten characters),
    // between four and fourteen characters' room and never more than half the strip's
    // height; a longer label is cut with "…".
    const QFontMetrics fm(labelFont());
    const int widest = std::max(widestLabel(), m_leastLabelWidth);
    const int most = std::min(fm.horizontalAdvance(QStringLiteral("abcdefghijklmn")),
                              static_cast<int>(height() * 0.5));
    // 8 px more: the label is elided at 4 px less than its room, and widths round.
    return std::max(fm.horizontalAdvance(QStringLiteral("abcd")), std::min(widest, most)) + 8;
}

int EntropyStrip::widestLabel() const {
    if (m_widestLabel < 0) {
        const QFontMetricsF fm(labelFont());
        double widest = 0;
        for (const Step& s : m_steps)
            widest = std::max(
                widest,
                column_label::extent(s.end && !m_endLabel.isEmpty() ? m_endLabel : s.label, fm));
        m_widestLabel = static_cast<int>(std::ceil(widest));
    }
    return m_widestLabel;
}

void EntropyStrip::setLeastLabelWidth(int px) {
    if (px == m_leastLabelWidth) return;
    m_leastLabelWidth = px;
    updateGeometry();
    update();
}

namespace {
// The y-axis labels: 0, half and the maximum ("6.5" is wider than "88", which the room was made
// for, and ran into the rotated unit "비트" beside it).
QString entropyTickText(double maxBits, int k) {
    const double bits = maxBits * k / 2.0;
    return QString::number(bits, 'f', bits < 10 && bits != std::floor(bits) ? 1 : 0);
}
int entropyTickWidth(const QFontMetrics& fm, double maxBits) {
    int w = fm.horizontalAdvance(QStringLiteral("88"));
    for (int k = 0; k <= 2; ++k) w = std::max(w, fm.horizontalAdvance(entropyTickText(maxBits, k)));
    return w;
}
}  // namespace

QRect EntropyStrip::plotRect() const {
    const QFontMetrics fm = fontMetrics();
    const int left = fm.height() + entropyTickWidth(fm, m_maxBits) + 10;  // unit + ticks
    const int top = fm.height() + 6;                                      // title
    const int bottom = height() - labelRoom() - 4;
    return QRect(QPoint(left, top), QPoint(width() - 4, std::max(top + 10, bottom)));
}

QFont EntropyStrip::labelFont() const {
    // A little smaller than the text, so more of the tokens get their label.
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    return f;
}

int EntropyStrip::labelStride() const {
    if (m_steps.empty()) return 1;
    const double slot = slotWidth();
    const int need = QFontMetrics(labelFont()).height();  // a rotated label is one line high
    return std::max(1, static_cast<int>(std::ceil(need / std::max(1.0, slot))));
}

double EntropyStrip::slotWidth() const {
    return double(plotRect().width()) / double(std::max(1, m_slots));
}

QString EntropyStrip::fitLabel(const QString& label) const {
    return column_label::elided(label, QFontMetricsF(labelFont()), labelRoom() - 4);
}

QStringList EntropyStrip::drawnLabels() const {
    QStringList out;
    const int stride = labelStride();
    for (std::size_t i = 0; i < m_steps.size(); ++i)
        out << (m_steps[i].end && !m_endLabel.isEmpty()     ? fitLabel(m_endLabel)
                : i % static_cast<std::size_t>(stride) == 0 ? fitLabel(m_steps[i].label)
                                                            : QString());
    return out;
}

QRectF EntropyStrip::barRect(int i) const {
    if (i < 0 || i >= static_cast<int>(m_steps.size())) return {};
    const QRect plot = plotRect();
    const double slot = slotWidth();
    const double h =
        plot.height() * std::clamp(m_steps[static_cast<std::size_t>(i)].bits / m_maxBits, 0.0, 1.0);
    const double w = std::max(1.0, slot * 0.8);
    return {plot.left() + slot * i + (slot - w) / 2, plot.bottom() + 1 - h, w, h};
}

QSize EntropyStrip::sizeHint() const {
    const QFontMetrics fm = fontMetrics();
    return {300, fm.height() * 7 + labelRoom()};
}

QSize EntropyStrip::minimumSizeHint() const {
    const QFontMetrics fm = fontMetrics();
    return {120, fm.height() * 4 + labelRoom()};
}

void EntropyStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const QRect plot = plotRect();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor grid = palette().color(QPalette::Midlight);
    p.fillRect(rect(), palette().color(QPalette::Base));

    p.setPen(text);
    p.drawText(QRect(plot.left(), 0, plot.width(), fm.height() + 4), Qt::AlignCenter, m_title);
    // y-axis: 0, half and the maximum, with grid lines.
    const int tickW = entropyTickWidth(fm, m_maxBits);
    for (int k = 0; k <= 2; ++k) {
        const int y = plot.bottom() - static_cast<int>(std::lround(plot.height() * k / 2.0));
        p.setPen(grid);
        p.drawLine(plot.left(), y, plot.right(), y);
        p.setPen(text);
        p.drawText(QRect(plot.left() - tickW - 4, y - fm.height() / 2, tickW, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, entropyTickText(m_maxBits, k));
    }
    p.save();
    p.translate(fm.ascent() - 2, plot.center().y());
    p.rotate(-90);
    p.drawText(QRect(-plot.height() / 2, -fm.ascent(), plot.height(), fm.height()), Qt::AlignCenter,
               m_unit);
    p.restore();
    p.drawLine(plot.bottomLeft(), plot.bottomRight());

    const QStringList labels = drawnLabels();
    for (int i = 0; i < static_cast<int>(m_steps.size()); ++i) {
        const Step& s = m_steps[static_cast<std::size_t>(i)];
        const QRectF bar = barRect(i);
        p.fillRect(bar, s.colour.isValid() ? s.colour : palette().color(QPalette::Highlight));
        p.setPen(s.end ? text : s.colour.darker(160));
        p.drawRect(bar.adjusted(0, 0, -1, 0));
        if (labels[i].isEmpty()) continue;
        // Under the bar from the axis down: Latin rotated to read upwards, Hangul upright.
        QFont f = labelFont();
        f.setBold(s.end);
        p.save();
        p.setFont(f);
        p.setPen(text);
        column_label::draw(p, labels[i], bar.center().x(), plot.bottom() + 4, labelRoom() - 2);
        p.restore();
    }
}

}  // namespace ts::ui
