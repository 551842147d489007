#include "widgets/heatmap_widget.hpp"

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

namespace ts::ui {

namespace {

struct Stop {
    float t;
    QColor c;
};

// Sequential colours come from the colour scheme (widgets/colour_scheme.hpp).
// ColorBrewer "RdBu" reversed: negative blue, zero near white, positive red.
const std::array<Stop, 5> kDiverging = {{{0.00f, QColor(0x21, 0x66, 0xac)},
                                         {0.25f, QColor(0x92, 0xc5, 0xde)},
                                         {0.50f, QColor(0xf7, 0xf7, 0xf7)},
                                         {0.75f, QColor(0xf4, 0xa5, 0x82)},
                                         {1.00f, QColor(0xb2, 0x18, 0x2b)}}};

QColor interpolate(const std::array<Stop, 5>& stops, float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    for (std::size_t i = 1; i < stops.size(); ++i) {
        if (t <= stops[i].t) {
            const float u = (t - stops[i - 1].t) / (stops[i].t - stops[i - 1].t);
            const QColor& a = stops[i - 1].c;
            const QColor& b = stops[i].c;
            auto mix = [u](int x, int y) {
                return static_cast<int>(
                    std::lround(static_cast<float>(x) + u * static_cast<float>(y - x)));
            };
            return {mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue())};
        }
    }
    return stops.back().c;
}

}  // namespace

HeatmapWidget::HeatmapWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // Every paint fills the whole widget first: Qt need not paint what lies under it (for
    // the thirteen small multiples that redraw with each step).
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_settleTimer.setSingleShot(true);
    m_settleTimer.setInterval(kSettleMs);
    connect(&m_settleTimer, &QTimer::timeout, this, &HeatmapWidget::settleDisplay);
}

void HeatmapWidget::settleDisplay() {
    m_settleTimer.stop();
    m_growing = false;
    const DisplayPlan exact = exactPlan();
    if (m_displayValid && m_plan.rows == exact.rows && m_plan.cols == exact.cols &&
        m_plan.pw == exact.pw && m_plan.ph == exact.ph)
        return;
    invalidateDisplay();
    update();
}

void HeatmapWidget::setMatrix(int rows, int cols, const std::vector<float>& values) {
    adoptMatrix(rows, cols, Values(values.begin(), values.end()));
}

void HeatmapWidget::adoptMatrix(int rows, int cols, Values values, Values* previous, int stride) {
    m_rows = std::max(0, rows);
    m_cols = std::max(0, cols);
    m_stride = std::max(m_cols, stride);
    if (previous) *previous = std::move(m_values);
    m_growing = false;  // a new matrix is drawn exactly; appended rows plan room again
    m_settleTimer.stop();
    m_values = std::move(values);
    m_values.resize(static_cast<std::size_t>(m_rows) * static_cast<std::size_t>(m_stride),
                    kMissing);
    if (m_highlightedRow >= m_rows) m_highlightedRow = -1;
    if (m_selectedRow >= m_rows || m_selectedCol >= m_cols) m_selectedRow = m_selectedCol = -1;
    syncWindow();
    invalidateDisplay();
    updateLayout();
    update();
}

void HeatmapWidget::appendRow(std::span<const float> row) {
    const int oldRows = m_rows;
    const int oldCols = m_cols;
    const int cols = std::max(m_cols, static_cast<int>(row.size()));
    if (cols > m_stride) {
        // Room for more columns than needed now, so that the next rows append without moving
        // the matrix again (a decode step adds a column each time).
        const int stride = std::max(cols, m_stride + m_stride / 2 + 16);
        Values wider;
        wider.reserve(static_cast<std::size_t>(m_rows + 1) * static_cast<std::size_t>(stride) * 3 /
                      2);
        wider.assign(static_cast<std::size_t>(m_rows) * static_cast<std::size_t>(stride), kMissing);
        for (int r = 0; r < m_rows; ++r)
            std::copy_n(m_values.begin() + static_cast<std::ptrdiff_t>(r) * m_stride, m_cols,
                        wider.begin() + static_cast<std::ptrdiff_t>(r) * stride);
        m_values = std::move(wider);
        m_stride = stride;
    }
    m_values.resize(static_cast<std::size_t>(m_rows + 1) * static_cast<std::size_t>(m_stride),
                    kMissing);
    std::copy(row.begin(), row.end(),
              m_values.begin() + static_cast<std::ptrdiff_t>(m_rows) * m_stride);
    m_rows += 1;
    m_cols = cols;
    // A zoomed window at the bottom (or right) edge follows the newest row (column).
    if (m_zoomed) {
        if (m_winR0 + m_winRows == oldRows) ++m_winR0;
        if (m_winC0 + m_winCols == oldCols && cols > oldCols) m_winC0 += cols - oldCols;
    }
    syncWindow();
    updateLayout();
    // While rows arrive, bins are planned with room to spare (ensureDisplay); once they stop,
    // the picture is made again exactly.
    m_growing = true;
    m_settleTimer.start();
    if (!extendDisplay()) invalidateDisplay();
    update();
}

