// The timeline's cached-text delegate paints what the style's own delegate paints (text,
// elision, selection), and follows a change of text and of width instead of showing a stale
// cached line.
#include <QImage>
#include <QListWidget>
#include <QStyledItemDelegate>

#include "catch.hpp"
#include "widgets/static_text_delegate.hpp"

using namespace ts::ui;

namespace {

QImage grabList(QListWidget& list) {
    list.viewport()->repaint();
    return list.viewport()->grab().toImage();
}

// How many columns hold ink that is not the list's background.
int inkColumns(const QImage& img, int row0, int row1) {
    const QRgb bg = img.pixel(img.width() - 1, row0);
    int n = 0;
    for (int x = 0; x < img.width(); ++x)
        for (int y = row0; y < row1; ++y)
            if (img.pixel(x, y) != bg) {
                ++n;
                break;
            }
    return n;
}

}  // namespace

TEST_CASE("the cached-text delegate paints as the style's delegate does", "[ui][timeline]") {
    QListWidget list;
    list.resize(260, 120);
    list.setUniformItemSizes(true);
    list.addItem(QStringLiteral("1 · prompt (11 tokens) → ␣Sujin (99.9%)"));
    list.addItem(QStringLiteral(
        "2 · ␣Sujin → , (100.0%) and a tail long enough to be elided at this width"));
    list.addItem(QStringLiteral("3 · 범인은 → ␣수진 (96.0%)"));
    list.setCurrentRow(1);
    list.show();
    const QImage styled = grabList(list);
    list.setItemDelegate(new StaticTextDelegate(&list));
    const QImage cached = grabList(list);
    CHECK(cached == styled);

    // A new text and a narrower list are painted anew, not from the cache.
    list.item(0)->setText(QStringLiteral("1 · prompt"));
    const QImage shorter = grabList(list);
    const int rowH = list.visualItemRect(list.item(0)).height();
    CHECK(inkColumns(shorter, 0, rowH) < inkColumns(cached, 0, rowH));
    list.resize(160, 120);
    const QImage narrow = grabList(list);
    list.setItemDelegate(new QStyledItemDelegate(&list));
    CHECK(narrow == grabList(list));
}
