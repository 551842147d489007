// A widget's size-hint changes kept from the window's layout (see the header).
#include "widgets/layout_shield.hpp"

namespace ts::ui {

LayoutShield::LayoutShield(QWidget* child, QWidget* parent)
    : QWidget(parent), m_child(child), m_hint(child->sizeHint()) {
    child->setParent(this);
    setSizePolicy(child->sizePolicy());
    setFocusProxy(child);
}

void LayoutShield::setHint(QSize hint) {
    if (hint == m_hint) return;
    m_hint = hint;
    updateGeometry();
}

void LayoutShield::resizeEvent(QResizeEvent*) { m_child->setGeometry(rect()); }

}  // namespace ts::ui
