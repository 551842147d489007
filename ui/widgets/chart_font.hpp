#pragma once
// Qt Charts draws a chart's title, axis labels and titles, legend and bar labels in its
// theme's fonts (Arial at fixed sizes), not in the widget's: a chart did not grow with the
// view's font at 1920x1080 nor in presentation mode, and drew Korean in a fallback face.
// These give a chart its view's font.
class QChartView;

namespace ts::ui {

// The view's font on everything the chart writes now. Call again after
// adding axes or series: new ones come with the theme's fonts.
void matchChartFont(QChartView* view);

// matchChartFont now and whenever the view's font changes (the window's size or
// presentation mode changes the central view's font).
void followViewFont(QChartView* view);

}  // namespace ts::ui
