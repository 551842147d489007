// The chart's vertical axes take new ranges without ever laying out a flood of tick labels: Qt
// Charts lays an axis's labels out again at each change of its range, tick interval or anchor, so
// a new range set under the old interval (0-50 under ticks 0.01 apart) made thousands of labels
// for a moment, and one cost-meter update held the GUI thread for 95-430 ms (issue #43). Every
// change signal is watched and the ticks it would lay out are counted.
#include <QChartView>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <utility>

#include "catch.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/chart.hpp"

using ts::ui::Chart;

namespace {

// The most ticks the axis's current state lays out, recorded at every change.
struct TickWatch {
    QValueAxis* axis = nullptr;
    double most = 0;
    int changes = 0;

    void note() {
        ++changes;
        const double width = axis->max() - axis->min();
        const double ticks =
            axis->tickType() == QValueAxis::TicksDynamic && axis->tickInterval() > 0
                ? width / axis->tickInterval() + 1
                : axis->tickCount();
        most = std::max(most, ticks);
    }
    void watch(QValueAxis* a) {
        axis = a;
        QObject::connect(a, &QValueAxis::rangeChanged, [this] { note(); });
        QObject::connect(a, &QValueAxis::tickIntervalChanged, [this] { note(); });
        QObject::connect(a, &QValueAxis::tickAnchorChanged, [this] { note(); });
        QObject::connect(a, &QValueAxis::tickTypeChanged, [this] { note(); });
    }
};

}  // namespace

TEST_CASE("a chart's vertical axes change range without a flood of tick labels", "[ui][charts]") {
    const bool shown = GENERATE(true, false);
    INFO((shown ? "on screen" : "not yet shown"));
    Chart chart;
    const int x = chart.addAxis(Chart::Side::Bottom, QStringLiteral("%d"));
    const int left = chart.addAxis(Chart::Side::Left);
    const int right = chart.addAxis(Chart::Side::Right);
    const int line = chart.addLine(QStringLiteral("line"));
    chart.attach(line, x);
    chart.attach(line, left);
    chart.setRange(x, 0, 1024);
    if (shown) {
        chart.resize(640, 360);
        chart.show();
        REQUIRE(ts_test::waitUntil([&] { return chart.view()->chart()->plotArea().height() > 0; }));
    }
    chart.setRange(left, 0, 0.05);
    chart.setRange(right, 40, 44);

    auto axisAt = [&](Chart::Side side) {
        for (QAbstractAxis* a : chart.view()->chart()->axes())
            if (a->alignment() == (side == Chart::Side::Left ? Qt::AlignLeft : Qt::AlignRight))
                return qobject_cast<QValueAxis*>(a);
        return static_cast<QValueAxis*>(nullptr);
    };
    QValueAxis* leftAxis = axisAt(Chart::Side::Left);
    QValueAxis* rightAxis = axisAt(Chart::Side::Right);
    REQUIRE(leftAxis);
    REQUIRE(rightAxis);
    TickWatch leftWatch, rightWatch;
    leftWatch.watch(leftAxis);
    rightWatch.watch(rightAxis);

    // Ranges a run gives the cost meter: a thousand times wider, then back, from a narrow band
    // far from zero to one from zero and back. (Under the old order the first made 4,000 labels
    // for a moment; a million more would make the test hang rather than fail.)
    const std::pair<double, double> ranges[] = {{0, 50}, {0, 0.05}, {0, 40}, {0, 1}};
    const std::pair<double, double> bands[] = {{0, 400}, {41, 42}, {0, 200}, {38, 46}};
    for (int i = 0; i < 4; ++i) {
        chart.setRange(left, ranges[i].first, ranges[i].second);
        chart.setRangeIfChanged(right, bands[i].first, bands[i].second);
        CHECK(chart.range(left) == ranges[i]);
        // The data's range is shown whole (the axis is only ever lowered a little under it).
        CHECK(leftAxis->min() <= ranges[i].first);
        CHECK(leftAxis->max() >= ranges[i].second);
        CHECK(leftAxis->max() - leftAxis->min() < 1.5 * (ranges[i].second - ranges[i].first));
        CHECK(rightAxis->min() <= bands[i].first);
        CHECK(rightAxis->max() >= bands[i].second);
    }
    CHECK(leftWatch.changes > 0);
    CHECK(rightWatch.changes > 0);
    // Five ticks a range, a sixth where the axis is lowered under its first: never hundreds.
    CHECK(leftWatch.most <= 12);
    CHECK(rightWatch.most <= 12);
}
