#include "stages/embedding_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QCursor>
#include <QEvent>
#include <QHBoxLayout>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QResizeEvent>
#include <QSet>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QThread>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <unordered_set>

#include "shell/compute_priority.hpp"
#include "stages/word_sets.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/heatmap_widget.hpp"
#include "widgets/steady_label.hpp"
#include "widgets/taken_boxes.hpp"
#include "widgets/vocabulary.hpp"
#include "widgets/wrapped_text_delegate.hpp"

namespace ts::ui {

namespace {

constexpr int kNeighboursPerToken = 3;
// Neighbours are searched for the most recent tokens only: each search scans the vocabulary.
constexpr int kNeighbourTokens = 24;

}  // namespace

// The scatter of projected vectors. A private part of EmbeddingView (no signals of its own:
// it reports through the callbacks its owner sets), hence no header of its own.
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
        // Room on the right for the widest label, so the rightmost point's text is not cut.
        // Widths come from a cache: a step adds one label to a thousand, and measuring them
        // all again took milliseconds a step.
        const QFontMetrics fm(font());
        m_labelRoom = 24;
        for (const auto& pt : m_points) {
            auto w = m_labelWidth.find(pt.label);
            if (w == m_labelWidth.end())
                w = m_labelWidth.insert(pt.label, fm.horizontalAdvance(pt.label));
            m_labelRoom = std::max(m_labelRoom, std::min(160, w.value() + 16));
        }
        // The points' extent, once: map() runs for every point of a paint, and finding the
        // extent there made a frame quadratic in the context's length.
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
    // `repaint` false: new points are on their way (setPoints repaints); drawing the old
    // ones with the new selection first cost a whole extra paint of the scatter each step.
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
            // Only the selected (or hovered) token's neighbours are named: two dozen tokens
            // with three neighbours each would bury the context's own labels.
            if (ownerPosition(pt) != m_selected && ownerPosition(pt) != m_marked) continue;
            p.setPen(light);
            p.drawText(s + QPointF(5, fm.ascent() / 2 - 1), pt.label);
        }
        // Context tokens coloured from light (first) to dark (newest): order stays readable.
        int count = 0;
        for (const auto& pt : m_points)
            if (pt.position >= 0) ++count;
        // The dots, in 32 shades from first to newest, are drawn once each as small images
        // and then copied: a thousand antialiased circles cost 8-12 ms a frame.
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
                // At a whole pixel: the raster engine then copies the image as it is, where
                // a fractional place resamples it (a third of the scatter's paint).
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

    // The word map's words on top, each a square in its group's colour (so they read apart
    // from the context's round dots), and a legend of the groups.
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
    // A label as painted: its text, where its baseline starts, the box it covers, and the
    // point it names (a leader line joins them when the label had to move away from it).
    struct PlacedLabel {
        QString text;
        QPointF baseline;
        QRectF box;
        QPointF anchor;
        bool leader = false;
        QFont font;
        QColor colour;
    };

    // Where every label goes, in the order they claim room: the selected and the hovered
    // token (right of their dot, whatever is there), then the word map's words, then the
    // context's newest kNamedTokens tokens, newest first. No label covers another, a dot or
    // square of a named point, or the legend. A label tries eight places beside its point,
    // then rings further out with a leader line back to the point; a context token's label
    // that finds no room is left out (hovering its dot names it), a word's goes where it
    // covers least (only a plot too small for its words has any).
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
        // A long context names only its newest tokens (and the selected or hovered one):
        // a thousand labels on one another are unreadable, and drawing them took 20 ms a frame.
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
        // Each font's line metrics and cache key read once: asked for every place tried, they
        // were a fifth of the placement's time.
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
    // A place for a label: its baseline point, whether it is away from its point (a leader
    // line joins them), and how much of other labels and markers it covers (0: free).
    struct LabelPlace {
        QPointF at;
        bool leader = false;
        qreal covered = 0;
    };
    // The first free place for a label `w` wide, `gap` px from the point `s`: one that covers
    // no taken box and stays in the plot. First the eight places beside the point (right of it
    // preferred), then rings of twelve places further out, up to `rings` lines away, for which
    // a leader line is drawn. Where none is free, the place that covers the least (or, with
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
            // free place will do, and where it covers no less than the best so far (a full count
            // of every box for every place of 64 labels took 3-9 ms of a 1,024-token frame).
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

    // Equal scale on both axes: distances in the picture are distances in the PCA plane, so
    // a component that explains little also looks small.
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
    // Label widths in the fonts labels are placed in, by font and text: placing 64 labels
    // measured each of them in every paint, 3-8 ms of a 1,024-token frame (text shaping).
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

// For models without learned position vectors (RoPE): what takes the place of the position
// row. A sentence and a drawing of one query pair rotated for positions 0..3, for the fastest
// pair (1 radian per position) and the slowest (rope_theta^-(d-2)/d radians per position).
class RopeNote : public QWidget {
  public:
    explicit RopeNote(QWidget* parent) : QWidget(parent) {
        m_text = new QLabel(this);
        m_text->setWordWrap(true);
        m_text->setTextFormat(Qt::PlainText);
        auto* box = new QHBoxLayout(this);
        box->setContentsMargins(4, 2, 4, 2);
        box->addWidget(m_text, 1);
        box->addSpacing(kDrawingWidth);
        setMinimumHeight(kDrawingHeight);
    }

