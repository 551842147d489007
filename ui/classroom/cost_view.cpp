#include "classroom/cost_view.hpp"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "classroom/agent_cost_calculator.hpp"
#include "core/transcript_follower.hpp"
#include "widgets/chart.hpp"
#include "widgets/steady_label.hpp"
#include "widgets/wrapped_text_delegate.hpp"

namespace ts::ui {

QString humanUnits(double v, const QString& unit) {
    static const char* prefixes[] = {"", "k", "M", "G", "T", "P"};
    int i = 0;
    while (std::abs(v) >= 1000 && i < 5) {
        v /= 1000;
        ++i;
    }
    return QStringLiteral("%1 %2%3")
        .arg(v, 0, 'f', v < 10 && i > 0 ? 2 : (v < 100 && i > 0 ? 1 : 0))
        .arg(QLatin1String(prefixes[i]), unit);
}

CostTotals costTotals(const std::vector<TranscriptStepPtr>& history) {
    CostTotals t;
    for (const auto& r : history) {
        if (!r || !r->trace || r->fromFile())
            continue;  // a step read from a file cost nothing here
        const auto& c = r->trace->cost;
        ++t.steps;
        t.tokens += static_cast<int>(r->trace->tokens.size());
        t.wallMs += c.wallMs;
        t.flops += c.flops;
        t.weightBytes += c.weightBytes;
        t.kvCacheBytes = c.kvCacheBytes;
        t.contextLength = c.contextLength;
    }
    return t;
}

CostView::CostView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_explain = new QLabel(this);
    m_explain->setWordWrap(true);
    layout->addWidget(m_explain);
    // Both change at every step of a run: SteadyLabels, so that a new figure does not lay out
    // the whole window again (4-5 ms a step at 1,024 tokens).
    m_totalsLabel = new SteadyLabel(this);
    QFont bold;  // only the weight is set: the size follows the view (presentation mode)
    bold.setBold(true);
    m_totalsLabel->label()->setFont(bold);
    layout->addWidget(m_totalsLabel);
    m_steadyLabel = new SteadyLabel(this);
    layout->addWidget(m_steadyLabel);
    // Two lines each from the start: a run's first figures replace one-line placeholders, and
    // their new height relaid out the window in the run's first frame (3 ms, twice).
    m_totalsLabel->setReservedLines(2);
    m_steadyLabel->setReservedLines(2);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_chart = new Chart(split);
    m_flops = m_chart->addLine();
    m_wall = m_chart->addLine();
    m_x = m_chart->addAxis(Chart::Side::Bottom, QStringLiteral("%d"));
    m_yFlops = m_chart->addAxis(Chart::Side::Left);
    m_yWall = m_chart->addAxis(Chart::Side::Right);
    m_chart->attach(m_flops, m_x);
    m_chart->attach(m_flops, m_yFlops);
    m_chart->attach(m_wall, m_x);
    m_chart->attach(m_wall, m_yWall);
    m_chart->setLegendAtBottom();
    m_chart->matchFont();
    auto* bottom = new QSplitter(Qt::Horizontal, split);
    m_table = new QTableWidget(0, 7, bottom);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // The step column as wide as "1 · prompt"; row numbers would repeat it.
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->viewport()->installEventFilter(this);  // row height follows the columns' width
    // Columns also change width without the viewport changing (a new minimum section size).
    connect(m_table->horizontalHeader(), &QHeaderView::sectionResized, this,
            [this] { fitRowHeight(); });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The calculator scrolls rather than squeeze its rows: at 1280x720 (Korean labels wrap
    // onto two lines, or presentation mode's larger font) it needs more height than the
    // chart leaves it, and its rows overlapped.
    auto* calculatorScroll = new QScrollArea(bottom);
    calculatorScroll->setWidgetResizable(true);
    calculatorScroll->setFrameShape(QFrame::NoFrame);
    calculatorScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_calculator = new AgentCostCalculator(calculatorScroll);
    calculatorScroll->setWidget(m_calculator);
    bottom->addWidget(m_table);
    bottom->addWidget(calculatorScroll);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    split->addWidget(m_chart);
    split->addWidget(bottom);
    m_split = split;
    layout->addWidget(split, 1);
    m_follower =
        new TranscriptFollower(this, [this](const TranscriptModel&, int from) { refresh(from); });
    m_axesTimer.setSingleShot(true);
    connect(&m_axesTimer, &QTimer::timeout, this, &CostView::fitAxes);
    retranslateUi();
}

void CostView::observe(const TranscriptModel* model) { m_follower->follow(model); }
const TranscriptModel* CostView::transcript() const { return m_follower->model(); }

const std::vector<TranscriptStepPtr>& CostView::steps() const {
    static const std::vector<TranscriptStepPtr> none;
    return m_follower->model() ? m_follower->model()->steps() : none;
}

void CostView::retranslateUi() {
    m_explain->setText(tr(
        "Every token is one full pass through the model: all weights are read once, and attention "
        "reads the whole KV cache, which grows with the context. Reasoning models (o1/o3) buy "
        "better "
        "answers with many hidden tokens of “thinking” — ten times the tokens is at least ten "
        "times "
        "the cost, and more as the context grows. An agent making dozens of model calls per task "
        "is "
        "how a $20 subscription can cost $200 to serve."));
    // Two-word titles on two lines: seven even columns share about 400 px at 1280x720.
    m_table->setHorizontalHeaderLabels({tr("Step"), tr("Tokens"), tr("Context"), tr("Wall\ntime"),
                                        tr("FLOPs"), tr("Weights\nread"), tr("KV\ncache")});
    fitHeaderWords();
    refresh(0);
}

void CostView::fitHeaderWords() {
    // Every column at least as wide as its title's widest word, and the table at least as
    // wide as those columns, so the splitter gives the calculator only what is left: in
    // presentation mode at 1280x720 "Context" needed 47 px in a 44 px column.
    QHeaderView* header = m_table->horizontalHeader();
    const QFontMetrics fm = header->fontMetrics();
    const int margin =
        2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 2;
    int widest = 0;
    for (int c = 0; c < m_table->columnCount(); ++c) {
        const QTableWidgetItem* item = m_table->horizontalHeaderItem(c);
        if (!item) continue;
        static const QRegularExpression space(QStringLiteral("\\s+"));
        for (const QString& word : item->text().split(space, Qt::SkipEmptyParts))
            widest = std::max(widest, fm.horizontalAdvance(word) + margin);
    }
    // A cell's widest word too ("130.96" of a slow prompt's "130.96 ms" was cut), and from the
    // start at least a four-digit time's: the table's new minimum width when the first rows
    // came relaid out the whole window in the first frame of a run (5 ms twice).
    const int usualWord = fm.horizontalAdvance(QStringLiteral("8888.88"));
    widest = std::max(widest, std::max(m_widestWord, usualWord) +
                                  WrappedTextDelegate::cellTextMargin(m_table) + 2);
    header->setMinimumSectionSize(widest);
    // The step column fits its contents ("1 · prompt"), the others share what is left.
    const int first = std::max(widest, header->sectionSize(0));
    const int frame = 2 * m_table->frameWidth();
    const int bar = m_table->verticalScrollBar()->sizeHint().width();
    const int least =
        first + widest * (m_table->columnCount() - 1) + frame + bar + 2;  // + rounding
    if (m_table->minimumWidth() != least) m_table->setMinimumWidth(least);
}

void CostView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // A tall view (1920x1080) gives the chart half the height: the step table's few rows
    // left the lower half blank. At 1280x720 the calculator keeps the height it needs.
    const int h = m_split->height();
    if (height() >= 800 && m_split->sizes().value(0) < h / 2) m_split->setSizes({h / 2, h - h / 2});
}

