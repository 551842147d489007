#pragma once
// Every text a window part paints where it can be seen, for the layout tests: each visible widget
// rendered on its own through ts::ui::textsPaintedBy (widgets/painted_text.hpp), its texts moved
// into the root's coordinates. The presentation-mode test reads the smallest font from it and the
// layout tests the labels that run into each other ("0.0%1.5%", "비트" over "6.5").
#include <QRegion>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <algorithm>
#include <vector>

#include "widgets/painted_text.hpp"

namespace ts_test {

struct PaintedText : ts::ui::PaintedText {
    const QWidget* widget = nullptr;
};

// The texts `root` and its visible descendants paint where they can be seen.
inline std::vector<PaintedText> paintedTexts(QWidget* root) {
    std::vector<PaintedText> out;
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : widgets) {
        if (!w->isVisible() || (w->isWindow() && w != root)) continue;
        const QRegion seen = w->visibleRegion();
        if (seen.isEmpty()) continue;
        const QPointF at = w->mapTo(root, QPoint(0, 0));
        for (const ts::ui::PaintedText& t : ts::ui::textsPaintedBy(w)) {
            // Only what is on screen: a scrolled-away row or a clipped tail is not seen.
            if (!seen.intersects(t.rect.toAlignedRect())) continue;
            PaintedText p{t, w};
            p.rect.translate(at);
            out.push_back(p);
        }
    }
    return out;
}

inline int smallestPaintedPixels(const std::vector<PaintedText>& texts) {
    int least = 0;
    for (const PaintedText& t : texts) least = least ? std::min(least, t.pixels) : t.pixels;
    return least;
}

// Texts that run into each other: two different texts of one widget whose boxes overlap by more
// than two pixels across and a third of the lower one's height. The same text drawn twice in one
// place (an outline or a shadow) is one text.
inline QStringList overlappingTexts(const std::vector<PaintedText>& texts) {
    QStringList out;
    for (std::size_t i = 0; i < texts.size(); ++i)
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            const PaintedText& a = texts[i];
            const PaintedText& b = texts[j];
            if (a.widget != b.widget) continue;
            const QRectF both = a.rect.intersected(b.rect);
            if (both.width() <= 2.0 ||
                both.height() <= std::min(a.rect.height(), b.rect.height()) / 3.0)
                continue;
            if (a.text == b.text && (a.rect.center() - b.rect.center()).manhattanLength() < 4)
                continue;
            out << QStringLiteral("“%1” over “%2” in %3")
                       .arg(a.text, b.text,
                            a.widget->objectName().isEmpty()
                                ? QString::fromLatin1(a.widget->metaObject()->className())
                                : a.widget->objectName());
        }
    return out;
}

}  // namespace ts_test
