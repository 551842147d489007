#include "classroom/token_flow.hpp"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "widgets/colour_scheme.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts::ui {

namespace {
constexpr int kPadX = 3;
constexpr int kGap = 2;
constexpr int kLineGap = 3;
}  // namespace

QColor probabilityColor(double p) { return confidenceColour(p); }  // follows the colour scheme

TokenFlow::TokenFlow(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMouseTracking(false);
}

void TokenFlow::setItems(std::vector<Item> items) {
    m_items = std::move(items);
    if (m_selected >= count()) m_selected = -1;
    chooseZoom();
    layoutFor(width(), &m_rects, m_zoom);
    updateGeometry();
    update();
}

void TokenFlow::setSelected(int index) {
    m_selected = index;
    update();
}

void TokenFlow::setFillZoom(double maxZoom) {
    m_maxZoom = std::max(1.0, maxZoom);
    chooseZoom();
    layoutFor(width(), &m_rects, m_zoom);
    updateGeometry();
    update();
}

QFont TokenFlow::zoomedFont(double zoom) const {
    QFont f = font();
    if (zoom != 1.0) f.setPointSizeF(f.pointSizeF() * zoom);
    return f;
}

void TokenFlow::chooseZoom() {
    const int room = parentWidget() ? parentWidget()->height() : height();
    double zoom = m_maxZoom;
    for (; zoom > 1.0; zoom -= 0.25)
        if (layoutFor(width(), nullptr, zoom) <= room) break;
    m_zoom = std::max(1.0, zoom);
}

int TokenFlow::layoutFor(int w, std::vector<QRectF>* rects, double zoom) const {
    const QFontMetrics fm(zoomedFont(zoom));
    const int h = fm.height() + static_cast<int>(std::lround(4 * zoom));
    const double padX = kPadX * zoom, gap = kGap * zoom, lineGap = kLineGap * zoom;
    double x = 0, y = 0;
    if (rects) rects->clear();
    for (const Item& item : m_items) {
        const bool newline = item.text.endsWith(QStringLiteral("↵"));
        const double iw = fm.horizontalAdvance(item.text) + 2 * padX;
        if (x > 0 && x + iw > w) {
            x = 0;
            y += h + lineGap;
        }
        if (rects) rects->emplace_back(x, y, iw, h);
        x += iw + gap;
        if (newline) {
            x = 0;
            y += h + lineGap;
        }
    }
    return static_cast<int>(y) + h + 2;
}

int TokenFlow::heightForWidth(int w) const { return layoutFor(w, nullptr, m_zoom); }
QSize TokenFlow::sizeHint() const { return {400, heightForWidth(400)}; }
QSize TokenFlow::minimumSizeHint() const { return {100, QFontMetrics(font()).height() + 6}; }

QRectF TokenFlow::itemRect(int index) const {
    if (index < 0 || index >= static_cast<int>(m_rects.size())) return {};
    return m_rects[static_cast<std::size_t>(index)];
}

int TokenFlow::itemAt(QPointF pos) const {
    for (std::size_t i = 0; i < m_rects.size(); ++i)
        if (m_rects[i].contains(pos)) return static_cast<int>(i);
    return -1;
}

void TokenFlow::resizeEvent(QResizeEvent*) {
    const double before = m_zoom;
    chooseZoom();
    layoutFor(width(), &m_rects, m_zoom);
    if (m_zoom != before) updateGeometry();
}

void TokenFlow::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    if (m_rects.size() != m_items.size()) layoutFor(width(), &m_rects, m_zoom);
    p.setFont(zoomedFont(m_zoom));
    const double padX = kPadX * m_zoom;
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Item& item = m_items[i];
        const QRectF r = m_rects[i];
        if (!item.prompt) p.fillRect(r, item.colour);
        if (item.end) {
            p.setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::SolidLine));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        if (static_cast<int>(i) == m_selected) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        p.setPen(item.prompt ? palette().color(QPalette::PlaceholderText) : QColor(Qt::black));
        p.drawText(r.adjusted(padX, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft, item.text);
    }
}

void TokenFlow::mousePressEvent(QMouseEvent* event) {
    const int i = itemAt(event->position());
    if (i >= 0) {
        setSelected(i);
        emit itemClicked(i);
    }
}

bool TokenFlow::event(QEvent* e) {
    if (e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const int i = itemAt(help->pos());
        if (i >= 0 && !m_items[static_cast<std::size_t>(i)].toolTip.isEmpty())
            QToolTip::showText(help->globalPos(), m_items[static_cast<std::size_t>(i)].toolTip,
                               this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

}  // namespace ts::ui
