// The embedding view driven with hand-made vectors (no model): strip cells and PCA scatter.
#include <QApplication>
#include <QSignalSpy>
#include <QTest>
#include <cmath>

#include "catch.hpp"
#include "stages/embedding_view.hpp"
#include "test_paths.hpp"
#include "widgets/heatmap_widget.hpp"

using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts::ui::EmbeddingView;
using ts::ui::HeatmapWidget;

namespace {

constexpr std::size_t kDim = 8;

std::vector<float> tokenVector(int pos) {
    std::vector<float> v(kDim);
    for (std::size_t d = 0; d < kDim; ++d)
        v[d] = std::sin(static_cast<float>(pos * 3 + 1) * static_cast<float>(d + 1) * 0.7f);
    return v;
}

std::vector<float> positionVector(int pos) {
    std::vector<float> v(kDim);
    for (std::size_t d = 0; d < kDim; ++d)
        v[d] = 0.1f * std::cos(static_cast<float>(pos) * static_cast<float>(d + 1));
    return v;
}

std::vector<float> inputVector(int pos) {
    auto v = tokenVector(pos);
    const auto p = positionVector(pos);
    for (std::size_t d = 0; d < kDim; ++d) v[d] += p[d];
    return v;
}

TranscriptStepPtr cannedRecord(int index, int firstPos, int count, std::vector<std::string> texts) {
    auto t = std::make_shared<ts::StepTrace>();
    t->firstPosition = firstPos;
    for (int i = firstPos; i < firstPos + count; ++i) {
        t->tokens.push_back(200 + i);
        t->tokenEmbedding.push_back(tokenVector(i));
        t->positionEmbedding.push_back(positionVector(i));
    }
    auto r = std::make_shared<TranscriptStep>();
    r->index = index;
    r->trace = t;
    std::vector<int> ids;
    for (int i = 0; i < firstPos + count; ++i) ids.push_back(200 + i);
    r->setContext(ts::TranscriptContext::withTexts(ids, texts));
    return r;
}

std::vector<TranscriptStepPtr> cannedHistory() {
    return {cannedRecord(0, 0, 4, {"The", " cat", " sat", " on"}),
            cannedRecord(1, 4, 1, {"The", " cat", " sat", " on", " the"})};
}

}  // namespace

TEST_CASE("Embedding view projects the context's input vectors with PCA", "[ui][embedding]") {
    EmbeddingView view;
    view.resize(800, 600);
    view.setHistory(cannedHistory(), nullptr);
    view.show();
    QApplication::processEvents();

    REQUIRE(view.tokenCount() == 5);
    REQUIRE(view.projectedPositions() == std::vector<int>{0, 1, 2, 3, 4});
    std::vector<std::vector<float>> rows;
    for (int p = 0; p < 5; ++p) rows.push_back(inputVector(p));
    const auto expected = ts::pca2(rows);
    const auto& got = view.projection();
    REQUIRE(got.points.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) {
        CHECK(got.points[i][0] == Approx(expected.points[i][0]).margin(1e-5));
        CHECK(got.points[i][1] == Approx(expected.points[i][1]).margin(1e-5));
    }
    // On screen: PC1 to the right, PC2 upwards, one scale for both (distances preserved).
    for (int a = 0; a < 5; ++a)
        for (int b = 0; b < 5; ++b) {
            if (a == b) continue;
            const QPointF pa = view.pointPosition(a);
            const QPointF pb = view.pointPosition(b);
            const auto& ga = got.points[static_cast<std::size_t>(a)];
            const auto& gb = got.points[static_cast<std::size_t>(b)];
            if (ga[0] + 1e-3f < gb[0]) CHECK(pa.x() < pb.x());
            if (ga[1] + 1e-3f < gb[1]) CHECK(pa.y() > pb.y());
        }
    const QPointF d01 = view.pointPosition(1) - view.pointPosition(0);
    const auto& g0 = got.points[0];
    const auto& g1 = got.points[1];
    const double ratio = std::hypot(d01.x(), d01.y()) / std::hypot(g1[0] - g0[0], g1[1] - g0[1]);
    const QPointF d24 = view.pointPosition(4) - view.pointPosition(2);
    const auto& g2 = got.points[2];
    const auto& g4 = got.points[4];
    CHECK(std::hypot(d24.x(), d24.y()) ==
          Approx(ratio * std::hypot(g4[0] - g2[0], g4[1] - g2[1])).epsilon(0.02));
    CHECK(view.explainedText().contains(QString::number(100.0 * got.explained[0], 'f', 1)));
}