void HeatmapWidget::setLowerTriangular(bool on) {
    if (m_lowerTriangular == on) return;
    m_lowerTriangular = on;
    invalidateDisplay();
    update();
}

void HeatmapWidget::setScale(Scale scale) {
    m_scale = scale;
    invalidateDisplay();
    update();
}

void HeatmapWidget::setRange(float lo, float hi) {
    m_lo = lo;
    m_hi = hi;
    invalidateDisplay();
    update();
}

void HeatmapWidget::setHighlightedRow(int row) {
    m_highlightedRow = row;
    update();
}

void HeatmapWidget::setSelectedCell(int row, int col) {
    m_selectedRow = row;
    m_selectedCol = col;
    update();
}

void HeatmapWidget::setMarkedIndex(int index) {
    if (m_markedIndex == index) return;
    m_markedIndex = index;
    update();
}

void HeatmapWidget::setTitle(const QString& title) {
    m_title = title;
    updateLayout();
    update();
}

void HeatmapWidget::setShowLabels(bool on) {
    m_showLabels = on;
    updateLayout();
    update();
}

void HeatmapWidget::setShowLegend(bool on) {
    m_showLegend = on;
    updateLayout();
    update();
}

void HeatmapWidget::setCompact(bool on) {
    m_compact = on;
    setCursor(on ? Qt::PointingHandCursor : Qt::ArrowCursor);
    updateLayout();
    update();
}

void HeatmapWidget::setFramed(bool on) {
    m_framed = on;
    update();
}

void HeatmapWidget::setSquareCells(bool on) {
    m_squareCells = on;
    updateLayout();
    update();
}

void HeatmapWidget::setMaxCellHeight(int px) {
    m_maxCellHeight = std::max(1, px);
    updateLayout();
    update();
}

float HeatmapWidget::value(int row, int col) const {
    if (row < 0 || row >= m_rows || col < 0 || col >= m_cols) return kMissing;
    return m_values[static_cast<std::size_t>(row) * static_cast<std::size_t>(m_stride) +
                    static_cast<std::size_t>(col)];
}

bool HeatmapWidget::isCellInside(int row, int col) const {
    if (row < 0 || row >= m_rows || col < 0 || col >= m_cols) return false;
    return !m_lowerTriangular || col <= row;
}

QRectF HeatmapWidget::cellRect(int row, int col) const {
    return {m_matrixRect.x() + (col - m_winC0) * m_cellW,
            m_matrixRect.y() + (row - m_winR0) * m_cellH, m_cellW, m_cellH};
}

std::pair<int, int> HeatmapWidget::cellAt(QPointF pos) const {
    if (m_rows == 0 || m_cols == 0 || m_cellW <= 0 || m_cellH <= 0 || !m_matrixRect.contains(pos))
        return {-1, -1};
    const int c = std::clamp(m_winC0 + static_cast<int>((pos.x() - m_matrixRect.x()) / m_cellW),
                             m_winC0, m_winC0 + m_winCols - 1);
    const int r = std::clamp(m_winR0 + static_cast<int>((pos.y() - m_matrixRect.y()) / m_cellH),
                             m_winR0, m_winR0 + m_winRows - 1);
    if (!isCellInside(r, c)) return {-1, -1};
    return {r, c};
}

QColor HeatmapWidget::colorFor(float v) const { return colorFor(v, m_lo, m_hi, m_scale); }

