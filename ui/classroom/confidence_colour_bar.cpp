// Paints the confidence colour key (see the header). The bar is sampled pixel by pixel from
// confidenceColour, so it shows the scheme's real mapping (a square root, which spreads the
// small probabilities) rather than a straight gradient between its ends.
#include "classroom/confidence_colour_bar.hpp"

#include <QPainter>
#include <algorithm>

#include "widgets/colour_scheme.hpp"

namespace ts::ui {

namespace {
constexpr int kGap = 8;
constexpr int kMinBar = 160;
}  // namespace

ConfidenceColourBar::ConfidenceColourBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ConfidenceColourBar::setCaption(const QString& caption) {
    m_caption = caption;
    updateGeometry();
    update();
}

int ConfidenceColourBar::captionWidth() const {
    return m_caption.isEmpty() ? 0 : fontMetrics().horizontalAdvance(m_caption) + kGap;
}

QRect ConfidenceColourBar::barRect() const {
    const QFontMetrics fm = fontMetrics();
    const int tickLabel = fm.horizontalAdvance(QStringLiteral("100 %"));
    const int left = captionWidth() + tickLabel / 2;
    const int right = width() - tickLabel / 2 - 2;
    return {left, 2, std::max(10, right - left), fm.height()};
}

double ConfidenceColourBar::probabilityAt(int x) const {
    const QRect bar = barRect();
    if (x < bar.left() || x > bar.right()) return -1;
    return bar.width() > 1 ? double(x - bar.left()) / double(bar.width() - 1) : 0.0;
}

QSize ConfidenceColourBar::sizeHint() const {
    const QFontMetrics fm = fontMetrics();
    return {captionWidth() + 2 * kMinBar, 2 * fm.height() + 8};
}

QSize ConfidenceColourBar::minimumSizeHint() const {
    const QFontMetrics fm = fontMetrics();
    return {captionWidth() + kMinBar + fm.horizontalAdvance(QStringLiteral("100 %")),
            2 * fm.height() + 8};
}

void ConfidenceColourBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const QRect bar = barRect();
    p.setPen(palette().color(QPalette::WindowText));
    if (!m_caption.isEmpty())
        p.drawText(QRect(0, bar.top(), captionWidth(), bar.height()),
                   Qt::AlignVCenter | Qt::AlignLeft, m_caption);
    for (int x = bar.left(); x <= bar.right(); ++x)
        p.fillRect(QRect(x, bar.top(), 1, bar.height()), confidenceColour(probabilityAt(x)));
    p.setPen(palette().color(QPalette::Mid));
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    p.setPen(palette().color(QPalette::WindowText));
    // A tick at every quarter; a label on as many as fit with room between them ("100 %0 %" ran
    // together on a narrow bar).
    const int widest = fm.horizontalAdvance(QStringLiteral("100 %")) + fm.averageCharWidth();
    const int quarter = (bar.width() - 1) / 4;
    const int every = quarter >= widest ? 25 : 2 * quarter >= widest ? 50 : 100;
    for (int percent = 0; percent <= 100; percent += 25) {
        const int x = bar.left() + (bar.width() - 1) * percent / 100;
        p.drawLine(x, bar.bottom() + 1, x, bar.bottom() + 4);
        if (percent % every != 0) continue;
        const QString label = QStringLiteral("%1 %").arg(percent);
        const int w = fm.horizontalAdvance(label);
        p.drawText(QRect(x - w / 2 - 1, bar.bottom() + 4, w + 2, fm.height()), Qt::AlignCenter,
                   label);
    }
}

}  // namespace ts::ui
