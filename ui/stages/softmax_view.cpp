#include "stages/softmax_view.hpp"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/stage_distribution.hpp"
#include "tokenscope/sampling.hpp"

namespace ts::ui {

namespace {
constexpr int kLabelWidth = 150;
// A probability in percent for a reader: never "0.00%" nor "5.3e-07" for a token that was drawn.
QString softmaxPercentText(double p) {
    const double pct = 100.0 * p;
    if (pct <= 0.0) return QStringLiteral("0");
    if (pct < 0.01) return QStringLiteral("< 0.01");
    return QString::number(pct, 'f', pct < 1.0 ? 3 : 2);
}

// A bar's figure: tiny probabilities read "< 0.001%", never a false "0.000%" nor "4.2e-06%".
QString softmaxBarText(float p) {
    return p >= 1e-5f ? QStringLiteral("%1%").arg(100.0 * p, 0, 'f', p < 0.001f ? 3 : 1)
           : p > 0.0f ? QStringLiteral("< 0.001%")
                      : QStringLiteral("0%");
}

}  // namespace

QString SoftmaxView::tailNote() const {
    if (!m_distribution) return {};
    const auto& d = *m_distribution;
    if (d.tailTokens == 0)
        return tr(
            "No token has under 0.01 %: every one that can be drawn is "
            "at least that likely.");
    return tr("%n token(s) under 0.01 % each hold %1 % of the draw together: why a rare token "
              "sometimes comes up.",
              nullptr, d.tailTokens)
        .arg(100.0 * d.tailMass, 0, 'f', d.tailMass < 0.01 ? 2 : 1);
}

void SoftmaxView::setFixedAxis(bool on) {
    if (on == m_fixedAxis) return;
    m_fixedAxis = on;
    update();
}

void SoftmaxView::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    QAction* fixed = menu.addAction(tr("Fixed 0–100 % axis"));
    fixed->setCheckable(true);
    fixed->setChecked(m_fixedAxis);
    connect(fixed, &QAction::toggled, this, &SoftmaxView::setFixedAxis);
    // What-if on the candidate under the pointer: ban it, or push its logit, from this step on.
    const int i = barAt(event->pos());
    if (i >= 0 && m_record && !m_record->fromFile()) {
        const int token = m_bars[static_cast<std::size_t>(i)].token;
        const QString name = m_vocab ? m_vocab->display(token) : QStringLiteral("#%1").arg(token);
        menu.addSeparator();
        connect(menu.addAction(tr("Ban “%1” from this step on").arg(name)), &QAction::triggered,
                this, [this, token] { emit candidateBanned(token); });
        connect(menu.addAction(tr("Raise “%1” (logit +2)").arg(name)), &QAction::triggered, this,
                [this, token] { emit candidateBiased(token, 2.0f); });
        connect(menu.addAction(tr("Lower “%1” (logit −2)").arg(name)), &QAction::triggered, this,
                [this, token] { emit candidateBiased(token, -2.0f); });
    }
    menu.exec(event->globalPos());
}

SoftmaxView::SoftmaxView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(360, 260);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

void SoftmaxView::setVocabulary(VocabularyPtr vocab) {
    m_vocab = std::move(vocab);
    update();
}

void SoftmaxView::setRecord(TranscriptStepPtr record) {
    m_record = std::move(record);
    recompute();
}

void SoftmaxView::setBefore(TranscriptStepPtr before) {
    if (before == m_before) return;
    m_before = std::move(before);
    recompute();
}

bool SoftmaxView::showsBefore() const {
    return m_record && m_before && m_before->trace && !m_before->trace->logits.empty() &&
           m_record->trace && m_before->index == m_record->index &&
           std::ranges::equal(m_before->contextTokens(), m_record->contextTokens());
}

void SoftmaxView::setParams(const ts::SamplingParams& params) {
    m_params = params;
    recompute();
}

void SoftmaxView::setBarCount(int n) {
    m_barCount = std::max(1, n);
    recompute();
}