namespace {

// Position of v on the colour map, 0..1 (not clamped).
float mapPosition(float v, float lo, float hi, HeatmapWidget::Scale scale) {
    if (scale == HeatmapWidget::Scale::Diverging) {
        const float m = std::max(std::abs(lo), std::abs(hi));
        return m > 0 ? 0.5f + 0.5f * v / m : 0.5f;
    }
    return hi > lo ? (v - lo) / (hi - lo) : 0.0f;
}

}  // namespace

QColor HeatmapWidget::colorFor(float v, float lo, float hi, Scale scale) {
    if (std::isnan(v)) return missingColor();
    // Sequential maps follow the colour scheme switch (classic blues, viridis, cividis).
    if (scale == Scale::Sequential)
        return sequentialColour(std::clamp(mapPosition(v, lo, hi, scale), 0.0f, 1.0f));
    return interpolate(kDiverging, mapPosition(v, lo, hi, scale));
}

QColor HeatmapWidget::emptyColor() const { return palette().color(QPalette::Window); }

QSize HeatmapWidget::sizeHint() const {
    if (m_compact) return {96, 96};
    return {480, 420};
}

QSize HeatmapWidget::minimumSizeHint() const {
    if (m_compact) return {48, 48};
    return {160, 60};
}

void HeatmapWidget::ensureLut() {
    const int key = static_cast<int>(m_scale) * 16 + static_cast<int>(colourScheme());
    if (key == m_lutKey && !m_lut.empty()) return;
    m_lutKey = key;
    constexpr int kSteps = 4096;
    m_lut.resize(kSteps);
    for (int i = 0; i < kSteps; ++i) {
        const float t = static_cast<float>(i) / (kSteps - 1);
        m_lut[static_cast<std::size_t>(i)] =
            (m_scale == Scale::Diverging ? interpolate(kDiverging, t) : sequentialColour(t)).rgb();
    }
}

QRgb HeatmapWidget::lutColour(float v) const {
    const float t = std::clamp(mapPosition(v, m_lo, m_hi, m_scale), 0.0f, 1.0f);
    return m_lut[static_cast<std::size_t>(t * static_cast<float>(m_lut.size() - 1) + 0.5f)];
}

HeatmapWidget::DisplayPlan HeatmapWidget::exactPlan() const {
    // One pixel per cell while cells are a pixel or more; otherwise one per pixel of the area.
    DisplayPlan plan;
    plan.rows = m_winRows;
    plan.cols = m_winCols;
    // (The area is cells x cell size: 292 px may come out as 291.99999.)
    plan.pw = m_cellW >= 1 ? m_winCols
                           : std::max(1, static_cast<int>(std::floor(m_matrixRect.width() + 1e-6)));
    plan.ph = m_cellH >= 1
                  ? m_winRows
                  : std::max(1, static_cast<int>(std::floor(m_matrixRect.height() + 1e-6)));
    return plan;
}

bool HeatmapWidget::planFits(const DisplayPlan& plan) const {
    // The plan's bins still serve the window: it has room for the cells shown, one pixel per
    // cell while cells are a pixel or more, else as many pixels as the area has.
    const DisplayPlan exact = exactPlan();
    if (m_winRows > plan.rows || m_winCols > plan.cols) return false;
    const bool perCellX = m_cellW >= 1, perCellY = m_cellH >= 1;
    if (perCellX != (plan.pw == plan.cols) || perCellY != (plan.ph == plan.rows)) return false;
    return (perCellX || plan.pw == exact.pw) && (perCellY || plan.ph == exact.ph);
}

void HeatmapWidget::ensureDisplay() {
    ensureLut();
    if (m_displayValid && planFits(m_plan)) return;
    DisplayPlan plan = exactPlan();
    if (m_growing && m_lowerTriangular && !m_zoomed && m_winRows == m_winCols) {
        // Rows are arriving one by one (a run): bins planned for an eighth more cells, so that
        // the next steps colour only their own pixel row; the picture is drawn stretched by at
        // most 1/8 until the run pauses and it is made exactly again (m_settleTimer).
        const int room = std::max(8, m_winRows / 8);
        if (plan.pw == plan.cols) plan.pw += room;
        if (plan.ph == plan.rows) plan.ph += room;
        plan.rows += room;
        plan.cols += room;
    }
    rebuildDisplay(plan);
}

