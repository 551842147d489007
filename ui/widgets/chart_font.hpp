#pragma once
// Qt Charts draws a chart's title, axis labels and titles, legend and bar labels in its
// theme's fonts (Arial at fixed sizes), not in the widget's: a chart did not grow with the
// view's font at 1920x1080 nor in presentation mode, and drew Korean in a fallback face.
// These give a chart its view's font, and with it the room that font needs: a title
// wrapped to the chart's width and a height of so many lines of the font (in presentation
// mode at 1280x720 a 200 px chart cut its axis labels to "..." and its title short).
class QChartView;
class QString;

namespace ts::ui {

// The view's font on everything the chart writes now. Call again after
// adding axes or series: new ones come with the theme's fonts.
void matchChartFont(QChartView* view);

// matchChartFont now and whenever the view's font changes (the window's size or
// presentation mode changes the central view's font); the view is kept at least
// `minimumLines` lines of its font tall, and a title set by setChartTitle is wrapped again
// when the view's width or font changes.
void followViewFont(QChartView* view, int minimumLines = 14);

// The chart's title, in lines (<br>) no wider than the chart: each given line (<br>
// between them) breaks further at " · ", ", " or a space where it does not fit.
void setChartTitle(QChartView* view, const QString& title);
// The title as given to setChartTitle, before wrapping.
QString chartTitle(const QChartView* view);

}  // namespace ts::ui