    void setModel(double ropeTheta, int headDim) {
        m_theta = ropeTheta;
        m_headDim = std::max(2, headDim);
        retranslate();
    }

    void retranslate() {
        m_text->setText(
            EmbeddingView::tr(
                "This model has no position vectors: its input vector is the token embedding "
                "alone. Position enters inside attention: every pair of numbers in each "
                "query and key is turned by an angle that grows with the token's position "
                "(RoPE, rope_theta = %1). A query and a key then score by how far apart "
                "their tokens are, not by where they stand.")
                .arg(QLocale().toString(m_theta, 'g', 8)));
        update();
    }

    double slowestStep() const {
        return std::pow(m_theta, -static_cast<double>(m_headDim - 2) / m_headDim);
    }

  protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        QFont small = font();
        small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
        p.setFont(small);
        const QFontMetricsF fm(small);
        const double w = kDrawingWidth / 2.0;
        const double left = width() - kDrawingWidth;
        drawPair(p, QRectF(left, 0, w, height()), 1.0, EmbeddingView::tr("fast pair"), fm);
        drawPair(p, QRectF(left + w, 0, w, height()), slowestStep(), EmbeddingView::tr("slow pair"),
                 fm);
    }

  private:
    static constexpr int kDrawingWidth =
        300;  // two pairs, each with its "0.00032 rad per position"
    static constexpr int kDrawingHeight = 104;

    void drawPair(QPainter& p, const QRectF& area, double step, const QString& name,
                  const QFontMetricsF& fm) {
        const double r = std::min(area.width(), area.height() - 2 * fm.height()) / 2.0 - 4;
        const QPointF c(area.center().x(), area.top() + fm.height() + 2 + r + 2);
        p.setPen(QPen(palette().color(QPalette::Mid), 1.0));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(c, r, r);
        // Position 0 points right; each later position turns the pair by `step` radians.
        for (int pos = 0; pos < 4; ++pos) {
            const double a = step * pos;
            const QPointF tip(c.x() + r * std::cos(a), c.y() - r * std::sin(a));
            const QColor col =
                HeatmapWidget::colorFor(0.35f + 0.65f * static_cast<float>(pos) / 3.0f, 0.0f, 1.0f,
                                        HeatmapWidget::Scale::Sequential);
            p.setPen(QPen(col, 2.0));
            p.drawLine(c, tip);
            p.setPen(palette().color(QPalette::WindowText));
            p.drawText(
                QPointF(tip.x() + 2 * std::cos(a) - fm.horizontalAdvance(QString::number(pos)) / 2,
                        tip.y() - 2 * std::sin(a) + fm.ascent() / 2),
                QString::number(pos));
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(area.left(), area.top(), area.width(), fm.height()), Qt::AlignCenter,
                   name);
        p.drawText(QRectF(area.left(), area.bottom() - fm.height(), area.width(), fm.height()),
                   Qt::AlignCenter,
                   EmbeddingView::tr("%1 rad per position").arg(QLocale().toString(step, 'g', 2)));
    }

    QLabel* m_text = nullptr;
    double m_theta = 10000.0;
    int m_headDim = 64;
};