void HeatmapWidget::rebuildDisplay(const DisplayPlan& plan) {
    m_displayValid = true;
    m_plan = plan;
    m_missingRuns.clear();
    m_displayPw = m_displayPh = 0;
    ++m_displayRebuilds;
    if (m_winRows <= 0 || m_winCols <= 0 || plan.pw <= 0 || plan.ph <= 0) return;
    if (m_display.width() < plan.pw || m_display.height() < plan.ph)
        m_display = QImage(plan.pw, plan.ph, QImage::Format_RGB32);
    // Pixel column b shows the cell columns [binStart[b], binStart[b + 1]) of the window:
    // cell c falls in pixel c * pw / cols, where cols (the plan's) may exceed the columns
    // shown now; the bins cover all of the plan's columns, for the rows still to come.
    m_binStart.assign(static_cast<std::size_t>(plan.pw) + 1, plan.cols);
    for (int c = plan.cols - 1; c >= 0; --c)
        m_binStart[static_cast<std::size_t>(static_cast<long long>(c) * plan.pw / plan.cols)] = c;
    for (int b = plan.pw - 1; b >= 0; --b)  // a pixel no column falls in starts where the next does
        m_binStart[static_cast<std::size_t>(b)] = std::min(
            m_binStart[static_cast<std::size_t>(b)], m_binStart[static_cast<std::size_t>(b) + 1]);
    updateDisplayExtent();
    for (int py = 0; py < m_displayPh; ++py) colourPixelRow(py);
}

void HeatmapWidget::updateDisplayExtent() {
    // The pixels that hold cells of the window, and the (fractional) part of the image that
    // spans exactly the cells shown: drawn onto the matrix area.
    m_displayPw =
        static_cast<int>(static_cast<long long>(m_winCols - 1) * m_plan.pw / m_plan.cols) + 1;
    m_displayPh =
        static_cast<int>(static_cast<long long>(m_winRows - 1) * m_plan.ph / m_plan.rows) + 1;
    m_displaySource = QSizeF(static_cast<double>(m_winCols) * m_plan.pw / m_plan.cols,
                             static_cast<double>(m_winRows) * m_plan.ph / m_plan.rows);
}

void HeatmapWidget::colourPixelRow(int py) {
    const QRgb empty = emptyColor().rgb();
    const QRgb missing = missingColor().rgb();
    const int wc = m_winCols, pw = m_displayPw;
    // The cell rows [rBegin, rEnd) fall in pixel row py (cell r in pixel r * ph / rows).
    const int rBegin =
        static_cast<int>((static_cast<long long>(py) * m_plan.rows + m_plan.ph - 1) / m_plan.ph);
    const int rEnd = std::min(
        m_winRows, static_cast<int>((static_cast<long long>(py + 1) * m_plan.rows + m_plan.ph - 1) /
                                    m_plan.ph));
    // Columns any row of the band has (the lower triangle grows with the row).
    const int width = rEnd <= rBegin      ? 0
                      : m_lowerTriangular ? std::clamp(m_winR0 + rEnd - m_winC0, 0, wc)
                                          : wc;
    // The cells of the band are summed per column first (a loop the compiler vectorises),
    // then per pixel: summing them straight into their pixels cost 2-4 ms a million cells.
    m_colSum.resize(static_cast<std::size_t>(wc));
    m_colCount.resize(static_cast<std::size_t>(wc));
    m_colMissed.resize(static_cast<std::size_t>(wc));
    std::fill_n(m_colSum.begin(), width, 0.0f);
    std::fill_n(m_colCount.begin(), width, 0);
    std::fill_n(m_colMissed.begin(), width, 0);
    for (int r = rBegin; r < rEnd; ++r) {
        const int row = m_winR0 + r;
        const int n = m_lowerTriangular ? std::clamp(row + 1 - m_winC0, 0, wc) : wc;
        const float* values = m_values.data() +
                              static_cast<std::size_t>(row) * static_cast<std::size_t>(m_stride) +
                              m_winC0;
        float* sums = m_colSum.data();
        std::int32_t* counts = m_colCount.data();
        std::int32_t* missedCells = m_colMissed.data();
        for (int c = 0; c < n; ++c) {
            const float v = values[c];
            const bool present = v == v;  // NaN marks a missing cell
            sums[c] += present ? v : 0.0f;
            counts[c] += present;
            missedCells[c] += !present;
        }
    }
    auto* line = reinterpret_cast<QRgb*>(m_display.scanLine(py));
    int runStart = -1;
    for (int px = 0; px <= pw; ++px) {
        float sum = 0;
        int count = 0, missed = 0;
        if (px < pw) {
            const int cEnd = std::min(m_binStart[static_cast<std::size_t>(px) + 1], width);
            for (int c = m_binStart[static_cast<std::size_t>(px)]; c < cEnd; ++c) {
                sum += m_colSum[static_cast<std::size_t>(c)];
                count += m_colCount[static_cast<std::size_t>(c)];
                missed += m_colMissed[static_cast<std::size_t>(c)];
            }
        }
        const bool isMissing = px < pw && count == 0 && missed > 0;
        if (px < pw)
            line[px] = count > 0 ? lutColour(sum / static_cast<float>(count))
                                 : (isMissing ? missing : empty);
        if (isMissing && runStart < 0) runStart = px;
        if (!isMissing && runStart >= 0) {
            m_missingRuns.emplace_back(runStart, py, px - runStart, 1);
            runStart = -1;
        }
    }
}

