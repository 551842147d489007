// HeatmapWidget's labels: measuring them once per change, thinning them to what fits (every n-th,
// elided), and painting them from cached images.
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

namespace {

// Whether `labels` is `old` with more labels after it (a decode step's new token).
bool extendsLabels(const QStringList& labels, const QStringList& old) {
    return !old.isEmpty() && labels.size() >= old.size() &&
           std::equal(old.begin(), old.end(), labels.begin());
}

}  // namespace

HeatmapWidget::LabelWidths HeatmapWidget::widestLabel(const QStringList& labels) const {
    // Measured once per label change, not per layout: a 1024-token context has 2048 labels.
    // Fractional widths rounded up, plus a pixel: elidedText() elides a text given exactly its
    // rounded integer width. Measured in bold: the highlighted and hovered labels are drawn bold.
    // Both axes at once: the attention matrix labels rows and columns with the same tokens, and a
    // column label takes another length when it is stacked upright (Hangul).
    QFont f = heatmap_parts::labelFont(font());
    f.setBold(true);
    const QFontMetricsF fm(f);
    double row = 0, column = 0;
    for (const auto& l : labels) {
        const double w = fm.horizontalAdvance(l);
        row = std::max(row, w);
        column = std::max(column, column_label::stacksUpright(l) ? column_label::extent(l, fm) : w);
    }
    return {static_cast<int>(std::ceil(row)) + 1, static_cast<int>(std::ceil(column)) + 1};
}

void HeatmapWidget::setRowLabels(const QStringList& labels) {
    // Only new labels are measured: 2,048 labels at every step would cost milliseconds.
    const bool extends = extendsLabels(labels, m_rowLabels);
    if (extends && labels.size() == m_rowLabels.size()) return;
    if (!extends) m_rowLabelImages.images.clear();
    const LabelWidths added = widestLabel(extends ? labels.mid(m_rowLabels.size()) : labels);
    m_rowLabelsWidest = extends ? std::max(m_rowLabelsWidest, added.row) : added.row;
    m_rowLabelsAsColumns = extends ? std::max(m_rowLabelsAsColumns, added.column) : added.column;
    m_rowLabels = labels;
    updateLayout();
    update();
}

void HeatmapWidget::setColumnLabels(const QStringList& labels) {
    const bool extends = extendsLabels(labels, m_colLabels);
    if (extends && labels.size() == m_colLabels.size()) return;
    if (!extends) m_columnLabelImages.images.clear();
    // The attention matrix labels both axes with the context's tokens: measured once (896 labels
    // took 1.1-1.6 ms to measure, on the turn a new history arrives).
    if (labels.size() == m_rowLabels.size() && labels == m_rowLabels)
        m_colLabelsWidest = m_rowLabelsAsColumns;
    else {
        const int added = widestLabel(extends ? labels.mid(m_colLabels.size()) : labels).column;
        m_colLabelsWidest = extends ? std::max(m_colLabelsWidest, added) : added;
    }
    m_colLabels = labels;
    updateLayout();
    update();
}

int HeatmapWidget::labelStride(double cellExtent) const {
    const double need = QFontMetricsF(heatmap_parts::labelFont(font())).height();
    if (cellExtent <= 0) return 1 << 30;
    return std::max(1, static_cast<int>(std::ceil(need / cellExtent)));
}

// A label's room grows with the font (presentation mode) and with the widget (a big window has room
// for whole tokens), but a very long token cannot take over the matrix: at most a fifth of the
// width for row labels, a quarter of the height for column labels.
int HeatmapWidget::rowLabelCap() const {
    const int lineH = QFontMetrics(heatmap_parts::labelFont(font())).height();
    return std::max(std::max(heatmap_parts::kMaxLabelWidth, lineH * 7), width() / 5);
}

int HeatmapWidget::columnLabelCap() const {
    const int lineH = QFontMetrics(heatmap_parts::labelFont(font())).height();
    return std::max(std::max(heatmap_parts::kMaxColumnLabelHeight, lineH * 5), height() / 4);
}

QStringList HeatmapWidget::cutLabels() const {
    QStringList out;
    if (!m_showLabels || m_compact) return out;
    const QFont lf = heatmap_parts::labelFont(font());
    const QFontMetrics fm(lf);
    const QFontMetricsF fmf(lf);
    const auto check = [&](const QStringList& labels, int first, int count, int stride, int room,
                           bool column) {
        for (int i = first; i < first + count && i < labels.size(); ++i)
            if (i % stride == 0 &&
                (column ? column_label::elided(labels[i], fmf, room)
                        : fm.elidedText(labels[i], Qt::ElideRight, room)) != labels[i])
                out << labels[i];
    };
    if (!m_rowLabels.isEmpty())
        check(m_rowLabels, m_winR0, m_winRows, labelStride(m_cellH), m_rowLabelWidth - 6, false);
    if (!m_colLabels.isEmpty())
        check(m_colLabels, m_winC0, m_winCols, labelStride(m_cellW), m_colLabelHeight - 6, true);
    return out;
}

