// Stage 5, the draw and the loop (see sampling_view.hpp). Everything is painted from the
// record's stored logits, so moving the temperature slider re-renders without the model.
#include "stages/sampling_view.hpp"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTextDocument>
#include <QVariantAnimation>
#include <algorithm>
#include <cmath>

#include "core/stage_distribution.hpp"
#include "tokenscope/sampling.hpp"
#include "widgets/korean_particles.hpp"

namespace ts::ui {

namespace {

// Okabe–Ito colours: told apart with every common kind of colour blindness.
const QColor kCandidateColours[] = {QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9),
                                    QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42),
                                    QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                    QColor(0xCC, 0x79, 0xA7), QColor(0x99, 0x99, 0x99)};
// Candidates in the logits → probabilities rows: eight in colour (the draw bar's colours),
// and where the view is tall (1920x1080) four more in grey, the colour of the rest in the bar.
// The probability column's 100 % behind each bar.
const QColor kProbabilityTrack(0xEE, 0xF0, 0xF3);
constexpr int kColouredRows = 8;
constexpr int kRows = 12;

// A lone byte as the vocabulary writes it: "<8E>".
bool isLoneByteMark(const QString& s, qsizetype at) {
    auto hex = [](QChar c) { return c.isDigit() || (c >= u'A' && c <= u'F'); };
    return at >= 0 && at + 4 <= s.size() && s[at] == u'<' && hex(s[at + 1]) && hex(s[at + 2]) &&
           s[at + 3] == u'>';
}

}  // namespace

// The text band: the end of the context, then the drawn token highlighted. Decoded from the
// joined bytes so split characters come out whole; the drawn token is whatever the text
// gained by appending it.
QString samplingTextBandHtml(const QString& before, const QString& after,
                             const QString& drawnText) {
    qsizetype common = 0;
    while (common < before.size() && common < after.size() && before[common] == after[common])
        ++common;
    // Lone bytes ("<EB><B0>") at the very end of `before` that the drawn token completes into a
    // character go with it. Only those: a lone byte earlier in the text, or one the drawn token
    // leaves as it is, stays outside the highlight (it used to run from such a byte to the end).
    if (common < before.size()) {
        qsizetype run = before.size();
        while (isLoneByteMark(before, run - 4)) run -= 4;
        if (run < before.size() && run <= common) common = run;
    }
    const qsizetype first = std::max<qsizetype>(0, common - 400);
    QString html = first > 0 ? QStringLiteral("… ") : QString();
    html += after.mid(first, common - first).toHtmlEscaped();
    QString added = visibleWhitespace(after.mid(common));
    if (added.isEmpty()) added = drawnText;
    html += QStringLiteral("<span style='background:#fbbf24; font-weight:bold'>%1</span>")
                .arg(added.toHtmlEscaped());
    html.replace(QLatin1Char('\n'), QStringLiteral("↵<br>"));
    return html;
}

namespace {

// Small probabilities keep two significant digits ("0.066 %", not "0.00 %").
QString percent(double p) {
    const double pct = 100.0 * p;
    // Under 0.01 % the digits say nothing a class reads ("5.3e-07 %" did): a bound instead.
    if (pct <= 0.0) return QStringLiteral("0 %");
    if (pct < 0.01) return QStringLiteral("< 0.01 %");
    return pct < 1.0 ? QStringLiteral("%1 %").arg(pct, 0, 'g', 2)
                     : QStringLiteral("%1 %").arg(pct, 0, 'f', 1);
}

}  // namespace

SamplingView::SamplingView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(480, 320);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    m_animation = new QVariantAnimation(this);
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setEasingCurve(QEasingCurve::OutCubic);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
        m_progress = v.toDouble();
        update();
    });
}

SamplingView::~SamplingView() = default;

void SamplingView::setVocabulary(VocabularyPtr vocab) {
    m_vocab = std::move(vocab);
    m_computed = Computed{};
    update();
}

void SamplingView::setRecord(TranscriptStepPtr record) {
    // A new step moving forward animates the draw; going back to an old step shows it exact.
    const bool forward = record && m_record && record->index == m_record->index + 1;
    m_record = std::move(record);
    m_animation->stop();
    if (forward && m_animationMs > 0 && draw().u >= 0.0) {
        m_progress = 0.0;
        m_animation->setDuration(m_animationMs);
        m_animation->start();
    } else {
        m_progress = 1.0;
    }
    update();
}

void SamplingView::setBefore(TranscriptStepPtr before) {
    if (before == m_before) return;
    m_before = std::move(before);
    update();
}