TEST_CASE("Embedding strip shows token, position and sum for the selected token",
          "[ui][embedding]") {
    EmbeddingView view;
    view.resize(800, 600);
    view.setHistory(cannedHistory(), nullptr);
    view.show();
    QApplication::processEvents();

    CHECK(view.selectedPosition() == 4);  // the newest token by default
    auto* strip = view.strip();
    REQUIRE(strip->rowCount() == 3);
    REQUIRE(strip->columnCount() == static_cast<int>(kDim));
    const QImage img = view.grab().toImage();
    for (int d = 0; d < static_cast<int>(kDim); ++d) {
        const auto u = static_cast<std::size_t>(d);
        CHECK(strip->value(0, d) == Approx(tokenVector(4)[u]));
        CHECK(strip->value(1, d) == Approx(positionVector(4)[u]));
        CHECK(strip->value(2, d) == Approx(inputVector(4)[u]));
        // Each of the kDim cells of the sum row is painted in its own diverging colour.
        const QPoint at = strip->mapTo(&view, strip->cellRect(2, d).center().toPoint());
        const QColor want = strip->colorFor(inputVector(4)[u]);
        const QColor have = img.pixelColor(at);
        CHECK(std::abs(have.red() - want.red()) <= 2);
        CHECK(std::abs(have.blue() - want.blue()) <= 2);
    }
    CHECK(strip->scale() == HeatmapWidget::Scale::Diverging);

    // Clicking a point selects it; a hover from another view shows its token meanwhile.
    QSignalSpy spy(&view, &EmbeddingView::positionHovered);
    const QPoint at1 = view.pointPosition(1).toPoint();
    QWidget* canvas = view.childAt(at1);
    REQUIRE(canvas != nullptr);
    QTest::mouseClick(canvas, Qt::LeftButton, {}, canvas->mapFrom(&view, at1));
    CHECK(view.selectedPosition() == 1);
    CHECK(strip->value(0, 0) == Approx(tokenVector(1)[0]));
    view.setHoveredPosition(2);
    CHECK(view.selectedPosition() == 2);
    view.setHoveredPosition(-1);
    CHECK(view.selectedPosition() == 1);
    CHECK(spy.count() == 0);
}

TEST_CASE("Embedding view copes with a single token and with no vectors", "[ui][embedding]") {
    EmbeddingView view;
    view.resize(600, 400);
    view.setHistory(std::vector{cannedRecord(0, 0, 1, {"안녕"})}, nullptr);
    view.show();
    QApplication::processEvents();
    CHECK(view.tokenCount() == 1);
    CHECK(view.projection().points.size() == 1);
    CHECK(std::isfinite(view.pointPosition(0).x()));
    CHECK(view.strip()->columnCount() == static_cast<int>(kDim));
    view.setShowNeighbours(true);  // no model: nothing to search, nothing drawn
    CHECK(view.neighbourCount() == 0);
    view.setHistory({}, nullptr);
    CHECK(view.tokenCount() == 0);
    CHECK(view.selectedPosition() == -1);
    view.grab();
}

TEST_CASE("a RoPE model's embedding stage explains rotation instead of a position strip",
          "[ui][embedding]") {
    // The tiny Llama fixture: RoPE, no learned position table.
    const auto model = ts::Model::loadFolder(ts_test::dataDir() / "llama-tiny");
    REQUIRE_FALSE(model->hasPositionEmbeddings());
    EmbeddingView view;
    view.resize(900, 600);
    view.show();
    // A record without traced vectors: the view reads the token table of the model.
    auto r = std::make_shared<TranscriptStep>();
    r->index = 0;
    auto t = std::make_shared<ts::StepTrace>();
    t->firstPosition = 0;
    t->tokens = {5, 9, 17};
    r->trace = t;
    r->setContext(ts::TranscriptContext::withTexts(std::vector<int>{5, 9, 17}, {"a", "b", "c"}));
    view.setHistory(std::vector<TranscriptStepPtr>{r}, model);
    QApplication::processEvents();
    CHECK(view.isRope());
    CHECK(view.ropeNote()->isVisible());
    // One row: the token embedding is the whole input vector.
    REQUIRE(view.strip()->rowCount() == 1);
    const auto te = model->tokenEmbedding(17);
    REQUIRE(view.strip()->columnCount() == static_cast<int>(te.size()));
    for (int d = 0; d < view.strip()->columnCount(); ++d)
        CHECK(view.strip()->value(0, d) == te[static_cast<std::size_t>(d)]);
    CHECK(view.tokenCount() == 3);
}
