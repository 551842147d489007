// The attention view's what-if parts: heads silenced in the run (marked on the grid, toggled
// from a thumbnail's right-click menu) and the kind badges of ts::headKinds with their legend.
#include <QCursor>
#include <QMenu>
#include <algorithm>

#include "stages/attention_view.hpp"

namespace ts::ui {

void AttentionView::setSilencedHeads(const std::vector<std::pair<int, int>>& layerHeads) {
    m_silenced = layerHeads;
    updateThumbnailFrames();
}

bool AttentionView::isSilenced(int layer, int head) const {
    return std::find(m_silenced.begin(), m_silenced.end(), std::make_pair(layer, head)) !=
           m_silenced.end();
}

void AttentionView::setHeadKinds(std::vector<std::string> kinds) {
    m_headKinds = std::move(kinds);
    updateThumbnailFrames();
    updateGridTitle();
}

QString AttentionView::headBadge(int layer, int head) const {
    const long long i = static_cast<long long>(layer) * m_nHead + head;
    if (layer < 0 || head < 0 || head >= m_nHead || i >= static_cast<long long>(m_headKinds.size()))
        return {};
    const std::string& kind = m_headKinds[static_cast<std::size_t>(i)];
    if (kind == "previous") return tr("prev", "head kind badge: attends to the previous token");
    if (kind == "first") return tr("first", "head kind badge: attends to the first token");
    if (kind == "induction") return tr("copy", "head kind badge: copy/induction head");
    return {};
}

QString AttentionView::thumbnailTitle(int head) const {
    if (head == kAverageOfHeads) return tr("avg");
    QString title = kvGroup(head) >= 0 ? tr("H%1 · g%2").arg(head + 1).arg(kvGroup(head) + 1)
                                       : tr("H%1").arg(head + 1);
    const QString badge = headBadge(m_layer, head);
    if (!badge.isEmpty()) title += QStringLiteral(" [") + badge + QLatin1Char(']');
    if (isSilenced(m_layer, head)) title = tr("✕ %1", "a silenced head's thumbnail").arg(title);
    return title;
}

QString AttentionView::headsLegend() const {
    QString legend = tr("Right-click a head to silence it (✕: silenced).");
    if (!m_headKinds.empty())
        legend += QLatin1Char('\n') + tr("[prev] previous token · [first] first token · [copy] "
                                         "copy/induction");
    return legend;
}

void AttentionView::showHeadMenu(int head) {
    if (head < 0 || head >= m_nHead) return;
    QMenu menu(this);
    const bool off = isSilenced(m_layer, head);
    QAction* act =
        menu.addAction(off ? tr("Give layer %1 head %2 back").arg(m_layer + 1).arg(head + 1)
                           : tr("Silence layer %1 head %2").arg(m_layer + 1).arg(head + 1));
    if (menu.exec(QCursor::pos()) == act) emit headSilenceToggled(m_layer, head);
}

}  // namespace ts::ui