bool HeatmapWidget::extendDisplay() {
    // A decode step: the whole lower-triangular matrix shown, grown by one row and one column,
    // within the bins planned. The new column is outside the triangle in every earlier row,
    // so only the new row's pixel row changes, and the earlier pixel rows of a pixel column
    // that comes into use are empty.
    if (!m_displayValid || m_zoomed || !m_lowerTriangular || m_rows != m_cols) return false;
    if (!planFits(m_plan)) return false;
    ensureLut();
    const int oldPw = m_displayPw;
    const int r = m_rows - 1;
    updateDisplayExtent();
    const int py = static_cast<int>(static_cast<long long>(r) * m_plan.ph / m_plan.rows);
    const QRgb empty = emptyColor().rgb();
    for (int y = 0; y < py; ++y) {
        auto* line = reinterpret_cast<QRgb*>(m_display.scanLine(y));
        std::fill(line + oldPw, line + m_displayPw, empty);
    }
    std::erase_if(m_missingRuns, [py](const QRect& run) { return run.y() == py; });
    colourPixelRow(py);
    return true;
}

void HeatmapWidget::updateLayout() {
    const QFontMetrics fm(heatmap_parts::labelFont(font()));
    const bool labels = m_showLabels && !m_compact;
    m_titleHeight = m_title.isEmpty() ? 0 : fm.height() + (m_compact ? 6 : 4);
    m_rowLabelWidth = 0;
    m_colLabelHeight = 0;
    if (labels) {
        if (!m_rowLabels.isEmpty())
            m_rowLabelWidth = std::min(m_rowLabelsWidest, rowLabelCap()) + 6;
        if (!m_colLabels.isEmpty())
            m_colLabelHeight = std::min(m_colLabelsWidest, columnLabelCap()) + 6;
    }
    // The legend column holds the bar and its tick labels, and is as wide as its caption (a caption
    // wider than the ticks would otherwise run off the widget's right edge).
    const int legendW = (m_showLegend && !m_compact)
                            ? std::max(heatmap_parts::kLegendBar + 8 +
                                           fm.horizontalAdvance(QStringLiteral("-0.000")),
                                       8 + fm.horizontalAdvance(m_legendCaption) + 2)
                            : 0;
    const int legendCaptionH =
        (m_showLegend && !m_compact && !m_legendCaption.isEmpty()) ? fm.height() + 2 : 0;
    const int margin = m_compact ? 2 : heatmap_parts::kMargin;

    const double availW = width() - 2 * margin - m_rowLabelWidth - legendW;
    const double availH = height() - 2 * margin - m_titleHeight - m_colLabelHeight;
    m_cellW = m_cellH = 0;
    if (m_winRows > 0 && m_winCols > 0 && availW > 0 && availH > 0) {
        m_cellW = availW / m_winCols;
        m_cellH = std::min(availH / m_winRows, static_cast<double>(m_maxCellHeight));
        if (m_squareCells) {
            // Square, or rows up to a third taller where the height has room to spare: a
            // matrix in a pane taller than wide (the attention view beside the lesson panel at
            // 1280x720) then fills it rather than leaving its lower part empty, and its row
            // labels get the room. Thumbnails stay square.
            const double side = std::min(m_cellW, m_cellH);
            m_cellW = side;
            m_cellH = m_compact ? side : std::min(m_cellH, side * 4.0 / 3.0);
        }
        // Whole pixels once cells are big enough, so cell edges are crisp.
        if (m_cellW >= 3) m_cellW = std::floor(m_cellW);
        if (m_cellH >= 3) m_cellH = std::floor(m_cellH);
    }
    m_matrixRect = QRectF(margin + m_rowLabelWidth, margin + m_titleHeight, m_cellW * m_winCols,
                          m_cellH * m_winRows);
    const double legendTop = m_matrixRect.top() + legendCaptionH;
    const double legendH = std::max(40.0, std::min(m_matrixRect.height() - legendCaptionH, 240.0));
    m_legendRect = legendW > 0 ? QRectF(m_matrixRect.right() + 8, legendTop,
                                        heatmap_parts::kLegendBar, legendH)
                               : QRectF();
}

void HeatmapWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        const LabelWidths rows = widestLabel(m_rowLabels);
        m_rowLabelsWidest = rows.row;
        m_rowLabelsAsColumns = rows.column;
        m_colLabelsWidest = widestLabel(m_colLabels).column;
        updateLayout();
    } else if (event->type() == QEvent::PaletteChange) {
        // The empty cells take the window colour; the colour scheme switch comes this way too.
        m_lutKey = -1;
        invalidateDisplay();
    }
}

void HeatmapWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateLayout();
}

void HeatmapWidget::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), emptyColor());
    const QFont lf = heatmap_parts::labelFont(font());
    p.setFont(lf);

    if (!m_title.isEmpty()) {
        QFont tf = lf;
        tf.setBold(m_framed);
        p.setFont(tf);
        p.setPen(palette().color(QPalette::WindowText));
        // Laid out once per title and font (the small multiples repaint with every step).
        if (m_titleText.text() != m_title || m_titleFontKey != tf.key()) {
            m_titleText = QStaticText(m_title);
            m_titleText.setTextFormat(Qt::PlainText);
            m_titleText.prepare(QTransform(), tf);
            m_titleFontKey = tf.key();
        }
        const double top = m_compact ? 2 : heatmap_parts::kMargin;
        p.drawStaticText(QPointF(m_matrixRect.left() + (m_compact ? 3 : 0),
                                 top + (m_titleHeight - m_titleText.size().height()) / 2.0),
                         m_titleText);
        p.setFont(lf);
    }
    if (m_rows == 0 || m_cols == 0 || m_cellW <= 0 || m_cellH <= 0) {
        if (!m_compact) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(rect(), Qt::AlignCenter, tr("No data yet"));
        }
        return;
    }

    ensureDisplay();
    p.drawImage(m_matrixRect, m_display, QRectF(QPointF(0, 0), m_displaySource));
    paintMissing(p);
    paintGrid(p);
    paintMask(p);

    p.save();
    // Outlines may spill a little past the cells, but not over the labels of a zoomed matrix.
    p.setClipRect(m_matrixRect.adjusted(-3, -3, 3, 3));
    // Tint of the row and column another view is hovering (same token everywhere).
    if (m_markedIndex >= 0) {
        QColor tint(255, 200, 0, 70);
        if (m_markedIndex < m_rows)
            p.fillRect(QRectF(m_matrixRect.left(), cellRect(m_markedIndex, 0).top(),
                              m_matrixRect.width(), m_cellH),
                       tint);
        if (m_markedIndex < m_cols)
            p.fillRect(QRectF(cellRect(0, m_markedIndex).left(), m_matrixRect.top(), m_cellW,
                              m_matrixRect.height()),
                       tint);
    }
    if (m_highlightedRow >= 0 && m_highlightedRow < m_rows) {
        const int lastCol =
            std::min(m_lowerTriangular ? std::min(m_highlightedRow, m_cols - 1) : m_cols - 1,
                     m_winC0 + m_winCols - 1);
        const int firstCol = std::min(m_winC0, lastCol);
        QRectF r = cellRect(m_highlightedRow, firstCol).united(cellRect(m_highlightedRow, lastCol));
        p.setPen(QPen(QColor(0xff, 0x8c, 0x00), m_compact ? 1.0 : 2.0));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(-1, -1, 1, 1));
    }
    if (m_selectedRow >= 0 && m_selectedCol >= 0 && m_selectedRow < m_rows &&
        m_selectedCol < m_cols) {
        const QRectF r = cellRect(m_selectedRow, m_selectedCol).adjusted(-1.5, -1.5, 1.5, 1.5);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(Qt::white, 3.0));
        p.drawRect(r);
        p.setPen(QPen(Qt::black, 1.5));
        p.drawRect(r);
    }
    if (m_hoverRow >= 0 && !m_compact) {
        p.setPen(QPen(QColor(0, 0, 0, 120), 1.0));
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRect(m_hoverRow, m_hoverCol));
    }
    p.restore();
    if (m_compact && m_framed) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 3.0));
        p.setBrush(Qt::NoBrush);
        // Around the title and the square matrix, not the whole (taller) cell of the grid.
        const QRectF frame(m_matrixRect.left() - 3, 1.5, m_matrixRect.width() + 6,
                           m_matrixRect.bottom() + 1.5);
        p.drawRect(frame.intersected(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5)));
    }
    if (m_showLabels && !m_compact) paintLabels(p);
    if (m_showLegend && !m_compact) paintLegend(p);
    if (m_zoomed && !m_compact) paintZoomNote(p);
}