void HeatmapWidget::keepLabelImages(bool column, const QFont& font, const QColor& pen,
                                    double room) {
    // Everything a label's image depends on besides its text; a change drops every image.
    const QString key = font.key() + QLatin1Char('|') + QString::number(pen.rgba()) +
                        QLatin1Char('|') + QString::number(room) + QLatin1Char('|') +
                        QString::number(devicePixelRatioF());
    LabelImages& cache = column ? m_columnLabelImages : m_rowLabelImages;
    if (cache.key != key || cache.images.size() > 4096) {
        cache.images.clear();
        cache.key = key;
    }
}

const QPixmap& HeatmapWidget::cachedLabel(bool column, int index, const QString& text,
                                          const QFont& font, const QColor& pen, double room) {
    LabelImages& cache = column ? m_columnLabelImages : m_rowLabelImages;
    auto it = cache.images.find(index);
    if (it != cache.images.end()) return *it;
    const qreal dpr = devicePixelRatioF();
    const QFontMetricsF fm(font);
    // A row label fills its box right-aligned; a column label is drawn in a strip around its centre
    // line, as wide as a line of the font is high (rotated Latin) or a character is wide (stacked
    // Hangul), with room to spare.
    const QSizeF size = column ? QSizeF(std::ceil(fm.height() * 2) + 2, std::ceil(room) + 2)
                               : QSizeF(std::max(1.0, room), std::ceil(fm.height()));
    QPixmap pix((size * dpr).toSize());
    pix.setDevicePixelRatio(dpr);
    pix.fill(Qt::transparent);
    QPainter lp(&pix);
    lp.setFont(font);
    lp.setPen(pen);
    if (column) {
        column_label::draw(lp, column_label::elided(text, fm, room), size.width() / 2, 0, room);
    } else {
        lp.drawText(QRectF(QPointF(0, 0), size), Qt::AlignRight | Qt::AlignVCenter,
                    QFontMetrics(font).elidedText(text, Qt::ElideRight, static_cast<int>(room)));
    }
    lp.end();
    return *cache.images.insert(index, pix);
}

void HeatmapWidget::paintLabels(QPainter& p) {
    const QFontMetrics fm(p.font());
    const QColor text = palette().color(QPalette::WindowText);
    QFont bold = p.font();
    bold.setBold(true);
    const QFont normal = p.font();

    // Ordinary labels are drawn from images made once per label (laying out and eliding some sixty
    // labels took about 1 ms of every paint of a long context); the highlighted, hovered and marked
    // ones are drawn directly.
    const int rowStride = labelStride(m_cellH);
    keepLabelImages(false, normal, text, m_rowLabelWidth - 6);
    for (int r = m_winR0; r < m_winR0 + m_winRows && r < m_rowLabels.size(); ++r) {
        const bool special = r == m_highlightedRow || r == m_markedIndex;
        if (r % rowStride != 0 && !special) continue;
        const QRectF cell = cellRect(r, 0);
        const QRectF box(heatmap_parts::kMargin, cell.center().y() - fm.height() / 2.0,
                         m_rowLabelWidth - 6, fm.height());
        if (!special) {
            p.drawPixmap(box.topLeft(),
                         cachedLabel(false, r, m_rowLabels[r], normal, text, m_rowLabelWidth - 6));
            continue;
        }
        p.setFont(bold);
        if (r == m_markedIndex) p.fillRect(box, QColor(255, 200, 0, 90));
        p.setPen(r == m_highlightedRow ? QColor(0xc0, 0x5a, 0x00) : text);
        p.drawText(
            box, Qt::AlignRight | Qt::AlignVCenter,
            QFontMetrics(p.font()).elidedText(m_rowLabels[r], Qt::ElideRight, m_rowLabelWidth - 6));
    }
    p.setFont(normal);

    const int colStride = labelStride(m_cellW);
    const double room = m_colLabelHeight - 6;
    keepLabelImages(true, normal, text, room);
    for (int c = m_winC0; c < m_winC0 + m_winCols && c < m_colLabels.size(); ++c) {
        const bool special = c == m_markedIndex;
        if (c % colStride != 0 && !special) continue;
        const QRectF cell = cellRect(0, c);
        // From the matrix's bottom edge down: Latin rotated to read upwards, Hangul upright.
        if (!special) {
            const QPixmap& pix = cachedLabel(true, c, m_colLabels[c], normal, text, room);
            p.drawPixmap(QPointF(cell.center().x() - pix.deviceIndependentSize().width() / 2,
                                 m_matrixRect.bottom() + 3),
                         pix);
            continue;
        }
        p.setFont(bold);
        const QString label = column_label::elided(m_colLabels[c], QFontMetricsF(p.font()), room);
        const double extent = column_label::extent(label, QFontMetricsF(p.font()));
        const double w = fm.height();
        p.fillRect(QRectF(cell.center().x() - w / 2, m_matrixRect.bottom() + 3, w,
                          column_label::stacksUpright(label) ? extent : room),
                   QColor(255, 200, 0, 90));
        p.setPen(text);
        column_label::draw(p, label, cell.center().x(), m_matrixRect.bottom() + 3, room);
        p.setFont(normal);
    }
}

}  // namespace ts::ui