bool CostView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table->viewport() && event->type() == QEvent::Resize) fitRowHeight();
    return QWidget::eventFilter(watched, event);
}

void CostView::noteCellWidths(int row, const QFontMetrics& fm) {
    for (int c = 0; c < static_cast<int>(m_widestCell.size()); ++c)
        if (const QTableWidgetItem* item = m_table->item(row, c)) {
            m_widestCell[static_cast<std::size_t>(c)] = std::max(
                m_widestCell[static_cast<std::size_t>(c)], fm.horizontalAdvance(item->text()));
            // Cells wrap at spaces; column 0 ("1 · prompt") fits its contents anyway.
            if (c > 0)
                for (const QString& word : item->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
                    m_widestWord = std::max(m_widestWord, fm.horizontalAdvance(word));
        }
}

void CostView::fitRowHeight() {
    const QFontMetrics fm(m_table->font());
    const int margin = WrappedTextDelegate::cellTextMargin(m_table);
    int lines = 1;
    for (int c = 0; c < static_cast<int>(m_widestCell.size()); ++c)
        // A pixel of slack: the widths are whole pixels, the painted text's are not (a
        // 49.6 px "13.4 MB" measured 49 and was cut in a 49 px column).
        if (m_widestCell[static_cast<std::size_t>(c)] > m_table->columnWidth(c) - margin - 1)
            lines = 2;
    const int height = lines * fm.lineSpacing() + 8;
    if (m_table->verticalHeader()->defaultSectionSize() != height)
        m_table->verticalHeader()->setDefaultSectionSize(height);
}

void CostView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    if (event->type() == QEvent::FontChange) {  // presentation mode: the cells' widths again
        const QFontMetrics fm(m_table->font());
        m_widestCell.fill(0);
        m_widestWord = 0;
        for (int r = 0; r < m_table->rowCount(); ++r) noteCellWidths(r, fm);
        fitHeaderWords();
        fitRowHeight();
    }
    QWidget::changeEvent(event);
}

