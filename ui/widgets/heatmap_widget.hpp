#pragma once
// A painted matrix with row and column labels, a colour legend and hover/click signals.
// Used for the attention heatmap, its small multiples, the embedding strip and the logit
// lens. Painted with QPainter rather than Qt Charts because a 2,048 x 2,048 attention matrix
// has four million cells. It is drawn as one image of at most one pixel per cell: where the
// shown part of the matrix has more cells than the widget has pixels, each pixel is the area
// average of the cells it covers (so a thin diagonal dims rather than vanishes between
// rows). The image is made when painted (so many changes in one frame cost one image), and a
// decode step's new row (appendRow) colours only that row while cells are a pixel or more.
// The matrix zooms (wheel), pans (drag) and returns to the whole (double-click), so that a
// context of thousands of tokens stays readable; hover and click report real cell indices.
#include <QColor>
#include <QHash>
#include <QImage>
#include <QPixmap>
#include <QRectF>
#include <QStaticText>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "widgets/huge_page_allocator.hpp"

class QPainter;

namespace ts::ui {

class HeatmapWidget : public QWidget {
    Q_OBJECT

  public:
    enum class Scale {
        Sequential,  // lo (near white) .. hi (dark blue): higher value = darker
        Diverging,   // negative blue, zero white, positive red, symmetric around zero
    };

    // A cell holding this value is part of the matrix but has no recorded value (for example
    // a query row no record in the history traced); it is drawn hatched grey.
    static constexpr float kMissing = std::numeric_limits<float>::quiet_NaN();

    explicit HeatmapWidget(QWidget* parent = nullptr);

    // Big matrices live in huge pages (huge_page_allocator.hpp): a fresh 4 MB buffer of
    // ordinary pages cost 12-14 ms of page faults on the GUI thread.
    using Values = std::vector<float, HugePageAllocator<float>>;

    // values is row-major rows x cols; NaN marks a missing cell.
    void setMatrix(int rows, int cols, const std::vector<float>& values);
    // The same, taking the caller's storage; the storage of the matrix it replaces goes to
    // *previous where given, for the caller to fill next time. `stride` (at least cols; 0:
    // cols): the values' row length, wider than cols where rows are to be appended (each
    // appended row may be one longer), so that appendRow need not move the matrix.
    void adoptMatrix(int rows, int cols, Values values, Values* previous = nullptr, int stride = 0);
    // One more row (a decode step's query row). A row longer than the column count widens the
    // matrix: earlier rows are missing there (outside the triangle when lower-triangular).
    void appendRow(std::span<const float> row);
    // Zoom: the part of the matrix shown. Clamped to the matrix; the whole matrix when it
    // covers it. While zoomed to the bottom rows, appended rows keep it at the bottom.
    void setViewWindow(int firstRow, int firstCol, int rows, int cols);
    // Shows factor times fewer cells (factor < 1: more), keeping cell (row, col) in place.
    void zoomBy(double factor, int anchorRow, int anchorCol);
    void resetZoom();
    bool isZoomed() const { return m_zoomed; }
    // x = first column, y = first row, width = columns shown, height = rows shown.
    QRect viewWindow() const { return {m_winC0, m_winR0, m_winCols, m_winRows}; }
    // Wheel zoom and drag pan (off for small multiples and strips; on by default otherwise).
    void setZoomable(bool on);
    // Size in pixels of the coloured image last painted: at most one pixel per cell shown
    // and at most the matrix area's pixels.
    QSize displayImageSize() const { return {m_displayPw, m_displayPh}; }
    // How many times the whole image has been coloured (tests: a decode step colours one row).
    int displayRebuilds() const { return m_displayRebuilds; }
    // Ends a run of appended rows now rather than after kSettleMs: the image is made again
    // with bins for exactly the cells shown.
    void settleDisplay();
    static constexpr int kSettleMs = 500;
    // Cells above the diagonal (col > row) are outside the matrix (causal attention) and drawn
    // in the background colour, neither value nor missing.
    void setLowerTriangular(bool on);
    void setRowLabels(const QStringList& labels);
    void setColumnLabels(const QStringList& labels);
    void setScale(Scale scale);
    // Value range the colour map spans; for Diverging only |hi| matters (symmetric).
    void setRange(float lo, float hi);
    void setHighlightedRow(int row);         // outlined, e.g. the newest token's query
    void setSelectedCell(int row, int col);  // outlined, e.g. the clicked cell; -1 clears
    void setMarkedIndex(int index);          // row and column tinted (hover from other views)
    void setTitle(const QString& title);
    void setShowLabels(bool on);
    void setShowLegend(bool on);
    // Compact small multiple: no labels or legend, a frame when selected, click anywhere.
    void setCompact(bool on);
    void setFramed(bool on);
    void setLegendCaption(const QString& caption);
    const QString& legendCaption() const { return m_legendCaption; }
    // Pixels of the legend's caption that fall past the widget's right edge (0: it fits).
    int legendCaptionOverflow() const;
    // Row and column labels painted shortened ("…") at the present size (one of every stride
    // where labels are thinned out).
    QStringList cutLabels() const;
    // Square cells (attention; rows up to a third taller where the height has room, except in
    // compact thumbnails) or cells stretched to fill the width (an embedding strip).
    void setSquareCells(bool on);
    // Largest cell height in pixels when cells are not square (keeps a 3-row strip a strip).
    void setMaxCellHeight(int px);