void HeatmapWidget::paintMissing(QPainter& p) {
    // Hatched spans: the brush pattern is anchored to the widget, so adjacent rows join up.
    if (m_missingRuns.empty() || m_displaySource.isEmpty()) return;
    const QBrush hatch(QColor(0x9a, 0x9a, 0x9a), Qt::BDiagPattern);
    const double sx = m_matrixRect.width() / m_displaySource.width();
    const double sy = m_matrixRect.height() / m_displaySource.height();
    for (const QRect& run : m_missingRuns)
        p.fillRect(QRectF(m_matrixRect.left() + run.x() * sx, m_matrixRect.top() + run.y() * sy,
                          run.width() * sx, run.height() * sy),
                   hatch);
}

void HeatmapWidget::paintGrid(QPainter& p) {
    // Thin separators only where cells are big enough for them to help, not to hide colour.
    if (m_cellW < 14 || m_cellH < 14) return;
    p.setPen(QPen(emptyColor(), 1.0));
    for (int r = m_winR0 + 1; r < m_winR0 + m_winRows; ++r) {
        const double y = cellRect(r, 0).top();
        const double xEnd =
            m_lowerTriangular
                ? std::min(cellRect(r, std::min(r + 1, m_cols)).left(), m_matrixRect.right())
                : m_matrixRect.right();
        if (xEnd > m_matrixRect.left())
            p.drawLine(QPointF(m_matrixRect.left(), y), QPointF(xEnd, y));
    }
    for (int c = m_winC0 + 1; c < m_winC0 + m_winCols; ++c) {
        const double x = cellRect(0, c).left();
        const double yStart = m_lowerTriangular ? std::max(cellRect(c, 0).top(), m_matrixRect.top())
                                                : m_matrixRect.top();
        if (yStart < m_matrixRect.bottom())
            p.drawLine(QPointF(x, yStart), QPointF(x, m_matrixRect.bottom()));
    }
}

void HeatmapWidget::paintMask(QPainter& p) {
    // Causal attention: the cells right of the diagonal are masked (a token cannot look at
    // later tokens). Hatched, so the mask reads as part of the matrix, not as a weight of
    // zero nor as blank space.
    if (!m_lowerTriangular || m_cellW <= 0 || m_cellH <= 0) return;
    // One staircase polygon down the diagonal rather than a rectangle per row: a path of
    // 1,024 rectangles took up to 3 ms to fill on every paint of a long context.
    const double right = m_matrixRect.right();
    QPolygonF stairs;
    stairs.reserve(2 * m_winRows + 2);
    stairs << QPointF(right, m_matrixRect.top());
    for (int r = m_winR0; r < m_winR0 + m_winRows; ++r) {
        const QRectF first = cellRect(r, std::max(r + 1, m_winC0));
        const double x = std::min(first.left(), right);
        stairs << QPointF(x, first.top()) << QPointF(x, first.bottom());
    }
    stairs << QPointF(right, m_matrixRect.bottom());
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setClipRect(m_matrixRect);
    p.setPen(Qt::NoPen);
    p.setBrush(QBrush(maskColor(), Qt::BDiagPattern));
    p.drawPolygon(stairs);
    p.restore();
}

}  // namespace ts::ui
