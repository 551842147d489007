// The classroom views driven with canned results: temperature lanes, hallucination lens,
// lost-in-the-middle lab, logit lens and cost meter. Each case checks something that a
// wrong mapping from data to pixels or numbers would break.
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "catch.hpp"
#include "classroom/confidence_view.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/litm_view.hpp"
#include "classroom/logit_lens_view.hpp"
#include "classroom/probes_view.hpp"
#include "classroom/token_flow.hpp"
#include "widgets/chart.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;

namespace {

bool sameColour(const QColor& a, const QColor& b, int tol = 3) {
    return std::abs(a.red() - b.red()) <= tol && std::abs(a.green() - b.green()) <= tol &&
           std::abs(a.blue() - b.blue()) <= tol;
}

// A pixel just inside the top-left corner of a token box (away from its text).
QColor boxPixel(const TokenFlow* flow, int i) {
    const QImage img = const_cast<TokenFlow*>(flow)->grab().toImage();
    const QRectF r = flow->itemRect(i);
    return img.pixelColor(QPoint(static_cast<int>(r.left()) + 1, static_cast<int>(r.top()) + 1));
}

QLineSeries* lineNamed(QChart* chart, const QString& name) {
    for (auto* s : chart->series())
        if (auto* l = qobject_cast<QLineSeries*>(s); l && l->name() == name) return l;
    return nullptr;
}

}  // namespace

TEST_CASE("temperature lanes show one lane per temperature, tokens coloured by probability",
          "[classroom]") {
    LanesView view;
    view.resize(1200, 700);
    view.show();
    std::vector<ts::Lane> lanes(3);
    const float temps[3] = {0.2f, 1.0f, 1.5f};
    for (int l = 0; l < 3; ++l) {
        lanes[l].params.temperature = temps[l];
        for (int i = 0; i < 5; ++i)
            lanes[l].tokens.push_back({10 + i, 0.95f - 0.3f * float(l) - 0.05f * float(i), 0.5f,
                                       0.5f + float(l) + 0.1f * float(i)});
    }
    view.showLanes({1, 2}, lanes);
    QApplication::processEvents();
    REQUIRE(view.laneCount() == 3);
    for (int l = 0; l < 3; ++l) {
        const TokenFlow* flow = view.laneFlow(l);
        REQUIRE(flow->count() == 2 + 5);  // prompt tokens, then the lane's own
        for (int i = 0; i < 5; ++i) {
            const float p = lanes[l].tokens[i].prob;
            CHECK(flow->items()[2 + i].colour == probabilityColor(p));
            CHECK(sameColour(boxPixel(flow, 2 + i), probabilityColor(p)));
        }
        const auto entropy = view.laneEntropy(l);
        REQUIRE(entropy.size() == 5);
        CHECK(entropy[4] == Approx(0.5 + l + 0.4));
    }
    // Likely tokens are greener than unlikely ones.
    CHECK(probabilityColor(0.9).hueF() > probabilityColor(0.05).hueF());
}

TEST_CASE("fact probe bars equal exp(log-probability)", "[classroom]") {
    ProbesView view;
    view.resize(1000, 500);
    view.show();
    std::vector<ts::FactProbe> probes = {
        {"The capital of Nalania is", " Choix", {" Kiaburg", " Thix"}, "seen/capital", ""},
        {"The capital of Kiaia is", " Ostosuven", {" Chuek"}, "held_out/capital", ""}};
    view.setProbes(probes);
    REQUIRE(view.rowCount() == 2);
    CHECK(std::isnan(view.barValues(0).first));
    std::vector<ts::ProbeResult> results(2);
    results[0].logPTrue = std::log(0.6);
    results[0].logPFalse = {std::log(0.1), std::log(0.3)};
    results[0].truthWins = true;
    results[0].answer = {" Choix", " Choix", {1}, 0.6};
    results[1].logPTrue = std::log(0.02);
    results[1].logPFalse = {std::log(0.4)};
    results[1].truthWins = false;
    results[1].answer = {" Chuek", " Chuek", {2}, 0.7};
    view.showResults(results);
    CHECK(view.barValues(0).first == Approx(0.6));
    CHECK(view.barValues(0).second == Approx(0.3));  // the strongest false answer
    CHECK(view.barValues(1).first == Approx(0.02));
    CHECK(view.barValues(1).second == Approx(0.4));
    // Bars are drawn on a log scale: ten decades across the bar.
    CHECK(ProbeBarDelegate::barLength(1.0) == Approx(1.0));
    CHECK(ProbeBarDelegate::barLength(1e-5) == Approx(0.5));
    CHECK(ProbeBarDelegate::barLength(1e-12) == Approx(0.0));
    CHECK(ProbeBarDelegate::barLength(0.6) > ProbeBarDelegate::barLength(0.3));
    // Grouped summaries: held-out first; the held-out answer is wrong at 70 %: an invention.
    const auto groups = view.groupSummaries();
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].group == QStringLiteral("held_out"));
    CHECK(groups[0].top1 == 0);
    CHECK(groups[0].confidentInventions == 1);
    CHECK(groups[0].meanConfidence == Approx(0.7).epsilon(1e-6));
    CHECK(groups[1].group == QStringLiteral("seen"));
    CHECK(groups[1].language == QStringLiteral("English"));
    CHECK(groups[1].truthWins == 1);
    CHECK(groups[1].top1 == 1);
    CHECK(groups[1].confidentInventions == 0);
    CHECK(view.summary().contains(QStringLiteral("right 0 of 1 times")));
    CHECK(view.summary().contains(QStringLiteral("70 %")));  // held-out confidence
    // The held-out row is shown first; the filters show it alone.
    CHECK(view.visibleRows() == std::vector<int>{1, 0});
    view.setFilter(ProbesView::Filter::Inventions);
    CHECK(view.visibleRows() == std::vector<int>{1});
    view.setFilter(ProbesView::Filter::HeldOut);
    CHECK(view.visibleRows() == std::vector<int>{1});
    view.setFilter(ProbesView::Filter::All);
    CHECK(view.visibleRows().size() == 2);
    // The bars column's header carries the log axis, ticks every factor of 100 up to 100 %.
    const QStringList ticks = ProbeHeader::tickLabels();
    REQUIRE(ticks.size() == 6);
    CHECK(ticks.back() == QStringLiteral("100 %"));
    CHECK(ticks[4] == QStringLiteral("1 %"));

    // Editable and saved as JSON: a round trip keeps every field.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("probes.json"));
    QString error;
    REQUIRE(view.saveFile(path, &error));
    const auto back = ts::loadFactProbes(path.toStdString());
    REQUIRE(back.size() == 2);
    CHECK(back[0].truth == " Choix");
    CHECK(back[0].falsehoods == std::vector<std::string>{" Kiaburg", " Thix"});
    CHECK(back[1].group == "held_out/capital");
    CHECK_FALSE(view.loadFile(dir.filePath(QStringLiteral("missing.json")), &error));
    CHECK(error.contains(QStringLiteral("missing.json")));
}

