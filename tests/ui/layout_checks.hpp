#pragma once
// Layout faults a person would see on a projector, measured without one, shared by the
// layout and presentation-mode tests: how much of a view is empty background, which
// one-line labels, buttons, table column headers, chart titles and chart labels are cut
// short (their full text wider than the room they have), which tables need scrolling sideways, and
// whether the window is wider than the screen; plus the window set-up those tests share (a run on
// the bundled model, settling after lesson steps and experiments). Each check returns what it
// found, so a failing test names the widget.
#include <QAbstractAxis>
#include <QAbstractButton>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLayout>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QString>
#include <QStringList>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTextLayout>
#include <QWidget>
#include <algorithm>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/probes_view.hpp"
#include "classroom/tokenizer_compare_view.hpp"
#include "shell/headless_run.hpp"
#include "shell/main_window.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/heatmap_widget.hpp"

namespace ts_test {

// Share of the widget that is empty: cut into 40-pixel tiles, a tile is empty when every
// pixel in it is a background colour (Base or Window). White space between the lines of a
// drawing counts as used; a blank half of the view does not.
inline double emptyShare(QWidget* w) {
    const QImage img = w->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRgb base = w->palette().color(QPalette::Base).rgb();
    const QRgb window = w->palette().color(QPalette::Window).rgb();
    constexpr int kTile = 40;
    int tiles = 0, empty = 0;
    for (int ty = 0; ty + kTile <= img.height(); ty += kTile)
        for (int tx = 0; tx + kTile <= img.width(); tx += kTile) {
            ++tiles;
            bool blank = true;
            for (int y = ty; y < ty + kTile && blank; ++y) {
                const auto* row = reinterpret_cast<const QRgb*>(img.constScanLine(y));
                for (int x = tx; x < tx + kTile; ++x)
                    if (row[x] != base && row[x] != window) {
                        blank = false;
                        break;
                    }
            }
            empty += blank;
        }
    return tiles ? static_cast<double>(empty) / tiles : 1.0;
}

// Whether `w` is on screen inside `root`: visible, and not on a hidden page of a stack or
// a tab behind another dock.
inline bool shownIn(QWidget* w, QWidget* root) {
    return w->isVisibleTo(root) && w->isVisible() && w->width() > 0 && w->height() > 0;
}

// Visible one-line labels and buttons whose text does not fit their width: the label's
// full text against the text elided to its room (what a narrower label would show).
inline QStringList cutTexts(QWidget* root) {
    QStringList out;
    for (QLabel* l : root->findChildren<QLabel*>()) {
        if (!shownIn(l, root) || l->wordWrap() || l->text().isEmpty() ||
            l->textFormat() == Qt::RichText || Qt::mightBeRichText(l->text()) ||
            l->text().contains(QLatin1Char('\n')))
            continue;
        const int room = l->contentsRect().width() - 2 * l->margin() - 2 * std::max(0, l->indent());
        const QString full = l->text();
        if (l->fontMetrics().elidedText(full, Qt::ElideRight, room) != full)
            out << QStringLiteral("label “%1” (%2 px for %3)")
                       .arg(full)
                       .arg(room)
                       .arg(l->fontMetrics().horizontalAdvance(full));
    }
    for (QAbstractButton* b : root->findChildren<QAbstractButton*>()) {
        if (!shownIn(b, root) || b->text().isEmpty() || b->inherits("QToolButton")) continue;
        const QString text = QString(b->text()).remove(QLatin1Char('&'));
        // Check boxes and radio buttons draw their indicator before the text.
        const int indicator = b->inherits("QCheckBox") || b->inherits("QRadioButton") ? 18 : 8;
        const int room = b->contentsRect().width() - indicator;
        if (b->fontMetrics().horizontalAdvance(text) > room)
            out << QStringLiteral("button “%1” (%2 px for %3)")
                       .arg(text)
                       .arg(room)
                       .arg(b->fontMetrics().horizontalAdvance(text));
    }
    // Painted captions: a heatmap's colour-bar title must fit beside the bar.
    for (ts::ui::HeatmapWidget* h : root->findChildren<ts::ui::HeatmapWidget*>()) {
        if (!shownIn(h, root) || h->legendCaption().isEmpty()) continue;
        if (const int over = h->legendCaptionOverflow(); over > 0)
            out << QStringLiteral("colour-bar title “%1” (%2 px past the edge)")
                       .arg(h->legendCaption())
                       .arg(over);
    }
    // Painted row and column labels of a heatmap (tokens, layers) shortened to their room.
    for (ts::ui::HeatmapWidget* h : root->findChildren<ts::ui::HeatmapWidget*>()) {
        if (!shownIn(h, root)) continue;
        for (const QString& label : h->cutLabels())
            out << QStringLiteral("heatmap label “%1” (%2)").arg(label, h->objectName());
    }
    return out;
}

// Visible horizontal table headers whose section titles do not fit their section: the
// style's header margin on each side, each line of the title (or, for titles that wrap,
// the wrapped block) against the section's width and the header's height.
inline QStringList cutHeaderTexts(QWidget* root) {
    QStringList out;
    for (QHeaderView* h : root->findChildren<QHeaderView*>()) {
        if (h->orientation() != Qt::Horizontal || !shownIn(h, root) || !h->model()) continue;
        const int margin = h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
        const QFontMetrics fm = h->fontMetrics();
        // The probe table's bars column keeps its last line for the axis under the title.
        const auto* probe = qobject_cast<const ts::ui::ProbeHeader*>(h);
        for (int i = 0; i < h->count(); ++i) {
            if (h->isSectionHidden(i) || h->sectionSize(i) <= 0) continue;
            const QString text =
                h->model()->headerData(i, Qt::Horizontal, Qt::DisplayRole).toString();
            if (text.isEmpty()) continue;
            const int room = h->sectionSize(i) - 2 * margin;
            int roomH = h->height() - 2 * margin;
            if (probe && i == ts::ui::ProbesView::Bars) roomH -= fm.height() + 6;
            const QVariant a = h->model()->headerData(i, Qt::Horizontal, Qt::TextAlignmentRole);
            const int align = a.isValid() ? a.toInt() : int(h->defaultAlignment());
            int needW = 0, needH = 0;
            if (align & Qt::TextWordWrap) {
                const QRect br =
                    fm.boundingRect(QRect(0, 0, std::max(1, room), 100000), Qt::TextWordWrap, text);
                needW = br.width();
                needH = br.height();
            } else {
                const QStringList lines = text.split(QLatin1Char('\n'));
                for (const QString& line : lines)
                    needW = std::max(needW, fm.horizontalAdvance(line));
                needH = fm.height() + (static_cast<int>(lines.size()) - 1) * fm.lineSpacing();
            }
            // A pixel of slack: centred text one pixel too wide runs half a pixel into each
            // margin and reads whole (the cost table's "Weights read" beside a lesson).
            if (needW > room + 1 || needH > roomH)
                out << QStringLiteral("column header “%1” (%2x%3 px for %4x%5)")
                           .arg(QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')))
                           .arg(room)
                           .arg(roomH)
                           .arg(needW)
                           .arg(needH);
        }
    }
    return out;
}

// Visible charts whose title or axis titles are cut: Qt Charts shortens a chart's title to
// the chart's width (a title may break into lines with <br>) and an axis title to one line
// as long as the plot area's side it runs along (a vertical axis's title runs up the plot
// area's height).
inline QStringList cutChartTitles(QWidget* root) {
    QStringList out;
    for (QChartView* v : root->findChildren<QChartView*>()) {
        QChart* c = v->chart();
        if (!c || !shownIn(v, root)) continue;
        auto plain = [](const QString& t) {
            return QTextDocumentFragment::fromHtml(t).toPlainText();
        };
        // A title may break into lines (<br>): its widest line counts.
        auto widest = [](const QFontMetrics& fm, const QString& t) {
            int w = 0;
            static const QRegularExpression breaks(QStringLiteral("[\n\u2028\u2029]"));
            for (const QString& line : t.split(breaks)) w = std::max(w, fm.horizontalAdvance(line));
            return w;
        };
        if (!c->title().isEmpty()) {
            const QFontMetrics fm(c->titleFont());
            const int room = qFloor(c->size().width()) - c->margins().left() - c->margins().right();
            const int need = widest(fm, plain(c->title()));
            if (need > room)
                out << QStringLiteral("chart title “%1” (%2 px for %3)")
                           .arg(plain(c->title()))
                           .arg(room)
                           .arg(need);
        }
        for (QAbstractAxis* axis : c->axes()) {
            if (!axis->isVisible() || !axis->isTitleVisible() || axis->titleText().isEmpty())
                continue;
            const QFontMetrics fm(axis->titleFont());
            const bool vertical = axis->orientation() == Qt::Vertical;
            const int room = qFloor(vertical ? c->plotArea().height() : c->plotArea().width());
            const QString text = plain(axis->titleText());
            const int need = widest(fm, text);
            // An axis title keeps one line: Qt Charts cuts a two-line one after the first.
            if (text.contains(QRegularExpression(QStringLiteral("[\n\u2028\u2029]"))))
                out << QStringLiteral("axis title “%1” on two lines (Qt Charts shows one)")
                           .arg(text);
            else if (need > room)
                out << QStringLiteral("axis title “%1” (%2 px for %3)")
                           .arg(text)
                           .arg(room)
                           .arg(need);
        }
    }
    return out;
}

// Chart text that Qt Charts cut to fit: axis labels (a category or a tick value), legend
// entries and titles are text items in the chart's scene, and a cut one ends in the three
// dots Qt Charts appends (ChartPresenter::truncatedText). Our own strings write "…", so
// "..." at the end is Qt's cut, whatever the chart and whatever the axis type.
inline QStringList cutChartLabels(QWidget* root) {
    QStringList out;
    for (QChartView* v : root->findChildren<QChartView*>()) {
        if (!shownIn(v, root) || !v->scene()) continue;
        for (QGraphicsItem* item : v->scene()->items()) {
            auto* text = dynamic_cast<QGraphicsTextItem*>(item);
            if (!text || !text->isVisible()) continue;
            const QString shown = text->toPlainText();
            if (shown.endsWith(QLatin1String("...")))
                out << QStringLiteral("chart text “%1” cut by Qt Charts").arg(shown);
        }
    }
    return out;
}

// Table cells whose text the painter cuts: a row shorter than the text's lines (the last
// line that does not fit is elided), or a word wider than its column (a line is wrapped at
// spaces only, and a longer word is elided; a table that does not wrap, a whole line). The text is
// what the cell's delegate shows, laid out as QCommonStyle paints it: word wrap, the cell's fonts
// (fallback fonts for Hangul included), the column's width less the text margins, the cell's full
// height.
inline QStringList cutTableCells(QWidget* root) {
    QStringList out;
    for (QTableView* t : root->findChildren<QTableView*>()) {
        if (!shownIn(t, root) || !t->model()) continue;
        const QAbstractItemModel* m = t->model();
        const int margin = t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1;
        for (int r = 0; r < m->rowCount(); ++r) {
            if (t->isRowHidden(r) || t->rowViewportPosition(r) >= t->viewport()->height()) continue;
            for (int c = 0; c < m->columnCount(); ++c) {
                if (t->isColumnHidden(c)) continue;
                const QModelIndex index = m->index(r, c);
                QString text = index.data(Qt::DisplayRole).toString();
                if (const auto* d =
                        qobject_cast<const QStyledItemDelegate*>(t->itemDelegateForIndex(index)))
                    text = d->displayText(index.data(Qt::DisplayRole), t->locale());
                if (text.isEmpty()) continue;
                QFont font = t->font();
                const QVariant f = index.data(Qt::FontRole);
                if (f.canConvert<QFont>()) font = f.value<QFont>();
                QTextLayout layout(text.replace(QLatin1Char('\n'), QChar::LineSeparator), font);
                QTextOption wrap;
                wrap.setWrapMode(t->wordWrap() ? QTextOption::WordWrap : QTextOption::ManualWrap);
                layout.setTextOption(wrap);
                const qreal width = t->columnWidth(c) - 2 * margin - (t->showGrid() ? 1 : 0);
                qreal need = 0, widest = 0;
                layout.beginLayout();
                for (QTextLine line = layout.createLine(); line.isValid();
                     line = layout.createLine()) {
                    line.setLineWidth(width);
                    need += line.height();
                    widest = std::max(widest, line.naturalTextWidth());
                }
                layout.endLayout();
                // the painter keeps no vertical margin (QCommonStyle::viewItemDrawText)
                const int room = t->rowHeight(r) - (t->showGrid() ? 1 : 0);
                if (need > room + 0.5)
                    out << QStringLiteral("table cell “%1” (%2 px tall for %3)")
                               .arg(text.left(40))
                               .arg(room)
                               .arg(qCeil(need));
                else if (widest > width + 0.5)
                    out << QStringLiteral("table cell “%1” (a word %2 px wide in %3)")
                               .arg(text.left(40))
                               .arg(qCeil(widest))
                               .arg(qFloor(width));
            }
        }
    }
    return out;
}

// Visible widgets a layout gave less than the minimum they set: a layout out of room
// squeezes its items below their minimum and they overlap or lose their lower part (the
// lost-in-the-middle charts under their conclusion in Korean presentation mode at 1280x720).
inline QStringList squeezedWidgets(QWidget* root) {
    QStringList out;
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!shownIn(w, root) || w->isWindow()) continue;
        // Only widgets a layout places (a spin box's line edit or a splitter's pane is sized
        // by its owner).
        const QWidget* parent = w->parentWidget();
        if (!parent || !parent->layout() || parent->layout()->indexOf(w) < 0) continue;
        // What a layout may not go under: the set minimum, else the minimum size hint
        // (qSmartMinSize), for any widget whose size policy does not say Ignored.
        const QSizePolicy p = w->sizePolicy();
        const QSize hint = w->minimumSizeHint();
        const QSize least(p.horizontalPolicy() == QSizePolicy::Ignored ? 0
                          : w->minimumWidth() > 0                      ? w->minimumWidth()
                                                                       : hint.width(),
                          p.verticalPolicy() == QSizePolicy::Ignored ? 0
                          : w->minimumHeight() > 0                   ? w->minimumHeight()
                                                                     : hint.height());
        if (w->height() < least.height() || w->width() < least.width())
            out << QStringLiteral("%1 %2x%3 px, under its minimum %4x%5")
                       .arg(QString::fromLatin1(w->metaObject()->className()))
                       .arg(w->width())
                       .arg(w->height())
                       .arg(least.width())
                       .arg(least.height());
    }
    return out;
}

