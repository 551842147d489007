#pragma once
// One-line list items drawn from a cache of laid-out text (QStaticText). The default delegate
// lays out and elides every visible item's text in every paint: the timeline, which scrolls to
// a new step many times a second, spent 2.5-3 ms of a 10 ms window repaint there near 1,024
// tokens (bench_stalls). Background, selection and focus are still the style's.
#include <QHash>
#include <QStaticText>
#include <QStyledItemDelegate>

namespace ts::ui {

class StaticTextDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

  private:
    // Keyed by the text, the room it was elided to and the font: a new width or font (a
    // resized dock, presentation mode) lays the text out again.
    mutable QHash<QString, QStaticText> m_cache;
};

}  // namespace ts::ui