bool SamplingView::showsBefore() const {
    return m_record && m_before && m_before->trace && !m_before->trace->logits.empty() &&
           m_record->trace && m_before->index == m_record->index &&
           std::ranges::equal(m_before->contextTokens(), m_record->contextTokens());
}

double SamplingView::beforeProbability(int token) const {
    const Computed& c = computed();
    if (!c.beforeNow || token < 0 || token >= static_cast<int>(m_before->trace->logits.size()))
        return -1.0;
    return c.beforeNow->probOf(m_before->trace->logits, token);
}

void SamplingView::setParams(const ts::SamplingParams& params) {
    m_params = params;
    update();
}

void SamplingView::setHoveredPosition(int pos) {
    m_hovered = pos;
    update();
}

QString SamplingView::drawnTokenText() const {
    if (!m_record || m_record->sampledToken < 0) return {};
    // A transcript file's step names its token as the file does (the loaded vocabulary, if
    // any, may be another model's).
    if (m_record->fromFile())
        return m_record->sampledDisplay().empty()
                   ? QStringLiteral("#%1").arg(m_record->sampledToken)
                   : QString::fromStdString(m_record->sampledDisplay());
    return m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), m_record->sampledToken)
                   : QStringLiteral("#%1").arg(m_record->sampledToken);
}

QString SamplingView::continuedText() const { return computed().after; }

const SamplingView::Computed& SamplingView::computed() const {
    Computed& c = m_computed;
    const auto same = [](const ts::SamplingParams& a, const ts::SamplingParams& b) {
        return a.temperature == b.temperature && a.topK == b.topK && a.topP == b.topP &&
               a.seed == b.seed;
    };
    if (c.record == m_record && c.unintervened == m_before && same(c.params, m_params)) return c;
    c = Computed{};
    c.record = m_record;
    c.unintervened = m_before;
    c.params = m_params;
    if (!m_record) return c;
    const auto context = m_record->contextTokens();
    std::vector<int> ids(context.begin(), context.end());
    const bool vocab = m_vocab && !m_record->fromFile();
    if (vocab) c.before = m_vocab->decode(ids);
    if (m_record->sampledToken >= 0) ids.push_back(m_record->sampledToken);
    if (vocab) {
        c.after = m_vocab->decode(ids);
    } else {
        // The display texts joined: the drawn token is what the text gains.
        for (std::size_t p = 0; p < m_record->contextSize(); ++p)
            c.before += QString::fromStdString(m_record->tokenText(p));
        c.after = c.before + drawnTokenText();
    }
    c.html = samplingTextBandHtml(c.before, c.after, drawnTokenText());
    if (!m_record->trace || m_record->trace->logits.empty()) return c;
    c.drawn = distributionFor(*m_record, m_record->params, 0, kRows);
    c.now = distributionFor(*m_record, m_params, 0, 0);
    // Its two favourites are named (rowsAtOne), should the interventions push them out.
    if (showsBefore()) c.beforeNow = distributionFor(*m_before, m_params, 0, 2);
    c.top = c.drawn->topAtOne;
    if (c.top.size() > static_cast<std::size_t>(kRows))
        c.top.resize(static_cast<std::size_t>(kRows));
    if (m_record->params.temperature > 0.0f) {
        c.draw.u = stepUniform(*m_record);
        c.draw.landed = c.drawn->landed;
        c.draw.byHand = m_record->sampledToken >= 0 && c.draw.landed != m_record->sampledToken;
    }
    if (c.now->params.temperature <= 0.0f)
        c.tokenNow = c.now->argmaxToken;
    else if (c.draw.u >= 0.0)
        c.tokenNow = c.now->landed;
    return c;
}

SamplingView::Draw SamplingView::draw() const { return computed().draw; }

int SamplingView::tokenAtCurrentSettings() const { return computed().tokenNow; }

bool SamplingView::endedAtEndOfText() const {
    return m_record && m_vocab && m_vocab->endOfText >= 0 &&
           m_record->sampledToken == m_vocab->endOfText;
}

bool SamplingView::endedAtFullContext() const {
    return m_record && m_nCtx > 0 && static_cast<int>(m_record->contextSize()) >= m_nCtx;
}

void SamplingView::setLoopState(bool newest, bool running) {
    if (newest == m_newest && running == m_running) return;
    m_newest = newest;
    m_running = running;
    update();
}

