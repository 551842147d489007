// Cached one-line item text (see the header).
#include "widgets/static_text_delegate.hpp"

#include <QApplication>
#include <QPainter>

namespace ts::ui {

void StaticTextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const {
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget* widget = opt.widget;
    const QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    if (text.isEmpty()) return;
    // The text's room as the style gives it, less the margin the style's own text keeps.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QRect room = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget)
                           .adjusted(margin, 0, -margin, 0);
    if (room.width() <= 0) return;
    const QString key = QStringLiteral("%1\x1f%2\x1f").arg(room.width()).arg(opt.font.key()) + text;
    auto it = m_cache.find(key);
    if (it == m_cache.end()) {
        if (m_cache.size() > 4096) m_cache.clear();  // old widths and fonts
        QStaticText laidOut(
            QFontMetrics(opt.font).elidedText(text, opt.textElideMode, room.width()));
        laidOut.setTextFormat(Qt::PlainText);
        laidOut.prepare(QTransform(), opt.font);
        it = m_cache.insert(key, laidOut);
    }
    const QPalette::ColorGroup group = !(opt.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (opt.state & QStyle::State_Active) ? QPalette::Active
                                                                            : QPalette::Inactive;
    painter->save();
    painter->setFont(opt.font);
    painter->setPen(opt.palette.color(
        group, (opt.state & QStyle::State_Selected) ? QPalette::HighlightedText : QPalette::Text));
    const double y = room.top() + (room.height() - it->size().height()) / 2.0;
    painter->drawStaticText(QPointF(room.left(), y), *it);
    painter->restore();
}

}  // namespace ts::ui
