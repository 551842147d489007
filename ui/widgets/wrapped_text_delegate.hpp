#pragma once
// Table cells whose wrapped text always gets the lines it needs. QStyledItemDelegate sizes a
// wrapped cell with the primary font's line height, but a line with Hangul is drawn in a
// fallback font (Nanum) whose lines are taller, so resizeRowsToContents left such rows a
// line short and the painter elided their last line ("…"). This delegate measures the text
// the way it is painted: laid out by QTextLayout, fallback fonts included, at the cell's
// width less the style's text margins. Optionally the text may also break after given
// characters (a probe group "held_out/capital" after the slash): a zero-width space is
// shown after each, and the model's text is left as it is.
#include <QStyledItemDelegate>

namespace ts::ui {

class WrappedTextDelegate : public QStyledItemDelegate {
  public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void setBreakAfter(const QString& characters) { m_breakAfter = characters; }
    QString displayText(const QVariant& value, const QLocale& locale) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    // The widest word of `text` as shown (the widest piece between spaces and breaks): a
    // column narrower than that cuts the word, since lines break at spaces only.
    qreal widestWord(const QString& text, const QFont& font) const;
    // The room QCommonStyle leaves around a cell's text across its width: the text margin on
    // both sides and the grid line. A column needs a text's width plus this.
    static int cellTextMargin(const QWidget* view);

  private:
    QString m_breakAfter;
};

}  // namespace ts::ui