TEST_CASE("lost-in-the-middle chart plots the given points and the published curve",
          "[classroom]") {
    LitmView view;
    view.resize(1200, 800);
    view.show();
    ts::LitmResult r;
    const double acc[5] = {0.2, 0.1, 0.15, 0.4, 0.9};
    const int pos[5] = {1, 6, 11, 15, 20};
    for (int i = 0; i < 5; ++i) {
        ts::LitmPoint p;
        p.position = pos[i];
        p.trials = 10;
        p.accuracy = acc[i];
        p.accuracyLow = acc[i] * 0.5;
        p.accuracyHigh = std::min(1.0, acc[i] * 1.5);
        p.meanProb = acc[i] * 0.8;
        p.probLow = p.meanProb * 0.5;
        p.probHigh = p.meanProb * 1.2;
        r.points.push_back(p);
    }
    r.contextTokens = 180;
    view.showResult(r);
    auto* accLine =
        lineNamed(view.measuredChart()->view()->chart(), QStringLiteral("top-1 accuracy"));
    REQUIRE(accLine);
    REQUIRE(accLine->count() == 5);
    for (int i = 0; i < 5; ++i) {
        CHECK(accLine->at(i).x() == pos[i]);
        CHECK(accLine->at(i).y() == Approx(acc[i] * 100));
    }
    auto* ref = lineNamed(view.referenceChart()->view()->chart(), QStringLiteral("accuracy (%)"));
    REQUIRE(ref);
    REQUIRE(ref->count() == 5);
    const double liu[5] = {75.8, 57.2, 53.8, 55.4, 63.2};
    const int liuPos[5] = {1, 5, 10, 15, 20};
    for (int i = 0; i < 5; ++i) {
        CHECK(ref->at(i).x() == liuPos[i]);
        CHECK(ref->at(i).y() == Approx(liu[i]));
    }
    CHECK(view.conclusion().startsWith(QStringLiteral("Recency")));
    CHECK(view.csv().count(QLatin1Char('\n')) == 1 + 5 + 5);

    // The plain-language reading of other shapes.
    auto pts = r.points;
    const double u[5] = {0.8, 0.4, 0.3, 0.45, 0.75};
    for (int i = 0; i < 5; ++i) pts[i].accuracy = u[i];
    CHECK(LitmView::describe(pts).startsWith(QStringLiteral("A U-shape")));
    for (auto& p : pts) p.accuracy = p.meanProb = 0.001;
    CHECK(LitmView::describe(pts).contains(QStringLiteral("does not retrieve")));
    for (int i = 0; i < 5; ++i) {
        pts[i].meanProb = 0.017;
        pts[i].accuracy = i == 4 ? 0.1 : 0.05;
        pts[i].attentionMass = 0.01 * (1 + 2 * i);
    }
    const QString guess = LitmView::describe(pts, 1.0 / 60);
    CHECK(guess.startsWith(QStringLiteral("This model guesses")));
    CHECK(guess.contains(QStringLiteral("recency bias")));
}