EmbeddingView::EmbeddingView(QWidget* parent) : QWidget(parent) {
    m_neighbourBox = new QCheckBox(this);
    retranslateNeighbourBox();
    m_explained = new SteadyLabel(this);
    // Wraps (SteadyLabel always does): one line of it was the widest thing in any view, and
    // widened the window past 1280 pixels.
    m_strip = new HeatmapWidget(this);
    m_strip->setSquareCells(false);
    m_strip->setMaxCellHeight(24);
    m_strip->setScale(HeatmapWidget::Scale::Diverging);
    m_strip->setRowLabels({tr("token"), tr("position"), tr("sum")});
    m_strip->setLegendCaption(tr("value"));
    m_strip->setFixedHeight(118);
    m_scatter = new EmbeddingScatter(this);
    m_ropeNote = new RopeNote(this);
    m_ropeNote->hide();

    // What the scatter shows: this context's input vectors, or a word map (a chosen set of
    // words from the embedding matrix, with the context's tokens placed among them).
    m_mode = new QComboBox(this);
    m_words = new QLineEdit(this);
    m_words->setClearButtonEnabled(true);
    m_words->hide();
    auto* modes = new QHBoxLayout;
    modes->addWidget(m_mode);
    modes->addWidget(m_words, 1);
    modes->addStretch(0);
    auto* top = new QHBoxLayout;
    top->addWidget(m_explained, 1);
    top->addWidget(m_neighbourBox);

    m_similar = new HeatmapWidget(this);
    m_similar->setScale(HeatmapWidget::Scale::Diverging);
    m_similar->setRange(-1.0f, 1.0f);
    m_similar->setZoomable(false);
    m_similar->setLegendCaption(tr("cosine"));
    // Beside the word map: each word's tokens and nearest vocabulary entries.
    m_wordTable = new QTableWidget(this);
    m_wordTable->setColumnCount(3);
    m_wordTable->verticalHeader()->hide();
    m_wordTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_wordTable->setWordWrap(true);
    m_wordTable->setItemDelegate(new WrappedTextDelegate(m_wordTable));
    // The scroll bar always takes its room: one that appeared after the rows were sized
    // narrowed the last column without a new row height, and cut the rows a line short.
    m_wordTable->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_wordTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_wordTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_wordTable->horizontalHeader()->setStretchLastSection(true);
    // Wrapped neighbour lists take the rows' height they need at the table's width.
    connect(m_wordTable->horizontalHeader(), &QHeaderView::sectionResized, m_wordTable,
            &QTableWidget::resizeRowsToContents);
    m_side = new QStackedWidget(this);
    m_side->addWidget(m_similar);
    m_side->addWidget(m_wordTable);
    auto* split = new QSplitter(Qt::Horizontal, this);
    m_split = split;
    split->addWidget(m_scatter);
    split->addWidget(m_side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({620, 380});
    split->setChildrenCollapsible(false);

    auto* box = new QVBoxLayout(this);
    box->addWidget(m_strip);
    box->addWidget(m_ropeNote);
    box->addLayout(modes);
    box->addLayout(top);
    box->addWidget(split, 1);

    connect(m_neighbourBox, &QCheckBox::toggled, this, &EmbeddingView::setShowNeighbours);
    fillModes();
    connect(m_mode, &QComboBox::activated, this, [this](int index) {
        const QString id = m_mode->itemData(index).toString();
        if (id == QLatin1String("custom")) {
            if (m_words->text().trimmed().isEmpty())
                m_words->setText(QStringLiteral("king, queen, man, woman"));
            showWordMap(m_words->text());
        } else {
            showWordMap(id);
        }
    });
    // Typing words makes them the map's set ("your words").
    connect(m_words, &QLineEdit::editingFinished, this, [this] {
        if (!isWordMap() || m_words->text() == m_wordsShown) return;
        showWordMap(m_words->text());
    });
    m_scatter->onClicked = [this](int pos) { selectPosition(pos); };
    m_scatter->onHovered = [this](int pos) { emit positionHovered(pos); };
    connect(m_strip, &HeatmapWidget::cellHovered, this, [this](int row, int dim) {
        const int sel = selectedPosition();
        if (row < 0 || sel < 0) {
            QToolTip::hideText();
            return;
        }
        const auto i = static_cast<std::size_t>(sel);
        const auto d = static_cast<std::size_t>(dim);
        if (m_rope) {
            QToolTip::showText(
                QCursor::pos(),
                tr("dimension %1: %2").arg(dim).arg(static_cast<double>(m_sum[i][d]), 0, 'f', 4),
                m_strip);
            return;
        }
        QToolTip::showText(QCursor::pos(),
                           tr("dimension %1: token %2 + position %3 = %4")
                               .arg(dim)
                               .arg(static_cast<double>(m_tok[i][d]), 0, 'f', 4)
                               .arg(static_cast<double>(m_pos[i][d]), 0, 'f', 4)
                               .arg(static_cast<double>(m_sum[i][d]), 0, 'f', 4),
                           m_strip);
    });
}

EmbeddingView::~EmbeddingView() = default;

void EmbeddingView::setRope(bool rope) {
    if (rope && m_model)
        m_ropeNote->setModel(m_model->config().ropeTheta, m_model->config().headDim());
    if (rope == m_rope) return;
    m_rope = rope;
    m_ropeNote->setVisible(rope);
    m_strip->setRowLabels(rope ? QStringList{tr("token")}
                               : QStringList{tr("token"), tr("position"), tr("sum")});
    sizeStrip();
}

void EmbeddingView::sizeStrip() {
    // One row (RoPE) still leaves the legend room for its ticks at 90 px.
    const int least = m_rope ? 90 : 118;
    const int h = std::clamp(height() / 5, least, m_rope ? 160 : 240);
    m_strip->setMaxCellHeight(std::max(24, (h - 46) / (m_rope ? 1 : 3)));
    m_strip->setFixedHeight(h);
}

void EmbeddingView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    sizeStrip();
    // The similarity map's cells are square: its pane is as wide as the map is tall (plus
    // its labels and colour bar), between two fifths and half the width. At 1920x1080 the
    // map then fills its height instead of leaving a blank third under it.
    sizeSplit();
}

void EmbeddingView::sizeSplit() {
    const int w = m_split->width();
    // The word table's neighbour lists need half the width; the square map as it says above.
    const int wanted = isWordMap() ? w / 2 : std::clamp(m_split->height() + 60, w * 2 / 5, w / 2);
    m_split->setSizes({w - wanted, wanted});
}

void EmbeddingView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslateNeighbourBox();
        // The built-in sets are words of the interface's language: a map of one shows the
        // same set in the new language.
        const QString id = m_mode->currentData().toString();
        fillModes();
        if (!id.isEmpty() && id != QLatin1String("custom"))
            showWordMap(id);
        else if (isWordMap())
            drawWordMap();
        m_ropeNote->retranslate();
        m_strip->setRowLabels(m_rope ? QStringList{tr("token")}
                                     : QStringList{tr("token"), tr("position"), tr("sum")});
        updateStrip();
        m_similar->setLegendCaption(tr("cosine"));
        updateSimilarity();
    }
    QWidget::changeEvent(event);
}

void EmbeddingView::retranslateNeighbourBox() {
    m_neighbourBox->setText(tr("Show nearest vocabulary neighbours"));
    m_neighbourBox->setToolTip(
        tr("For the most recent tokens, the vocabulary entries whose token embedding points the "
           "same way (cosine), placed at the same position and drawn lighter"));
}

