// Rotated or stacked column labels (see the header).
#include "widgets/column_label.hpp"

#include <QFontMetricsF>
#include <QPainter>
#include <QStringList>
#include <QTextBoundaryFinder>
#include <algorithm>
#include <cmath>

namespace ts::ui::column_label {

namespace {

bool isUprightScript(char32_t c) {
    return (c >= 0x1100 && c <= 0x11FF) ||  // Hangul Jamo
           (c >= 0x3040 && c <= 0x30FF) ||  // Hiragana, Katakana
           (c >= 0x3130 && c <= 0x318F) ||  // Hangul compatibility Jamo
           (c >= 0x3400 && c <= 0x4DBF) ||  // CJK extension A
           (c >= 0x4E00 && c <= 0x9FFF) ||  // CJK unified ideographs
           (c >= 0xA960 && c <= 0xA97F) ||  // Hangul Jamo extended A
           (c >= 0xAC00 && c <= 0xD7AF) ||  // Hangul syllables
           (c >= 0xD7B0 && c <= 0xD7FF);    // Hangul Jamo extended B
}

// A number stays on one line of a stacked label ("10", the "1/3" of a partial character).
bool isNumberPart(const QString& cell) {
    return cell.size() == 1 && (cell[0].isDigit() || cell[0] == QLatin1Char('/'));
}

// The characters stacked one under the other: grapheme clusters, with the spaces around
// the label dropped (a token's leading space would be an empty first line), each run of
// inner spaces kept as one " " entry, drawn as half a line, and the digits of a number
// together (the logit lens names its columns "10 은": "1" over "0" read as two numbers).
QStringList stackedCells(const QString& label) {
    const QString text = label.trimmed();
    QStringList cells;
    QTextBoundaryFinder finder(QTextBoundaryFinder::Grapheme, text);
    qsizetype start = 0;
    while (finder.toNextBoundary() != -1) {
        const qsizetype end = finder.position();
        const QString cell = text.mid(start, end - start);
        start = end;
        if (cell.trimmed().isEmpty()) {
            if (!cells.isEmpty() && cells.back() != QStringLiteral(" "))
                cells << QStringLiteral(" ");
        } else if (isNumberPart(cell) && !cells.isEmpty() && isNumberPart(cells.back().right(1))) {
            cells.back() += cell;
        } else {
            cells << cell;
        }
    }
    return cells;
}

double cellStep(const QFontMetricsF& fm, const QString& cell) {
    return cell == QStringLiteral(" ") ? fm.height() / 2 : fm.height();
}

const QString kEllipsis = QStringLiteral("…");

}  // namespace

bool stacksUpright(const QString& label) {
    for (const char32_t c : label.toUcs4())
        if (isUprightScript(c)) return true;
    return false;
}

double extent(const QString& label, const QFontMetricsF& fm) {
    if (!stacksUpright(label)) return fm.horizontalAdvance(label);
    double total = 0;
    for (const QString& cell : stackedCells(label)) total += cellStep(fm, cell);
    return total;
}

QString elided(const QString& label, const QFontMetricsF& fm, double room) {
    if (!stacksUpright(label)) return fm.elidedText(label, Qt::ElideRight, room);
    if (extent(label, fm) <= room) return label;
    // Whole cells while they and the ellipsis fit.
    QString out;
    double used = fm.height();  // the ellipsis' line
    for (const QString& cell : stackedCells(label)) {
        if (used + cellStep(fm, cell) > room) break;
        used += cellStep(fm, cell);
        out += cell;
    }
    return out.trimmed() + kEllipsis;
}

void draw(QPainter& p, const QString& label, double centreX, double top, double room) {
    const QFontMetricsF fm(p.font());
    if (!stacksUpright(label)) {
        // Rotated a quarter turn anticlockwise, so it reads upwards and ends at the axis.
        p.save();
        p.translate(centreX, top);
        p.rotate(-90);
        p.drawText(QRectF(-room, -fm.height() / 2, room, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, label);
        p.restore();
        return;
    }
    // The vertical ellipsis where the font has one: "…" lies across a stacked column.
    const QString verticalEllipsis = fm.inFontUcs4(0x22EE) ? QStringLiteral("⋮") : kEllipsis;
    double y = top;
    for (const QString& cell : stackedCells(label)) {
        const double step = cellStep(fm, cell);
        if (y + step > top + room + 0.5) break;
        if (cell != QStringLiteral(" ")) {
            const QString shown = cell == kEllipsis ? verticalEllipsis : cell;
            p.drawText(QRectF(centreX - fm.height(), y, 2 * fm.height(), step), Qt::AlignCenter,
                       shown);
        }
        y += step;
    }
}

}  // namespace ts::ui::column_label
