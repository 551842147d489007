// The heatmap at thousands of tokens: a 2,000 x 2,000 causal matrix is coloured at most one
// pixel per pixel of its area (area-averaged, so a one-cell diagonal still shows), zooms with
// the wheel around the pointer, pans by dragging, returns to the whole on a double-click, and
// hover/click report the real (query, key) cell while zoomed. Rows appended one at a time (a
// decode step) give the same values as the whole matrix set at once.
#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include "catch.hpp"
#include "widgets/heatmap_widget.hpp"

using ts::ui::HeatmapWidget;

namespace {

constexpr int kTokens = 2000;

// Causal attention that looks only at itself: 1 on the diagonal, 0 below it.
std::vector<float> diagonal(int n) {
    std::vector<float> m(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0.0f);
    for (int i = 0; i < n; ++i)
        m[static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(i)] =
            1.0f;
    return m;
}

QColor pixel(HeatmapWidget& map, QPointF at) {
    return map.grab().toImage().pixelColor(at.toPoint());
}

struct Fixture {
    HeatmapWidget map;
    Fixture() {
        map.setLowerTriangular(true);
        map.setRange(0.0f, 1.0f);
        map.resize(640, 640);
        map.setMatrix(kTokens, kTokens, diagonal(kTokens));
        map.show();
        QApplication::processEvents();
        map.grab();  // paints: the display image is made
    }
};

}  // namespace

TEST_CASE("a 2,000-token matrix is drawn downsampled with the diagonal still visible",
          "[ui][heatmap]") {
    Fixture f;
    const QSize shown = f.map.displayImageSize();
    CHECK(shown.width() > 0);
    CHECK(shown.width() <= f.map.width());
    CHECK(shown.height() <= f.map.height());
    CHECK(shown.width() < kTokens);
    // On the diagonal the averaged bin is clearly coloured; far below it, it is the colour of 0.
    const QColor onDiagonal = pixel(f.map, f.map.cellRect(1000, 1000).center());
    const QColor belowDiagonal = pixel(f.map, f.map.cellRect(1500, 200).center());
    CHECK(belowDiagonal == f.map.colorFor(0.0f));
    CHECK(onDiagonal.lightness() < belowDiagonal.lightness() - 20);
}

TEST_CASE("wheel zoom keeps the cell under the pointer, hover and click name real cells",
          "[ui][heatmap]") {
    Fixture f;
    auto& map = f.map;
    const QPointF at = map.cellRect(1000, 990).center();
    QWheelEvent wheel(at, map.mapToGlobal(at), QPoint(), QPoint(0, 120 * 8), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&map, &wheel);
    REQUIRE(map.isZoomed());
    const QRect window = map.viewWindow();
    CHECK(window.height() < kTokens / 4);
    CHECK(window.contains(990, 1000));  // x = key (column), y = query (row)
    const auto [r, c] = map.cellAt(at);
    CHECK(std::abs(r - 1000) <= 1);
    CHECK(std::abs(c - 990) <= 1);
    // Zoomed in, one cell is several pixels: the diagonal cell has the colour of 1 exactly.
    map.grab();
    CHECK(map.displayImageSize() == window.size());
    CHECK(pixel(map, map.cellRect(1000, 1000).center()) == map.colorFor(1.0f));

    QSignalSpy hovered(&map, &HeatmapWidget::cellHovered);
    QSignalSpy clicked(&map, &HeatmapWidget::cellClicked);
    const QPointF cell = map.cellRect(window.y() + 5, window.x() + 2).center();
    QTest::mouseMove(&map, cell.toPoint());
    REQUIRE_FALSE(hovered.isEmpty());
    CHECK(hovered.last().at(0).toInt() == window.y() + 5);
    CHECK(hovered.last().at(1).toInt() == window.x() + 2);
    QTest::mouseClick(&map, Qt::LeftButton, {}, cell.toPoint());
    REQUIRE(clicked.count() == 1);
    CHECK(clicked.last().at(0).toInt() == window.y() + 5);

    QTest::mouseDClick(&map, Qt::LeftButton, {}, cell.toPoint());
    CHECK_FALSE(map.isZoomed());
    CHECK(map.viewWindow() == QRect(0, 0, kTokens, kTokens));
}

