#pragma once
// Every text a widget paints, as it paints it: the widget is rendered into a paint device whose
// engine draws nothing and keeps each text item (labels, table cells, chart axis labels, the
// stage views' own painted ticks and captions all end in QPaintEngine::drawTextItem) with its
// font's pixel size and its rectangle. The hover glossary (widgets/glossary.hpp) reads the text
// under the mouse from it; the layout tests read fonts and overlapping labels.
#include <QRectF>
#include <QString>
#include <vector>

class QWidget;

namespace ts::ui {

struct PaintedText {
    QString text;
    QRectF rect;     // in the widget's coordinates
    int pixels = 0;  // the font's pixel size
};

// What `w` itself paints now (not its children), in its own coordinates.
std::vector<PaintedText> textsPaintedBy(QWidget* w);

}  // namespace ts::ui
