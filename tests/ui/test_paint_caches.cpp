// The caches that keep a run's frames short must not change what is drawn or decided:
// the label grid of the embedding scatter answers as a check against every box does, and
// the pipeline bar's stage images follow the language, the selection and the lit stage.
#include <QCoreApplication>
#include <QImage>
#include <QRandomGenerator>
#include <QTest>

#include "catch.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "widgets/taken_boxes.hpp"

using namespace ts::ui;

namespace {

// What TakenBoxes replaced: every box checked.
qreal bruteCovered(const std::vector<QRectF>& boxes, const QRectF& box) {
    qreal sum = 0;
    for (const QRectF& t : boxes)
        if (t.intersects(box)) {
            const QRectF both = t.intersected(box);
            sum += std::max<qreal>(1, both.width() * both.height());
        }
    return sum;
}

QRectF randomBox(QRandomGenerator& rng, const QRectF& around) {
    // Some boxes reach past the bounds, as labels near the plot's edge may.
    const qreal x = around.left() - 40 + rng.bounded(around.width() + 80);
    const qreal y = around.top() - 40 + rng.bounded(around.height() + 80);
    return QRectF(x, y, 1 + rng.bounded(120.0), 1 + rng.bounded(30.0));
}

QImage shot(PipelineBar& bar) { return bar.grab().toImage(); }

}  // namespace

TEST_CASE("the label grid counts what a check of every box counts", "[ui][paint]") {
    QRandomGenerator rng(7);
    const QRectF bounds(10, 20, 600, 400);
    TakenBoxes grid(bounds, 32);
    std::vector<QRectF> boxes;
    for (int i = 0; i < 300; ++i) {
        const QRectF box = randomBox(rng, bounds);
        grid.add(box);
        boxes.push_back(box);
        const QRectF probe = randomBox(rng, bounds);
        // A box spanning many cells is counted once, so the sums agree (up to the order in
        // which the areas were added).
        REQUIRE(grid.covered(probe) == Approx(bruteCovered(boxes, probe)).epsilon(1e-12));
        // Stopping early: at the first box met only "something" is promised.
        CHECK((grid.covered(probe, true) > 0) == (bruteCovered(boxes, probe) > 0));
        const qreal limit = 500;
        const qreal stopped = grid.covered(probe, false, limit);
        if (bruteCovered(boxes, probe) < limit)
            CHECK(stopped == Approx(bruteCovered(boxes, probe)).epsilon(1e-12));
        else
            CHECK(stopped >= limit);
    }
    CHECK(grid.size() == 300);
}

TEST_CASE("the pipeline bar's stage images follow the language, selection and lit stage",
          "[ui][paint]") {
    TranslationManager translations;
    REQUIRE(translations.setLanguage(QStringLiteral("en")));
    PipelineBar bar;
    bar.resize(900, bar.sizeHint().height());
    bar.show();
    const QImage english = shot(bar);

    REQUIRE(translations.setLanguage(QStringLiteral("ko")));
    QCoreApplication::processEvents();
    const QImage korean = shot(bar);
    CHECK(korean != english);  // not the English images kept from before
    REQUIRE(translations.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    CHECK(shot(bar) == english);

    bar.setSelected(2);
    const QImage selected = shot(bar);
    CHECK(selected != english);
    bar.setSelected(0);
    CHECK(shot(bar) == english);

    // A step lights the stages in turn, then none: the bar ends as it began.
    bar.playStep(100);
    CHECK(bar.litStage() == 0);
    CHECK(shot(bar) != english);
    REQUIRE(QTest::qWaitFor([&] { return bar.litStage() == -1; }, 5000));
    CHECK(shot(bar) == english);

    // Another width fits the names again rather than stretching the old images.
    bar.resize(700, bar.height());
    const QImage narrow = shot(bar);
    CHECK(narrow.width() == 700 * narrow.devicePixelRatio());
}