TEST_CASE("dragging a zoomed matrix pans it and is not a click", "[ui][heatmap]") {
    Fixture f;
    auto& map = f.map;
    map.setViewWindow(1000, 500, 100, 100);
    REQUIRE(map.viewWindow() == QRect(500, 1000, 100, 100));
    QSignalSpy clicked(&map, &HeatmapWidget::cellClicked);
    const QPoint start = map.cellRect(1050, 550).center().toPoint();
    const double cellW = map.cellRect(1050, 550).width();
    QTest::mousePress(&map, Qt::LeftButton, {}, start);
    QMouseEvent move(QEvent::MouseMove, QPointF(start) + QPointF(-20 * cellW, 0),
                     map.mapToGlobal(QPointF(start)), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&map, &move);
    QTest::mouseRelease(&map, Qt::LeftButton, {}, start + QPoint(static_cast<int>(-20 * cellW), 0));
    CHECK(clicked.isEmpty());
    CHECK(map.viewWindow().x() == 520);  // dragged left: later keys come into view
    CHECK(map.viewWindow().y() == 1000);
}

TEST_CASE("rows appended one by one equal the matrix set at once", "[ui][heatmap]") {
    HeatmapWidget grown;
    grown.setLowerTriangular(true);
    grown.resize(300, 300);
    const int n = 70;
    std::vector<float> whole(static_cast<std::size_t>(n) * n, HeatmapWidget::kMissing);
    for (int q = 0; q < n; ++q) {
        std::vector<float> row(static_cast<std::size_t>(q) + 1);
        for (int k = 0; k <= q; ++k)
            row[static_cast<std::size_t>(k)] =
                static_cast<float>(k + 1) / static_cast<float>(q + 1);
        if (q == 40) std::fill(row.begin(), row.end(), HeatmapWidget::kMissing);  // an untraced row
        std::copy(row.begin(), row.end(), whole.begin() + static_cast<std::ptrdiff_t>(q) * n);
        grown.appendRow(row);
        if (q % 7 == 0) grown.grab();  // painted between steps, as in a run
    }
    HeatmapWidget once;
    once.setLowerTriangular(true);
    once.resize(300, 300);
    once.setMatrix(n, n, whole);
    REQUIRE(grown.rowCount() == n);
    REQUIRE(grown.columnCount() == n);
    for (int q = 0; q < n; ++q)
        for (int k = 0; k <= q; ++k) {
            const float a = grown.value(q, k), b = once.value(q, k);
            CHECK(((std::isnan(a) && std::isnan(b)) || a == b));
        }
    CHECK(grown.grab().toImage() == once.grab().toImage());
}

TEST_CASE("a matrix adopted with room for more columns takes appended rows as one set at once",
          "[ui][heatmap]") {
    // The attention view hands over a prompt's matrix with rows longer than the matrix is
    // wide, so that decode steps append in place; the values and the picture must not change.
    const int n = 50, stride = n + n / 2 + 16, more = 12;
    auto cell = [](int q, int k) { return static_cast<float>(k + 1) / static_cast<float>(q + 1); };
    HeatmapWidget::Values roomy(static_cast<std::size_t>(n) * stride, HeatmapWidget::kMissing);
    std::vector<float> whole(static_cast<std::size_t>(n + more) * (n + more),
                             HeatmapWidget::kMissing);
    for (int q = 0; q < n + more; ++q)
        for (int k = 0; k <= q; ++k) {
            if (q < n) roomy[static_cast<std::size_t>(q) * stride + k] = cell(q, k);
            whole[static_cast<std::size_t>(q) * (n + more) + k] = cell(q, k);
        }
    HeatmapWidget grown;
    grown.setLowerTriangular(true);
    grown.resize(300, 300);
    grown.adoptMatrix(n, n, std::move(roomy), nullptr, stride);
    for (int q = n; q < n + more; ++q) {
        std::vector<float> row(static_cast<std::size_t>(q) + 1);
        for (int k = 0; k <= q; ++k) row[static_cast<std::size_t>(k)] = cell(q, k);
        grown.appendRow(row);
    }
    HeatmapWidget once;
    once.setLowerTriangular(true);
    once.resize(300, 300);
    once.setMatrix(n + more, n + more, whole);
    REQUIRE(grown.rowCount() == n + more);
    REQUIRE(grown.columnCount() == n + more);
    for (int q = 0; q < n + more; ++q)
        for (int k = 0; k < n + more; ++k) {
            const float a = grown.value(q, k), b = once.value(q, k);
            INFO(q << ", " << k);
            CHECK(((std::isnan(a) && std::isnan(b)) || a == b));
        }
    CHECK(grown.grab().toImage() == once.grab().toImage());
}

