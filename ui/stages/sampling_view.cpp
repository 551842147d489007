#include "stages/sampling_view.hpp"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTextDocument>

#include "tokenscope/sampling.hpp"

namespace ts::ui {

namespace {

void drawArrow(QPainter& p, QPointF from, QPointF to, const QColor& colour) {
    p.setPen(QPen(colour, 2.5));
    p.drawLine(from, to);
    const QLineF line(to, from);
    QLineF a = line;
    a.setLength(10);
    a.setAngle(line.angle() + 25);
    QLineF b = line;
    b.setLength(10);
    b.setAngle(line.angle() - 25);
    QPainterPath head;
    head.moveTo(to);
    head.lineTo(a.p2());
    head.lineTo(b.p2());
    head.closeSubpath();
    p.fillPath(head, colour);
}

void drawBox(QPainter& p, const QRectF& r, const QColor& fill, const QString& title,
             const QString& body, const QFont& bold, const QFont& normal) {
    p.setPen(QPen(QColor(0x47, 0x55, 0x69), 1.2));
    p.setBrush(fill);
    p.drawRoundedRect(r, 8, 8);
    p.setPen(QColor(0x0F, 0x17, 0x2A));
    const QFontMetricsF fm(bold);
    p.setFont(bold);
    p.drawText(r.adjusted(6, 6, -6, 0), Qt::AlignHCenter | Qt::AlignTop, title);
    p.setFont(normal);
    p.drawText(r.adjusted(6, fm.height() + 10, -6, -4), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
               body);
}

}  // namespace

SamplingView::SamplingView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(480, 320);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
}

void SamplingView::setVocabulary(VocabularyPtr vocab) {
    m_vocab = std::move(vocab);
    update();
}
void SamplingView::setRecord(StepRecordPtr record) {
    m_record = std::move(record);
    update();
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
    return m_vocab ? m_vocab->text(m_record->sampledToken)
                   : QStringLiteral("#%1").arg(m_record->sampledToken);
}

QString SamplingView::continuedText() const {
    if (!m_record) return {};
    std::vector<int> ids = m_record->contextTokens;
    if (m_record->sampledToken >= 0) ids.push_back(m_record->sampledToken);
    if (m_vocab) return m_vocab->decode(ids);
    QString text;
    for (const auto& t : m_record->tokenTexts) text += QString::fromStdString(t);
    return text + drawnTokenText();
}

