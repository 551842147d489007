// Charts in the view's font (see chart_font.hpp).
#include "widgets/chart_font.hpp"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegend>

namespace ts::ui {

namespace {

// Matches the chart again when the view it watches gets another font.
class ChartFontFollower : public QObject {
public:
    explicit ChartFontFollower(QChartView* view) : QObject(view) { view->installEventFilter(this); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::FontChange)
            if (auto* view = qobject_cast<QChartView*>(watched)) matchChartFont(view);
        return QObject::eventFilter(watched, event);
    }
};

}  // namespace

void matchChartFont(QChartView* view) {
    QChart* chart = view ? view->chart() : nullptr;
    if (!chart) return;
    const QFont font = view->font();
    // Setting a font that is already set still lays the chart out again: only changes. The
    // title is not bold: the titles were written to fit 1280x720 in presentation mode.
    if (chart->titleFont() != font) chart->setTitleFont(font);
    if (chart->legend()->font() != font) chart->legend()->setFont(font);
    for (QAbstractAxis* axis : chart->axes()) {
        if (axis->labelsFont() != font) axis->setLabelsFont(font);
        if (axis->titleFont() != font) axis->setTitleFont(font);
    }
    for (QAbstractSeries* series : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                if (set->labelFont() != font) set->setLabelFont(font);
}

void followViewFont(QChartView* view) {
    if (!view) return;
    new ChartFontFollower(view);
    matchChartFont(view);
}

}  // namespace ts::ui
