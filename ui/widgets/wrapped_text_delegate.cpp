#include "widgets/wrapped_text_delegate.hpp"

#include <QApplication>
#include <QFontMetricsF>
#include <QRegularExpression>
#include <QStyle>
#include <QTextLayout>
#include <QTextOption>
#include <QWidget>
#include <algorithm>
#include <cmath>

namespace ts::ui {

QString WrappedTextDelegate::displayText(const QVariant& value, const QLocale& locale) const {
    QString text = QStyledItemDelegate::displayText(value, locale);
    if (m_breakAfter.isEmpty()) return text;
    QString out;
    out.reserve(text.size() + 4);
    for (const QChar c : text) {
        out += c;
        if (m_breakAfter.contains(c)) out += QChar(0x200B);
    }
    return out;
}

qreal WrappedTextDelegate::widestWord(const QString& text, const QFont& font) const {
    static const QRegularExpression gaps(QStringLiteral("[ \\n\\x{200B}]"));
    const QFontMetricsF fm(font);
    qreal widest = 0;
    for (const QString& word : displayText(text, QLocale()).split(gaps, Qt::SkipEmptyParts))
        widest = std::max(widest, fm.horizontalAdvance(word));
    return widest;
}

int WrappedTextDelegate::cellTextMargin(const QWidget* view) {
    const QStyle* style = view ? view->style() : QApplication::style();
    return 2 * (style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1) + 1;
}

QSize WrappedTextDelegate::sizeHint(const QStyleOptionViewItem& option,
                                    const QModelIndex& index) const {
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    if (opt.text.isEmpty()) return base;
    const QWidget* widget = opt.widget;
    const QStyle* style = widget ? widget->style() : QApplication::style();
    const int vMargin = style->pixelMetric(QStyle::PM_FocusFrameVMargin, nullptr, widget) + 1;
    // QTableView gives the column's width here when its items wrap.
    const int width = option.rect.width() - cellTextMargin(widget);
    if (width <= 0) return base;
    QString text = opt.text;
    text.replace(QLatin1Char('\n'), QChar::LineSeparator);
    QTextLayout layout(text, opt.font);
    QTextOption wrap;
    wrap.setWrapMode(QTextOption::WordWrap);  // as QCommonStyle paints it: at spaces only
    layout.setTextOption(wrap);
    qreal height = 0;
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        height += line.height();
    }
    layout.endLayout();
    return QSize(base.width(),
                 std::max(base.height(), static_cast<int>(std::ceil(height)) + 2 * vMargin + 2));
}

}  // namespace ts::ui