void CostView::setModel(const ModelInfo& info) { m_info = info; }

QString CostView::totalsText() const {
    if (m_totals.steps == 0) return tr("No steps yet: run the model to see what each token costs.");
    const double perToken = m_totals.tokens > 0 ? m_totals.flops / m_totals.tokens : 0;
    return tr("Session: %1 tokens in %2 calls, %3 ms, %4, %5 of weights read; KV cache now %6 for "
              "%7 "
              "tokens. About %8 per token.")
        .arg(m_totals.tokens)
        .arg(m_totals.steps)
        .arg(m_totals.wallMs, 0, 'f', 1)
        .arg(humanUnits(m_totals.flops, QStringLiteral("FLOP")))
        .arg(humanUnits(m_totals.weightBytes, QStringLiteral("B")))
        .arg(humanUnits(m_totals.kvCacheBytes, QStringLiteral("B")))
        .arg(m_totals.contextLength)
        .arg(humanUnits(perToken, QStringLiteral("FLOP")));
}

int CostView::tableRows() const { return m_table->rowCount(); }

double niceCeiling(double value) {
    if (!(value > 0) || !std::isfinite(value)) return 1;
    // Steps of 20-33 % between 1 and 10 whose quarters are round too: the axes have five
    // ticks, and 2.5 gave labels of 0.63 and 1.88.
    static constexpr double kSteps[] = {1, 1.2, 1.6, 2, 2.4, 3, 4, 4.8, 6, 8, 10};
    const double decade = std::pow(10.0, std::floor(std::log10(value)));
    for (double s : kSteps)
        if (s * decade >= value * (1 - 1e-12)) return s * decade;
    return 10 * decade;
}

double steadyMsPerToken(const std::vector<TranscriptStepPtr>& history, int recent) {
    // One-token decode steps only (a prefill's time is spread over many tokens), the most
    // recent ones, and their median: a single slow step (another program, a page fault) does
    // not move it the way the last step's time jumps.
    std::vector<double> ms;
    for (auto it = history.rbegin(); it != history.rend() && static_cast<int>(ms.size()) < recent;
         ++it) {
        const auto& r = *it;
        if (!r || !r->trace || r->fromFile() || r->index == 0 || r->trace->tokens.size() != 1)
            continue;
        ms.push_back(r->trace->cost.wallMs);
    }
    if (ms.empty()) return -1;
    std::sort(ms.begin(), ms.end());
    const std::size_t n = ms.size();
    return n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
}

QString CostView::steadyText() const {
    const double ms = steadyMsPerToken(steps(), kSteadySteps);
    if (ms < 0) return tr("Steady speed: step a few tokens to measure it.");
    const TranscriptStepPtr& last = steps().back();
    const auto& c = last->trace->cost;
    return tr("Steady speed: median %1 ms per token over the last decode steps (up to %2), against "
              "the "
              "estimate of %3 and %4 of weights read per token.")
        .arg(ms, 0, 'f', 2)
        .arg(kSteadySteps)
        .arg(humanUnits(c.flops, QStringLiteral("FLOP")))
        .arg(humanUnits(c.weightBytes, QStringLiteral("B")));
}

void CostView::refresh(int from) {
    const auto& history = steps();
    m_totals = costTotals(history);
    m_totalsLabel->setText(totalsText());
    m_steadyLabel->setText(steadyText());
    m_chart->setTitle(tr("Cost per token against context length"));
    m_chart->setSeriesName(m_flops, tr("MFLOP per token"));
    m_chart->setSeriesName(m_wall, tr("ms per token"));
    // New steps only add rows and points; a cut, a branch or a thinned step redoes them all (rare,
    // and coalesced to one per frame).
    if (static_cast<std::size_t>(std::max(0, from)) < m_built || history.size() < m_built) {
        m_table->setRowCount(0);
        m_widestCell.fill(0);
        m_widestWord = 0;
        m_chart->clearPoints(m_flops);
        m_chart->clearPoints(m_wall);
        m_built = 0;
    }
    appendRows(history, m_built);
    m_built = history.size();
    // The axes a few ms later, after the window has painted the new row and taken its input:
    // a new range lays the chart's axes out again (Qt Charts parses each tick label as HTML,
    // 9 ms for the first range of a run), and in one go with the rows, the chart's repaint
    // and the window's, the first step of a run held the event loop for 16-18 ms.
    if (!m_axesTimer.isActive()) m_axesTimer.start(kAxesDelayMs);
}