TEST_CASE(
    "a long context's appended rows colour one pixel row each, and settle to the exact picture",
    "[ui][heatmap]") {
    // 600 tokens in a 300-pixel widget: several cells to a pixel. A decode step must not
    // average every cell again (a million at 1,024 tokens, on the GUI thread): while rows
    // arrive the bins leave room for more, and once they stop the picture is made exactly.
    const int prompt = 600, steps = 60, n = prompt + steps;
    auto cell = [](int q, int k) {
        return k == q ? 1.0f : (k == 0 ? 0.5f : static_cast<float>((q * 7 + k * 3) % 11) / 40.0f);
    };
    std::vector<float> whole(static_cast<std::size_t>(n) * n, HeatmapWidget::kMissing);
    for (int q = 0; q < n; ++q)
        for (int k = 0; k <= q; ++k)
            whole[static_cast<std::size_t>(q) * n + static_cast<std::size_t>(k)] = cell(q, k);
    HeatmapWidget grown;
    grown.setLowerTriangular(true);
    grown.setRange(0.0f, 1.0f);
    grown.resize(300, 300);
    {
        std::vector<float> head(static_cast<std::size_t>(prompt) * prompt);
        for (int q = 0; q < prompt; ++q)
            std::copy_n(whole.begin() + static_cast<std::ptrdiff_t>(q) * n, prompt,
                        head.begin() + static_cast<std::ptrdiff_t>(q) * prompt);
        grown.setMatrix(prompt, prompt, head);
    }
    grown.show();
    grown.grab();
    const int before = grown.displayRebuilds();
    for (int q = prompt; q < n; ++q) {
        std::vector<float> row(static_cast<std::size_t>(q) + 1);
        for (int k = 0; k <= q; ++k) row[static_cast<std::size_t>(k)] = cell(q, k);
        grown.appendRow(row);
        grown.grab();  // painted after every step, as in a run
        // Never more pixels than the area has, never more than a pixel per cell.
        CHECK(grown.displayImageSize().width() <= 300);
        CHECK(grown.displayImageSize().width() < q + 1);
    }
    // The first step plans room for an eighth more rows; the other steps fit in it.
    CHECK(grown.displayRebuilds() - before <= 1);
    // While growing, the picture is stretched by at most an eighth: the diagonal still shows.
    const QImage growing = grown.grab().toImage();
    const QColor onDiagonal = growing.pixelColor(grown.cellRect(640, 640).center().toPoint());
    const QColor belowDiagonal = growing.pixelColor(grown.cellRect(640, 320).center().toPoint());
    CHECK(onDiagonal.lightness() < belowDiagonal.lightness() - 20);

    HeatmapWidget once;
    once.setLowerTriangular(true);
    once.setRange(0.0f, 1.0f);
    once.resize(300, 300);
    once.setMatrix(n, n, whole);
    once.show();
    const QImage exact = once.grab().toImage();
    CHECK(growing != exact);  // the stretched picture is not yet the exact one
    // ... but close to it everywhere: no band left uncoloured, nothing moved by more than
    // the stretch (a pixel or two along the diagonal).
    const QRect area = once.cellRect(0, 0).united(once.cellRect(n - 1, n - 1)).toAlignedRect();
    int far = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            if (std::abs(growing.pixelColor(x, y).lightness() -
                         exact.pixelColor(x, y).lightness()) > 24)
                ++far;
    CHECK(far < area.width() * area.height() / 50);
    grown.settleDisplay();
    CHECK(grown.grab().toImage() == exact);
    CHECK(grown.displayImageSize() == once.displayImageSize());
    // Without being told, it settles by itself once rows stop coming.
    grown.appendRow(std::vector<float>(static_cast<std::size_t>(n) + 1, 0.1f));
    once.appendRow(std::vector<float>(static_cast<std::size_t>(n) + 1, 0.1f));
    grown.grab();
    QTest::qWait(HeatmapWidget::kSettleMs + 200);
    once.settleDisplay();
    CHECK(grown.grab().toImage() == once.grab().toImage());
}
