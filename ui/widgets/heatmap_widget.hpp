#pragma once
// A painted matrix with row and column labels, a colour legend and hover/click signals.
// Used for the attention heatmap, its small multiples, the embedding strip, and meant for
// later table-like views (logit lens). Painted with QPainter rather than Qt Charts because
// a 1024 x 1024 attention matrix has a million cells: it is drawn as one scaled image.
#include <QColor>
#include <QImage>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <limits>
#include <string_view>
#include <vector>

class QPainter;

namespace ts::ui {

// Token text with the invisible made visible: space -> "␣", newline -> "↵", tab -> "→"
// (ts::visibleWhitespace). Idempotent, so display text from ts::tokenDisplays passes through.
QString visibleTokenText(std::string_view utf8);

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

    // values is row-major rows x cols; NaN marks a missing cell.
    void setMatrix(int rows, int cols, std::vector<float> values);
    // Cells above the diagonal (col > row) are outside the matrix (causal attention) and drawn
    // in the background colour, neither value nor missing.
    void setLowerTriangular(bool on);
    void setRowLabels(const QStringList& labels);
    void setColumnLabels(const QStringList& labels);
    void setScale(Scale scale);
    // Value range the colour map spans; for Diverging only |hi| matters (symmetric).
    void setRange(float lo, float hi);
    void setHighlightedRow(int row);          // outlined, e.g. the newest token's query
    void setSelectedCell(int row, int col);   // outlined, e.g. the clicked cell; -1 clears
    void setMarkedIndex(int index);           // row and column tinted (hover from other views)
    void setTitle(const QString& title);
    void setShowLabels(bool on);
    void setShowLegend(bool on);
    // Compact small multiple: no labels or legend, a frame when selected, click anywhere.
    void setCompact(bool on);
    void setFramed(bool on);
    void setLegendCaption(const QString& caption);
    // Square cells (attention) or cells stretched to fill the width (an embedding strip).
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

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void cellHovered(int row, int col);  // (-1, -1) when the pointer leaves the matrix
    void cellClicked(int row, int col);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    void updateLayout();
    void rebuildImage();
    void paintLabels(QPainter& p);
    void paintLegend(QPainter& p);
    void paintMissing(QPainter& p);
    void paintGrid(QPainter& p);
    // Every how many rows/columns a label fits without overlapping.
    int labelStride(double cellExtent) const;
    int widestLabel(const QStringList& labels) const;

    int m_rows = 0;
    int m_cols = 0;
    std::vector<float> m_values;
    QStringList m_rowLabels;
    QStringList m_colLabels;
    int m_rowLabelsWidest = 0;
    int m_colLabelsWidest = 0;
    QString m_title;
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
    QRectF m_matrixRect;   // the cells
    QRectF m_legendRect;   // the colour bar
    double m_cellW = 0;
    double m_cellH = 0;
    int m_rowLabelWidth = 0;
    int m_colLabelHeight = 0;
    int m_titleHeight = 0;
    // One pixel per cell, scaled without smoothing when painted: cheap for big matrices.
    // When cells are smaller than a pixel the image is downscaled once with area averaging
    // (nearest-neighbour would drop whole rows, e.g. the thin diagonal of a head).
    QImage m_image;
    QImage m_scaledImage;
};

}  // namespace ts::ui
