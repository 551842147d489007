#include "stages/softmax_view.hpp"

#include <QElapsedTimer>
#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

#include "tokenscope/sampling.hpp"

namespace ts::ui {

namespace {
constexpr int kHeaderLines = 3;
constexpr int kLabelWidth = 150;
}  // namespace

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

void SoftmaxView::setRecord(StepRecordPtr record) {
    m_record = std::move(record);
    recompute();
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
    m_probs.clear();
    m_dist.clear();
    m_entropy = m_samplingEntropy = 0;
    m_sampledRank = 0;
    m_sampledProb = 0;
    m_kept = 0;
    m_cutoff = 0;
    if (m_record && m_record->trace && !m_record->trace->logits.empty()) {
        const auto& logits = m_record->trace->logits;
        // An invalid value typed mid-edit must not throw out of a paint path: clamp instead.
        ts::SamplingParams p = m_params;
        p.temperature = std::max(0.0f, p.temperature);
        p.topK = std::max(0, p.topK);
        p.topP = std::clamp(p.topP, 1e-6f, 1.0f);
        m_probs = ts::softmax(logits, p.temperature);
        m_entropy = ts::entropyBits(m_probs);
        // Without top-k/top-p the sampling distribution is the softmax itself: skip the sort.
        if (p.topK > 0 || p.topP < 1.0f) {
            m_dist = ts::samplingDistribution(logits, p);
            m_samplingEntropy = ts::entropyBits(m_dist);
        } else {
            m_dist = m_probs;
            m_samplingEntropy = m_entropy;
        }
        m_kept = static_cast<int>(
            std::count_if(m_dist.begin(), m_dist.end(), [](float v) { return v > 0.0f; }));
        for (const auto& c : ts::topCandidates(m_probs, m_barCount)) {
            const float d = m_dist[static_cast<std::size_t>(c.token)];
            m_bars.push_back({c.token, c.prob, d, d <= 0.0f});
        }
        m_cutoff = static_cast<int>(m_bars.size());
        for (int i = 0; i < static_cast<int>(m_bars.size()); ++i)
            if (m_bars[static_cast<std::size_t>(i)].cut) {
                m_cutoff = i;
                break;
            }
        const int s = m_record->sampledToken;
        if (s >= 0 && s < static_cast<int>(logits.size())) {
            m_sampledRank = ts::rankOf(logits, s);
            m_sampledProb = m_probs[static_cast<std::size_t>(s)];
        }
    }
    m_recomputeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    update();
}

int SoftmaxView::rowHeight() const { return fontMetrics().height() + 6; }

QRect SoftmaxView::barArea() const {
    const int top = kHeaderLines * (fontMetrics().height() + 2) + 12;
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
        return m_vocab ? m_vocab->displayAfter(m_record->contextTokens, token)
                       : QStringLiteral("#%1").arg(token);
    };
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(QPoint(8, lh),
                     tr("Step %1 · next-token distribution over %2 tokens")
                         .arg(m_record->index + 1)
                         .arg(m_probs.size()));
    painter.setFont(font());
    QString params = tr("temperature %1").arg(m_params.temperature, 0, 'f', 2);
    if (m_params.topK > 0) params += tr(" · top-k %1").arg(m_params.topK);
    if (m_params.topP < 1.0f) params += tr(" · top-p %1").arg(m_params.topP, 0, 'f', 2);
    painter.drawText(QPoint(8, 2 * lh),
                     tr("%1 · entropy %2 bits · %3 tokens can be drawn")
                         .arg(params)
                         .arg(m_entropy, 0, 'f', 2)
                         .arg(m_kept));
    if (m_record->sampledToken >= 0)
        painter.drawText(QPoint(8, 3 * lh),
                         tr("Drawn: %1 — rank %2, probability %3%")
                             .arg(label(m_record->sampledToken))
                             .arg(m_sampledRank)
                             .arg(100.0 * m_sampledProb, 0, 'f', 2));
    painter.setPen(pal.color(QPalette::PlaceholderText));
    const QString timing = tr("re-rendered from stored logits in %1 ms").arg(m_recomputeMs, 0, 'f', 2);
    painter.drawText(QRect(0, 0, width() - 8, lh), Qt::AlignRight | Qt::AlignVCenter, timing);

    const QRect area = barArea();
    const int rh = rowHeight();
    const float maxProb = m_bars.empty() ? 1.0f : std::max(m_bars.front().prob, 1e-6f);
    const int barLeft = area.left() + kLabelWidth + 8;
    const int barMax = std::max(10, area.right() - barLeft - 70);
    for (int i = 0; i < static_cast<int>(m_bars.size()); ++i) {
        const Bar& b = m_bars[static_cast<std::size_t>(i)];
        const int y = area.top() + i * rh;
        if (y + rh > area.bottom() + 1) break;
        const bool sampled = b.token == m_record->sampledToken;
        if (i == m_hover)
            painter.fillRect(QRect(area.left(), y, area.width(), rh),
                             pal.color(QPalette::Highlight).lighter(185));
        painter.setPen(b.cut ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text));
        painter.setFont(sampled ? bold : font());
        painter.drawText(QRect(area.left(), y, kLabelWidth, rh), Qt::AlignRight | Qt::AlignVCenter,
                         fm.elidedText(label(b.token), Qt::ElideRight, kLabelWidth));
        const int w = std::max(1, static_cast<int>(static_cast<float>(barMax) * b.prob / maxProb));
        QColor c = sampled ? QColor(0xF5, 0x9E, 0x0B) : QColor(0x3B, 0x82, 0xF6);
        if (b.cut) c = QColor(0xC8, 0xC8, 0xC8);
        painter.fillRect(QRect(barLeft, y + 3, w, rh - 6), c);
        painter.setFont(font());
        painter.drawText(QRect(barLeft + w + 6, y, 80, rh), Qt::AlignLeft | Qt::AlignVCenter,
                         QStringLiteral("%1%").arg(100.0 * b.prob, 0, 'f', b.prob < 0.001f ? 3 : 1));
    }
    const int shown = std::min(static_cast<int>(m_bars.size()), std::max(0, area.height() / rh));
    painter.setPen(pal.color(QPalette::PlaceholderText));
    painter.drawText(QRect(area.left(), area.top() + shown * rh + 4, area.width(), rh),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     tr("Click a bar: what if the model had drawn that token? The session branches from this step."));
    // The cut-off: everything below this line has probability 0 after top-k/top-p.
    if (m_cutoff < static_cast<int>(m_bars.size())) {
        const int y = area.top() + m_cutoff * rh;
        if (y <= area.bottom()) {
            QPen pen(QColor(0xDC, 0x26, 0x26), 2, Qt::DashLine);
            painter.setPen(pen);
            painter.drawLine(area.left(), y, area.right(), y);
            painter.drawText(QRect(area.left(), y, area.width() - 4, rh),
                             Qt::AlignRight | Qt::AlignTop, tr("top-k / top-p cut-off"));
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