    int rowCount() const { return m_rows; }
    int columnCount() const { return m_cols; }
    float value(int row, int col) const;
    Scale scale() const { return m_scale; }
    float rangeLow() const { return m_lo; }
    float rangeHigh() const { return m_hi; }
    int highlightedRow() const { return m_highlightedRow; }
    bool isCellInside(int row, int col) const;

    // Where a cell is painted, in widget coordinates (tests sample pixels at its centre).
    QRectF cellRect(int row, int col) const;
    // Cell under a widget point, or {-1, -1}.
    std::pair<int, int> cellAt(QPointF pos) const;

    // The colour of a value under this widget's scale and range.
    QColor colorFor(float v) const;
    static QColor colorFor(float v, float lo, float hi, Scale scale);
    QColor emptyColor() const;  // cells outside a triangular matrix
    static QColor missingColor() { return {0xd4, 0xd4, 0xd4}; }
    // The hatching over the masked cells of a lower-triangular (causal) matrix.
    static QColor maskColor() { return {0xc4, 0xc9, 0xd1}; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void cellHovered(int row, int col);  // (-1, -1) when the pointer leaves the matrix
    void cellClicked(int row, int col);
    void viewWindowChanged();

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;

  private:
    void updateLayout();
    // The whole matrix unless zoomed; a zoomed window clamped to the matrix.
    void syncWindow();
    void invalidateDisplay() { m_displayValid = false; }
    // The coloured image of the shown window at (pw x ph) pixels, made when painted.
    // How the window's cells fall into the image's pixels: cell column c in pixel column
    // c * pw / cols, cell row r in pixel row r * ph / rows. rows and cols are at least the
    // window's (more while rows are being appended, so that bins stay put); pw == cols is
    // one pixel per cell.
    struct DisplayPlan {
        int rows = 0, cols = 0, pw = 0, ph = 0;
    };
    // Bins for exactly the cells shown.
    DisplayPlan exactPlan() const;
    bool planFits(const DisplayPlan& plan) const;
    void ensureDisplay();
    void rebuildDisplay(const DisplayPlan& plan);
    void updateDisplayExtent();
    // Area-averages the cells of pixel row py into the image (and its missing runs).
    void colourPixelRow(int py);
    // Colours the newest row's pixel row in place (whole lower-triangular matrix shown,
    // within the plan); false if the image has to be made again instead.
    bool extendDisplay();
    void ensureLut();
    QRgb lutColour(float v) const;
    void paintZoomNote(QPainter& p);
    void paintLabels(QPainter& p);
    // Drops the label images of an axis made for another font, colour, room or pixel ratio
    // (once per paint, before cachedLabel).
    void keepLabelImages(bool column, const QFont& font, const QColor& pen, double room);
    // The image of an ordinary (not highlighted) row or column label, made on first use.
    const QPixmap& cachedLabel(bool column, int index, const QString& text, const QFont& font,
                               const QColor& pen, double room);
    void paintLegend(QPainter& p);
    void paintMissing(QPainter& p);
    void paintGrid(QPainter& p);
    void paintMask(QPainter& p);
    // Every how many rows/columns a label fits without overlapping.
    int labelStride(double cellExtent) const;
    // The most room a row label's width / a column label's height may take.
    int rowLabelCap() const;
    int columnLabelCap() const;
    // The widest label as a row label and the longest as a column label (px, bold).
    struct LabelWidths {
        int row = 0;
        int column = 0;
    };
    LabelWidths widestLabel(const QStringList& labels) const;

    int m_rows = 0;
    int m_cols = 0;
    int m_stride = 0;  // floats between rows in m_values (>= m_cols: appendRow leaves room)
    Values m_values;
    // The window shown (all of the matrix unless zoomed).
    bool m_zoomable = true;
    bool m_zoomed = false;
    int m_winR0 = 0;
    int m_winC0 = 0;
    int m_winRows = 0;
    int m_winCols = 0;
    // Dragging pans the zoomed matrix; a press without movement is a click.
    QPointF m_pressPos;
    QPoint m_pressWindow;
    bool m_pressed = false;
    bool m_dragging = false;
    QStringList m_rowLabels;
    QStringList m_colLabels;
    int m_rowLabelsWidest = 0;
    int m_rowLabelsAsColumns = 0;  // the row labels' longest extent as column labels
    int m_colLabelsWidest = 0;
    QString m_title;
    QStaticText m_titleText;  // m_title laid out in the font m_titleFontKey names
    QString m_titleFontKey;
    QString m_legendCaption;
    Scale m_scale = Scale::Sequential;
    float m_lo = 0.0f;
    float m_hi = 1.0f;
    bool m_lowerTriangular = false;
    bool m_showLabels = true;
    bool m_showLegend = true;
    bool m_compact = false;
    bool m_framed = false;
    bool m_squareCells = true;
    int m_maxCellHeight = 1 << 20;
    int m_highlightedRow = -1;
    int m_selectedRow = -1;
    int m_selectedCol = -1;
    int m_markedIndex = -1;
    int m_hoverRow = -1;
    int m_hoverCol = -1;

    // Layout, recomputed on resize and when labels change.
    QRectF m_matrixRect;  // the cells
    QRectF m_legendRect;  // the colour bar
    double m_cellW = 0;
    double m_cellH = 0;
    int m_rowLabelWidth = 0;
    int m_colLabelHeight = 0;
    int m_titleHeight = 0;
    // The coloured window: one pixel per cell, or per area-averaged bin of cells when the
    // cells are smaller than a pixel (nearest-neighbour would drop whole rows, e.g. the thin
    // diagonal of a head). Drawn scaled without smoothing. May be larger than used (room for
    // appended rows); m_displayPw x m_displayPh is the part in use.
    QImage m_display;
    bool m_displayValid = false;
    DisplayPlan m_plan;
    int m_displayPw = 0;  // pixels in use (that hold cells of the window)
    int m_displayPh = 0;
    QSizeF m_displaySource;  // the part of the image spanning exactly the window's cells
    int m_displayRebuilds = 0;
    std::vector<int> m_binStart;  // pixel column b: the window's columns from m_binStart[b]
    std::vector<float> m_colSum;  // per column of a band of rows (colourPixelRow's scratch)
    std::vector<std::int32_t> m_colCount, m_colMissed;
    // Rows are being appended (a run): planned with room; m_settleTimer ends it.
    bool m_growing = false;
    QTimer m_settleTimer;
    // Missing (hatched) spans in display pixels, one row each.
    std::vector<QRect> m_missingRuns;
    // Label images by label index, valid for one font, colour, room and pixel ratio (key).
    struct LabelImages {
        QString key;
        QHash<int, QPixmap> images;
    };
    LabelImages m_rowLabelImages;
    LabelImages m_columnLabelImages;
    // The legend's colour bar, one pixel wide, for the range and colours in m_legendKey.
    QImage m_legendBar;
    QString m_legendKey;
    // The colour map as a table (4096 steps keep every channel within a level of colorFor).
    std::vector<QRgb> m_lut;
    int m_lutKey = -1;  // scale and colour scheme the table was made for
};

}  // namespace ts::ui