void SamplingView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    QFont bold = font();
    bold.setBold(true);
    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.25);
    if (!m_record) {
        p.setPen(pal.color(QPalette::Text));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Run a step: the drawn token is appended to the text and fed back in."));
        return;
    }

    // The text so far, then the drawn token highlighted: what the next step will read.
    const int margin = 12;
    QTextDocument doc;
    doc.setDefaultFont(big);
    doc.setTextWidth(width() - 2 * margin);
    // Decoded from the joined bytes (not token by token) so split characters come out whole;
    // the drawn token is whatever the text gained by appending it.
    const QString before = m_vocab ? m_vocab->decode(m_record->contextTokens) : QString();
    const QString after = continuedText();
    qsizetype common = 0;
    while (common < before.size() && common < after.size() && before[common] == after[common] &&
           before[common] != QChar(0xFFFD))
        ++common;
    // Long contexts: show the tail, which is where the loop happens.
    const qsizetype first = std::max<qsizetype>(0, common - 600);
    QString html = first > 0 ? QStringLiteral("… ") : QString();
    html += after.mid(first, common - first).toHtmlEscaped();
    QString added = visibleWhitespace(after.mid(common));
    if (added.isEmpty()) added = visibleWhitespace(drawnTokenText());
    html += QStringLiteral("<span style='background:#fbbf24; font-weight:bold'>%1</span>")
                .arg(added.toHtmlEscaped());
    html.replace(QLatin1Char('\n'), QStringLiteral("↵<br>"));
    doc.setHtml(html);
    p.setPen(pal.color(QPalette::Text));
    p.setFont(bold);
    p.drawText(QPoint(margin, margin + p.fontMetrics().ascent()),
               tr("Step %1: the drawn token (highlighted) is appended to the text").arg(m_record->index));
    const int textTop = margin + p.fontMetrics().height() + 6;
    const qreal maxTextH = std::max(60.0, height() * 0.38);
    p.save();
    p.translate(margin, textTop);
    doc.drawContents(&p, QRectF(0, 0, width() - 2 * margin, maxTextH));
    p.restore();

    // The loop: context → model → distribution → draw → token, and back into the context.
    const qreal top = textTop + std::min<qreal>(doc.size().height(), maxTextH) + 20;
    const qreal boxH = std::clamp<qreal>((height() - top) * 0.45, 70, 130);
    const qreal gap = 34;
    const qreal boxW = (width() - 2 * margin - 3 * gap) / 4.0;
    auto box = [&](int i) { return QRectF(margin + i * (boxW + gap), top, boxW, boxH); };

    const int ctx = static_cast<int>(m_record->contextTokens.size());
    drawBox(p, box(0), QColor(0xDB, 0xEA, 0xFE), tr("Input context"),
            tr("%n token(s)", nullptr, ctx), bold, font());
    drawBox(p, box(1), QColor(0xED, 0xE9, 0xFE), tr("Transformer"),
            m_nLayer > 0 ? tr("%n layer(s): embedding, attention, MLP", nullptr, m_nLayer)
                         : tr("embedding, attention, MLP"),
            bold, font());
    QString distText;
    if (m_record->trace && !m_record->trace->logits.empty()) {
        const auto probs = ts::samplingDistribution(m_record->trace->logits, m_record->params);
        for (const auto& c : ts::topCandidates(probs, 3)) {
            const QString label = m_vocab ? m_vocab->display(c.token) : QStringLiteral("#%1").arg(c.token);
            distText += QStringLiteral("%1 %2%\n").arg(label).arg(100.0 * c.prob, 0, 'f', 1);
        }
    }
    drawBox(p, box(2), QColor(0xDC, 0xFC, 0xE7), tr("Probabilities"), distText.trimmed(), bold, font());
    const auto& sp = m_record->params;
    QString how = sp.temperature <= 0.0f ? tr("greedy (temperature 0)")
                                         : tr("temperature %1").arg(sp.temperature, 0, 'f', 2);
    if (sp.topK > 0) how += QLatin1Char('\n') + tr("top-k %1").arg(sp.topK);
    if (sp.topP < 1.0f) how += QLatin1Char('\n') + tr("top-p %1").arg(sp.topP, 0, 'f', 2);
    how += QLatin1Char('\n') + tr("drawn: %1").arg(visibleWhitespace(drawnTokenText()));
    drawBox(p, box(3), QColor(0xFE, 0xF3, 0xC7), tr("Sampling"), how, bold, font());

    const QColor arrow(0x33, 0x41, 0x55);
    for (int i = 0; i < 3; ++i)
        drawArrow(p, QPointF(box(i).right() + 3, top + boxH / 2), QPointF(box(i + 1).left() - 3, top + boxH / 2),
                  arrow);
    // The feedback arc: below the boxes from "Sampling" back to "Input context".
    const qreal y = top + boxH + 34;
    const QColor loop(0xD9, 0x77, 0x06);
    p.setPen(QPen(loop, 2.5));
    p.setBrush(Qt::NoBrush);
    QPainterPath path;
    path.moveTo(box(3).center().x(), top + boxH + 3);
    path.cubicTo(box(3).center().x(), y + 10, box(3).center().x() - 20, y + 10, box(3).center().x() - 40, y + 10);
    path.lineTo(box(0).center().x() + 40, y + 10);
    p.drawPath(path);
    drawArrow(p, QPointF(box(0).center().x() + 40, y + 10), QPointF(box(0).center().x(), top + boxH + 4), loop);
    p.setPen(loop);
    p.setFont(bold);
    p.drawText(QRectF(box(0).center().x() + 40, y + 14, box(3).center().x() - box(0).center().x() - 80, 40),
               Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
               tr("Autoregressive loop: “%1” is appended to the input and step %2 begins")
                   .arg(visibleWhitespace(drawnTokenText()))
                   .arg(m_record->index + 1));
}

void SamplingView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) update();
    QWidget::changeEvent(event);
}

}  // namespace ts::ui