// Visible tables whose columns are wider than the table (a reader scrolls sideways).
inline QStringList sideScrollingTables(QWidget* root) {
    QStringList out;
    for (QTableView* t : root->findChildren<QTableView*>()) {
        if (!shownIn(t, root) || !t->model() || t->model()->columnCount() == 0) continue;
        if (t->horizontalScrollBar()->maximum() > 0)
            out << QStringLiteral("table %1 (%2 columns) scrolls %3 px sideways")
                       .arg(t->objectName().isEmpty()
                                ? QString::fromLatin1(t->parentWidget()->metaObject()->className())
                                : t->objectName())
                       .arg(t->model()->columnCount())
                       .arg(t->horizontalScrollBar()->maximum());
    }
    return out;
}

// Canned fact-probe results (the layout, not the numbers, is under test): every third
// probe a confident invention, so the summary table and the coloured cells all show.
inline void cannedProbeResults(ts::ui::ProbesView* probes) {
    std::vector<ts::ProbeResult> results(static_cast<std::size_t>(probes->rowCount()));
    for (std::size_t i = 0; i < results.size(); ++i) {
        results[i].logPTrue = -0.2 - static_cast<double>(i % 7);
        results[i].logPFalse = {-1.5, -3.0 - static_cast<double>(i % 5)};
        results[i].topProb = i % 3 == 0 ? 0.8f : 0.3f;
        results[i].truthWins = i % 3 != 0;
        results[i].answer.text = " Kroish";
        results[i].answer.word = " Kroish";
        results[i].answer.prob = results[i].topProb;
    }
    probes->showResults(results);
}