QString SamplingView::loopText() const {
    if (!m_record || m_record->sampledToken < 0) return {};
    if (endedAtEndOfText())
        return tr("“%1” marks the end of the text: the loop stops here.").arg(drawnTokenText());
    if (endedAtFullContext())
        return tr("The context is full (%1 tokens): “%2” cannot be read, and the loop stops here.")
            .arg(m_nCtx)
            .arg(drawnTokenText());
    // An earlier step (scrubbed back): what happened next is history.
    if (!m_newest)
        return tr("Autoregressive loop: “%1” was appended to the input and step %2 began")
            .arg(drawnTokenText())
            .arg(stepNumber() + 1);
    // The newest step of a run that stopped (its step limit, Pause) or of single steps: the
    // loop waits for the next Step or Run.
    if (!m_running)
        return tr("Autoregressive loop: “%1” is appended to the input; Step or Run begins step %2")
            .arg(drawnTokenText())
            .arg(stepNumber() + 1);
    return tr("Autoregressive loop: “%1” is appended to the input and step %2 begins")
        .arg(drawnTokenText())
        .arg(stepNumber() + 1);
}

void SamplingView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    m_hits.clear();
    if (!m_record) {
        p.setPen(palette().color(QPalette::Text));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Run a step: the drawn token is appended to the text and fed back in."));
        return;
    }
    // Three bands fill the view: the text, logits → probabilities, the draw and the loop.
    const qreal m = 12;
    const QRectF all = QRectF(rect()).adjusted(m, m, -m, -m);
    // The text band is as tall as the text needs, at most a quarter of the view: the rest
    // goes to the logits → probabilities rows.
    const qreal most = std::max<qreal>(70, all.height() * 0.24);
    const qreal textH = std::clamp<qreal>(
        paintText(nullptr, QRectF(all.left(), all.top(), all.width(), most)) + 6, 70, most);
    const QRectF textArea(all.left(), all.top(), all.width(), textH);
    QRectF drawArea, pipeArea;
    if (all.width() >= 1.6 * all.height()) {
        // A wide view (presentation mode's projector window): the candidates' rows and the draw
        // side by side under the text, so both keep their height in a large font (stacked, the
        // draw's loop sentence and the rows past the fifth had no room).
        const qreal top = textArea.bottom() + 8;
        const qreal pipeW = all.width() * 0.56;
        pipeArea = QRectF(all.left(), top, pipeW, all.bottom() - top);
        drawArea =
            QRectF(all.left() + pipeW + 20, top, all.width() - pipeW - 20, all.bottom() - top);
    } else {
        // The draw band as tall as its lines need with the smallest bar, the loop sentence
        // included, and at least 30 % of the view.
        const qreal drawH = std::max<qreal>({120, all.height() * 0.30, drawNeeds(all.width())});
        drawArea = QRectF(all.left(), all.bottom() - drawH, all.width(), drawH);
        pipeArea = QRectF(all.left(), textArea.bottom() + 8, all.width(),
                          drawArea.top() - textArea.bottom() - 16);
    }
    paintText(&p, textArea);
    paintPipeline(p, pipeArea);
    paintDraw(p, drawArea);
}

qreal SamplingView::paintText(QPainter* painter, const QRectF& area) {
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF fm(bold);
    if (painter) {
        painter->setPen(palette().color(QPalette::Text));
        painter->setFont(bold);
        painter->drawText(
            QRectF(area.left(), area.top(), area.width(), fm.height()),
            Qt::AlignLeft | Qt::AlignVCenter,
            tr("Step %1: the drawn token (highlighted) is appended to the text").arg(stepNumber()));
    }
    const QString& html = computed().html;
    const qreal top = fm.height() + 4;
    // Laid out once per step and size, not in each of the animation's frames: the sizing
    // pass (no painter) chooses the size for the height it may take, and the paint that
    // follows draws that document.
    const bool same = m_textDoc && m_textDocHtml == html && m_textDocWidth == area.width() &&
                      m_textDocFont == font();
    if (!same || (!painter && m_textDocRoom != area.height())) {
        m_textDoc = std::make_unique<QTextDocument>();
        m_textDoc->setTextWidth(area.width());
        m_textDoc->setHtml(html);
        // A short text is read from the back of the room: the largest size that still fits.
        for (const double zoom : {3.0, 2.5, 2.0, 1.6, 1.2}) {
            QFont big = font();
            big.setPointSizeF(font().pointSizeF() * zoom);
            m_textDoc->setDefaultFont(big);
            if (top + m_textDoc->size().height() <= area.height()) break;
        }
        m_textDocHtml = html;
        m_textDocWidth = area.width();
        m_textDocFont = font();
        m_textDocRoom = area.height();
    }
    QTextDocument& doc = *m_textDoc;
    if (!painter) return top + doc.size().height();
    QPainter& p = *painter;
    p.save();
    const QRectF clip(0, 0, area.width(), area.height() - top);
    // Show the end of a long text: that is where the loop is.
    const qreal shift = std::max<qreal>(0, doc.size().height() - clip.height());
    p.translate(area.left(), area.top() + top - shift);
    doc.drawContents(&p, clip.translated(0, shift));
    p.restore();
    return top + doc.size().height();
}