void SoftmaxView::recompute() {
    QElapsedTimer timer;
    timer.start();
    m_bars.clear();
    m_distribution.reset();
    m_vocabSize = 0;
    m_entropy = m_samplingEntropy = 0;
    m_sampledRank = 0;
    m_sampledProb = 0;
    m_kept = 0;
    m_cutoff = 0;
    m_restMass = -1;
    m_restAtOne = 0;
    m_restTokens = 0;
    if (m_record) m_distribution = distributionFor(*m_record, m_params, m_barCount, 0);
    if (m_distribution) {
        const auto& d = *m_distribution;
        const auto& logits = m_record->trace->logits;
        m_vocabSize = d.vocabSize;
        m_entropy = d.entropyBits;
        m_samplingEntropy = d.samplingEntropyBits;
        m_kept = d.kept;
        const std::size_t shown = std::min(d.top.size(), static_cast<std::size_t>(m_barCount));
        // At temperature 0 the probabilities are one-hot: the log chart shows the model's own
        // (temperature 1) instead, how sure it was of the token that always wins.
        std::shared_ptr<const ts::StepDistribution> atOne;
        if (d.params.temperature <= 0.0f) {
            ts::SamplingParams one = m_params;
            one.temperature = 1.0f;
            one.topK = 0;
            one.topP = 1.0f;
            atOne = distributionFor(*m_record, one, 1, 0);
        }
        // The cumulative column adds up what the log chart shows (temperature 0: the model's own).
        float cumulative = 0;
        for (std::size_t i = 0; i < shown; ++i) {
            const auto& r = d.top[i];
            const float one = atOne ? atOne->probOf(logits, r.token) : r.prob;
            cumulative += one;
            m_bars.push_back({r.token, r.prob, r.sampling, r.sampling <= 0.0f,
                              std::min(cumulative, 1.0f), one, -1.0f, false});
        }
        applyRest(d);  // a server's top K: their share of the whole vocabulary, and the rest
        m_cutoff = static_cast<int>(m_bars.size());
        for (int i = 0; i < static_cast<int>(m_bars.size()); ++i)
            if (m_bars[static_cast<std::size_t>(i)].cut) {
                m_cutoff = i;
                break;
            }
        addBefore(d);
        const int s = m_record->sampledToken;
        if (s >= 0 && s < static_cast<int>(logits.size())) {
            // The engine ranked the drawn token when it drew it (rankOf: one comparison pass).
            m_sampledRank =
                m_record->figures.rank > 0 ? m_record->figures.rank : ts::rankOf(logits, s);
            m_sampledProb = d.probOf(logits, s);
            if (m_restMass > 0) m_sampledProb *= static_cast<float>(1.0 - m_restMass);
        }
    }
    m_recomputeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    update();
}

// The before/after comparison's figures: each bar's probability without the interventions at
// the same settings; the most likely tokens before that are missing now (banned, or pushed
// down) take the first rows, so a banned favourite is still seen with what it had.
void SoftmaxView::addBefore(const ts::StepDistribution& now) {
    if (!showsBefore()) return;
    const auto before = distributionFor(*m_before, m_params, m_barCount, 0);
    if (!before) return;
    const auto& logits = m_before->trace->logits;
    for (Bar& b : m_bars) b.before = before->probOf(logits, b.token);
    constexpr std::size_t kMostExtra = 3;
    std::vector<Bar> extra;
    for (std::size_t i = 0; i < before->top.size() && i < kMostExtra; ++i) {
        const int token = before->top[i].token;
        const bool shown = std::any_of(m_bars.begin(), m_bars.end(),
                                       [token](const Bar& b) { return b.token == token; });
        if (shown) continue;
        const auto& nowLogits = m_record->trace->logits;
        const float p = now.probOf(nowLogits, token);
        extra.push_back(
            {token, p, now.samplingOf(nowLogits, token), false, 0, p, before->top[i].prob, true});
    }
    if (extra.empty()) return;
    // First, where they are seen whatever the view's height (the last rows are the first to go).
    const std::size_t room = static_cast<std::size_t>(std::max(1, m_barCount));
    if (m_bars.size() + extra.size() > room)
        m_bars.resize(room > extra.size() ? room - extra.size() : 0);
    m_cutoff = std::min(m_cutoff, static_cast<int>(m_bars.size())) + static_cast<int>(extra.size());
    m_bars.insert(m_bars.begin(), extra.begin(), extra.end());
}

void SoftmaxView::applyRest(const ts::StepDistribution& d) {
    const ts::StepTrace* trace = m_record ? m_record->trace.get() : nullptr;
    if (!trace || !(trace->tailMass > 0)) return;
    const auto& logits = trace->logits;  // the K logprobs, -infinity elsewhere
    int k = 0;
    float maxLogit = -std::numeric_limits<float>::infinity();
    for (const float x : logits)
        if (std::isfinite(x)) {
            ++k;
            maxLogit = std::max(maxLogit, x);
        }
    const int n = static_cast<int>(logits.size()) - k;  // tokens in the rest
    if (k == 0 || n <= 0) return;
    const double tail = std::min(1.0, trace->tailMass);
    const double t = d.params.temperature;
    // The rest's share at the temperature. Its tokens are not itemised, so they are taken as
    // evenly spread: (n tokens of tail / n each)^(1/T) against the K's p^(1/T). At T = 1 this
    // is exactly the tail; elsewhere an estimate (the even spread is the smallest such tail
    // below 1 and the largest above). At T = 0 the draw is the top token: the rest gets 0.
    double share = 0;
    if (t > 0) {
        double sumK = 0;
        for (const float x : logits)
            if (std::isfinite(x)) sumK += std::exp((static_cast<double>(x) - maxLogit) / t);
        const double logK = maxLogit / t + std::log(sumK);
        const double logRest = std::log(static_cast<double>(n)) +
                               (std::log(tail) - std::log(static_cast<double>(n))) / t;
        const double top = std::max(logK, logRest);
        share = std::exp(logRest - top) / (std::exp(logK - top) + std::exp(logRest - top));
    }
    const bool atZero = t <= 0;
    const float scale = static_cast<float>(1.0 - share);
    const float oneScale = static_cast<float>(1.0 - tail);
    std::vector<Bar> kept;
    float cumulative = 0;
    for (Bar b : m_bars) {
        if (!std::isfinite(logits[static_cast<std::size_t>(b.token)])) continue;  // in the rest
        if (atZero) {
            b.atOne *= oneScale;  // the model's own, of the whole vocabulary
        } else {
            b.prob *= scale;
            b.atOne = b.prob;
        }
        cumulative += b.atOne;
        b.cumulative = std::min(cumulative, 1.0f);
        kept.push_back(b);
    }
    m_bars = std::move(kept);
    // The entropy over the K and the rest counted as one outcome, as tokenscope-cli's trace
    // counts it: a lower bound of the whole vocabulary's (docs/remote.md).
    if (!atZero && share > 0 && share < 1)
        m_entropy =
            (1 - share) * m_entropy - (1 - share) * std::log2(1 - share) - share * std::log2(share);
    m_restMass = share;
    m_restAtOne = tail;
    m_restTokens = n;
}

QStringList SoftmaxView::restNote() const {
    if (m_restMass < 0) return {};
    const int k = m_vocabSize - m_restTokens;
    return {tr("Top %1 from the server; the other %2 tokens, not itemised, hold %3 % together "
               "(striped bar).")
                .arg(k)
                .arg(m_restTokens)
                .arg(m_restAtOne < 5e-5
                         ? QStringLiteral("< 0.01")
                         : QString::number(100.0 * m_restAtOne, 'f', m_restAtOne < 0.01 ? 2 : 1)),
            tr("That share is exact at temperature 1, approximate at others; sampling never draws "
               "from it.")};
}

// Rows share the height the view has (a projector's tall window shows thicker bars, not a
// blank lower half), between one line of text and twice that; the last slot is the hint.
int SoftmaxView::rowHeight() const {
    const int least = fontMetrics().height() + 6;
    const int rows = static_cast<int>(m_bars.size()) + (m_restMass >= 0 ? 2 : 1);
    return std::clamp(barArea().height() / std::max(1, rows), least, 2 * least);
}

