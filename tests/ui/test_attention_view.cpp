// The attention view driven with hand-made step records: a prefill of three tokens and one
// decode step, two layers of two heads.
#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <cmath>

#include "catch.hpp"
#include "stages/attention_view.hpp"
#include "tokenscope/token_display.hpp"
#include "widgets/heatmap_widget.hpp"

using ts::TranscriptStep;
using ts::TranscriptStepPtr;
using ts::ui::AttentionView;
using ts::ui::HeatmapWidget;

namespace {

constexpr int kLayers = 2;
constexpr int kHeads = 2;

// A distinct, normalised row for every (layer, head, query): weight of key k grows with
// (k + 1)^(head + 1 + layer), so heads differ and the newest key usually wins.
std::vector<float> cannedRow(int layer, int head, int q) {
    std::vector<float> row(static_cast<std::size_t>(q) + 1);
    float sum = 0;
    for (int k = 0; k <= q; ++k) {
        row[static_cast<std::size_t>(k)] =
            std::pow(static_cast<float>(k + 1), static_cast<float>(head + 1 + layer));
        sum += row[static_cast<std::size_t>(k)];
    }
    for (float& w : row) w /= sum;
    return row;
}

// A trace of queries firstPos..firstPos+count-1 whose attention weights are weight(l, h, q, k).
template <class Weight>
std::shared_ptr<ts::StepTrace> tracedQueries(int firstPos, int count, Weight weight) {
    auto t = std::make_shared<ts::StepTrace>();
    t->firstPosition = firstPos;
    for (int i = 0; i < count; ++i) t->tokens.push_back(100 + firstPos + i);
    auto& a = t->attention;
    a.nLayer = kLayers;
    a.nHead = kHeads;
    a.firstQuery = firstPos;
    a.nQueries = count;
    std::size_t perHead = 0;
    for (int q = firstPos; q < firstPos + count; ++q) perHead += static_cast<std::size_t>(q) + 1;
    a.data.resize(perHead * kLayers * kHeads);
    for (int l = 0; l < kLayers; ++l)
        for (int h = 0; h < kHeads; ++h)
            for (int q = firstPos; q < firstPos + count; ++q)
                for (int k = 0; k <= q; ++k)
                    a.data[a.rowOffset(l, h, q) + static_cast<std::size_t>(k)] = weight(l, h, q, k);
    return t;
}

std::shared_ptr<ts::StepTrace> cannedTrace(int firstPos, int count, bool withAttention = true) {
    if (withAttention)
        return tracedQueries(firstPos, count, [](int l, int h, int q, int k) {
            return cannedRow(l, h, q)[static_cast<std::size_t>(k)];
        });
    auto t = std::make_shared<ts::StepTrace>();
    t->firstPosition = firstPos;
    for (int i = 0; i < count; ++i) t->tokens.push_back(100 + firstPos + i);
    return t;
}

std::vector<TranscriptStepPtr> cannedHistory(const std::vector<std::string>& texts,
                                             bool tracePrefill = true) {
    auto prefill = std::make_shared<TranscriptStep>();
    prefill->index = 0;
    prefill->trace = cannedTrace(0, 3, tracePrefill);
    // Records hold display text, as the engine worker makes it (ts::tokenDisplays).
    const auto shown = ts::tokenDisplays(texts);
    prefill->setContext(ts::TranscriptContext::withTexts(std::vector<int>{100, 101, 102},
                                                         {shown[0], shown[1], shown[2]}));
    auto step = std::make_shared<TranscriptStep>();
    step->index = 1;
    step->trace = cannedTrace(3, 1);
    step->setContext(ts::TranscriptContext::withTexts(std::vector<int>{100, 101, 102, 103}, shown));
    return {prefill, step};
}

QColor pixelAt(QWidget& top, HeatmapWidget* map, int row, int col) {
    const QImage img = top.grab().toImage();
    const QPoint p = map->mapTo(&top, map->cellRect(row, col).center().toPoint());
    return img.pixelColor(p);
}

bool near(const QColor& a, const QColor& b, int tol = 2) {
    return std::abs(a.red() - b.red()) <= tol && std::abs(a.green() - b.green()) <= tol &&
           std::abs(a.blue() - b.blue()) <= tol;
}

struct Fixture {
    AttentionView view;
    Fixture() {
        view.resize(900, 600);
        view.setHistory(cannedHistory({"The", " cat", " sat", "\n"}), kLayers, kHeads);
        view.show();
        QApplication::processEvents();
    }
};

}  // namespace

TEST_CASE("Attention view stacks the rows of every record into one causal matrix",
          "[ui][attention]") {
    Fixture f;
    auto& view = f.view;
    REQUIRE(view.tokenCount() == 4);
    view.setLayer(1);
    view.setHead(0);
    for (int q = 0; q < 4; ++q)
        for (int k = 0; k <= q; ++k)
            CHECK(view.weight(q, k) == Approx(cannedRow(1, 0, q)[static_cast<std::size_t>(k)]));
    CHECK_FALSE(view.heatmap()->isCellInside(1, 2));
    CHECK(view.heatmap()->highlightedRow() == 3);  // the newest token's query
}

TEST_CASE("Attention heatmap cells are painted in the colour of their weight", "[ui][attention]") {
    Fixture f;
    auto& view = f.view;
    view.setLayer(0);
    view.setHead(1);
    auto* map = view.heatmap();
    for (int q = 0; q < 4; ++q)
        for (int k = 0; k <= q; ++k) {
            const float w = cannedRow(0, 1, q)[static_cast<std::size_t>(k)];
            INFO("cell " << q << "," << k << " weight " << w);
            CHECK(near(pixelAt(view, map, q, k),
                       HeatmapWidget::colorFor(w, 0, 1, HeatmapWidget::Scale::Sequential)));
        }
    // Row 2 weights 1/14, 4/14, 9/14: the higher the weight, the darker the cell.
    const QColor low = pixelAt(view, map, 2, 0);
    const QColor mid = pixelAt(view, map, 2, 1);
    const QColor high = pixelAt(view, map, 2, 2);
    CHECK(low.lightness() > mid.lightness());
    CHECK(mid.lightness() > high.lightness());
    // The upper triangle is masked, not a weight of zero: background hatched in the mask
    // colour, nothing else.
    const QImage img = view.grab().toImage();
    for (const auto& [q, k] : {std::pair{0, 3}, std::pair{1, 2}}) {
        const QRect cell = map->cellRect(q, k)
                               .toRect()
                               .translated(map->mapTo(&view, QPoint(0, 0)))
                               .adjusted(2, 2, -2, -2);
        int hatch = 0, other = 0;
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            for (int x = cell.left(); x <= cell.right(); ++x) {
                const QColor c = img.pixelColor(x, y);
                if (near(c, HeatmapWidget::maskColor(), 0))
                    ++hatch;
                else if (!near(c, map->emptyColor(), 0))
                    ++other;
            }
        INFO("cell " << q << "," << k);
        CHECK(hatch > 0);
        CHECK(other == 0);
    }
    CHECK_FALSE(near(map->emptyColor(),
                     HeatmapWidget::colorFor(0, 0, 1, HeatmapWidget::Scale::Sequential), 3));
}

TEST_CASE("Attention view's average of heads is the mean of the heads", "[ui][attention]") {
    Fixture f;
    auto& view = f.view;
    view.setLayer(1);
    view.setHead(AttentionView::kAverageOfHeads);
    for (int q = 0; q < 4; ++q)
        for (int k = 0; k <= q; ++k) {
            const float mean = (cannedRow(1, 0, q)[static_cast<std::size_t>(k)] +
                                cannedRow(1, 1, q)[static_cast<std::size_t>(k)]) /
                               2;
            CHECK(view.weight(q, k) == Approx(mean).epsilon(1e-6));
            CHECK(near(pixelAt(view, view.heatmap(), q, k),
                       HeatmapWidget::colorFor(mean, 0, 1, HeatmapWidget::Scale::Sequential)));
        }
    REQUIRE(view.headThumbnail(AttentionView::kAverageOfHeads) != nullptr);
    CHECK(view.headThumbnail(AttentionView::kAverageOfHeads)->value(3, 1) ==
          Approx(view.weight(3, 1)));
}

TEST_CASE("Clicking an attention cell reports the token pair and its weight", "[ui][attention]") {
    Fixture f;
    auto& view = f.view;
    view.setLayer(0);
    view.setHead(0);
    auto* map = view.heatmap();
    QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(3, 1).center().toPoint());
    const QString expected = QString::number(cannedRow(0, 0, 3)[1], 'f', 4);
    const QString text = view.selectionText();
    INFO(text.toStdString());
    CHECK(text.contains(expected));
    // Query "↵" (the newline made visible) at 3, key "␣cat" at 1, in that order.
    CHECK(text.indexOf(QString::fromUtf8("↵")) >= 0);
    CHECK(text.indexOf(QString::fromUtf8("↵")) < text.indexOf(QString::fromUtf8("␣cat")));
    CHECK(text.contains(QStringLiteral("(3)")));
    CHECK(text.contains(QStringLiteral("(1)")));
    // A click in the empty upper triangle selects nothing new.
    QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(0, 3).center().toPoint());
    CHECK(view.selectionText() == text);
}

TEST_CASE("Clicking a small multiple selects that head", "[ui][attention]") {
    Fixture f;
    auto& view = f.view;
    view.setLayer(0);
    view.setHead(0);
    auto* thumb = view.headThumbnail(1);
    REQUIRE(thumb != nullptr);
    QTest::mouseClick(thumb, Qt::LeftButton, {}, thumb->rect().center());
    CHECK(view.head() == 1);
    CHECK(view.weight(2, 1) == Approx(cannedRow(0, 1, 2)[1]));
}

TEST_CASE("Rows that no record traced are drawn hatched, not as weights", "[ui][attention]") {
    AttentionView view;
    view.resize(900, 600);
    view.setHistory(cannedHistory({"The", " cat", " sat", "\n"}, false), kLayers, kHeads);
    view.show();
    QApplication::processEvents();
    CHECK(std::isnan(view.weight(0, 0)));
    CHECK(std::isnan(view.weight(2, 1)));
    CHECK(view.weight(3, 3) == Approx(cannedRow(0, 0, 3)[3]));
    // Every pixel of a missing cell is the grey fill or its darker hatch, never a weight.
    const QImage img = view.grab().toImage();
    // Inset: the newest row's outline just below may reach into this row's edge.
    const QRect cell = view.heatmap()->cellRect(2, 0).toAlignedRect().adjusted(3, 3, -3, -3);
    int grey = 0;
    for (int y = cell.top(); y <= cell.bottom(); ++y)
        for (int x = cell.left(); x <= cell.right(); ++x) {
            const QColor c = img.pixelColor(view.heatmap()->mapTo(&view, QPoint(x, y)));
            if (c.red() == c.green() && c.green() == c.blue()) ++grey;
        }
    CHECK(grey == cell.width() * cell.height());
}

TEST_CASE("Attention view reports and shows hovered positions", "[ui][attention]") {
    Fixture f;
    auto& view = f.view;
    QSignalSpy spy(&view, &AttentionView::positionHovered);
    view.setHoveredPosition(2);  // from another view: shown, not echoed back
    CHECK(spy.count() == 0);
    auto* map = view.heatmap();
    QTest::mouseMove(map, map->cellRect(3, 1).center().toPoint());
    QApplication::processEvents();
    REQUIRE(spy.count() >= 1);
    CHECK(spy.last().at(0).toInt() == 1);  // the key token looked at
}

TEST_CASE("grouped-query attention: each head names the key/value group it reads",
          "[ui][attention]") {
    auto history = cannedHistory({"The", " cat", " sat", "\n"});
    // Two query heads sharing one key/value head.
    for (auto& r : history) std::const_pointer_cast<ts::StepTrace>(r->trace)->attention.nKvHead = 1;
    AttentionView view;
    view.resize(900, 600);
    view.setHistory(history, kLayers, kHeads);
    CHECK(view.kvHeads() == 1);
    CHECK(view.headLabel(1) == QStringLiteral("Head 2 · KV group 1 of 1"));
    view.setHead(1);
    CHECK(view.headThumbnail(1)->toolTip().contains(QStringLiteral("2")));
    // Without grouped-query attention the names stay plain.
    AttentionView plain;
    plain.setHistory(cannedHistory({"The", " cat", " sat", "\n"}), kLayers, kHeads);
    CHECK(plain.kvHeads() == 0);
    CHECK(plain.headLabel(1) == QStringLiteral("Head 2"));
}

namespace {

// Unnormalised weights whose largest value in a block falls anywhere in it (a hash of the
// cell), so that block maxima are not simply the last key's.
float scatteredWeight(int layer, int head, int q, int k) {
    // Unsigned arithmetic: the products overflow 32 bits (signed overflow would be undefined).
    std::uint32_t x =
        static_cast<std::uint32_t>(layer) * 7919u + static_cast<std::uint32_t>(head) * 104729u +
        static_cast<std::uint32_t>(q) * 1299709u + static_cast<std::uint32_t>(k) * 15485863u;
    x ^= x >> 16;
    x *= 0x45d9f3bu;
    x ^= x >> 16;
    return static_cast<float>(x % 1000) / 1000.0f;
}

TranscriptStepPtr scatteredRecord(int index, int first, int count) {
    const auto t = tracedQueries(first, count, scatteredWeight);
    auto r = std::make_shared<TranscriptStep>();
    r->index = index;
    r->trace = t;
    std::vector<int> ids;
    std::vector<std::string> texts;
    for (int i = 0; i < first + count; ++i) {
        ids.push_back(100 + i);
        texts.push_back(std::to_string(i));
    }
    r->setContext(ts::TranscriptContext::withTexts(ids, texts));
    return r;
}

}  // namespace

TEST_CASE("Head thumbnails are block maxima of each head and of the heads' mean, stepped or whole",
          "[ui][attention]") {
    // 300 tokens: blocks of 4 (75 x 75 cells); a prefill of 200, then 100 decode steps.
    constexpr int kTokens = 300, kPrefill = 200, kBlock = 4;
    std::vector<TranscriptStepPtr> history{scatteredRecord(0, 0, kPrefill)};
    for (int p = kPrefill; p < kTokens; ++p)
        history.push_back(scatteredRecord(p - kPrefill + 1, p, 1));
    AttentionView stepped, whole;
    for (AttentionView* v : {&stepped, &whole}) {
        v->resize(900, 600);
        v->show();
        v->setLayer(1);
    }
    // Step by step with the event loop turning, as in a run: decode rows are pooled as they come.
    for (std::size_t n = 1; n <= history.size(); ++n) {
        stepped.setHistory({history.begin(), history.begin() + static_cast<std::ptrdiff_t>(n)},
                           kLayers, kHeads);
        if (n == 1) stepped.setLayer(1);
        QApplication::processEvents();
    }
    whole.setHistory(history, kLayers, kHeads);
    whole.setLayer(1);
    for (const int head : {0, 1, AttentionView::kAverageOfHeads}) {
        HeatmapWidget* a = stepped.headThumbnail(head);
        HeatmapWidget* b = whole.headThumbnail(head);
        REQUIRE(a);
        REQUIRE(b);
        REQUIRE(b->rowCount() == kTokens / kBlock);
        REQUIRE(a->rowCount() == b->rowCount());
        int checked = 0;
        for (int R = 0; R < kTokens / kBlock; ++R)
            for (int C = 0; C <= R; ++C) {
                float expected = -1;
                for (int q = R * kBlock; q < (R + 1) * kBlock; ++q)
                    for (int k = C * kBlock; k < (C + 1) * kBlock && k <= q; ++k) {
                        const float v =
                            head == AttentionView::kAverageOfHeads
                                ? static_cast<float>(
                                      (static_cast<double>(scatteredWeight(1, 0, q, k)) +
                                       scatteredWeight(1, 1, q, k)) /
                                      2)
                                : scatteredWeight(1, head, q, k);
                        expected = std::max(expected, v);
                    }
                INFO("head " << head << " cell " << R << "," << C);
                REQUIRE(b->value(R, C) == expected);
                REQUIRE(a->value(R, C) == expected);
                ++checked;
            }
        CHECK(checked == 75 * 76 / 2);
    }
}
