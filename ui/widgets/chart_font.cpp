// Charts in the view's font (see chart_font.hpp).
#include "widgets/chart_font.hpp"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QLegend>
#include <QRegularExpression>
#include <QVariant>
#include <algorithm>
#include <cmath>

namespace ts::ui {

namespace {

const char* const kRawTitle = "tokenscopeChartTitle";
const char* const kMinimumLines = "tokenscopeChartLines";

void fitHeight(QChartView* view) {
    const int lines = view->property(kMinimumLines).toInt();
    // Never under the 200 px the charts had before they counted lines (small fonts).
    if (lines > 0) view->setMinimumHeight(std::max(200, lines * view->fontMetrics().lineSpacing()));
}

// Greedy wrapping of one title line at the widest break that fits: " · " first, then ", ",
// then a space. A word wider than the room stays whole (the layout check reports it).
QStringList wrapLine(const QString& line, const QFontMetrics& fm, int room) {
    QStringList out;
    QString rest = line;
    while (fm.horizontalAdvance(rest) > room) {
        qsizetype cut = -1, skip = 0;
        for (const QString& sep :
             {QStringLiteral(" · "), QStringLiteral(", "), QStringLiteral(" ")}) {
            for (qsizetype at = rest.lastIndexOf(sep); at > 0; at = rest.lastIndexOf(sep, at - 1)) {
                const QString head = sep == QLatin1String(", ") ? rest.left(at + 1) : rest.left(at);
                if (fm.horizontalAdvance(head) <= room) {
                    cut = head.size();
                    skip = at + sep.size() - cut;
                    break;
                }
            }
            if (cut > 0) break;
        }
        if (cut <= 0) break;
        out << rest.left(cut);
        rest = rest.mid(cut + skip);
    }
    out << rest;
    return out;
}

void wrapTitle(QChartView* view) {
    QChart* chart = view->chart();
    const QString raw = view->property(kRawTitle).toString();
    if (!chart || raw.isEmpty()) return;
    const QFontMetrics fm(chart->titleFont());
    const QMargins m = chart->margins();
    // Qt Charts cuts the title to the chart's width less its margins and its layout's contents
    // margins, inside the view's frame (a title 8 px under the view's width less the margins was
    // still cut: "(GPT-3.5-Turbo, 20 documen...").
    qreal left = 0, top = 0, right = 0, bottom = 0;
    if (chart->layout()) chart->layout()->getContentsMargins(&left, &top, &right, &bottom);
    const int room = view->viewport()->width() - m.left() - m.right() -
                     static_cast<int>(std::ceil(left + right)) - 4;
    QStringList lines;
    static const QRegularExpression br(QStringLiteral("<br\\s*/?>"),
                                       QRegularExpression::CaseInsensitiveOption);
    for (const QString& line : raw.split(br)) lines << wrapLine(line, fm, std::max(room, 40));
    const QString wrapped = lines.join(QStringLiteral("<br>"));
    if (chart->title() != wrapped) chart->setTitle(wrapped);
}

// Matches the chart again when the view it watches gets another font or width.
class ChartFontFollower : public QObject {
  public:
    explicit ChartFontFollower(QChartView* view) : QObject(view) { view->installEventFilter(this); }

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        auto* view = qobject_cast<QChartView*>(watched);
        if (view && event->type() == QEvent::FontChange) {
            matchChartFont(view);
            fitHeight(view);
            wrapTitle(view);
        } else if (view && event->type() == QEvent::Resize) {
            wrapTitle(view);
        }
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
        // Qt Charts cuts every label of an axis to "..." when the chart is short of the
        // height it wants for them, even labels of one digit with room beside them (the cost
        // and lost-in-the-middle charts in presentation mode at 1280x720).
        if (axis->truncateLabels()) axis->setTruncateLabels(false);
        if (axis->labelsFont() != font) axis->setLabelsFont(font);
        if (axis->titleFont() != font) axis->setTitleFont(font);
    }
    for (QAbstractSeries* series : chart->series())
        if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
            for (QBarSet* set : bars->barSets())
                if (set->labelFont() != font) set->setLabelFont(font);
}

void followViewFont(QChartView* view, int minimumLines) {
    if (!view) return;
    new ChartFontFollower(view);
    view->setProperty(kMinimumLines, minimumLines);
    matchChartFont(view);
    fitHeight(view);
}

QString chartTitle(const QChartView* view) {
    return view ? view->property(kRawTitle).toString() : QString();
}

void setChartTitle(QChartView* view, const QString& title) {
    if (!view || !view->chart()) return;
    view->setProperty(kRawTitle, title);
    if (title.isEmpty())
        view->chart()->setTitle(QString());
    else
        wrapTitle(view);
}

}  // namespace ts::ui