void SamplingView::paintPipeline(QPainter& p, const QRectF& area) {
    if (!m_record->trace || m_record->trace->logits.empty() || area.height() < 40) return;
    const auto& logits = m_record->trace->logits;
    const float t = m_params.temperature;
    const Computed& c = computed();
    const ts::StepDistribution& now = *c.now;
    // The top candidates by logit (the same order at every temperature).
    auto top = c.top;
    if (top.empty()) return;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF fm(font());
    const qreal headH = fm.height() * 2 + 6;
    // The eight coloured rows always (as many as fit); grey ones only while rows stay at
    // least two lines of text tall.
    const int fit = static_cast<int>((area.height() - headH) / (fm.height() + 4));
    const int roomy = static_cast<int>((area.height() - headH) / (2 * fm.height()));
    const int rows =
        std::max(1, std::min({static_cast<int>(top.size()), fit, std::max(kColouredRows, roomy)}));
    top.resize(static_cast<std::size_t>(rows));
    // Before/after: the model's own favourites that the interventions pushed out (a banned
    // token) take the last rows, "0 % (before 98 %)".
    if (c.beforeNow) {
        std::size_t slot = top.size();
        const auto& favourites = c.beforeNow->topAtOne;
        for (std::size_t f = 0; f < favourites.size() && f < 2; ++f) {
            if (std::find(top.begin(), top.end(), favourites[f]) != top.end()) continue;
            while (slot > 1 && top[slot - 1] == m_record->sampledToken) --slot;  // kept in sight
            if (slot > 1) top[--slot] = favourites[f];
        }
    }
    // Rows share the band's height, so a large screen shows larger bars, not empty space.
    const qreal rowH = (area.height() - headH) / rows;

    // The candidates' column as wide as their widest label in the rows' font (it cut
    // "<|endoftext|>" and "␣범인" at 16 % of a wide view), between 80 px and 30 % of the band.
    qreal labelW = 80;
    {
        QFont rf = font();
        rf.setPointSizeF(font().pointSizeF() *
                         std::clamp((rowH - 3) / (fm.height() * 1.3), 1.0, 1.5));
        const QFontMetricsF lm(rf);
        for (int token : top)
            labelW = std::max(labelW,
                              lm.horizontalAdvance(
                                  m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), token)
                                          : QStringLiteral("#%1").arg(token)) +
                                  10);
        labelW = std::min(labelW, std::max<qreal>(80, area.width() * 0.3));
    }
    const qreal arrowW = 34;
    const qreal colW = (area.width() - labelW - 2 * arrowW) / 3.0;
    const qreal x0 = area.left() + labelW;
    const qreal x1 = x0 + colW + arrowW;
    const qreal x2 = x1 + colW + arrowW;

    p.setPen(palette().color(QPalette::Text));
    p.setFont(bold);
    // Within the band: beside the draw (presentation mode at 1280x720) the long heading ran into
    // the draw's text, so a narrow band takes the short one, cut to its width if need be.
    const QFontMetricsF boldFm(bold);
    QString heading =
        tr("From scores to probabilities: logits → divided by the temperature → softmax");
    if (boldFm.horizontalAdvance(heading) > area.width())
        heading = tr("logits → ÷ temperature → softmax");
    p.drawText(QRectF(area.left(), area.top(), area.width(), fm.height() + 2),
               Qt::AlignLeft | Qt::AlignVCenter,
               boldFm.elidedText(heading, Qt::ElideRight, area.width()));
    p.setFont(font());
    const qreal hy = area.top() + fm.height() + 4;
    const QString divided = t > 0.0f ? tr("logit ÷ %1").arg(static_cast<double>(t), 0, 'f', 2)
                                     : tr("temperature 0: the largest wins");
    // Each column's title within its column (they ran past the band's edge in a large font).
    const auto columnTitle = [&](qreal x, const QString& title) {
        p.drawText(QRectF(x, hy, colW, fm.height()), Qt::AlignLeft,
                   fm.elidedText(title, Qt::ElideRight, colW));
    };
    columnTitle(x0, tr("logit"));
    columnTitle(x1, divided);
    columnTitle(x2, tr("probability (softmax)"));

    // The scale of the rows' logits (a banned row's −∞ left out).
    float lo = INFINITY, hi = -INFINITY;
    for (int token : top)
        if (const float l = logits[static_cast<std::size_t>(token)]; std::isfinite(l)) {
            lo = std::min(lo, l);
            hi = std::max(hi, l);
        }
    if (!std::isfinite(lo)) lo = hi = 0.0f;
    if (hi - lo < 1e-3f) lo = hi - 1.0f;
    const float base = lo - 0.15f * (hi - lo);
    // Rows two lines tall and more (a projector at 1920x1080) write their candidates and
    // numbers larger, up to 1.5 times: they are what the class reads off this band.
    QFont rowFont = font();
    rowFont.setPointSizeF(font().pointSizeF() *
                          std::clamp((rowH - 3) / (fm.height() * 1.3), 1.0, 1.5));
    const QFontMetricsF rfm(rowFont);
    // The widest number the rows write: small percentages keep two significant digits and
    // can be wider than "100.0 %" ("0.00089 %"), which a 1920x1080 window cut short. Numbers
    // are drawn unclipped, so a column too narrow would show (and be tested) as overflow.
    // Each row's numbers, formatted once: measured here and drawn below.
    struct RowNumbers {
        double prob;
        QString logit, divided, percent;
    };
    std::vector<RowNumbers> numbers;
    numbers.reserve(top.size());
    qreal widest = rfm.horizontalAdvance(QStringLiteral("100.0 %"));
    for (int token : top) {
        const float logit = logits[static_cast<std::size_t>(token)];
        const double prob = now.probOf(logits, token);
        // A banned token's logit is −∞ (its probability 0).
        const auto number = [](float v) {
            return std::isinf(v) ? QStringLiteral("−∞")
                                 : QString::number(static_cast<double>(v), 'f', 2);
        };
        RowNumbers n{prob, number(logit), t > 0.0f ? number(logit / t) : QString(), percent(prob)};
        widest = std::max({widest, rfm.horizontalAdvance(n.logit), rfm.horizontalAdvance(n.divided),
                           rfm.horizontalAdvance(n.percent)});
        numbers.push_back(std::move(n));
    }
    // Before/after: the figure without the interventions beside each one, "(before 63 %)", or
    // "(63 %)" where that leaves the track too little room, or the mark on the track alone (a
    // narrow band in presentation mode's font).
    if (c.beforeNow) {
        for (const bool longForm : {true, false}) {
            qreal wide = widest;
            std::vector<QString> texts;
            for (std::size_t i = 0; i < top.size(); ++i) {
                const QString was = percent(c.beforeNow->probOf(m_before->trace->logits, top[i]));
                texts.push_back(
                    numbers[i].percent + QLatin1Char(' ') +
                    (longForm ? tr("(before %1)").arg(was) : QStringLiteral("(%1)").arg(was)));
                wide = std::max(wide, rfm.horizontalAdvance(texts.back()));
            }
            // The track keeps 60 px at least (36 for the short form: the figure says it all).
            if (wide + 8 + 4 > colW - (longForm ? 60 : 36)) continue;
            for (std::size_t i = 0; i < top.size(); ++i) numbers[i].percent = texts[i];
            widest = wide;
            break;
        }
    }
    const qreal valueW = widest + 8;
    const qreal barMax = colW - std::max<qreal>(64, valueW + 4);
    auto barW = [&](float v, float from, float to) {
        return static_cast<qreal>(std::clamp((v - from) / (to - from), 0.0f, 1.0f)) * barMax;
    };
    p.setFont(rowFont);
    const QColor text = palette().color(QPalette::Text);
    for (int i = 0; i < rows; ++i) {
        const int token = top[static_cast<std::size_t>(i)];
        const float logit = logits[static_cast<std::size_t>(token)];
        const qreal y = headH + area.top() + i * rowH;
        const QRectF row(area.left(), y, area.width(), rowH - 3);
        m_hits.push_back({row, token});
        if (token == m_record->sampledToken)
            p.fillRect(row.adjusted(-4, 0, 4, 1), QColor(0xFB, 0xBF, 0x24, 90));
        // A banned token (−∞) is not cut by top-k/top-p: it reads "0 %".
        const bool cut = std::isfinite(logit) && now.samplingOf(logits, token) <= 0.0f;
        const QColor colour = cut                  ? QColor(0xBB, 0xBB, 0xBB)
                              : i >= kColouredRows ? QColor(0x9C, 0xA3, 0xAF)
                                                   : kCandidateColours[i];
        p.setPen(text);
        const QString label = m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), token)
                                      : QStringLiteral("#%1").arg(token);
        p.drawText(QRectF(area.left(), y, labelW - 6, rowH - 3), Qt::AlignLeft | Qt::AlignVCenter,
                   rfm.elidedText(label, Qt::ElideRight, labelW - 8));
        const qreal bh = std::max<qreal>(std::min<qreal>(rowH - 6, fm.height()), rowH * 0.75);
        const qreal by = y + (rowH - 3 - bh) / 2;
        // logit
        p.fillRect(QRectF(x0, by, barW(logit, base, hi), bh), colour.lighter(130));
        p.drawText(QRectF(x0 + barW(logit, base, hi) + 4, y, valueW, rowH - 3),
                   Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                   numbers[static_cast<std::size_t>(i)].logit);
        // logit / T, on the same scale as the logits divided by T
        if (t > 0.0f) {
            const float v = logit / t;
            const qreal w = barW(v, base / t, hi / t);
            p.fillRect(QRectF(x1, by, w, bh), colour.lighter(115));
            p.drawText(QRectF(x1 + w + 4, y, valueW, rowH - 3),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                       numbers[static_cast<std::size_t>(i)].divided);
        } else {
            p.drawText(QRectF(x1, y, colW, rowH - 3), Qt::AlignLeft | Qt::AlignVCenter,
                       i == 0 ? tr("max") : QStringLiteral("—"));
        }
        // probability, out of the whole: a light track stands for 100 %, so 41 % fills 41 % of
        // it, as the draw bar below shares out the same total
        const double pr = numbers[static_cast<std::size_t>(i)].prob;
        // The track takes the column less the widest percentage, which stands right of it, so
        // the percentages line up in one column and the column has no blank end.
        const qreal track = colW - valueW - 4;
        p.fillRect(QRectF(x2, by, track, bh), kProbabilityTrack);
        p.fillRect(QRectF(x2, by, track * std::clamp(pr, 0.0, 1.0), bh), colour);
        if (c.beforeNow) {  // where the bar ended without the interventions
            const double was = c.beforeNow->probOf(m_before->trace->logits, token);
            const qreal mx = x2 + track * std::clamp(was, 0.0, 1.0);
            p.setPen(QPen(QColor(0x37, 0x41, 0x51), 2.5));
            p.drawLine(QPointF(mx, by - 2), QPointF(mx, by + bh + 2));
            p.setPen(text);
        }
        // The longer "cut" note in the normal size, over the track's start (the bar is empty).
        if (cut) {
            p.setFont(font());
            // "cut by top-k/top-p" where it fits, a pair of scissors where it does not (a wide
            // font's narrow column cut the words off at the column's edge).
            const QString& pct = numbers[static_cast<std::size_t>(i)].percent;
            QString note = tr("%1 · cut by top-k/top-p").arg(pct);
            if (fm.horizontalAdvance(note) > colW - 4) note = pct + QStringLiteral(" ✂");
            if (fm.horizontalAdvance(note) > colW - 4) note = QStringLiteral("✂");
            p.drawText(QRectF(x2 + 4, y, colW - 4, rowH - 3), Qt::AlignLeft | Qt::AlignVCenter,
                       note);
        } else {
            p.drawText(QRectF(x2 + track + 4, y, valueW, rowH - 3),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                       numbers[static_cast<std::size_t>(i)].percent);
        }
        p.setFont(rowFont);
    }
    p.setFont(font());
    // Arrows between the columns, halfway down the rows.
    const qreal ay = area.top() + headH + rows * rowH / 2;
    const QColor arrow(0x33, 0x41, 0x55);
    for (qreal x : {x0 + colW, x1 + colW}) {
        p.setPen(QPen(arrow, 2));
        p.drawLine(QPointF(x + 6, ay), QPointF(x + arrowW - 6, ay));
        QPainterPath head;
        head.moveTo(x + arrowW - 4, ay);
        head.lineTo(x + arrowW - 12, ay - 5);
        head.lineTo(x + arrowW - 12, ay + 5);
        head.closeSubpath();
        p.fillPath(head, arrow);
    }
}

