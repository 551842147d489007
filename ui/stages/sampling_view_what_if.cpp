// The sampling view's what-if: which candidate lies under the mouse, and the right-click menu
// that bans, raises or lowers it (the window turns the choice into an intervention and a
// branch, as from the softmax view).
#include <QContextMenuEvent>
#include <QMenu>

#include "stages/sampling_view.hpp"

namespace ts::ui {

int SamplingView::candidateAt(QPoint pos) const {
    for (const Hit& h : m_hits)
        if (h.rect.contains(pos)) return h.token;
    return -1;
}

QRectF SamplingView::candidateRect(int token) const {
    for (const Hit& h : m_hits)
        if (h.token == token) return h.rect;
    return {};
}

std::unique_ptr<QMenu> SamplingView::whatIfMenu(QPoint pos) {
    const int token = candidateAt(pos);
    if (token < 0 || !m_record || m_record->fromFile()) return nullptr;
    auto menu = std::make_unique<QMenu>(this);
    const QString name = m_vocab ? m_vocab->displayAfter(m_record->contextTokens(), token)
                                 : QStringLiteral("#%1").arg(token);
    // The softmax view's words, so the two menus read the same.
    connect(menu->addAction(tr("Ban “%1” from this step on").arg(name)), &QAction::triggered, this,
            [this, token] { emit candidateBanned(token); });
    connect(menu->addAction(tr("Raise “%1” (logit +2)").arg(name)), &QAction::triggered, this,
            [this, token] { emit candidateBiased(token, 2.0f); });
    connect(menu->addAction(tr("Lower “%1” (logit −2)").arg(name)), &QAction::triggered, this,
            [this, token] { emit candidateBiased(token, -2.0f); });
    return menu;
}

void SamplingView::contextMenuEvent(QContextMenuEvent* event) {
    if (auto menu = whatIfMenu(event->pos())) menu->exec(event->globalPos());
}

}  // namespace ts::ui