bool EmbeddingView::isRope() const { return m_rope; }
QWidget* EmbeddingView::ropeNote() const { return m_ropeNote; }

void EmbeddingView::setHistory(const std::vector<StepRecordPtr>& historyUpToCurrent,
                               std::shared_ptr<const ts::Model> model) {
    const bool newModel = model != m_model;
    if (newModel) m_neighbourCache.clear();
    // Records appended to the history already read (a decode step): read only the new ones.
    const bool extends = model == m_model && !m_vectorsDirty && !m_history.empty() &&
                         historyUpToCurrent.size() > m_history.size() &&
                         std::equal(m_history.begin(), m_history.end(), historyUpToCurrent.begin());
    const std::size_t firstNew = extends ? m_history.size() : 0;
    m_history = historyUpToCurrent;
    m_model = std::move(model);
    setRope(m_model && !m_model->hasPositionEmbeddings());
    if (newModel && isWordMap()) updateWordMap();
    // Hidden (another stage is shown): keep the records, read the vectors when shown.
    if (!isVisible()) {
        m_vectorsDirty = true;
        return;
    }
    m_vectorsDirty = false;
    collectVectors(firstNew);
    if (m_pinned >= tokenCount()) m_pinned = -1;
    if (isWordMap())
        drawWordMap();
    else
        updateProjection();
    updateStrip();
}

void EmbeddingView::setHoveredPosition(int pos) {
    m_hovered = pos;
    m_scatter->setMarked(pos);
    updateStrip();
}

void EmbeddingView::setTokenizer(std::shared_ptr<const ts::Tokenizer> tokenizer) {
    m_tokenizer = std::move(tokenizer);
    if (m_showNeighbours) updateProjection();
    if (isWordMap()) updateWordMap();
}

void EmbeddingView::setShowNeighbours(bool on) {
    if (m_showNeighbours == on) return;
    m_showNeighbours = on;
    m_neighbourBox->setChecked(on);
    updateProjection();
}

void EmbeddingView::selectPosition(int pos) {
    m_pinned = pos;
    updateStrip();
}

int EmbeddingView::selectedPosition() const {
    auto known = [this](int p) {
        return p >= 0 && p < tokenCount() && !m_sum[static_cast<std::size_t>(p)].empty();
    };
    if (known(m_hovered)) return m_hovered;
    if (known(m_pinned)) return m_pinned;
    for (int p = tokenCount() - 1; p >= 0; --p)
        if (known(p)) return p;
    return -1;
}

QPointF EmbeddingView::pointPosition(int pos) const {
    const QPointF s = m_scatter->screenOf(pos);
    if (s.x() < 0) return s;
    return m_scatter->mapTo(this, s);
}

int EmbeddingView::neighbourCount() const { return m_scatter->neighbourCount(); }

std::vector<EmbeddingView::ScatterLabel> EmbeddingView::scatterLabels() const {
    std::vector<ScatterLabel> out;
    const QPoint offset = m_scatter->mapTo(this, QPoint(0, 0));
    for (const auto& l : m_scatter->placeLabels())
        out.push_back({l.text, l.box.translated(offset), l.anchor + offset, l.leader});
    return out;
}

QString EmbeddingView::explainedText() const { return m_explained->text(); }

void EmbeddingView::collectVectors(std::size_t firstNewRecord) {
    const StepRecord* last = nullptr;
    for (auto it = m_history.rbegin(); it != m_history.rend() && !last; ++it)
        if (*it && (*it)->trace) last = it->get();
    int n = 0;
    if (last)
        n = std::max(static_cast<int>(last->contextTokens.size()), last->trace->lastPosition() + 1);
    const auto count = static_cast<std::size_t>(n);
    // A decode step appends records to the same history: the vectors already read stay as
    // they are (a trace never changes), and only the new records and positions are read.
    // Reading all of them again at 1,024 tokens copied three million numbers a step.
    const bool extending = firstNewRecord > 0 && count >= m_sum.size();
    const std::size_t known = extending ? m_sum.size() : 0;
    if (!extending) {
        firstNewRecord = 0;
        m_cosines.clear();  // the positions' vectors are read anew
        m_tok.assign(count, {});
        m_pos.assign(count, {});
        m_sum.assign(count, {});
        m_tokenIds.assign(count, -1);
    } else {
        m_tok.resize(count);
        m_pos.resize(count);
        m_sum.resize(count);
        m_tokenIds.resize(count, -1);
    }
    // Every label again: a token that is part of a character reads differently once a later
    // token completes it (the display text comes with the newest record).
    m_labels.clear();
    m_labels.reserve(n);
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        if (u >= known && u < last->contextTokens.size()) m_tokenIds[u] = last->contextTokens[u];
        m_labels << (u < last->tokenTexts.size()
                         ? QString::fromStdString(last->tokenTexts[u])  // display text already
                         : QStringLiteral("#%1").arg(i));
    }
    std::vector<char> fresh(count, 0);  // positions whose vectors are (re)read now
    for (std::size_t u = known; u < count; ++u) fresh[u] = 1;
    // Traced vectors first: they are exactly what the model added up.
    for (std::size_t r = firstNewRecord; r < m_history.size(); ++r) {
        if (!m_history[r] || !m_history[r]->trace) continue;
        const auto& t = *m_history[r]->trace;
        for (std::size_t j = 0; j < t.tokens.size(); ++j) {
            const int p = t.firstPosition + static_cast<int>(j);
            if (p < 0 || p >= n || j >= t.tokenEmbedding.size() ||
                (!m_rope && j >= t.positionEmbedding.size()))
                continue;
            const auto u = static_cast<std::size_t>(p);
            m_tok[u] = t.tokenEmbedding[j];
            // RoPE: nothing is added to the token embedding; the position part is zero.
            m_pos[u] = m_rope ? std::vector<float>(m_tok[u].size(), 0.0f) : t.positionEmbedding[j];
            if (m_tokenIds[u] < 0) m_tokenIds[u] = t.tokens[j];
            fresh[u] = 1;
        }
    }
    for (int p = 0; p < n; ++p) {
        const auto u = static_cast<std::size_t>(p);
        if (!fresh[u] && !m_sum[u].empty()) continue;
        if (m_tok[u].empty() && m_model && m_tokenIds[u] >= 0) {
            const auto te = m_model->tokenEmbedding(m_tokenIds[u]);
            m_tok[u].assign(te.begin(), te.end());
            if (m_rope) {
                m_pos[u].assign(m_tok[u].size(), 0.0f);
            } else {
                const auto pe = m_model->positionEmbedding(p);
                m_pos[u].assign(pe.begin(), pe.end());
            }
        }
        if (m_tok[u].empty() || m_tok[u].size() != m_pos[u].size()) {
            m_tok[u].clear();
            m_pos[u].clear();
            m_sum[u].clear();
            continue;
        }
        m_sum[u].resize(m_tok[u].size());
        for (std::size_t d = 0; d < m_tok[u].size(); ++d) m_sum[u][d] = m_tok[u][d] + m_pos[u][d];
    }
}