// Waits until the window and every classroom tool have finished (no run, no experiment,
// no tokenizer loading, no new record for a while). A fact-probe run is cut short and
// given canned results.
inline void settle(ts::ui::MainWindow& window) {
    QElapsedTimer t;
    t.start();
    int quiet = 0;
    int last = -1;
    while (quiet < 6 && t.elapsed() < 90000) {
        QTest::qWait(50);
        ts::ui::ProbesView* probes = window.classroom()->probes();
        bool busy = window.isRunning() || window.classroom()->tokenizers()->isLoading();
        if (probes->isBusy()) {
            probes->cancel();
            while (probes->isBusy() && t.elapsed() < 90000) QTest::qWait(20);
            cannedProbeResults(probes);
        }
        for (const auto* tool : window.findChildren<ts::ui::ClassroomToolView*>())
            busy |= tool->isBusy();
        const int n = static_cast<int>(window.history().size());
        quiet = busy || n != last ? 0 : quiet + 1;
        last = n;
    }
}

// The patch and steer views run on their examples in the window's language (#45): their
// heatmaps, candidates, strip and chart are part of their layout.
inline void runPatchAndSteer(ts::ui::MainWindow& window) {
    window.classroom()->applySettings(QStringLiteral("patch"), {{QStringLiteral("run"), true}});
    window.classroom()->applySettings(QStringLiteral("steer"), {{QStringLiteral("run"), true}});
    settle(window);
}

// A window on the bundled model, `steps` records of the seed's English sentence made.
inline void startWindow(ts::ui::MainWindow& window, int steps, const QTemporaryDir& dir) {
    window.resize(1280, 720);
    window.show();
    ts::ui::HeadlessOptions o;
    o.model = QString::fromStdString(ts::bundledModelPath().string());
    o.prompt = QStringLiteral("The culprit turned out to be Sujin. The culprit,");
    o.steps = steps;
    o.params.seed = 4;
    o.params.temperature = 0.8f;
    o.view = QStringLiteral("tokens");
    o.screenshot = dir.filePath(QStringLiteral("start.png"));
    ts::ui::HeadlessRun run(&window, o);
    QSignalSpy finished(&run, &ts::ui::HeadlessRun::finished);
    run.start();
    REQUIRE(waitFor(finished, 1, 60000));
    REQUIRE(finished.front().front().toInt() == 0);
}

inline void resizeTo(ts::ui::MainWindow& window, const QSize& size) {
    window.resize(size);
    // Views re-lay out on their resize events (the attention thumbnails reflow, the probe
    // columns refit): let them.
    QTest::qWait(60);
    QApplication::processEvents();
}

// Every fault of the window as it is now, for `what` at `size`, each line starting with
// both; empty when there is none. `checkEmpty`: also the central view's empty share.
constexpr double kMostEmpty = 0.40;
inline QStringList windowFaults(ts::ui::MainWindow& window, const QSize& size, const QString& what,
                                bool checkEmpty = true, double mostEmpty = kMostEmpty) {
    QStringList out;
    QApplication::processEvents();
    if (window.width() > size.width() || window.minimumSizeHint().width() > size.width())
        out << QStringLiteral("window %1 px wide (at least %2) on a %3 px screen")
                   .arg(window.width())
                   .arg(window.minimumSizeHint().width())
                   .arg(size.width());
    if (window.height() > size.height() || window.minimumSizeHint().height() > size.height())
        out << QStringLiteral("window %1 px high (at least %2) on a %3 px screen")
                   .arg(window.height())
                   .arg(window.minimumSizeHint().height())
                   .arg(size.height());
    out << cutTexts(&window) << cutHeaderTexts(&window) << cutChartTitles(&window)
        << cutChartLabels(&window);
    auto* stack = window.findChild<QStackedWidget*>();
    QWidget* view = stack ? stack->currentWidget() : nullptr;
    if (view) {
        out << sideScrollingTables(view) << cutTableCells(view) << squeezedWidgets(view);
        const double empty = emptyShare(view);
        if (checkEmpty && empty > mostEmpty)
            out << QStringLiteral("%1 % of the central view is empty background")
                       .arg(qRound(empty * 100));
    }
    for (QString& f : out)
        f.prepend(QStringLiteral("%1 at %2x%3: ").arg(what).arg(size.width()).arg(size.height()));
    return out;
}

}  // namespace ts_test
