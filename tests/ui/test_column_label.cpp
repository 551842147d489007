// Column labels under the attention matrix and the lanes' entropy bars: Hangul is stacked
// upright, one character under the other (rotated it lay on its side), Latin is rotated; both
// measure and elide to the room they are drawn in.
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include "catch.hpp"
#include "classroom/entropy_strip.hpp"
#include "widgets/column_label.hpp"

using namespace ts::ui;

namespace {

// The label drawn black on white by column_label::draw in a w x h image, centred, from y = 0.
QImage drawnColumn(const QString& label, const QFont& font, int w, int h) {
    QImage img(w, h, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setFont(font);
    p.setPen(Qt::black);
    column_label::draw(p, label, w / 2.0, 0, h);
    return img;
}

// The bounding box of the dark pixels.
QRect ink(const QImage& img) {
    QRect box;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            if (qGray(img.pixel(x, y)) < 128) box = box.united(QRect(x, y, 1, 1));
    return box;
}

}  // namespace

TEST_CASE("Hangul column labels stand upright, one character under the other",
          "[widgets][labels]") {
    CHECK(column_label::stacksUpright(QStringLiteral("˽수진")));
    CHECK(column_label::stacksUpright(QStringLiteral("범 1/3")));
    CHECK_FALSE(column_label::stacksUpright(QStringLiteral("˽Sujin")));
    CHECK_FALSE(column_label::stacksUpright(QStringLiteral("<EB>")));

    QFont font;
    font.setPixelSize(16);
    const QFontMetricsF fm(font);
    // Three cells (the space mark, 수, 진) of a line each; the spaces around a label take none.
    CHECK(column_label::extent(QStringLiteral("˽수진"), fm) == Approx(3 * fm.height()));
    CHECK(column_label::extent(QStringLiteral(" 수진 "), fm) == Approx(2 * fm.height()));
    // A number stays on one line: "10", a space (half a line), "은".
    CHECK(column_label::extent(QStringLiteral("10 은"), fm) == Approx(2.5 * fm.height()));
    CHECK(column_label::extent(QStringLiteral("범 1/3"), fm) == Approx(2.5 * fm.height()));
    // Latin keeps its rotated length.
    CHECK(column_label::extent(QStringLiteral("Sujin"), fm) ==
          Approx(fm.horizontalAdvance(QStringLiteral("Sujin"))));

    // Drawn upright: the first character of a stacked label is the same picture as that
    // character drawn by itself the usual way, and the label runs down, not across.
    const QImage stacked = drawnColumn(QStringLiteral("수진"), font, 40, 80);
    QImage upright(40, 80, QImage::Format_RGB32);
    upright.fill(Qt::white);
    {
        QPainter p(&upright);
        p.setFont(font);
        p.setPen(Qt::black);
        p.drawText(QRectF(20 - fm.height(), 0, 2 * fm.height(), fm.height()), Qt::AlignCenter,
                   QStringLiteral("수"));
    }
    const int cell = static_cast<int>(fm.height());
    CHECK(stacked.copy(0, 0, 40, cell) == upright.copy(0, 0, 40, cell));
    const QRect stackedInk = ink(stacked);
    CHECK(stackedInk.height() > 1.5 * stackedInk.width());
    // A Latin label is rotated: one line wide, as tall as its text is long.
    const QRect rotatedInk = ink(drawnColumn(QStringLiteral("Sujin"), font, 40, 80));
    CHECK(rotatedInk.height() > 1.5 * rotatedInk.width());
    CHECK(rotatedInk.width() <= fm.height() + 1);
}

TEST_CASE("a stacked label too long for its room is cut with an ellipsis", "[widgets][labels]") {
    QFont font;
    font.setPixelSize(16);
    const QFontMetricsF fm(font);
    const QString label = QStringLiteral("˽밝혀졌다");
    CHECK(column_label::elided(label, fm, 10 * fm.height()) == label);
    const QString cut = column_label::elided(label, fm, 3.5 * fm.height());
    CHECK(cut.endsWith(QStringLiteral("…")));
    CHECK(column_label::extent(cut, fm) <= 3.5 * fm.height());
    CHECK(cut.startsWith(QStringLiteral("˽밝")));
}

TEST_CASE("the entropy chart names Korean tokens whole under a quarter-width lane",
          "[classroom][lanes][labels]") {
    EntropyStrip strip;
    std::vector<EntropyStrip::Step> steps;
    const QStringList tokens = {QStringLiteral("˽수진"), QStringLiteral("이"),
                                QStringLiteral("˽범인"), QStringLiteral("은"),
                                QStringLiteral("˽밝혀졌다")};
    for (int i = 0; i < 20; ++i)
        steps.push_back({tokens[i % tokens.size()], double(i % 5), QColor(Qt::green), false});
    strip.setSteps(steps, 8);
    strip.setTexts(QStringLiteral("단계별 엔트로피"), QStringLiteral("비트"), QStringLiteral("끝"));
    strip.resize(220, 240);
    const QStringList labels = strip.drawnLabels();
    REQUIRE(labels.size() == 20);
    int shown = 0;
    for (int i = 0; i < 20; ++i) {
        if (labels[i].isEmpty()) continue;
        ++shown;
        CHECK(labels[i] == tokens[i % tokens.size()]);  // whole, not elided
    }
    CHECK(shown >= 7);
}
