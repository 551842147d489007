// HeatmapWidget's zoom and pointer: the window of rows and columns on screen, the wheel that zooms
// it, the drag that moves it, and hover and click on cells.
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
    const QRectF box(std::max(0.0, width() - w - 2.0), heatmap_parts::kMargin, w, fm.height() + 2);
    p.fillRect(box, QColor(255, 248, 220, 235));
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(box, Qt::AlignCenter, note);
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