TEST_CASE("logit lens cells hold the top token's probability and are coloured by it",
          "[classroom]") {
    LogitLensView view;
    view.resize(1000, 500);
    view.show();
    std::vector<std::vector<ts::LensEntry>> cols = {
        {{5, 0.05f, 9.0f}, {6, 0.3f, 5.0f}, {7, 0.9f, 0.5f}},
        {{5, 0.1f, 8.0f}, {8, 0.6f, 2.0f}, {8, 0.95f, 0.3f}}};
    view.showLens({QStringLiteral("3 a"), QStringLiteral("4 b")}, cols, {7, 8});
    QApplication::processEvents();
    const LensHeatmap* map = view.heatmap();
    REQUIRE(map->rowCount() == 3);
    REQUIRE(map->columnCount() == 2);
    const QImage img = const_cast<LensHeatmap*>(map)->grab().toImage();
    for (int c = 0; c < 2; ++c)
        for (int r = 0; r < 3; ++r) {
            const float p = cols[c][r].prob;
            CHECK(map->value(r, c) == Approx(p));
            const QRectF cell = map->cellRect(r, c);
            CHECK(sameColour(img.pixelColor(QPoint(int(cell.left()) + 2, int(cell.top()) + 2)),
                             map->colorFor(p), 4));
        }
    // Higher probability is darker in the sequential scale.
    CHECK(map->colorFor(0.9f).lightness() < map->colorFor(0.1f).lightness());
    CHECK(view.detailRows() == 3);
    view.setColour(LogitLensView::Colour::Entropy);
    CHECK(view.heatmap()->value(0, 0) == Approx(9.0f));
}

TEST_CASE("cost meter totals are the sums of the per-step costs", "[classroom]") {
    TranscriptModel history;
    double wall = 0, flops = 0, bytes = 0;
    for (int i = 0; i < 4; ++i) {
        auto trace = std::make_shared<ts::StepTrace>();
        trace->firstPosition = i == 0 ? 0 : 4 + i;
        trace->tokens.assign(i == 0 ? 5 : 1, 1);
        trace->cost = {1.5 + i, 1e6 * (i + 1), 2e5 * (i + 2), 1000.0 * (5 + i), 5 + i};
        wall += trace->cost.wallMs;
        flops += trace->cost.flops;
        bytes += trace->cost.weightBytes;
        auto rec = std::make_shared<TranscriptStep>();
        rec->index = i;
        rec->trace = trace;
        history.append(rec);
    }
    CostView view;
    view.resize(900, 600);
    view.observe(&history);
    CHECK(view.transcript() == &history);
    const CostTotals& t = view.totals();
    CHECK(t.steps == 4);
    CHECK(t.tokens == 5 + 3);
    CHECK(t.wallMs == Approx(wall));
    CHECK(t.flops == Approx(flops));
    CHECK(t.weightBytes == Approx(bytes));
    CHECK(t.kvCacheBytes == Approx(8000.0));  // the cache now, not a sum
    CHECK(t.contextLength == 8);
    CHECK(view.tableRows() == 4);
    CHECK(view.totalsText().contains(QStringLiteral("8 tokens in 4 calls")));
    CHECK(humanUnits(2.5e9, QStringLiteral("FLOP")) == QStringLiteral("2.50 GFLOP"));
}

TEST_CASE("confidence colouring follows the chosen measure, a click lists alternatives",
          "[classroom]") {
    ConfidenceView view;
    view.resize(900, 500);
    view.show();
    std::vector<TokenScore> s(3);
    s[0].text = QStringLiteral("The");
    s[1] = {1,
            QStringLiteral("␣cat"),
            true,
            0.4f,
            2,
            3.0f,
            {{QStringLiteral("␣dog"), 0.5f}, {QStringLiteral("␣cat"), 0.4f}}};
    s[2] = {2, QStringLiteral("␣flew"), true, 0.01f, 300, 7.0f, {{QStringLiteral("␣sat"), 0.6f}}};
    view.showScores(s);
    QApplication::processEvents();
    // It opens on the least expected token's alternatives (" flew": one listed).
    CHECK(view.alternativesShown() == 1);
    const TokenFlow* flow = view.flow();
    REQUIRE(flow->count() == 3);
    CHECK(flow->items()[0].prompt);
    CHECK(flow->items()[1].colour == probabilityColor(0.4));
    CHECK(flow->items()[2].colour == probabilityColor(0.01));
    CHECK(view.legendText().contains(QStringLiteral("probability")));
    view.setMeasure(ConfidenceView::Measure::Rank);
    CHECK(flow->items()[1].colour == view.colourFor(s[1]));
    CHECK(view.legendText().contains(QStringLiteral("rank")));
    CHECK(view.colourFor(s[1]).hueF() > view.colourFor(s[2]).hueF());  // rank 2 greener than 300
    QTest::mouseClick(const_cast<TokenFlow*>(flow), Qt::LeftButton, {},
                      flow->itemRect(1).center().toPoint());
    CHECK(view.alternativesShown() == 2);
}
