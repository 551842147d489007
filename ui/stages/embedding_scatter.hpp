#pragma once
// Stage 2's scatter: the context's input vectors (or the word map's words) drawn on their first two
// principal components, with labels that keep out of each other's way.
#include <QColor>
#include <QEvent>
#include <QFont>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QHash>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPalette>
#include <QPen>
#include <QPixmap>
#include <QPointF>
#include <QRectF>
#include <QResizeEvent>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "widgets/heatmap_widget.hpp"
#include "widgets/taken_boxes.hpp"

namespace ts::ui {

// The scatter of projected vectors. A private part of EmbeddingView (no signals of its own: it
// reports through the callbacks its owner sets); only the view and its word map include this
// header.
class EmbeddingScatter : public QWidget {
  public:
    struct Point {
        QPointF xy;  // PCA coordinates
        QString label;
        int position = -1;  // context position, -1 for a vocabulary neighbour
        int source = -1;    // for a neighbour: index of the context point it belongs to
        int group = -1;     // for a word of the word map: its group (colour); -1 otherwise
    };

    explicit EmbeddingScatter(QWidget* parent) : QWidget(parent) {
        setMouseTracking(true);
        setMinimumSize(200, 160);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    }

    void setPoints(std::vector<Point> points, std::array<float, 2> explained) {
        m_points = std::move(points);
        // Room on the right for the widest label, so the rightmost point's text is not cut. Widths
        // come from a cache: a step adds one label to a thousand, and measuring them all again took
        // milliseconds a step.
        const QFontMetrics fm(font());
        m_labelRoom = 24;
        for (const auto& pt : m_points) {
            auto w = m_labelWidth.find(pt.label);
            if (w == m_labelWidth.end())
                w = m_labelWidth.insert(pt.label, fm.horizontalAdvance(pt.label));
            m_labelRoom = std::max(m_labelRoom, std::min(160, w.value() + 16));
        }
        // The points' extent, once: map() runs for every point of a paint, and finding the extent
        // there made a frame quadratic in the context's length.
        m_bounds = {};
        for (std::size_t i = 0; i < m_points.size(); ++i) {
            const QPointF xy = m_points[i].xy;
            if (i == 0) m_bounds = {xy.x(), xy.x(), xy.y(), xy.y()};
            m_bounds = {std::min(m_bounds.x0, xy.x()), std::max(m_bounds.x1, xy.x()),
                        std::min(m_bounds.y0, xy.y()), std::max(m_bounds.y1, xy.y())};
        }
        m_explained = explained;
        update();
    }
    // `repaint` false: new points are on their way (setPoints repaints); drawing the old ones with
    // the new selection first cost a whole extra paint of the scatter each step.
    void setSelected(int position, bool repaint = true) {
        if (position == m_selected) return;
        m_selected = position;
        if (repaint) update();
    }
    void setMarked(int position) {
        if (position == m_marked) return;
        m_marked = position;
        update();
    }
    QPointF screenOf(int position) const {
        for (const auto& p : m_points)
            if (p.position == position && position >= 0) return map(p.xy);
        return {-1, -1};
    }
    int neighbourCount() const {
        return static_cast<int>(std::count_if(m_points.begin(), m_points.end(), [](const Point& p) {
            return p.position < 0 && p.group < 0;
        }));
    }
    // The word map's groups, named in a legend; empty for the context's own map.
    void setGroups(QStringList names) {
        m_groups = std::move(names);
        update();
    }
    // Okabe and Ito's colour-blind-safe palette: each word group in its own colour.
    static QColor groupColour(int group) {
        static const QColor colours[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                         QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                         QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9)};
        return colours[static_cast<std::size_t>(std::max(0, group)) % std::size(colours)];
    }

    std::function<void(int)> onClicked;
    std::function<void(int)> onHovered;
    // How many of the newest context tokens carry their label.
    static constexpr int kNamedTokens = 64;
    static constexpr int kDotSize = 11;  // px around a dot of radius 4 and its outline