void SamplingView::paintDraw(QPainter& p, const QRectF& area) {
    if (!m_record->trace || m_record->trace->logits.empty()) return;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF fm(font());
    const QColor text = palette().color(QPalette::Text);
    const Computed& c = computed();
    const Draw d = c.draw;
    const ts::StepDistribution& drawn = *c.drawn;

    // The lines wrap rather than lose their ends in a narrow band or a large font; the bar takes
    // what they leave (22 to 90 px), so the loop sentence at the bottom is always there.
    const DrawTexts texts = drawTexts();
    const DrawHeights h = drawHeights(texts, area.width());
    p.setPen(text);
    p.setFont(bold);
    p.drawText(QRectF(area.left(), area.top(), area.width(), h.head),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, texts.head);
    p.setFont(font());
    p.drawText(QRectF(area.left(), area.top() + h.head, area.width(), h.settings),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, texts.settings);

    const qreal barTop = area.top() + h.head + h.settings + fm.height() + 20;  // the u marker
    const qreal barH =
        std::clamp<qreal>(std::min(area.height() * 0.28, area.height() - (h.total() - 22)), 22, 90);
    const QRectF bar(area.left(), barTop, area.width(), barH);
    p.setPen(Qt::NoPen);
    p.fillRect(bar, QColor(0xE5, 0xE7, 0xEB));
    // Colour the top candidates (the same colours as above), grey for the rest.
    const auto& top = c.top;
    const QColor grey(0xC8, 0xCC, 0xD2);
    auto colourOf = [&](int token) {
        for (std::size_t i = 0; i < top.size() && i < static_cast<std::size_t>(kColouredRows); ++i)
            if (top[i] == token) return kCandidateColours[i];
        return grey;
    };
    static_assert(static_cast<std::size_t>(kColouredRows) == std::size(kCandidateColours));
    auto isTop = [&](int token) { return std::find(top.begin(), top.end(), token) != top.end(); };
    QRectF chosen;
    // The distribution in vocabulary order, as the draw walks it: every token wide enough to
    // see, the top candidates and the drawn token (the description keeps those segments).
    for (const auto& s : drawn.segments) {
        const qreal x0 = bar.left() + s.start * bar.width();
        const qreal x1 = bar.left() + (s.start + s.width) * bar.width();
        if (x1 - x0 < 0.3 && !isTop(s.token) && s.token != m_record->sampledToken) continue;
        const QRectF seg(x0, bar.top(), std::max<qreal>(x1 - x0, 0.5), bar.height());
        m_hits.push_back({seg, s.token});
        p.fillRect(seg, colourOf(s.token));
        if (s.token == m_record->sampledToken) chosen = seg;
        if (x1 - x0 > 40 && m_vocab) {
            p.setPen(QColor(0x0F, 0x17, 0x2A));
            p.drawText(seg.adjusted(2, 0, -2, 0), Qt::AlignCenter,
                       fm.elidedText(m_vocab->displayAfter(m_record->contextTokens(), s.token),
                                     Qt::ElideRight, x1 - x0 - 4));
            p.setPen(Qt::NoPen);
        }
    }
    if (!chosen.isNull()) {
        p.setPen(QPen(QColor(0x0F, 0x17, 0x2A), 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(chosen.adjusted(-1, -3, 1, 3));
    }
    // Scale: 0 and 1 under the bar.
    p.setPen(text);
    p.drawText(QRectF(bar.left(), bar.bottom() + 2, 40, fm.height()), Qt::AlignLeft,
               QStringLiteral("0"));
    p.drawText(QRectF(bar.right() - 40, bar.bottom() + 2, 40, fm.height()), Qt::AlignRight,
               QStringLiteral("1"));

    if (d.u >= 0.0) {
        const double shown = d.u * m_progress;
        const qreal x = bar.left() + shown * bar.width();
        const QColor marker(0xB9, 0x1C, 0x1C);
        QPainterPath tri;
        tri.moveTo(x, bar.top() - 2);
        tri.lineTo(x - 7, bar.top() - 14);
        tri.lineTo(x + 7, bar.top() - 14);
        tri.closeSubpath();
        p.fillPath(tri, marker);
        p.setPen(QPen(marker, 2));
        p.drawLine(QPointF(x, bar.top() - 2), QPointF(x, bar.bottom() + 2));
        p.setFont(bold);
        const QString ul = QStringLiteral("u = %1").arg(shown, 0, 'f', 4);
        const qreal uw = QFontMetricsF(bold).horizontalAdvance(ul) + 6;
        const qreal ux = std::clamp(x - uw / 2, bar.left(), bar.right() - uw);
        p.drawText(QRectF(ux, bar.top() - 16 - fm.height(), uw, fm.height()), Qt::AlignCenter, ul);
        p.setFont(font());
    }

    // What was drawn, and how the loop goes on.
    qreal y = bar.bottom() + fm.height() + 6;
    p.setPen(text);
    const QRectF outRect(area.left(), y, area.width(), h.outcome);
    p.drawText(outRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, texts.outcome);
    y = outRect.bottom() + 2;
    p.setFont(bold);
    const bool ends = endedAtEndOfText() || endedAtFullContext();
    p.setPen(ends ? QColor(0xB9, 0x1C, 0x1C) : QColor(0xB4, 0x53, 0x09));
    p.drawText(QRectF(area.left(), y, area.width(), std::max(h.loop, area.bottom() - y + 12)),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, texts.loop);
}

SamplingView::DrawTexts SamplingView::drawTexts() const {
    DrawTexts t;
    const Computed& c = computed();
    const Draw d = c.draw;
    const auto& sp = m_record->params;
    const ts::StepDistribution& drawn = *c.drawn;
    const auto& logits = m_record->trace->logits;
    t.head = sp.temperature <= 0.0f
                 ? tr("The draw: temperature 0 takes the most likely token, no random number")
                 : tr("The draw: a random number u between 0 and 1 lands in the cumulative "
                      "probabilities");
    t.settings = tr("drawn at temperature %1").arg(static_cast<double>(sp.temperature), 0, 'f', 2);
    if (sp.topK > 0) t.settings += tr(" · top-k %1").arg(sp.topK);
    if (sp.topP < 1.0f)
        t.settings += tr(" · top-p %1").arg(static_cast<double>(sp.topP), 0, 'f', 2);
    t.settings += tr(" · seed %1 · tokens in vocabulary order, width = probability").arg(sp.seed);
    QString outcome;
    if (m_record->sampledToken >= 0) {
        const double pr = drawn.samplingOf(logits, m_record->sampledToken);
        if (d.u < 0.0)
            outcome = tr("Drawn: “%1” (the most likely token)").arg(drawnTokenText());
        else if (d.byHand)
            outcome = tr("Chosen by hand (what if): “%1”; u = %2 had landed on “%3”")
                          .arg(drawnTokenText())
                          .arg(d.u, 0, 'f', 4)
                          .arg(m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), d.landed)
                                       : QStringLiteral("#%1").arg(d.landed));
        else
            outcome = tr("u = %1 lands on “%2”, which holds %3 of the bar")
                          .arg(d.u, 0, 'f', 4)
                          .arg(drawnTokenText())
                          .arg(percent(pr));
        const int now = tokenAtCurrentSettings();
        const bool changed = m_params.temperature != sp.temperature || m_params.topK != sp.topK ||
                             m_params.topP != sp.topP;
        if (changed && now >= 0)
            outcome += QLatin1Char('\n') +
                       tr("With the slider's settings the same u would pick “%1”.")
                           .arg(m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), now)
                                        : QStringLiteral("#%1").arg(now));
        // Before/after: the model's own draw with the same u (or, greedy, its favourite).
        if (showsBefore() && m_before->sampledToken >= 0 &&
            m_before->sampledToken != m_record->sampledToken)
            outcome += QLatin1Char('\n') +
                       tr("Without the interventions the same draw gives “%1”.")
                           .arg(m_vocab ? m_vocab->displayAfter(m_record->contextTokens(),
                                                                m_before->sampledToken)
                                        : QStringLiteral("#%1").arg(m_before->sampledToken));
    }
    t.outcome = fillKoreanParticles(outcome);
    const bool ends = endedAtEndOfText() || endedAtFullContext();
    t.loop = (ends ? QStringLiteral("■ ") : QStringLiteral("↻ ")) + loopText();
    return t;
}

SamplingView::DrawHeights SamplingView::drawHeights(const DrawTexts& t, qreal width) const {
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF fm(font()), bm(bold);
    const auto wrapped = [width](const QFontMetricsF& m, const QString& s) {
        return s.isEmpty() ? 0.0
                           : m.boundingRect(QRectF(0, 0, std::max<qreal>(1, width), 1e6),
                                            Qt::AlignLeft | Qt::TextWordWrap, s)
                                     .height() +
                                 2;
    };
    DrawHeights h;
    h.head = wrapped(bm, t.head);
    h.settings = wrapped(fm, t.settings);
    // Two lines at least, as before: the outcome's second line (the slider's pick) comes and goes.
    h.outcome = std::max(2 * fm.height() + 4, wrapped(fm, t.outcome));
    h.loop = wrapped(bm, t.loop);
    h.lead = fm.height() + 20 + fm.height() + 6 + 2;  // u marker above, "0 … 1" under the bar
    return h;
}

qreal SamplingView::drawNeeds(qreal width) const {
    if (!m_record || !m_record->trace || m_record->trace->logits.empty()) return 0;
    return drawHeights(drawTexts(), width).total();
}

void SamplingView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) update();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui
