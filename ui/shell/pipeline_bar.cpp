#include "shell/pipeline_bar.hpp"

#include <QEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>

#include "core/view_table.hpp"

namespace ts::ui {

PipelineBar::PipelineBar(QWidget* parent) : QWidget(parent) {
    m_timer = new QTimer(this);
    connect(m_timer, &QTimer::timeout, this, [this] {
        updateStage(m_lit);
        ++m_lit;
        if (m_lit >= kStageCount) {
            m_lit = -1;
            m_timer->stop();
        }
        updateStage(m_lit);
    });
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setCursor(Qt::PointingHandCursor);
}

QString PipelineBar::stageName(int stage) {
    const ViewEntry* entry = stageEntry(stage);
    return entry ? viewTitle(*entry) : QString();
}

QSize PipelineBar::sizeHint() const { return {760, fontMetrics().height() * 2 + 18}; }

void PipelineBar::setSelected(int stage) {
    if (stage == m_selected) return;
    m_selected = stage;
    m_fittedValid = false;
    update();
}

void PipelineBar::playStep(int totalMs) {
    updateStage(m_lit);
    m_lit = 0;
    m_timer->start(std::max(20, totalMs / kStageCount));
    updateStage(m_lit);
}

QRect PipelineBar::stageRect(int stage) const {
    const int arrow = 22;
    const int w = (width() - 8 - arrow * (kStageCount - 1)) / kStageCount;
    return QRect(4 + stage * (w + arrow), 4, w, height() - 8);
}

void PipelineBar::paintEvent(QPaintEvent* event) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    for (int s = 0; s < kStageCount; ++s) {
        const QRect r = stageRect(s);
        // Only what the update asked for: lighting the next stage repaints two boxes.
        if (r.adjusted(-1, -1, 1, 1).intersects(event->rect()))
            p.drawPixmap(r.topLeft(), stageImage(s));
        if (s + 1 < kStageCount) {
            const int x0 = r.right() + 4, x1 = stageRect(s + 1).left() - 4, y = r.center().y();
            if (!QRect(x0, y - 6, x1 - x0 + 1, 13).intersects(event->rect())) continue;
            p.setPen(QPen(QColor(0x64, 0x74, 0x8B), 2));
            p.drawLine(x0, y, x1, y);
            QPainterPath head;
            head.moveTo(x1, y);
            head.lineTo(x1 - 6, y - 5);
            head.lineTo(x1 - 6, y + 5);
            head.closeSubpath();
            p.fillPath(head, QColor(0x64, 0x74, 0x8B));
        }
    }
}

const QPixmap& PipelineBar::stageImage(int stage) {
    const QFont& font =
        fittedFont(stage);  // after a change of size, font or language: drops the images
    const bool lit = stage == m_lit;
    const bool sel = stage == m_selected;
    const int look = lit ? 2 : (sel ? 1 : 0);
    const QRect r = stageRect(stage);
    const qreal dpr = devicePixelRatioF();
    QPixmap& image = m_images[static_cast<std::size_t>(stage)][static_cast<std::size_t>(look)];
    if (!image.isNull() && image.size() == r.size() * dpr && image.devicePixelRatio() == dpr)
        return image;
    image = QPixmap(r.size() * dpr);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    const QRect box(QPoint(0, 0), r.size());
    const QColor fill = lit ? QColor(0xFB, 0xBF, 0x24)
                            : (sel ? QColor(0x1D, 0x4E, 0xD8) : QColor(0xE2, 0xE8, 0xF0));
    p.setPen(QPen(sel ? QColor(0x1E, 0x3A, 0x8A) : QColor(0x94, 0xA3, 0xB8), sel ? 2 : 1));
    p.setBrush(fill);
    p.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
    p.setPen(sel && !lit ? Qt::white : QColor(0x0F, 0x17, 0x2A));
    p.setFont(font);
    p.drawText(box.adjusted(4, 0, -4, 0), Qt::AlignCenter | Qt::TextWordWrap, stageName(stage));
    return image;
}

void PipelineBar::updateStage(int stage) {
    if (stage >= 0 && stage < kStageCount) update(stageRect(stage).adjusted(-1, -1, 1, 1));
}

void PipelineBar::mousePressEvent(QMouseEvent* event) {
    for (int s = 0; s < kStageCount; ++s)
        if (stageRect(s).contains(event->position().toPoint())) {
            setSelected(s);
            emit stageSelected(s);
            return;
        }
}

const QFont& PipelineBar::fittedFont(int stage) {
    if (!m_fittedValid) {
        for (auto& looks : m_images) looks.fill(QPixmap());  // drawn with the old fonts
        for (int s = 0; s < kStageCount; ++s) {
            // Long names (Korean "확률 분포 생성 (Softmax)") shrink to fit their box.
            QFont f = font();
            f.setBold(s == m_selected);
            const QString name = stageName(s);
            const int room = stageRect(s).width() - 10;
            while (QFontMetrics(f).horizontalAdvance(name) > room &&
                   f.pointSizeF() > font().pointSizeF() * 0.7)
                f.setPointSizeF(f.pointSizeF() - 0.5);
            m_fitted[static_cast<std::size_t>(s)] = f;
        }
        m_fittedValid = true;
    }
    return m_fitted[static_cast<std::size_t>(stage)];
}

void PipelineBar::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        m_fittedValid = false;
        update();
    }
    QWidget::changeEvent(event);
}

void PipelineBar::resizeEvent(QResizeEvent* event) {
    m_fittedValid = false;
    QWidget::resizeEvent(event);
}

}  // namespace ts::ui