  protected:
    void resizeEvent(QResizeEvent* e) override {
        QWidget::resizeEvent(e);
        update();
    }
    void changeEvent(QEvent* e) override {
        if (e->type() == QEvent::FontChange) {
            m_labelWidth.clear();
            m_advance.clear();
        }
        QWidget::changeEvent(e);
    }

    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.fillRect(rect(), palette().color(QPalette::Base));
        const QColor text = palette().color(QPalette::Text);
        const QFont small = pointFont();
        p.setFont(small);
        const QFontMetricsF fm(small);

        const QRectF area = plotRect();
        p.setPen(QPen(palette().color(QPalette::Mid), 1.0));
        p.drawRect(area);
        if (m_points.empty()) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(rect(), Qt::AlignCenter, tr("No token vectors yet"));
            return;
        }
        // Axes through the mean of the context (the PCA origin).
        p.setPen(QPen(palette().color(QPalette::Midlight), 1.0, Qt::DashLine));
        const QPointF o = map({0, 0});
        if (area.contains(QPointF(area.center().x(), o.y())))
            p.drawLine(QPointF(area.left(), o.y()), QPointF(area.right(), o.y()));
        if (area.contains(QPointF(o.x(), area.center().y())))
            p.drawLine(QPointF(o.x(), area.top()), QPointF(o.x(), area.bottom()));
        p.setPen(text);
        p.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), fm.height()),
                   Qt::AlignRight | Qt::AlignTop,
                   tr("PC1 (%1 %)").arg(100.0 * m_explained[0], 0, 'f', 1));
        p.save();
        p.translate(area.left() - 4, area.top());
        p.rotate(-90);
        p.drawText(QRectF(-area.height(), -fm.height(), area.height(), fm.height()),
                   Qt::AlignRight | Qt::AlignBottom,
                   tr("PC2 (%1 %)").arg(100.0 * m_explained[1], 0, 'f', 1));
        p.restore();

        // Neighbours first, lighter, so that the context's tokens stay on top.
        const QColor light(0x9e, 0x9e, 0x9e);
        for (const auto& pt : m_points) {
            if (pt.position >= 0 || pt.group >= 0) continue;
            const QPointF s = map(pt.xy);
            if (pt.source >= 0 && pt.source < static_cast<int>(m_points.size())) {
                const bool named = ownerPosition(pt) == m_selected || ownerPosition(pt) == m_marked;
                p.setPen(QPen(named ? QColor(0x9e, 0x9e, 0x9e) : QColor(0xdc, 0xdc, 0xdc), 1.0,
                              Qt::DotLine));
                p.drawLine(map(m_points[static_cast<std::size_t>(pt.source)].xy), s);
            }
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0xbd, 0xbd, 0xbd));
            p.drawEllipse(s, 3.0, 3.0);
            // Only the selected (or hovered) token's neighbours are named: two dozen tokens with
            // three neighbours each would bury the context's own labels.
            if (ownerPosition(pt) != m_selected && ownerPosition(pt) != m_marked) continue;
            p.setPen(light);
            p.drawText(s + QPointF(5, fm.ascent() / 2 - 1), pt.label);
        }
        // Context tokens coloured from light (first) to dark (newest): order stays readable.
        int count = 0;
        for (const auto& pt : m_points)
            if (pt.position >= 0) ++count;
        // The dots, in 32 shades from first to newest, are drawn once each as small images and then
        // copied: a thousand antialiased circles cost 8-12 ms a frame.
        constexpr int kShades = 32;
        std::array<QPixmap, kShades> dots;
        const qreal dpr = devicePixelRatioF();
        auto dot = [&](int shade) -> const QPixmap& {
            QPixmap& d = dots[static_cast<std::size_t>(shade)];
            if (d.isNull()) {
                const QColor c =
                    HeatmapWidget::colorFor(0.3f + 0.7f * static_cast<float>(shade) / (kShades - 1),
                                            0.0f, 1.0f, HeatmapWidget::Scale::Sequential);
                d = QPixmap(QSize(kDotSize, kDotSize) * dpr);
                d.setDevicePixelRatio(dpr);
                d.fill(Qt::transparent);
                QPainter dp(&d);
                dp.setRenderHint(QPainter::Antialiasing);
                dp.setPen(QPen(c.darker(130), 1.0));
                dp.setBrush(c);
                dp.drawEllipse(QPointF(kDotSize / 2.0, kDotSize / 2.0), 4.0, 4.0);
            }
            return d;
        };
        int i = 0;
        for (const auto& pt : m_points) {
            if (pt.position < 0) continue;
            const QPointF s = map(pt.xy);
            const float t =
                count > 1 ? static_cast<float>(i) / static_cast<float>(count - 1) : 1.0f;
            ++i;
            const bool sel = pt.position == m_selected;
            const bool marked = pt.position == m_marked;
            if (!sel && !marked) {
                // At a whole pixel: the raster engine then copies the image as it is, where a
                // fractional place resamples it (a third of the scatter's paint).
                p.drawPixmap(QPoint(static_cast<int>(std::lround(s.x() - kDotSize / 2.0)),
                                    static_cast<int>(std::lround(s.y() - kDotSize / 2.0))),
                             dot(static_cast<int>(std::lround(t * (kShades - 1)))));
                continue;
            }
            const QColor c = HeatmapWidget::colorFor(0.3f + 0.7f * t, 0.0f, 1.0f,
                                                     HeatmapWidget::Scale::Sequential);
            if (marked) {
                p.setPen(Qt::NoPen);
                p.setBrush(QColor(255, 200, 0, 140));
                p.drawEllipse(s, 10.0, 10.0);
            }
            p.setPen(QPen(sel ? QColor(0xff, 0x8c, 0x00) : c.darker(130), sel ? 2.5 : 1.0));
            p.setBrush(c);
            const double r = sel ? 6.0 : 4.0;
            p.drawEllipse(s, r, r);
        }
        paintWords(p, small);
        paintLabels(p, placeLabels());
    }

    // The word map's words on top, each a square in its group's colour (so they read apart from the
    // context's round dots), and a legend of the groups.
    void paintWords(QPainter& p, const QFont& small) {
        const QRectF area = plotRect();
        p.setFont(small);
        const QFontMetricsF sfm(small);
        for (const auto& pt : m_points) {
            if (pt.group < 0) continue;
            const QColor c = groupColour(pt.group);
            p.setPen(QPen(c.darker(140), 1.0));
            p.setBrush(c);
            p.drawRect(QRectF(map(pt.xy) - QPointF(4.5, 4.5), QSizeF(9, 9)));
        }
        double y = area.top() + 6;
        for (int g = 0; g < m_groups.size(); ++g) {
            const QColor c = groupColour(g);
            p.setPen(QPen(c.darker(140), 1.0));
            p.setBrush(c);
            p.drawRect(QRectF(area.left() + 8, y + (sfm.height() - 9) / 2, 9, 9));
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QPointF(area.left() + 22, y + sfm.ascent()), m_groups[g]);
            y += sfm.height() + 2;
        }
    }

  public:
    // A label as painted: its text, where its baseline starts, the box it covers, and the point it
    // names (a leader line joins them when the label had to move away from it).
    struct PlacedLabel {
        QString text;
        QPointF baseline;
        QRectF box;
        QPointF anchor;
        bool leader = false;
        QFont font;
        QColor colour;
    };

    // Where every label goes, in the order they claim room: the selected and the hovered token
    // (right of their dot, whatever is there), then the word map's words, then the context's newest
    // kNamedTokens tokens, newest first. No label covers another, a dot or square of a named point,
    // or the legend. A label tries eight places beside its point, then rings further out with a
    // leader line back to the point; a context token's label that finds no room is left out
    // (hovering its dot names it), a word's goes where it covers least (only a plot too small for
    // its words has any).
    std::vector<PlacedLabel> placeLabels() const {
        std::vector<PlacedLabel> out;
        if (m_points.empty()) return out;
        const QFont small = pointFont();
        QFont boldSmall = small;
        boldSmall.setBold(true);
        const QFontMetricsF fm(small), bfm(boldSmall);
        const QRectF area = plotRect();
        const QColor text = palette().color(QPalette::Text);

        int count = 0;
        for (const auto& pt : m_points)
            if (pt.position >= 0) ++count;
        // A long context names only its newest tokens (and the selected or hovered one): a thousand
        // labels on one another are unreadable, and drawing them took 20 ms a frame.
        const int firstNamed = count - kNamedTokens;
        // The named context points (newest first) and the words, and the room their markers take.
        std::vector<const Point*> context;
        TakenBoxes taken(area);
        int i = 0;
        for (const auto& pt : m_points) {
            if (pt.position < 0) continue;
            const bool special = pt.position == m_selected || pt.position == m_marked;
            if (i++ >= firstNamed || special) {
                context.push_back(&pt);
                const qreal r = pt.position == m_selected ? 7.0 : 5.0;
                taken.add(QRectF(map(pt.xy) - QPointF(r, r), QSizeF(2 * r, 2 * r)));
            }
        }
        std::reverse(context.begin(), context.end());
        for (const auto& pt : m_points)
            if (pt.group >= 0) taken.add(QRectF(map(pt.xy) - QPointF(5, 5), QSizeF(10, 10)));
        if (!m_groups.isEmpty()) {
            qreal legendW = 0;
            for (const QString& g : m_groups) legendW = std::max(legendW, fm.horizontalAdvance(g));
            taken.add(QRectF(area.left() + 6, area.top() + 4, legendW + 20,
                             static_cast<qreal>(m_groups.size()) * (fm.height() + 2) + 4));
        }
        // Each font's line metrics and cache key read once: asked for every place tried, they were
        // a fifth of the placement's time.
        const LineMetrics line = LineMetrics::of(fm), boldLine = LineMetrics::of(bfm);
        const QString key = small.key(), boldKey = boldSmall.key();
        auto add = [&](const QString& label, QPointF anchor, bool bold, const QColor& colour,
                       qreal gap, bool fixedRight, bool required) {
            const QFont& f = bold ? boldSmall : small;
            const LineMetrics& lm = bold ? boldLine : line;
            const qreal w = advance(bold ? bfm : fm, bold ? boldKey : key, label);
            PlacedLabel placed{
                label, anchor + QPointF(gap, lm.ascent / 2 - 1), {}, anchor, false, f, colour};
            if (!fixedRight) {
                // A word may go further out, and where the plot is full, where it covers least.
                const LabelPlace place =
                    freeLabelPlace(lm, anchor, w, gap, area, taken, required ? 8 : 4, !required);
                if (place.covered > 0 && !required) return;
                if (std::isfinite(place.covered)) {
                    placed.baseline = place.at;
                    placed.leader = place.leader;
                }
            }
            placed.box = labelBox(lm, placed.baseline, w);
            taken.add(placed.box);
            out.push_back(std::move(placed));
        };
        for (const Point* pt : context) {
            const bool sel = pt->position == m_selected;
            if (!sel && pt->position != m_marked) continue;
            add(pt->label, map(pt->xy), true, sel ? QColor(0xc0, 0x5a, 0x00) : text,
                (sel ? 6.0 : 4.0) + 3, true, true);
        }
        for (const auto& pt : m_points)
            if (pt.group >= 0)
                add(pt.label, map(pt.xy), true, groupColour(pt.group).darker(120), 8, false, true);
        for (const Point* pt : context)
            if (pt->position != m_selected && pt->position != m_marked)
                add(pt->label, map(pt->xy), false, text, 7, false, false);
        return out;
    }

  private:
    // A short context's few labels in the view's font, a long one's many a little smaller.
    QFont pointFont() const {
        QFont small = font();
        if (m_points.size() > 24) small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.9));
        return small;
    }

    void paintLabels(QPainter& p, const std::vector<PlacedLabel>& labels) {
        p.setPen(QPen(palette().color(QPalette::Mid), 1.0));
        for (const PlacedLabel& l : labels) {
            if (!l.leader) continue;
            // From the point's edge to the nearest point of the label's box.
            const QPointF to(std::clamp(l.anchor.x(), l.box.left(), l.box.right()),
                             std::clamp(l.anchor.y(), l.box.top(), l.box.bottom()));
            const QPointF d = to - l.anchor;
            const qreal len = std::hypot(d.x(), d.y());
            if (len > 6) p.drawLine(l.anchor + d * (5.0 / len), to);
        }
        for (const PlacedLabel& l : labels) {
            p.setFont(l.font);
            p.setPen(l.colour);
            p.drawText(l.baseline, l.text);
        }
    }

    // The box a label `width` wide drawn at baseline point `at` covers.
    struct LineMetrics {
        qreal ascent = 0, height = 0;
        static LineMetrics of(const QFontMetricsF& fm) { return {fm.ascent(), fm.height()}; }
    };
    static QRectF labelBox(const LineMetrics& fm, QPointF at, qreal width) {
        return QRectF(at.x(), at.y() - fm.ascent, width, fm.height);
    }
    // A place for a label: its baseline point, whether it is away from its point (a leader line
    // joins them), and how much of other labels and markers it covers (0: free).
    struct LabelPlace {
        QPointF at;
        bool leader = false;
        qreal covered = 0;
    };
    // The first free place for a label `w` wide, `gap` px from the point `s`: one that covers no
    // taken box and stays in the plot. First the eight places beside the point (right of it
    // preferred), then rings of twelve places further out, up to `rings` lines away, for which a
    // leader line is drawn. Where none is free, the place that covers the least (or, with
    // `onlyFree`, any place that covers something: the caller drops the label).
    static LabelPlace freeLabelPlace(const LineMetrics& fm, QPointF s, qreal w, qreal gap,
                                     const QRectF& area, const TakenBoxes& taken, int rings,
                                     bool onlyFree) {
        LabelPlace best{s + QPointF(gap, fm.ascent / 2 - 1), false,
                        std::numeric_limits<qreal>::infinity()};
        auto consider = [&](QPointF at, bool leader) {
            const QRectF box = labelBox(fm, at, w);
            if (!area.contains(box)) return false;
            // Counting stops once the place cannot be chosen: at the first overlap where only a
            // free place will do, and where it covers no less than the best so far (a full count of
            // every box for every place of 64 labels took 3-9 ms of a 1,024-token frame).
            const qreal covered = taken.covered(box, onlyFree, best.covered);
            if (covered < best.covered) best = {at, leader, covered};
            return covered == 0;
        };
        const qreal mid = fm.ascent / 2 - 1;
        const qreal up = -fm.height / 2 - 5, down = fm.height / 2 + 5 + fm.ascent / 2;
        const QPointF beside[] = {{gap, mid},         {-gap - w, mid},     {-w / 2, up},
                                  {-w / 2, down},     {gap - 2, up},       {gap - 2, down},
                                  {-gap + 2 - w, up}, {-gap + 2 - w, down}};
        for (const QPointF& d : beside)
            if (consider(s + d, false)) return best;
        // A ring: the label's centre on an ellipse around the point, as wide as the label.
        const qreal h = fm.height;
        // The twelve directions, every 30 degrees.
        static const std::array<QPointF, 12> around = [] {
            std::array<QPointF, 12> d;
            for (int k = 0; k < 12; ++k)
                d[static_cast<std::size_t>(k)] = {std::cos(k * (M_PI / 6)),
                                                  std::sin(k * (M_PI / 6))};
            return d;
        }();
        for (int ring = 1; ring <= rings; ++ring) {
            const qreal rx = w / 2 + gap + ring * h, ry = h / 2 + gap + ring * h * 0.8;
            for (const QPointF& d : around) {
                const QPointF centre = s + QPointF(rx * d.x(), -ry * d.y());
                if (consider(centre + QPointF(-w / 2, fm.ascent - h / 2), true)) return best;
            }
        }
        return best;
    }

  protected:
    void mouseMoveEvent(QMouseEvent* e) override {
        const int pos = pointAt(e->position());
        if (pos != m_hover) {
            m_hover = pos;
            if (onHovered) onHovered(pos);
        }
    }
    void leaveEvent(QEvent* e) override {
        if (m_hover >= 0 && onHovered) onHovered(-1);
        m_hover = -1;
        QWidget::leaveEvent(e);
    }
    void mousePressEvent(QMouseEvent* e) override {
        const int pos = pointAt(e->position());
        if (e->button() == Qt::LeftButton && pos >= 0 && onClicked) onClicked(pos);
    }

  private:
    int ownerPosition(const Point& pt) const {
        if (pt.source < 0 || pt.source >= static_cast<int>(m_points.size())) return -1;
        return m_points[static_cast<std::size_t>(pt.source)].position;
    }

    QRectF plotRect() const {
        const double fh = QFontMetricsF(font()).height();
        return QRectF(rect()).adjusted(fh + 8, 6, -6, -(fh + 6));
    }

    // Equal scale on both axes: distances in the picture are distances in the PCA plane, so a
    // component that explains little also looks small.
    QPointF map(QPointF xy) const {
        // The word map's legend sits above the points, not over them.
        const double legend = m_groups.isEmpty() ? 0.0
                                                 : static_cast<double>(m_groups.size()) *
                                                       (QFontMetricsF(font()).height() + 2);
        const QRectF area = plotRect().adjusted(12, 12 + legend, -m_labelRoom, -12);
        const auto [x0, x1, y0, y1] = m_bounds;
        const double spanX = std::max(x1 - x0, 1e-9);
        const double spanY = std::max(y1 - y0, 1e-9);
        double s = std::min(area.width() / spanX, area.height() / spanY);
        if (x1 - x0 < 1e-9 && y1 - y0 < 1e-9) s = 1.0;  // one point (or all identical)
        const QPointF c((x0 + x1) / 2, (y0 + y1) / 2);
        // PC2 grows upwards, as in any plot.
        return {area.center().x() + (xy.x() - c.x()) * s, area.center().y() - (xy.y() - c.y()) * s};
    }

    int pointAt(QPointF where) const {
        int best = -1;
        double bestD = 10.0 * 10.0;
        for (const auto& pt : m_points) {
            if (pt.position < 0) continue;
            const QPointF d = map(pt.xy) - where;
            const double dd = d.x() * d.x() + d.y() * d.y();
            if (dd <= bestD) {
                bestD = dd;
                best = pt.position;
            }
        }
        return best;
    }

    std::vector<Point> m_points;
    struct Bounds {
        double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    };
    Bounds m_bounds;                   // the points' extent in PCA coordinates
    QHash<QString, int> m_labelWidth;  // label -> width in the widget's font
    // Label widths in the fonts labels are placed in, by font and text: placing 64 labels measured
    // each of them in every paint, 3-8 ms of a 1,024-token frame (text shaping).
    mutable QHash<QString, qreal> m_advance;
    // `fontKey`: the font's QFont::key(), read once per paint by the caller.
    qreal advance(const QFontMetricsF& fm, const QString& fontKey, const QString& label) const {
        const QString key = fontKey + QLatin1Char('\x1f') + label;
        auto it = m_advance.constFind(key);
        if (it != m_advance.constEnd()) return *it;
        if (m_advance.size() > 8192) m_advance.clear();  // labels of earlier texts
        return *m_advance.insert(key, fm.horizontalAdvance(label));
    }
    QStringList m_groups;  // the word map's group names (legend)
    std::array<float, 2> m_explained{0, 0};
    int m_selected = -1;
    int m_marked = -1;
    int m_hover = -1;
    int m_labelRoom = 24;
};

}  // namespace ts::ui
