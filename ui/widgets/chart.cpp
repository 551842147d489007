// The chart widget over Qt Charts (see chart.hpp).

#include "widgets/chart.hpp"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QFontMetricsF>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "widgets/chart_font.hpp"

namespace ts::ui {

struct Chart::Parts {
    std::vector<QAbstractSeries*> series;
    std::vector<QAbstractAxis*> axes;
    std::vector<Side> sides;
    // The range each value axis was given, before keepCornersClear lowers a vertical one.
    std::vector<std::pair<double, double>> ranges;
    // Set while keepCornersClear sets a range: that range's new layout moves the plot area,
    // whose signal would call it again with another height, and again (a stack overflow at
    // 1280x720 in presentation mode, where the lowered labels' widths move the plot area).
    bool clearingCorners = false;
};

namespace {

Qt::Alignment alignment(Chart::Side side) {
    switch (side) {
        case Chart::Side::Bottom:
            return Qt::AlignBottom;
        case Chart::Side::Left:
            return Qt::AlignLeft;
        case Chart::Side::Right:
            return Qt::AlignRight;
    }
    return Qt::AlignBottom;
}

// Gives a value axis its range and ticks at anchor + k * interval, in the order that never lays
// out more ticks than before or after. Each change lays the axis's labels out at once (Qt Charts
// parses each as HTML): the new range under the old interval (0-50 ms under ticks 0.01 apart)
// made thousands of labels, one cost-meter update held the GUI thread 95-430 ms.
void placeTicks(QValueAxis* axis, double low, double high, double anchor, double interval) {
    if (axis->tickType() != QValueAxis::TicksDynamic) {
        // Fixed ticks are a count, whatever the range: interval and range first, the type last.
        axis->setTickAnchor(anchor);
        axis->setTickInterval(interval);
        axis->setRange(low, high);
        axis->setTickType(QValueAxis::TicksDynamic);
    } else if (interval >= axis->tickInterval()) {
        // Wider ticks over the old range first: fewer labels, then the new range.
        axis->setTickInterval(interval);
        axis->setTickAnchor(anchor);
        axis->setRange(low, high);
    } else {
        // The new, narrower range under the old, wider ticks first, then the finer ticks.
        axis->setRange(low, high);
        axis->setTickAnchor(anchor);
        axis->setTickInterval(interval);
    }
}

}  // namespace

Chart::Chart(QWidget* parent, int minimumLines)
    : QWidget(parent), m_parts(std::make_unique<Parts>()) {
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    // The chart view fills this widget: the tools lay out a Chart where they had a view.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new QChartView(chart, this);
    m_view->setRenderHint(QPainter::Antialiasing);
    layout->addWidget(m_view);
    setSizePolicy(m_view->sizePolicy());
    followViewFont(m_view, minimumLines);
    // The plot area changes with the size and the font: the corners' clearance follows it.
    connect(chart, &QChart::plotAreaChanged, this, [this] { keepCornersClear(); });
}

Chart::~Chart() = default;

int Chart::addLine(const QString& name, const QPen* pen, const QList<QPointF>& points) {
    auto* line = new QLineSeries;
    if (!name.isEmpty()) line->setName(name);
    if (pen) line->setPen(*pen);
    if (!points.isEmpty()) line->append(points);
    m_view->chart()->addSeries(line);
    m_parts->series.push_back(line);
    return static_cast<int>(m_parts->series.size()) - 1;
}

int Chart::addDots(const QColor& colour, double size, const QList<QPointF>& points) {
    auto* dots = new QScatterSeries;
    if (!points.isEmpty()) dots->append(points);
    dots->setColor(colour);
    dots->setMarkerSize(size);
    m_view->chart()->addSeries(dots);
    m_parts->series.push_back(dots);
    return static_cast<int>(m_parts->series.size()) - 1;
}

int Chart::addBand(const QColor& fill) {
    QChart* chart = m_view->chart();
    auto* area = new QAreaSeries(new QLineSeries(chart), new QLineSeries(chart));
    area->setBrush(fill);
    area->setPen(Qt::NoPen);
    chart->addSeries(area);
    m_parts->series.push_back(area);
    return static_cast<int>(m_parts->series.size()) - 1;
}

void Chart::setBand(int band, const QList<QPointF>& upper, const QList<QPointF>& lower) {
    auto* area = qobject_cast<QAreaSeries*>(m_parts->series.at(static_cast<std::size_t>(band)));
    if (!area) return;
    area->upperSeries()->replace(upper);
    area->lowerSeries()->replace(lower);
}

void Chart::setPoints(int series, const QList<QPointF>& points) {
    if (auto* xy = qobject_cast<QXYSeries*>(m_parts->series.at(static_cast<std::size_t>(series))))
        xy->replace(points);
}

void Chart::appendPoints(int series, const QList<QPointF>& points) {
    if (auto* xy = qobject_cast<QXYSeries*>(m_parts->series.at(static_cast<std::size_t>(series))))
        xy->append(points);
}

void Chart::clearPoints(int series) {
    if (auto* xy = qobject_cast<QXYSeries*>(m_parts->series.at(static_cast<std::size_t>(series))))
        xy->clear();
}

QList<QPointF> Chart::points(int series) const {
    if (auto* xy = qobject_cast<QXYSeries*>(m_parts->series.at(static_cast<std::size_t>(series))))
        return xy->points();
    return {};
}

void Chart::setSeriesName(int series, const QString& name) {
    m_parts->series.at(static_cast<std::size_t>(series))->setName(name);
}

int Chart::seriesCount() const { return static_cast<int>(m_parts->series.size()); }

int Chart::addAxis(Side side, const QString& labelFormat) {
    auto* axis = new QValueAxis;
    if (!labelFormat.isEmpty()) axis->setLabelFormat(labelFormat);
    m_view->chart()->addAxis(axis, alignment(side));
    m_parts->axes.push_back(axis);
    m_parts->sides.push_back(side);
    m_parts->ranges.emplace_back(axis->min(), axis->max());
    return static_cast<int>(m_parts->axes.size()) - 1;
}

int Chart::addCategoryAxis(Side side, const QStringList& categories) {
    auto* axis = new QBarCategoryAxis;
    axis->append(categories);
    m_view->chart()->addAxis(axis, alignment(side));
    m_parts->axes.push_back(axis);
    m_parts->sides.push_back(side);
    m_parts->ranges.emplace_back(0.0, 0.0);
    return static_cast<int>(m_parts->axes.size()) - 1;
}

void Chart::attach(int series, int axis) {
    m_parts->series.at(static_cast<std::size_t>(series))
        ->attachAxis(m_parts->axes.at(static_cast<std::size_t>(axis)));
}

void Chart::attachAll(int xAxis, int yAxis) {
    for (std::size_t s = 0; s < m_parts->series.size(); ++s) {
        attach(static_cast<int>(s), xAxis);
        attach(static_cast<int>(s), yAxis);
    }
}

int Chart::axisOn(Side side) const {
    for (std::size_t a = 0; a < m_parts->sides.size(); ++a)
        if (m_parts->sides[a] == side) return static_cast<int>(a);
    return -1;
}

void Chart::setRange(int axis, double min, double max) {
    const auto a = static_cast<std::size_t>(axis);
    m_parts->ranges.at(a) = {min, max};
    auto* value = qobject_cast<QValueAxis*>(m_parts->axes.at(a));
    // An axis keepCornersClear manages takes its range from there, with its ticks in one go.
    if (value && m_parts->sides.at(a) != Side::Bottom && cornersManaged() && max > min) {
        keepCornersClear();
        return;
    }
    if (value && value->tickType() == QValueAxis::TicksDynamic && max > min)
        placeTicks(value, min, max, min, (max - min) / std::max(1, value->tickCount() - 1));
    else
        m_parts->axes.at(a)->setRange(min, max);
    keepCornersClear();
}

bool Chart::cornersManaged() const {
    return axisOn(Side::Bottom) >= 0 && m_view->chart()->plotArea().height() > 0 &&
           !m_parts->clearingCorners;
}

void Chart::setRangeIfChanged(int axis, double min, double max) {
    if (m_parts->ranges.at(static_cast<std::size_t>(axis)) != std::pair{min, max})
        setRange(axis, min, max);
}

std::pair<double, double> Chart::range(int axis) const {
    return m_parts->ranges.at(static_cast<std::size_t>(axis));
}

// A vertical axis's lowest label is centred on the bottom edge, and the bottom axis's first
// label hangs under the same corner: with a projector's large font the two meet ("0" over
// "6.720"). The vertical axis is lowered by most of a label's height, its ticks anchored where
// they were, so its lowest label sits above the corner; the data keep their values.
void Chart::keepCornersClear() {
    if (!cornersManaged()) return;
    const double plotHeight = m_view->chart()->plotArea().height();
    m_parts->clearingCorners = true;
    for (std::size_t a = 0; a < m_parts->axes.size(); ++a) {
        auto* value = qobject_cast<QValueAxis*>(m_parts->axes[a]);
        if (!value || m_parts->sides[a] == Side::Bottom) continue;
        const auto [min, max] = m_parts->ranges[a];
        if (!(max > min)) continue;
        const double label = QFontMetricsF(value->labelsFont()).height();
        const double lowered = std::min(0.6 * label / plotHeight, 0.25) * (max - min);
        const double interval = (max - min) / std::max(1, value->tickCount() - 1);
        // A hair above max, so that rounding never drops the top tick.
        const double top = max + 1e-9 * (max - min);
        if (value->tickType() == QValueAxis::TicksDynamic && value->tickAnchor() == min &&
            value->tickInterval() == interval && value->max() == top &&
            std::abs(value->min() - (min - lowered)) < 0.05 * lowered + 1e-12)
            continue;  // as good as set: no new layout
        placeTicks(value, min - lowered, top, min, interval);
    }
    m_parts->clearingCorners = false;
}

void Chart::setAxisTitle(int axis, const QString& title) {
    m_parts->axes.at(static_cast<std::size_t>(axis))->setTitleText(title);
}

void Chart::setLabelFormat(int axis, const QString& format) {
    if (auto* value = qobject_cast<QValueAxis*>(m_parts->axes.at(static_cast<std::size_t>(axis))))
        value->setLabelFormat(format);
}

void Chart::setTickCount(int axis, int count) {
    if (auto* value = qobject_cast<QValueAxis*>(m_parts->axes.at(static_cast<std::size_t>(axis))))
        value->setTickCount(count);
    keepCornersClear();
}

int Chart::addStackedBars(const std::vector<BarSet>& sets, double barWidth, int labelDigits) {
    QChart* chart = m_view->chart();
    auto* series = new QHorizontalStackedBarSeries(chart);
    std::vector<QBarSet*> made;
    for (const BarSet& s : sets) {
        auto* set = new QBarSet(s.name);
        for (double v : s.values) *set << v;
        series->append(set);
        made.push_back(set);
    }
    series->setLabelsVisible(true);
    // The values alone (the axis says what they count).
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(labelDigits);
    series->setLabelsPosition(QAbstractBarSeries::LabelsCenter);
    series->setBarWidth(barWidth);
    chart->addSeries(series);
    // After addSeries: the chart's theme recolours what is added to it.
    for (std::size_t i = 0; i < sets.size(); ++i) {
        made[i]->setColor(sets[i].fill);
        made[i]->setBorderColor(sets[i].border);
        made[i]->setLabelColor(sets[i].label);
    }
    m_parts->series.push_back(series);
    return static_cast<int>(m_parts->series.size()) - 1;
}

void Chart::clear() {
    QChart* chart = m_view->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    m_parts->series.clear();
    m_parts->axes.clear();
    m_parts->sides.clear();
    m_parts->ranges.clear();
}

void Chart::setLegendAtBottom() { m_view->chart()->legend()->setAlignment(Qt::AlignBottom); }

void Chart::setLegendVisible(bool on) { m_view->chart()->legend()->setVisible(on); }

void Chart::setInLegend(int series, bool on) {
    for (QLegendMarker* m :
         m_view->chart()->legend()->markers(m_parts->series.at(static_cast<std::size_t>(series))))
        m->setVisible(on);
}

void Chart::setTitle(const QString& title) { setChartTitle(m_view, title); }

QString Chart::title() const { return chartTitle(m_view); }

void Chart::matchFont() { matchChartFont(m_view); }

}  // namespace ts::ui
