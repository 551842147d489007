#pragma once
// Token labels that stand under a column: the attention heatmap's key axis and the lanes'
// entropy bars. Latin text is rotated to read upwards, its end at the axis. Hangul, kana and
// Han characters are stacked upright instead, one under the other from the axis down, as
// vertical Korean is written: rotated Hangul lies on its side and a class could not read it.
#include <QString>

class QFontMetricsF;
class QPainter;

namespace ts::ui::column_label {

// Whether `label` is stacked (it holds a Hangul, kana or Han character) or rotated.
bool stacksUpright(const QString& label);

// The room `label` takes along its column, in px of the font `fm` measures.
double extent(const QString& label, const QFontMetricsF& fm);

// `label`, cut with "…" so that its extent fits `room` (unchanged when it fits).
QString elided(const QString& label, const QFontMetricsF& fm, double room);

// Draws `label` (already elided) in the column centred at `centreX`, starting at the axis `top`
// and using at most `room` px downwards, in the painter's font and pen.
void draw(QPainter& p, const QString& label, double centreX, double top, double room);

}  // namespace ts::ui::column_label
