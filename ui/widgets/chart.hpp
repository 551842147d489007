#pragma once
// The app's one chart widget, and the only code besides chart_font.* that knows Qt Charts
// (deprecated from Qt 6.10 in favour of Qt Graphs): the classroom tools (cost meter, lost in the
// middle, precision comparison) draw through these calls, so a move to another chart library is
// this folder's work. Only what the tools use is here; docs/architecture.md lists it. Series and
// axes are numbered in the order they are added.
#include <QColor>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <utility>
#include <vector>

class QChartView;

namespace ts::ui {

class Chart : public QWidget {
    Q_OBJECT
  public:
    // An antialiased chart with 4-pixel margins, in the view's font (followViewFont) and at least
    // `minimumLines` lines of it tall.
    explicit Chart(QWidget* parent = nullptr, int minimumLines = 14);
    ~Chart() override;

    enum class Side { Bottom, Left, Right };

    // A line; without a pen it takes the theme's next colour.
    int addLine(const QString& name = QString(), const QPen* pen = nullptr,
                const QList<QPointF>& points = {});
    // Dots on points (a scatter), in one colour.
    int addDots(const QColor& colour, double size, const QList<QPointF>& points = {});
    // A shaded band between two lines that are not drawn (setBand fills it), no outline.
    int addBand(const QColor& fill);
    void setBand(int band, const QList<QPointF>& upper, const QList<QPointF>& lower);
    void setPoints(int series, const QList<QPointF>& points);
    void appendPoints(int series, const QList<QPointF>& points);
    void clearPoints(int series);
    QList<QPointF> points(int series) const;
    void setSeriesName(int series, const QString& name);
    int seriesCount() const;

    // A value axis on `side`; `labelFormat` is printf-like ("%d", "%.1f"), empty for the default.
    int addAxis(Side side, const QString& labelFormat = QString());
    void attach(int series, int axis);
    // Every series added so far to both axes.
    void attachAll(int xAxis, int yAxis);
    // The first axis on `side`, or -1.
    int axisOn(Side side) const;
    void setRange(int axis, double min, double max);
    // setRange only when the range differs: setting an equal range still lays the chart out.
    void setRangeIfChanged(int axis, double min, double max);
    // The range as set (a vertical axis is drawn a little lower, see keepCornersClear).
    std::pair<double, double> range(int axis) const;
    void setAxisTitle(int axis, const QString& title);
    void setLabelFormat(int axis, const QString& format);
    void setTickCount(int axis, int count);

    // Horizontal stacked bars: one bar per category (the first at the bottom), one part per set,
    // the value written in each part. The colours are set after the theme's.
    struct BarSet {
        QString name;
        QList<double> values;
        QColor fill;
        QColor border;
        QColor label;
    };
    int addStackedBars(const std::vector<BarSet>& sets, double barWidth, int labelDigits);
    // A category axis (the bars' categories) on `side`.
    int addCategoryAxis(Side side, const QStringList& categories);

    // Removes every series and axis.
    void clear();
    void setLegendAtBottom();
    void setLegendVisible(bool on);
    void setInLegend(int series, bool on);

    // The title, wrapped to the chart's width (setChartTitle); the title as given.
    void setTitle(const QString& title);
    QString title() const;
    // The view's font on what was added since the chart was made (new axes and series come with the
    // theme's fonts).
    void matchFont();

    // For tests and layout checks.
    QChartView* view() const { return m_view; }

  private:
    void keepCornersClear();
    // Whether keepCornersClear can place the vertical axes now (a bottom axis, a plot area).
    bool cornersManaged() const;
    struct Parts;
    QChartView* m_view = nullptr;
    std::unique_ptr<Parts> m_parts;
};

}  // namespace ts::ui
