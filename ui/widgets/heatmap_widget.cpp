#include "widgets/heatmap_widget.hpp"

#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QWheelEvent>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "tokenscope/token_display.hpp"
#include "widgets/colour_scheme.hpp"
#include "widgets/column_label.hpp"

namespace ts::ui {

namespace {

constexpr int kMargin = 4;
constexpr int kLegendBar = 14;
constexpr int kMaxLabelWidth = 110;
constexpr int kMaxColumnLabelHeight = 84;

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

QFont labelFont(const QFont& base) {
    QFont f = base;
    f.setPointSizeF(std::max(6.0, base.pointSizeF() * 0.9));
    return f;
}

QString formatTick(float v) { return QString::number(static_cast<double>(v), 'g', 3); }

}  // namespace

QString visibleTokenText(std::string_view utf8) {
    return QString::fromStdString(ts::visibleWhitespace(utf8));
}

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

void HeatmapWidget::syncWindow() {
    if (!m_zoomed) {
        m_winR0 = m_winC0 = 0;
        m_winRows = m_rows;
        m_winCols = m_cols;
        return;
    }
    m_winRows = std::clamp(m_winRows, std::min(1, m_rows), m_rows);
    m_winCols = std::clamp(m_winCols, std::min(1, m_cols), m_cols);
    m_winR0 = std::clamp(m_winR0, 0, m_rows - m_winRows);
    m_winC0 = std::clamp(m_winC0, 0, m_cols - m_winCols);
    if (m_winR0 == 0 && m_winC0 == 0 && m_winRows == m_rows && m_winCols == m_cols)
        m_zoomed = false;
}

void HeatmapWidget::setViewWindow(int firstRow, int firstCol, int rows, int cols) {
    const QRect before = viewWindow();
    m_zoomed = true;
    m_winR0 = firstRow;
    m_winC0 = firstCol;
    m_winRows = rows;
    m_winCols = cols;
    syncWindow();
    if (viewWindow() == before) return;
    m_hoverRow = m_hoverCol = -1;
    invalidateDisplay();
    updateLayout();
    update();
    emit viewWindowChanged();
}

void HeatmapWidget::zoomBy(double factor, int anchorRow, int anchorCol) {
    if (m_rows == 0 || m_cols == 0 || !(factor > 0)) return;
    // At least a handful of cells stay in view, so the labels can still name each one.
    constexpr int kFewest = 8;
    const int rows = std::clamp(static_cast<int>(std::lround(m_winRows / factor)),
                                std::min(m_rows, kFewest), m_rows);
    const int cols = std::clamp(static_cast<int>(std::lround(m_winCols / factor)),
                                std::min(m_cols, kFewest), m_cols);
    const double fr = m_winRows > 0 ? (anchorRow - m_winR0 + 0.5) / m_winRows : 0.5;
    const double fc = m_winCols > 0 ? (anchorCol - m_winC0 + 0.5) / m_winCols : 0.5;
    setViewWindow(static_cast<int>(std::lround(anchorRow + 0.5 - fr * rows)),
                  static_cast<int>(std::lround(anchorCol + 0.5 - fc * cols)), rows, cols);
}

void HeatmapWidget::resetZoom() { setViewWindow(0, 0, m_rows, m_cols); }

void HeatmapWidget::setZoomable(bool on) { m_zoomable = on; }

void HeatmapWidget::setLowerTriangular(bool on) {
    if (m_lowerTriangular == on) return;
    m_lowerTriangular = on;
    invalidateDisplay();
    update();
}

HeatmapWidget::LabelWidths HeatmapWidget::widestLabel(const QStringList& labels) const {
    // Measured once per label change, not per layout: a 1024-token context has 2048 labels.
    // Fractional widths rounded up, plus a pixel: elidedText() elides a text given exactly its
    // rounded integer width.
    // Measured in bold: the highlighted and hovered labels are drawn bold.
    // Both axes at once: the attention matrix labels rows and columns with the same tokens,
    // and a column label takes another length when it is stacked upright (Hangul).
    QFont f = labelFont(font());
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

namespace {

// Whether `labels` is `old` with more labels after it (a decode step's new token).
bool extendsLabels(const QStringList& labels, const QStringList& old) {
    return !old.isEmpty() && labels.size() >= old.size() &&
           std::equal(old.begin(), old.end(), labels.begin());
}

}  // namespace

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
    // The attention matrix labels both axes with the context's tokens: measured once (896
    // labels took 1.1-1.6 ms to measure, on the turn a new history arrives).
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

void HeatmapWidget::setLegendCaption(const QString& caption) {
    m_legendCaption = caption;
    updateLayout();
    update();
}

int HeatmapWidget::legendCaptionOverflow() const {
    if (m_legendCaption.isEmpty() || m_legendRect.isEmpty()) return 0;
    const int need = QFontMetrics(labelFont(font())).horizontalAdvance(m_legendCaption);
    return std::max(0, static_cast<int>(m_legendRect.left()) + need - width());
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

int HeatmapWidget::labelStride(double cellExtent) const {
    const double need = QFontMetricsF(labelFont(font())).height();
    if (cellExtent <= 0) return 1 << 30;
    return std::max(1, static_cast<int>(std::ceil(need / cellExtent)));
}

// A label's room grows with the font (presentation mode) and with the widget (a big window
// has room for whole tokens), but a very long token cannot take over the matrix: at most a
// fifth of the width for row labels, a quarter of the height for column labels.
int HeatmapWidget::rowLabelCap() const {
    const int lineH = QFontMetrics(labelFont(font())).height();
    return std::max(std::max(kMaxLabelWidth, lineH * 7), width() / 5);
}

int HeatmapWidget::columnLabelCap() const {
    const int lineH = QFontMetrics(labelFont(font())).height();
    return std::max(std::max(kMaxColumnLabelHeight, lineH * 5), height() / 4);
}

QStringList HeatmapWidget::cutLabels() const {
    QStringList out;
    if (!m_showLabels || m_compact) return out;
    const QFont lf = labelFont(font());
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

void HeatmapWidget::updateLayout() {
    const QFontMetrics fm(labelFont(font()));
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
    // The legend column holds the bar and its tick labels, and is as wide as its caption (a
    // caption wider than the ticks would otherwise run off the widget's right edge).
    const int legendW =
        (m_showLegend && !m_compact)
            ? std::max(kLegendBar + 8 + fm.horizontalAdvance(QStringLiteral("-0.000")),
                       8 + fm.horizontalAdvance(m_legendCaption) + 2)
            : 0;
    const int legendCaptionH =
        (m_showLegend && !m_compact && !m_legendCaption.isEmpty()) ? fm.height() + 2 : 0;
    const int margin = m_compact ? 2 : kMargin;

    const double availW = width() - 2 * margin - m_rowLabelWidth - legendW;
    const double availH = height() - 2 * margin - m_titleHeight - m_colLabelHeight;
    m_cellW = m_cellH = 0;
    if (m_winRows > 0 && m_winCols > 0 && availW > 0 && availH > 0) {
        m_cellW = availW / m_winCols;
        m_cellH = std::min(availH / m_winRows, static_cast<double>(m_maxCellHeight));
        if (m_squareCells) m_cellW = m_cellH = std::min(m_cellW, m_cellH);
        // Whole pixels once cells are big enough, so cell edges are crisp.
        if (m_cellW >= 3) m_cellW = std::floor(m_cellW);
        if (m_cellH >= 3) m_cellH = std::floor(m_cellH);
    }
    m_matrixRect = QRectF(margin + m_rowLabelWidth, margin + m_titleHeight, m_cellW * m_winCols,
                          m_cellH * m_winRows);
    const double legendTop = m_matrixRect.top() + legendCaptionH;
    const double legendH = std::max(40.0, std::min(m_matrixRect.height() - legendCaptionH, 240.0));
    m_legendRect =
        legendW > 0 ? QRectF(m_matrixRect.right() + 8, legendTop, kLegendBar, legendH) : QRectF();
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
    const QFont lf = labelFont(font());
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
        const double top = m_compact ? 2 : kMargin;
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

void HeatmapWidget::paintZoomNote(QPainter& p) {
    // Which part is shown, on the title line's right (or the matrix's top right without one).
    const QString note = tr("zoomed: rows %1–%2, columns %3–%4 of %5 · double-click: all")
                             .arg(m_winR0)
                             .arg(m_winR0 + m_winRows - 1)
                             .arg(m_winC0)
                             .arg(m_winC0 + m_winCols - 1)
                             .arg(m_rows);
    const QFontMetrics fm(p.font());
    const int w = fm.horizontalAdvance(note) + 8;
    const QRectF box(std::max(0.0, width() - w - 2.0), kMargin, w, fm.height() + 2);
    p.fillRect(box, QColor(255, 248, 220, 235));
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(box, Qt::AlignCenter, note);
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
    // A row label fills its box right-aligned; a column label is drawn in a strip around its
    // centre line, as wide as a line of the font is high (rotated Latin) or a character is
    // wide (stacked Hangul), with room to spare.
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

    // Ordinary labels are drawn from images made once per label (laying out and eliding some
    // sixty labels took about 1 ms of every paint of a long context); the highlighted, hovered
    // and marked ones are drawn directly.
    const int rowStride = labelStride(m_cellH);
    keepLabelImages(false, normal, text, m_rowLabelWidth - 6);
    for (int r = m_winR0; r < m_winR0 + m_winRows && r < m_rowLabels.size(); ++r) {
        const bool special = r == m_highlightedRow || r == m_markedIndex;
        if (r % rowStride != 0 && !special) continue;
        const QRectF cell = cellRect(r, 0);
        const QRectF box(kMargin, cell.center().y() - fm.height() / 2.0, m_rowLabelWidth - 6,
                         fm.height());
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
    // The bar is sampled through colorFor so that it shows exactly what the cells use; one
    // pixel column, made again only when the range, scale, colours or height change.
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
        // End labels sit inside the bar's extent so a short bar (a 3-row strip) does not
        // push them into the caption above or off the widget below.
        const double top = i == 0 ? y : (i == 2 ? y - fm.height() : y - fm.height() / 2.0);
        p.drawText(QRectF(m_legendRect.right() + 5, top, 60, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, formatTick(ticks[i]));
    }
}

void HeatmapWidget::mouseMoveEvent(QMouseEvent* event) {
    if (m_pressed && m_zoomed && (event->buttons() & Qt::LeftButton)) {
        const QPointF d = event->position() - m_pressPos;
        if (m_dragging || std::abs(d.x()) + std::abs(d.y()) > 4) {
            // Dragging moves the zoomed window with the pointer, a cell at a time.
            m_dragging = true;
            setViewWindow(
                m_pressWindow.y() - static_cast<int>(std::lround(d.y() / std::max(m_cellH, 1e-9))),
                m_pressWindow.x() - static_cast<int>(std::lround(d.x() / std::max(m_cellW, 1e-9))),
                m_winRows, m_winCols);
            return;
        }
    }
    const auto [r, c] = cellAt(event->position());
    if (r != m_hoverRow || c != m_hoverCol) {
        m_hoverRow = r;
        m_hoverCol = c;
        update();
        emit cellHovered(r, c);
    }
    QWidget::mouseMoveEvent(event);
}

void HeatmapWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    if (m_compact) {
        // A small multiple is one click target: report its first cell.
        emit cellClicked(0, 0);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = event->position();
    m_pressWindow = QPoint(m_winC0, m_winR0);
}

void HeatmapWidget::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_compact || !m_pressed) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        return;
    }
    // A press and release without dragging is a click on the cell.
    const auto [r, c] = cellAt(event->position());
    if (r >= 0) emit cellClicked(r, c);
}

void HeatmapWidget::mouseDoubleClickEvent(QMouseEvent* event) {
    if (m_zoomed && !m_compact && event->button() == Qt::LeftButton) {
        resetZoom();
        return;
    }
    QWidget::mouseDoubleClickEvent(event);
}

void HeatmapWidget::wheelEvent(QWheelEvent* event) {
    if (!m_zoomable || m_compact || m_rows == 0 || m_cellW <= 0 || m_cellH <= 0) {
        event->ignore();  // a surrounding scroll area scrolls instead
        return;
    }
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0) {
        event->ignore();
        return;
    }
    // The cell under the pointer stays under it (the nearest edge cell outside the matrix).
    const QPointF pos = event->position();
    const int c =
        std::clamp(m_winC0 + static_cast<int>(std::floor((pos.x() - m_matrixRect.x()) / m_cellW)),
                   m_winC0, m_winC0 + m_winCols - 1);
    const int r =
        std::clamp(m_winR0 + static_cast<int>(std::floor((pos.y() - m_matrixRect.y()) / m_cellH)),
                   m_winR0, m_winR0 + m_winRows - 1);
    zoomBy(std::pow(1.25, notches), r, c);
    event->accept();
}

void HeatmapWidget::leaveEvent(QEvent* event) {
    if (m_hoverRow >= 0) {
        m_hoverRow = m_hoverCol = -1;
        update();
        emit cellHovered(-1, -1);
    }
    QWidget::leaveEvent(event);
}

}  // namespace ts::ui