// A FLOP axis that shows the growth: the cost per token grows with the context by a few per
// cent (the attention part; the weights' part is the same at every step), which a line from 0 drew
// flat under a text saying it grows. Where the values lie within a third of each other the axis
// starts at a round number under the smallest instead of 0 (its first label says where).
std::pair<double, double> flopAxisRange(double least, double most) {
    if (!(most > 0) || !(least > 0) || least > most) return {0.0, niceCeiling(most * 1.05)};
    if (least < most * 0.67) return {0.0, niceCeiling(most * 1.05)};
    const double spread = std::max(most - least, most * 0.01);
    const double step = niceCeiling(spread * 1.1 / 4);
    const double low = std::floor(least / step) * step;
    double high = low + 4 * step;
    if (high < most) high = low + 4 * niceCeiling((most - low) / 4);
    return {low, high};
}

void CostView::fitAxes() {
    double maxFlops = 1, maxWall = 0.01, maxCtx = 2;
    double minFlops = std::numeric_limits<double>::infinity();
    const QList<QPointF> flopPoints = m_chart->points(m_flops);
    for (qsizetype i = 0; i < flopPoints.size(); ++i) {
        const QPointF& p = flopPoints[i];
        maxFlops = std::max(maxFlops, p.y());
        // The prompt's pass shares its cost over many tokens: the decode steps' range decides.
        if (i > 0 || flopPoints.size() < 3) minFlops = std::min(minFlops, p.y());
        maxCtx = std::max(maxCtx, p.x());
    }
    for (const QPointF& p : m_chart->points(m_wall)) maxWall = std::max(maxWall, p.y());
    // Axis ends rounded up to a round number, so that they change a few times a run rather than at
    // every step: a new range lays the chart's axes out again, about 1 ms each. Context lengths are
    // whole tokens and the axis labels them "%d": a multiple of 4, so its five ticks fall on whole
    // numbers (10 gave 2, 5, 7 for 2.5, 5, 7.5).
    m_chart->setRangeIfChanged(m_x, 0, 4 * std::ceil(niceCeiling(maxCtx) / 4));
    m_chart->setAxisTitle(m_x, tr("context length (tokens)"));
    const auto [lowFlops, highFlops] = flopAxisRange(minFlops, maxFlops);
    m_chart->setRangeIfChanged(m_yFlops, lowFlops, highFlops);
    // Units only: the axis is about 100 px tall at 1280x720, and the legend says "per token".
    m_chart->setAxisTitle(m_yFlops, QStringLiteral("MFLOP"));
    m_chart->setRangeIfChanged(m_yWall, 0, niceCeiling(maxWall * 1.05));
    m_chart->setAxisTitle(m_yWall, QStringLiteral("ms"));
}

void CostView::appendRows(const std::vector<TranscriptStepPtr>& history, std::size_t first) {
    QList<QPointF> flops, wall;
    int row = m_table->rowCount();
    const QFontMetrics fm(m_table->font());
    for (std::size_t i = first; i < history.size(); ++i) {
        const auto& r = history[i];
        if (!r || !r->trace || r->fromFile()) continue;
        const auto& c = r->trace->cost;
        const int n = std::max(1, static_cast<int>(r->trace->tokens.size()));
        m_table->setRowCount(row + 1);
        // Steps count from 1, as in the timeline.
        const QString cells[7] = {r->index == 0 ? QStringLiteral("1 · %1").arg(tr("prompt"))
                                                : QString::number(r->index + 1),
                                  QString::number(n), QString::number(c.contextLength),
                                  QStringLiteral("%1 ms").arg(c.wallMs, 0, 'f', 2),
                                  // "42.3 M" under "FLOPs": "MFLOP" alone was wider than the
                                  // column in presentation mode at 1280x720.
                                  humanUnits(c.flops, QString()).trimmed(),
                                  humanUnits(c.weightBytes, QStringLiteral("B")),
                                  humanUnits(c.kvCacheBytes, QStringLiteral("B"))};
        for (int col = 0; col < 7; ++col)
            m_table->setItem(row, col, new QTableWidgetItem(cells[col]));
        noteCellWidths(row, fm);
        ++row;
        flops.append({double(c.contextLength), c.flops / n / 1e6});
        wall.append({double(c.contextLength), c.wallMs / n});
    }
    if (flops.isEmpty()) return;
    fitHeaderWords();  // the step column may have grown
    fitRowHeight();
    m_table->scrollToBottom();
    m_chart->appendPoints(m_flops, flops);
    m_chart->appendPoints(m_wall, wall);
}

void CostView::applySettings(const QJsonObject& settings) {
    if (settings.contains(QStringLiteral("calculator")))
        m_calculator->setInputs(
            agentCostInputsFrom(settings.value(QStringLiteral("calculator")).toObject()));
}

}  // namespace ts::ui
