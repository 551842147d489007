// A wrapped label that relayouts the window only when its height changes (see
// steady_label.hpp).
#include "widgets/steady_label.hpp"

#include <QLabel>
#include <algorithm>

namespace ts::ui {

SteadyLabel::SteadyLabel(QWidget* parent, bool wrap)
    : QWidget(parent), m_label(new QLabel(this)), m_wrap(wrap) {
    m_label->setWordWrap(wrap);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(wrap);
    setSizePolicy(policy);
}

void SteadyLabel::setText(const QString& text) {
    if (text == m_label->text()) return;
    m_label->setText(text);  // its own LayoutRequest stops here: this box has no layout
    if (!m_wrap) {
        if (m_label->sizeHint() != m_hint) {
            m_hint = m_label->sizeHint();
            updateGeometry();
        }
        return;
    }
    const int h = heightForWidth(width());
    if (h != m_height) {
        m_height = h;
        updateGeometry();
    }
}

QString SteadyLabel::text() const { return m_label->text(); }

QSize SteadyLabel::sizeHint() const {
    if (!m_wrap) m_hint = m_label->sizeHint();
    return m_label->sizeHint();
}

void SteadyLabel::setReservedLines(int lines) {
    m_reservedLines = lines;
    m_height = heightForWidth(width());
    updateGeometry();
}

int SteadyLabel::heightForWidth(int width) const {
    return std::max(m_label->heightForWidth(width),
                    m_reservedLines * m_label->fontMetrics().lineSpacing());
}

QSize SteadyLabel::minimumSizeHint() const {
    const QSize hint = m_label->minimumSizeHint();
    return {hint.width(),
            std::max(hint.height(), m_reservedLines * m_label->fontMetrics().lineSpacing())};
}

void SteadyLabel::resizeEvent(QResizeEvent*) {
    m_label->setGeometry(rect());
    m_height = heightForWidth(width());
}

}  // namespace ts::ui