QString EmbeddingView::neighbourText(int token) const {
    return tokenDisplayText(m_tokenizer.get(), token);
}

void EmbeddingView::updateProjection() {
    if (isWordMap()) return;  // the word map has its own projection
    // Hidden: nothing to draw; the projection is made when the view is shown.
    if (!isVisible()) {
        m_projectionDirty = true;
        return;
    }
    m_projectionDirty = false;
    // The rows one after the other in one block: a thousand rows copied one by one came
    // from fresh memory each step, and its page faults took a millisecond of the GUI thread.
    std::vector<float> rows;
    std::size_t width = 0;
    std::vector<int> projected;
    for (int p = 0; p < tokenCount(); ++p) {
        const auto u = static_cast<std::size_t>(p);
        if (m_sum[u].empty() || (width != 0 && m_sum[u].size() != width)) continue;
        if (width == 0) {
            width = m_sum[u].size();
            rows.reserve(width * static_cast<std::size_t>(tokenCount()));
        }
        rows.insert(rows.end(), m_sum[u].begin(), m_sum[u].end());
        projected.push_back(p);
    }
    // Neighbour searches still needed (each scans the vocabulary: n_vocab x n_embd).
    std::vector<std::pair<int, std::vector<float>>> wanted;
    if (m_showNeighbours && m_model) {
        const std::size_t first =
            projected.size() > static_cast<std::size_t>(kNeighbourTokens)
                ? projected.size() - static_cast<std::size_t>(kNeighbourTokens)
                : 0;
        for (std::size_t i = first; i < projected.size(); ++i) {
            const auto u = static_cast<std::size_t>(projected[i]);
            const int id = m_tokenIds[u];
            if (!m_neighbourCache.count(id) &&
                std::none_of(wanted.begin(), wanted.end(),
                             [id](const auto& w) { return w.first == id; }))
                wanted.emplace_back(id, m_tok[u]);
        }
    }
    // PCA (LAPACK) and neighbour searches are engine math: small ones (the canned records of
    // the tests, short prompts of small models) run inline, larger ones on a thread of their
    // own, so the GUI thread never blocks on them; the scatter keeps the previous picture
    // until the new one is ready, and requests arriving meanwhile are coalesced into one.
    const double dim = static_cast<double>(width);
    const double n = static_cast<double>(projected.size());
    const double vocab = m_model ? static_cast<double>(m_model->config().nVocab) : 0.0;
    const double cost =
        n * dim * std::min(n, dim) + static_cast<double>(wanted.size()) * vocab * dim;
    if (cost < 2.0e6) {
        m_pca = ts::pca2(rows, projected.size(), width);
        m_projected = std::move(projected);
        for (const auto& [id, v] : wanted)
            m_neighbourCache.emplace(id, ts::nearestTokens(*m_model, v, kNeighboursPerToken + 1));
        drawProjection();
        return;
    }
    if (m_mapBusy) {
        m_mapPending = true;
        return;
    }
    m_mapBusy = true;
    struct Map {
        ts::PcaResult pca;
        std::vector<int> projected;
        std::vector<std::pair<int, std::vector<ts::Neighbour>>> neighbours;
    };
    QPointer<EmbeddingView> self(this);
    auto* thread = QThread::create([self, rows = std::move(rows), projected = std::move(projected),
                                    width, wanted = std::move(wanted), model = m_model] {
        lowerComputePriority();
        auto map = std::make_shared<Map>();
        map->pca = ts::pca2(rows, projected.size(), width);
        map->projected = projected;
        for (const auto& [id, v] : wanted)
            map->neighbours.emplace_back(id, ts::nearestTokens(*model, v, kNeighboursPerToken + 1));
        if (!self) return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, map] {
                if (!self) return;
                self->m_mapBusy = false;
                if (map->pca.points.size() == map->projected.size()) {
                    self->m_pca = std::move(map->pca);
                    self->m_projected = std::move(map->projected);
                }
                for (auto& [id, nb] : map->neighbours)
                    self->m_neighbourCache.emplace(id, std::move(nb));
                if (self->m_mapPending) {
                    self->m_mapPending = false;
                    self->updateProjection();
                }
                if (!self->isWordMap()) self->drawProjection();
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void EmbeddingView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_vectorsDirty) {
        m_vectorsDirty = false;
        collectVectors();
        if (m_pinned >= tokenCount()) m_pinned = -1;
        if (isWordMap())
            drawWordMap();
        else
            updateProjection();
        updateStrip();
    } else if (m_projectionDirty && !isWordMap()) {
        updateProjection();
    }
}

void EmbeddingView::drawProjection() {
    std::vector<EmbeddingScatter::Point> points;
    for (std::size_t i = 0; i < m_projected.size() && i < m_pca.points.size(); ++i)
        points.push_back({QPointF(m_pca.points[i][0], m_pca.points[i][1]),
                          m_labels.value(m_projected[i]), m_projected[i], -1});

    if (m_showNeighbours && m_model && !m_projected.empty()) {
        const std::size_t first =
            m_projected.size() > static_cast<std::size_t>(kNeighbourTokens)
                ? m_projected.size() - static_cast<std::size_t>(kNeighbourTokens)
                : 0;
        for (std::size_t i = first; i < m_projected.size(); ++i) {
            const auto u = static_cast<std::size_t>(m_projected[i]);
            if (u >= m_tokenIds.size() || u >= m_pos.size()) continue;
            const int id = m_tokenIds[u];
            const auto it = m_neighbourCache.find(id);
            if (it == m_neighbourCache.end()) continue;  // still being searched
            int shown = 0;
            for (const auto& nb : it->second) {
                if (nb.token == id || shown >= kNeighboursPerToken) continue;
                // The neighbour as if it stood at this token's position: the offset from the
                // token's point is then the difference of the token embeddings alone.
                const auto te = m_model->tokenEmbedding(nb.token);
                if (te.size() != m_pos[u].size()) continue;
                std::vector<float> v(te.size());
                for (std::size_t d = 0; d < v.size(); ++d) v[d] = te[d] + m_pos[u][d];
                const auto xy = project(m_pca, v);
                points.push_back(
                    {QPointF(xy[0], xy[1]), neighbourText(nb.token), -1, static_cast<int>(i)});
                ++shown;
            }
        }
    }
    m_scatter->setPoints(std::move(points), m_pca.explained);
    updateSimilarity();

    if (m_projected.size() < 2 || m_pca.explained[0] <= 0.0f)
        m_explained->setText(tr("A projection needs at least two different token vectors."));
    else
        m_explained->setText(tr("First two principal components of %1 input vectors: "
                                "PC1 explains %2 % of their spread, PC2 %3 %.")
                                 .arg(m_projected.size())
                                 .arg(100.0 * static_cast<double>(m_pca.explained[0]), 0, 'f', 1)
                                 .arg(100.0 * static_cast<double>(m_pca.explained[1]), 0, 'f', 1));
}

void EmbeddingView::updateSimilarity() {
    // The newest tokens only: a pair per cell must stay readable (and n^2 x width stays small
    // enough for the GUI thread: 32 x 32 x 4096 is half a million multiply-adds).
    constexpr std::size_t kMost = 32;
    const std::size_t n = std::min(kMost, m_projected.size());
    const std::size_t first = m_projected.size() - n;
    std::vector<const std::vector<float>*> v;
    QStringList labels;
    for (std::size_t i = first; i < m_projected.size(); ++i) {
        const auto u = static_cast<std::size_t>(m_projected[i]);
        if (u >= m_sum.size()) return;
        v.push_back(&m_sum[u]);
        labels << m_labels.value(m_projected[i]);
    }
    std::vector<double> norm(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (float x : *v[i]) norm[i] += static_cast<double>(x) * x;
    // A position's vector never changes while a run extends the history, so each pair is
    // worked out once: a step adds one row of 32 pairs, not all 528 (a millisecond a step).
    if (static_cast<std::size_t>(m_cosines.size()) > 8 * kMost * kMost) m_cosines.clear();
    std::vector<float> cosine(n * n, HeatmapWidget::kMissing);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j) {
            if (v[i]->size() != v[j]->size() || norm[i] <= 0 || norm[j] <= 0) continue;
            const auto pair = (static_cast<quint64>(m_projected[first + i]) << 32) |
                              static_cast<quint32>(m_projected[first + j]);
            auto known = m_cosines.constFind(pair);
            if (known == m_cosines.constEnd()) {
                double dot = 0;
                for (std::size_t d = 0; d < v[i]->size(); ++d)
                    dot += static_cast<double>((*v[i])[d]) * (*v[j])[d];
                known =
                    m_cosines.insert(pair, static_cast<float>(dot / std::sqrt(norm[i] * norm[j])));
            }
            cosine[i * n + j] = cosine[j * n + i] = *known;
        }
    m_similar->setTitle(n < m_projected.size() ? tr("Cosine similarity (the newest %1)").arg(n)
                                               : tr("Cosine similarity"));
    m_similar->setMatrix(static_cast<int>(n), static_cast<int>(n), std::move(cosine));
    m_similar->setRowLabels(labels);
    m_similar->setColumnLabels(labels);
}

void EmbeddingView::updateStrip() {
    const int sel = selectedPosition();
    m_scatter->setSelected(sel, !m_mapBusy);
    if (sel < 0) {
        m_strip->setMatrix(0, 0, {});
        m_strip->setTitle(tr("Input vector: no token selected"));
        return;
    }
    const auto u = static_cast<std::size_t>(sel);
    const std::size_t dim = m_sum[u].size();
    if (m_rope) {
        // One row: the token embedding is the whole input vector (no position is added).
        float m = 0.0f;
        for (float v : m_sum[u]) m = std::max(m, std::abs(v));
        m_strip->setRange(-m, m);
        m_strip->setMatrix(1, static_cast<int>(dim), m_sum[u]);
        m_strip->setTitle(
            tr("Input vector of “%1” at position %2 = its token embedding (%3 numbers); "
               "no position vector is added")
                .arg(m_labels.value(sel))
                .arg(sel)
                .arg(dim));
        return;
    }
    std::vector<float> values;
    values.reserve(3 * dim);
    values.insert(values.end(), m_tok[u].begin(), m_tok[u].end());
    values.insert(values.end(), m_pos[u].begin(), m_pos[u].end());
    values.insert(values.end(), m_sum[u].begin(), m_sum[u].end());
    float m = 0.0f;
    for (float v : values) m = std::max(m, std::abs(v));
    m_strip->setRange(-m, m);
    m_strip->setMatrix(3, static_cast<int>(dim), std::move(values));
    m_strip->setTitle(tr("Input vector of “%1” at position %2 = token embedding + position "
                         "embedding (%3 numbers)")
                          .arg(m_labels.value(sel))
                          .arg(sel)
                          .arg(dim));
}

void EmbeddingView::setModelFolder(const QString& folder) {
    m_folder = folder;
    const QString id = m_mode->currentData().toString();
    fillModes();
    if (!id.isEmpty() && id != QLatin1String("custom")) showWordMap(id);
}

QString EmbeddingView::language() const {
    // The interface's language decides the built-in sets' words (TranslationManager sets
    // the default locale with the translations).
    return QLocale().language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
}

void EmbeddingView::fillModes() {
    const QString current = m_mode->currentData().toString();
    m_sets = builtinWordSets(language(), m_folder);
    m_mode->clear();
    m_mode->addItem(tr("This context's input vectors"), QString());
    for (const auto& set : m_sets) m_mode->addItem(tr("Word map: %1").arg(set.name), set.id);
    m_mode->addItem(tr("Word map: your words"), QStringLiteral("custom"));
    m_mode->setToolTip(
        tr("A word map places a chosen set of words by their token embeddings, in the plane of "
           "their own two principal components: words of one kind should lie close together. "
           "The context's tokens are placed in the same plane."));
    m_words->setPlaceholderText(tr("Words separated by commas; groups by semicolons"));
    const int i = m_mode->findData(current);
    m_mode->setCurrentIndex(i >= 0 ? i : 0);
}

bool EmbeddingView::isWordMap() const { return !m_mode->currentData().toString().isEmpty(); }

const ts::WordMap* EmbeddingView::wordMap() const {
    return isWordMap() ? m_wordMap.get() : nullptr;
}

QString EmbeddingView::wordMapError() const { return m_wordMapError; }

bool EmbeddingView::showWordMap(const QString& setOrWords) {
    const QString key = setOrWords.trimmed();
    if (key.isEmpty() || key == QLatin1String("context")) {
        m_mode->setCurrentIndex(0);
        m_words->hide();
        m_side->setCurrentWidget(m_similar);
        sizeSplit();
        m_scatter->setGroups({});
        m_wordMap.reset();
        m_projectionDirty = true;
        updateProjection();
        return true;
    }
    WordSet set;
    const auto known =
        std::find_if(m_sets.begin(), m_sets.end(), [&](const WordSet& s) { return s.id == key; });
    if (known != m_sets.end()) {
        set = *known;
    } else {
        set = customWordSet(key);
        if (set.groups.empty()) return false;
    }
    m_mode->setCurrentIndex(m_mode->findData(set.id));
    m_set = set;
    m_wordsShown = wordSetText(set);
    m_words->setText(m_wordsShown);
    m_words->setCursorPosition(0);  // the set's first words, not its last
    m_words->show();
    m_side->setCurrentWidget(m_wordTable);
    sizeSplit();
    updateWordMap();
    return true;
}

void EmbeddingView::updateWordMap() {
    m_wordMap.reset();
    m_wordMapError.clear();
    m_scatter->setGroups(m_set.groupNames);
    if (!m_model || !m_tokenizer) {
        m_wordMapError = tr("The word map needs a model with its tokenizer.");
        drawWordMap();
        return;
    }
    if (m_wordMapBusy) {
        m_wordMapPending = true;
        return;
    }
    std::vector<ts::WordMapInput> inputs;
    QSet<QString> distinct;
    for (std::size_t g = 0; g < m_set.groups.size(); ++g)
        for (const QString& w : m_set.groups[g]) {
            inputs.push_back({w.toStdString(), static_cast<int>(g)});
            distinct.insert(w.trimmed());
        }
    // Said here in the interface's language (the engine refuses it too, in English).
    if (distinct.size() < 2) {
        m_wordMapError = tr("A word map needs at least two different words.");
        drawWordMap();
        return;
    }
    // A search over the vocabulary per word (n_vocab x n_embd each): off the GUI thread.
    m_wordMapBusy = true;
    QPointer<EmbeddingView> self(this);
    auto* thread = QThread::create(
        [self, inputs = std::move(inputs), model = m_model, tokenizer = m_tokenizer] {
            lowerComputePriority();
            auto result = std::make_shared<ts::WordMap>();
            QString error;
            try {
                *result = ts::makeWordMap(*model, *tokenizer, inputs, kWordNeighbours);
            } catch (const std::exception& e) {
                error = QString::fromStdString(e.what());
            }
            if (!self) return;
            QMetaObject::invokeMethod(
                self.data(),
                [self, result, error, model] {
                    if (!self) return;
                    self->m_wordMapBusy = false;
                    if (self->m_wordMapPending || model != self->m_model) {
                        self->m_wordMapPending = false;
                        self->updateWordMap();
                        return;
                    }
                    if (!self->isWordMap()) return;
                    if (error.isEmpty()) self->m_wordMap = result;
                    self->m_wordMapError = error;
                    self->drawWordMap();
                },
                Qt::QueuedConnection);
        });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void EmbeddingView::drawWordMap() {
    if (!isWordMap()) return;
    std::vector<EmbeddingScatter::Point> points;
    if (!m_wordMap) {
        m_scatter->setPoints({}, {0, 0});
        m_wordTable->setRowCount(0);
        m_explained->setText(m_wordMapError.isEmpty() ? tr("Placing the words…")
                                                      : tr("No word map: %1").arg(m_wordMapError));
        return;
    }
    const auto& map = *m_wordMap;
    // The context's tokens in the words' plane: their token embeddings (no position), the
    // same kind of vector as the words'.
    // A context token that is one of the words lies on the word's square: it is not named
    // a second time.
    std::unordered_set<int> wordTokens;
    for (const auto& w : map.words)
        if (w.tokens.size() == 1) wordTokens.insert(w.tokens.front());
    const std::size_t dim = map.pca.mean.size();
    for (int p = 0; p < tokenCount(); ++p) {
        const auto u = static_cast<std::size_t>(p);
        if (m_tok[u].size() != dim || dim == 0) continue;
        const auto xy = project(map.pca, m_tok[u]);
        const bool isWord = wordTokens.count(m_tokenIds[u]) > 0;
        points.push_back({QPointF(xy[0], xy[1]), isWord ? QString() : m_labels.value(p), p, -1});
    }
    for (const auto& w : map.words)
        points.push_back(
            {QPointF(w.xy[0], w.xy[1]), QString::fromStdString(w.word), -1, -1, w.group});
    m_scatter->setPoints(std::move(points), map.pca.explained);
    m_explained->setText(
        tr("Word map of %1 words: their token embeddings (a word of several tokens: their mean), "
           "in the plane of their first two principal components (PC1 %2 %, PC2 %3 %). "
           "Round dots: this context's tokens placed in the same plane.")
            .arg(map.words.size())
            .arg(100.0 * static_cast<double>(map.pca.explained[0]), 0, 'f', 1)
            .arg(100.0 * static_cast<double>(map.pca.explained[1]), 0, 'f', 1));
    fillWordTable();
}

void EmbeddingView::fillWordTable() {
    m_wordTable->setHorizontalHeaderLabels(
        {tr("Word"), tr("Tokens"), tr("Nearest entries (cosine)")});
    if (!m_wordMap) {
        m_wordTable->setRowCount(0);
        return;
    }
    const auto& words = m_wordMap->words;
    m_wordTable->setRowCount(static_cast<int>(words.size()));
    for (int r = 0; r < static_cast<int>(words.size()); ++r) {
        const auto& w = words[static_cast<std::size_t>(r)];
        auto* word = new QTableWidgetItem(QString::fromStdString(w.word));
        word->setForeground(EmbeddingScatter::groupColour(w.group).darker(120));
        QFont bold = m_wordTable->font();
        bold.setBold(true);
        word->setFont(bold);
        if (w.group < m_set.groupNames.size()) word->setToolTip(m_set.groupNames[w.group]);
        // The word's tokens read together: a syllable split over two tokens shows as
        // "셋 1-2/3" and "셋 3/3", not as stray bytes.
        std::vector<std::string> bytes;
        for (int t : w.tokens)
            bytes.push_back(m_tokenizer ? m_tokenizer->tokenBytes(t) : std::string());
        QStringList tokens;
        for (const auto& d : ts::tokenDisplays(bytes)) tokens << QString::fromStdString(d);
        QStringList near;
        for (const auto& n : w.neighbours)
            near << QStringLiteral("%1 (%2)")
                        .arg(tokenDisplayText(m_tokenizer.get(), n.token))
                        .arg(QLocale().toString(static_cast<double>(n.cosine), 'f', 2));
        m_wordTable->setItem(r, 0, word);
        m_wordTable->setItem(r, 1, new QTableWidgetItem(tokens.join(QStringLiteral(" · "))));
        m_wordTable->setItem(r, 2, new QTableWidgetItem(near.join(QStringLiteral(", "))));
    }
    m_wordTable->resizeRowsToContents();
}

}  // namespace ts::ui