// Below the header lines, a line of column titles and axis ticks, then the rows.
QRect SoftmaxView::barArea() const {
    // The header lines, then a line of chart titles above the line of column titles and ticks.
    const int top = (headerLines() + 2) * (fontMetrics().height() + 2) + 16;
    return QRect(8, top, width() - 16, height() - top - 8);
}

int SoftmaxView::barAt(QPoint p) const {
    const QRect area = barArea();
    if (!area.contains(p)) return -1;
    const int i = (p.y() - area.top()) / rowHeight();
    return i < static_cast<int>(m_bars.size()) ? i : -1;
}

void SoftmaxView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm = fontMetrics();
    const int lh = fm.height() + 2;
    painter.setPen(pal.color(QPalette::Text));
    if (!m_record) {
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("Run a step to see the probability of every possible next token."));
        return;
    }
    auto label = [this](int token) {
        // Read after the context: a candidate that finishes a split character names it.
        return m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), token)
                       : QStringLiteral("#%1").arg(token);
    };
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    const QString heading = tr("Step %1 · next-token distribution over %2 tokens")
                                .arg(m_record->index + 1)
                                .arg(m_vocabSize);
    painter.drawText(QPoint(8, lh), heading);
    const int headingRight = 8 + QFontMetrics(bold).horizontalAdvance(heading);
    painter.setFont(font());
    QString params = tr("temperature %1").arg(m_params.temperature, 0, 'f', 2);
    if (m_params.topK > 0) params += tr(" · top-k %1").arg(m_params.topK);
    if (m_params.topP < 1.0f) params += tr(" · top-p %1").arg(m_params.topP, 0, 'f', 2);
    painter.drawText(QPoint(8, 2 * lh), tr("%1 · entropy %2 bits · %3 tokens can be drawn")
                                            .arg(params)
                                            .arg(m_entropy, 0, 'f', 2)
                                            .arg(m_kept));
    if (m_record->sampledToken >= 0)
        painter.drawText(QPoint(8, 3 * lh), tr("Drawn: %1 — rank %2, probability %3%")
                                                .arg(label(m_record->sampledToken))
                                                .arg(m_sampledRank)
                                                .arg(softmaxPercentText(m_sampledProb)));
    const QStringList rest = restNote();
    if (rest.isEmpty()) {
        painter.drawText(QPoint(8, 4 * lh),
                         fm.elidedText(tailNote(), Qt::ElideRight, width() - 16));
    } else {
        for (int i = 0; i < rest.size(); ++i)
            painter.drawText(QPoint(8, (4 + i) * lh),
                             fm.elidedText(rest[i], Qt::ElideRight, width() - 16));
    }
    painter.setPen(pal.color(QPalette::PlaceholderText));
    const QString timing =
        tr("re-rendered from stored logits in %1 ms").arg(m_recomputeMs, 0, 'f', 2);
    // Beside the heading where there is room (not in presentation mode's font at 1280x720,
    // where it ran into the heading).
    if (headingRight + 16 + fm.horizontalAdvance(timing) <= width() - 8)
        painter.drawText(QRect(0, 0, width() - 8, lh), Qt::AlignRight | Qt::AlignVCenter, timing);

    const QRect area = barArea();
    const int rh = rowHeight();
    // The before/after comparison takes the log chart's place: the same rows without the
    // interventions, on the straight chart's scale (its largest value included).
    const bool withBefore = showsBefore();
    float largest = m_bars.empty() ? 0.0f : m_bars.front().prob;
    if (withBefore)
        for (const Bar& b : m_bars) largest = std::max({largest, b.prob, b.before});
    const float maxProb = m_fixedAxis || m_bars.empty() ? 1.0f : std::max(largest, 1e-6f);
    // Two charts of the same rows: the probability on a straight axis (what is drawn from)
    // and on a log axis (how unlikely the others are: one line per factor of ten, so a
    // candidate at 0.001 % is visibly not zero).
    // Where the view is wide (a projector at 1920x1080) a third chart: the cumulative
    // probability, which top-p cuts at, running up to 100 % down the rows.
    const int labelWidth = std::max(kLabelWidth, fm.horizontalAdvance(QLatin1Char('M')) * 11);
    const int valueWidth = fm.horizontalAdvance(QStringLiteral("100.000%")) + 10;
    const int barLeft = area.left() + labelWidth + 8;
    const bool withCumulative = area.right() - barLeft >= 3 * valueWidth + 3 * 200;
    constexpr int kGap = 16;
    const int chartsWidth =
        std::max(40, area.right() - barLeft - 2 * valueWidth - (withCumulative ? 2 * kGap : 0));
    const int barMax = std::max(10, chartsWidth * (withCumulative ? 34 : 45) / 100);
    const int logLeft = barLeft + barMax + valueWidth + (withCumulative ? kGap : 8);
    const int logMax = withCumulative ? std::max(10, chartsWidth * 36 / 100)
                                      : std::max(10, area.right() - logLeft - 8);
    const int cumLeft = logLeft + logMax + kGap;
    const int cumMax = std::max(10, area.right() - cumLeft - valueWidth);
    // The log chart's value: at temperature 0 the model's own probability (see recompute).
    const bool atZero = m_distribution && m_distribution->params.temperature <= 0.0f;
    const auto logValue = [atZero](const Bar& b) { return atZero ? b.atOne : b.prob; };
    float smallest = 1.0f;
    for (const Bar& b : m_bars)
        if (logValue(b) > 0) smallest = std::min(smallest, logValue(b));
    const int decades =
        std::clamp(static_cast<int>(std::ceil(-std::log10(std::max(smallest, 1e-30f)))), 3, 12);
    auto logX = [&](float prob) {
        if (prob <= 0) return 0;
        const double t = 1.0 + std::log10(static_cast<double>(prob)) / decades;
        return static_cast<int>(std::clamp(t, 0.0, 1.0) * logMax);
    };
    const int rowsBottom =
        area.top() +
        std::min(static_cast<int>(m_bars.size()), std::max(0, area.height() / rh - 1)) * rh;
    // Column titles and ticks above the rows; grid lines down through them.
    const int titleY = area.top() - lh - 4;
    const QColor grid = pal.color(QPalette::Mid).lighter(130);
    painter.setPen(pal.color(QPalette::PlaceholderText));
    painter.drawText(QRect(area.left(), titleY, labelWidth, lh), Qt::AlignRight | Qt::AlignVCenter,
                     tr("candidate"));
    // Grid lines at quarters; a label on as many of them as fit with room between them, so the
    // labels never run together ("0.0%1.5%" on a narrow chart of small probabilities).
    auto tickText = [&](int q) {
        return QStringLiteral("%1%").arg(100.0 * maxProb * q / 4.0, 0, 'f', maxProb < 0.1f ? 1 : 0);
    };
    int widest = 0;
    for (int q = 0; q <= 4; ++q) widest = std::max(widest, fm.horizontalAdvance(tickText(q)));
    // The end labels stand inside their lines, so a neighbour is 1.5 labels away at least.
    const int room = widest * 3 / 2 + 8;
    const int labelEvery = barMax / 4 >= room ? 1 : barMax / 2 >= room ? 2 : 4;
    m_ticks.clear();
    for (int q = 0; q <= 4; ++q) {
        const int x = barLeft + barMax * q / 4;
        painter.setPen(grid);
        painter.drawLine(x, area.top(), x, rowsBottom);
        if (q % labelEvery != 0) continue;
        const QString tick = tickText(q);
        m_ticks << tick;
        painter.setPen(pal.color(QPalette::PlaceholderText));
        const int w = fm.horizontalAdvance(tick);
        // The first label starts at its line, the last ends at it, the others are centred.
        const int left = q == 0 ? x : q == 4 ? x - w : x - w / 2;
        painter.drawText(QRect(left - 1, titleY, w + 2, lh), Qt::AlignCenter, tick);
    }
    // Every decade gets a line; labels in percent ("0.001%", then "10⁻⁵%"), on every decade, every
    // other or every third: the fewest skipped that leave room between the widest two.
    auto decadeText = [](int d) {
        if (d <= 6)
            return QStringLiteral("%1%").arg(100.0 / std::pow(10.0, d), 0, 'f', std::max(0, d - 2));
        static const QString superscript = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
        QString power;
        for (const QChar c : QString::number(d - 2)) power += superscript[c.digitValue()];
        return QStringLiteral("10⁻%1%").arg(power);
    };
    int widestDecade = 0;
    for (int d = 0; d <= decades && !withBefore; ++d)
        widestDecade = std::max(widestDecade, fm.horizontalAdvance(decadeText(d)));
    int every = 1;
    while (every < decades && logMax * every / decades < widestDecade * 3 / 2 + 8) ++every;
    for (int d = 0; d <= decades && !withBefore; ++d) {
        const int x = logLeft + logMax - logMax * d / decades;
        painter.setPen(grid);
        painter.drawLine(x, area.top(), x, rowsBottom);
        if (d % every != 0) continue;
        const QString tick = decadeText(d);
        const int w = fm.horizontalAdvance(tick);
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(
            // The 100 % label ends at its line: the cumulative chart's "0%" follows close by.
            QRect(
                std::clamp(x - w / 2, logLeft - w / 2, std::min(width() - 4, logLeft + logMax) - w),
                titleY, w + 2, lh),
            Qt::AlignCenter, tick);
    }
    // Before/after: the second chart on the first one's scale, its ticks where there is room,
    // its figures within its room (before the cumulative chart, or the view's edge).
    const int beforeMax = std::max(10, logMax - valueWidth);
    const int beforeEvery = beforeMax / 4 >= room ? 1 : beforeMax / 2 >= room ? 2 : 4;
    for (int q = 0; q <= 4 && withBefore; ++q) {
        const int x = logLeft + beforeMax * q / 4;
        painter.setPen(grid);
        painter.drawLine(x, area.top(), x, rowsBottom);
        if (q % beforeEvery != 0) continue;
        const QString tick = tickText(q);
        const int w = fm.horizontalAdvance(tick);
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRect(q == 0   ? x
                               : q == 4 ? x - w
                                        : x - w / 2,
                               titleY, w + 2, lh),
                         Qt::AlignCenter, tick);
    }
    painter.setPen(pal.color(QPalette::PlaceholderText));
    const QString logTitle = withBefore ? tr("before, without them")
                             : atZero   ? tr("log scale, at temperature 1")
                                        : tr("log scale: each line is ten times less likely");
    if (withBefore) painter.setPen(pal.color(QPalette::Text));
    painter.drawText(
        QRect(logLeft, titleY - lh, logMax, lh), Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(logTitle, Qt::ElideRight, withCumulative ? logMax : logMax + valueWidth));
    if (withBefore)
        painter.drawText(QRect(barLeft, titleY - lh, barMax + valueWidth, lh),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         fm.elidedText(tr("after, with them (what-if run)"), Qt::ElideRight,
                                       barMax + valueWidth));
    if (withCumulative) {
        for (int q = 0; q <= 4; ++q) {
            const int x = cumLeft + cumMax * q / 4;
            painter.setPen(grid);
            painter.drawLine(x, area.top(), x, rowsBottom);
            if (q % 2 != 0) continue;
            const QString tick = QStringLiteral("%1%").arg(25 * q);
            const int w = fm.horizontalAdvance(tick);
            painter.setPen(pal.color(QPalette::PlaceholderText));
            painter.drawText(QRect(q == 0 ? x : x - w / 2 - 1, titleY, w + 2, lh), Qt::AlignCenter,
                             tick);
        }
        painter.drawText(QRect(cumLeft, titleY - lh, cumMax + valueWidth, lh),
                         Qt::AlignLeft | Qt::AlignVCenter,
                         fm.elidedText(atZero ? tr("cumulative, at temperature 1")
                                              : tr("cumulative: what top-p cuts at"),
                                       Qt::ElideRight, cumMax + valueWidth));
    }
    // The rest of the vocabulary keeps its row below the candidates shown, however few fit.
    const int restRows = m_restMass >= 0 ? 1 : 0;
    int drawn = 0;
    for (int i = 0; i < static_cast<int>(m_bars.size()); ++i) {
        const Bar& b = m_bars[static_cast<std::size_t>(i)];
        const int y = area.top() + i * rh;
        if ((i + 2 + restRows) * rh > area.height()) break;  // the hint keeps the last line
        drawn = i + 1;
        const bool sampled = b.token == m_record->sampledToken;
        if (i == m_hover)
            painter.fillRect(QRect(area.left(), y, area.width(), rh),
                             pal.color(QPalette::Highlight).lighter(185));
        painter.setPen(b.cut ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text));
        painter.setFont(sampled ? bold : font());
        painter.drawText(QRect(area.left(), y, labelWidth, rh), Qt::AlignRight | Qt::AlignVCenter,
                         fm.elidedText(label(b.token), Qt::ElideRight, labelWidth));
        const int w = std::max(1, static_cast<int>(static_cast<float>(barMax) * b.prob / maxProb));
        QColor c = sampled ? QColor(0xF5, 0x9E, 0x0B) : QColor(0x3B, 0x82, 0xF6);
        if (b.cut) c = QColor(0xC8, 0xC8, 0xC8);
        const int inset = std::max(3, rh / 8);
        painter.fillRect(QRect(barLeft, y + inset, w, rh - 2 * inset), c);
        if (withBefore) {
            // Grey: the same candidate without the interventions, and its figure; on the bar
            // itself a dark mark where "before" ended, so the change reads on one row.
            const int bw =
                std::max(1, static_cast<int>(static_cast<float>(beforeMax) * b.before / maxProb));
            painter.fillRect(QRect(logLeft, y + inset, bw, rh - 2 * inset),
                             QColor(0x9C, 0xA3, 0xAF));
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(QRect(logLeft + bw + 6, y, valueWidth, rh),
                             Qt::AlignLeft | Qt::AlignVCenter, softmaxBarText(b.before));
            const int mx =
                barLeft + static_cast<int>(static_cast<float>(barMax) * b.before / maxProb);
            painter.setPen(QPen(QColor(0x37, 0x41, 0x51), 2));
            painter.drawLine(mx, y + 1, mx, y + rh - 2);
        } else {
            const int lw = std::max(1, logX(logValue(b)));
            // At temperature 0 the log chart is the model's own odds: nothing there is cut.
            const QColor own = sampled ? QColor(0xF5, 0x9E, 0x0B) : QColor(0x3B, 0x82, 0xF6);
            painter.fillRect(QRect(logLeft, y + inset, lw, rh - 2 * inset),
                             (atZero ? own : c).lighter(125));
        }
        if (withCumulative && !b.extra) {
            const int cw = std::max(1, static_cast<int>(static_cast<float>(cumMax) * b.cumulative));
            painter.fillRect(
                QRect(cumLeft, y + inset, cw, rh - 2 * inset),
                b.cut && !atZero ? QColor(0xDD, 0xDD, 0xDD) : QColor(0x94, 0xA3, 0xB8));
            painter.setFont(font());
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(QRect(cumLeft + cw + 6, y, valueWidth, rh),
                             Qt::AlignLeft | Qt::AlignVCenter,
                             QStringLiteral("%1%").arg(100.0 * b.cumulative, 0, 'f',
                                                       b.cumulative > 0.99f ? 2 : 1));
        }
        painter.setFont(font());
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QRect(barLeft + w + 6, y, valueWidth, rh),
                         Qt::AlignLeft | Qt::AlignVCenter, softmaxBarText(b.prob));
    }
    // The rest of the vocabulary (a server's top K): striped, not clickable, never drawn from.
    const int restRow = drawn;
    if (m_restMass >= 0 && (restRow + 2) * rh <= area.height()) {
        const int y = area.top() + restRow * rh;
        const int inset = std::max(3, rh / 8);
        painter.setFont(font());
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRect(area.left(), y, labelWidth, rh), Qt::AlignRight | Qt::AlignVCenter,
                         fm.elidedText(tr("rest of the vocabulary"), Qt::ElideRight, labelWidth));
        const QColor slate(0x64, 0x74, 0x8B);
        painter.setPen(slate);
        painter.setBrush(QBrush(slate, Qt::BDiagPattern));
        const double straight = m_restMass;
        const int w = std::clamp(static_cast<int>(barMax * straight / maxProb), 1, barMax);
        painter.drawRect(QRect(barLeft, y + inset, w, rh - 2 * inset));
        const int lw = std::max(1, logX(static_cast<float>(atZero ? m_restAtOne : m_restMass)));
        painter.drawRect(QRect(logLeft, y + inset, lw, rh - 2 * inset));
        if (withCumulative) painter.drawRect(QRect(cumLeft, y + inset, cumMax, rh - 2 * inset));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(
            QRect(barLeft + w + 6, y, valueWidth, rh), Qt::AlignLeft | Qt::AlignVCenter,
            straight >= 1e-5
                ? QStringLiteral("%1%").arg(100.0 * straight, 0, 'f', straight < 0.001 ? 3 : 1)
            : straight > 0 ? QStringLiteral("< 0.001%")
                           : QStringLiteral("0%"));
        if (withCumulative)
            painter.drawText(QRect(cumLeft + cumMax + 6, y, valueWidth, rh),
                             Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("100%"));
    }
    // As many rows as leave the hint its line (it was drawn under the view's edge).
    const int shown = std::min(drawn + restRows, std::max(0, area.height() / rh - 1));
    painter.setPen(pal.color(QPalette::PlaceholderText));
    painter.drawText(QRect(area.left(), area.top() + shown * rh + 4, area.width(), rh),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     tr("Click a bar: what if the model had drawn that token? The session branches "
                        "from this step."));
    // The cut-off: everything below this line has probability 0 after top-k/top-p.
    if (m_cutoff < static_cast<int>(m_bars.size()) &&
        !m_bars[static_cast<std::size_t>(m_cutoff)].extra && (restRows == 0 || m_cutoff <= drawn)) {
        const int y = area.top() + m_cutoff * rh;
        if (y <= area.bottom()) {
            QPen pen(QColor(0xDC, 0x26, 0x26), 2, Qt::DashLine);
            painter.setPen(pen);
            painter.drawLine(area.left(), y, area.right(), y);
            // At the right end of the straight chart, where the cut rows' short bars leave room
            // (the cumulative values fill the right edge of the view).
            const QString cutText = tr("top-k / top-p cut-off");
            const int right = withCumulative ? logLeft - kGap : area.right() - 4;
            const int w = fm.horizontalAdvance(cutText) + 4;
            const QRect box(right - w, y + 2, w, fm.height());
            painter.fillRect(box, pal.color(QPalette::Base));
            painter.drawText(box, Qt::AlignRight | Qt::AlignTop, cutText);
        }
    }
}

void SoftmaxView::mouseMoveEvent(QMouseEvent* event) {
    const int i = barAt(event->position().toPoint());
    if (i != m_hover) {
        m_hover = i;
        update();
    }
    if (i >= 0) {
        const Bar& b = m_bars[static_cast<std::size_t>(i)];
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("Token %1 · probability %2% · after top-k/top-p %3%\n"
                              "Click: what if the model had drawn this token? "
                              "(branches the session from this step)")
                               .arg(b.token)
                               .arg(100.0 * b.prob, 0, 'f', 3)
                               .arg(100.0 * b.sampled, 0, 'f', 3),
                           this);
    }
}

void SoftmaxView::mousePressEvent(QMouseEvent* event) {
    const int i = barAt(event->position().toPoint());
    if (i >= 0 && event->button() == Qt::LeftButton)
        emit candidateChosen(m_bars[static_cast<std::size_t>(i)].token);
}

void SoftmaxView::leaveEvent(QEvent*) {
    m_hover = -1;
    update();
}

void SoftmaxView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) update();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui
