// The temperature lanes on the bundled model: a lane stops at the model's end-of-text token
// (the engine's rule, reached through the tokenizer the view passes on) and says so in its
// status, its framed last box and its chart; "continue past end of text" draws on; the
// entropy chart names the tokens under its bars instead of "…"; the colour bar paints the
// confidence colours it explains; the lane texts follow a live switch to Korean.
#include <QApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonObject>
#include <QSignalSpy>

#include "catch.hpp"
#include "classroom/confidence_colour_bar.hpp"
#include "classroom/entropy_strip.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/token_flow.hpp"
#include "shell/translation_manager.hpp"
#include "tokenscope/model_folder.hpp"
#include "ui_test_helpers.hpp"
#include "widgets/colour_scheme.hpp"

using namespace ts::ui;

namespace {

void runLanes(LanesView& lanes, bool pastEnd) {
    QSignalSpy done(&lanes, &ClassroomToolView::finished);
    lanes.applySettings(QJsonObject{
        {QStringLiteral("prompt"), QStringLiteral("The detective gathered everyone in the")},
        {QStringLiteral("temperatures"), QJsonArray{0.2, 0.7, 1.0, 1.5}},
        {QStringLiteral("steps"), 40},
        {QStringLiteral("seed"), 3},
        {QStringLiteral("continuePastEnd"), pastEnd},
        {QStringLiteral("run"), true}});
    REQUIRE(ts_test::waitFor(done, 1, 60000));
}

}  // namespace

TEST_CASE("lanes stop at end of text and show where", "[classroom][lanes]") {
    const ModelInfo info = ts_test::bundledModelInfo();
    REQUIRE(info.tokenizer);
    TranslationManager translations;
    translations.setLanguage(QStringLiteral("en"));
    LanesView lanes;
    lanes.setModel(info);
    lanes.resize(1000, 600);
    lanes.show();
    runLanes(lanes, false);
    REQUIRE(lanes.laneCount() == 4);
    int ended = 0;
    for (int i = 0; i < lanes.laneCount(); ++i) {
        INFO("lane " << i);
        const auto& items = lanes.laneFlow(i)->items();
        const auto& steps = lanes.laneChart(i)->steps();
        REQUIRE_FALSE(steps.empty());
        // Only the last box and bar may be the end; they are exactly when the lane ended.
        for (std::size_t k = 0; k + 1 < items.size(); ++k) CHECK_FALSE(items[k].end);
        for (std::size_t k = 0; k + 1 < steps.size(); ++k) CHECK_FALSE(steps[k].end);
        CHECK(items.back().end == lanes.laneEnded(i));
        CHECK(steps.back().end == lanes.laneEnded(i));
        if (lanes.laneEnded(i)) {
            ++ended;
            CHECK(steps.size() < 40);
            CHECK(lanes.laneStatus(i).contains(QStringLiteral("Stopped at end of text")));
            CHECK(lanes.laneChart(i)->drawnLabels().back() == QStringLiteral("end"));
        } else {
            CHECK(steps.size() == 40);
            CHECK(lanes.laneStatus(i).contains(QStringLiteral("40 tokens")));
        }
    }
    // Seed 3 with this prompt ends three of the bundled model's lanes (see the engine test);
    // a retrained model might not, and then this test says so instead of passing unseen.
    if (ended == 0) WARN("no lane reached end of text: the stop is not shown by this model");

    SECTION("a live switch to Korean retranslates the lane status") {
        REQUIRE(translations.setLanguage(QStringLiteral("ko")));
        QApplication::processEvents();
        for (int i = 0; i < lanes.laneCount(); ++i)
            CHECK(lanes.laneStatus(i).contains(lanes.laneEnded(i)
                                                   ? QStringLiteral("글 끝에서 멈춤")
                                                   : QStringLiteral("아직 글 끝 아님")));
        translations.setLanguage(QStringLiteral("en"));
    }
    SECTION("continue past end of text draws every step") {
        runLanes(lanes, true);
        CHECK(lanes.continuePastEnd());
        for (int i = 0; i < lanes.laneCount(); ++i) {
            CHECK_FALSE(lanes.laneEnded(i));
            CHECK(lanes.laneChart(i)->steps().size() == 40);
            for (const auto& item : lanes.laneFlow(i)->items()) CHECK_FALSE(item.end);
        }
    }
}

TEST_CASE("the entropy chart labels its bars with the tokens", "[classroom][lanes]") {
    EntropyStrip strip;
    std::vector<EntropyStrip::Step> steps;
    const QStringList tokens = {QStringLiteral("˽cellar"), QStringLiteral("."),
                                QStringLiteral("˽Oliver"), QStringLiteral("˽and"),
                                QStringLiteral("˽waited")};
    for (int i = 0; i < 25; ++i)
        steps.push_back({tokens[i % tokens.size()], double(i % 7), confidenceColour(0.5), i == 24});
    strip.setSteps(steps, 8);
    strip.setTexts(QStringLiteral("entropy per step"), QStringLiteral("bits"),
                   QStringLiteral("end"));
    // A quarter-width lane at 1280x720 is about 220 px wide.
    strip.resize(220, 170);
    const QStringList labels = strip.drawnLabels();
    REQUIRE(labels.size() == 25);
    CHECK(strip.labelStride() <= 3);
    int shown = 0;
    for (int i = 0; i < 24; ++i) {
        if (labels[i].isEmpty()) continue;
        ++shown;
        CHECK(labels[i] == tokens[i % tokens.size()]);  // whole, not elided
    }
    CHECK(shown >= 8);
    CHECK(labels.back() == QStringLiteral("end"));
    // Bar heights follow the entropy on the chart's scale.
    CHECK(strip.barRect(6).height() == Approx(strip.barRect(3).height() * 2).margin(1.0));
    CHECK(strip.barRect(0).height() == Approx(0).margin(0.5));
    // Wide enough, every token is named.
    strip.resize(900, 200);
    CHECK(strip.labelStride() == 1);
}

TEST_CASE("the colour bar paints the confidence colours it explains", "[classroom][lanes]") {
    for (const ColourScheme scheme : {ColourScheme::Classic, ColourScheme::Viridis}) {
        setColourScheme(scheme);
        ConfidenceColourBar bar;
        bar.setCaption(QStringLiteral("Probability:"));
        bar.resize(500, bar.sizeHint().height());
        const QImage img = bar.grab().toImage();
        const QRect r = bar.barRect();
        for (const double p : {0.0, 0.25, 0.5, 1.0}) {
            const int x = r.left() + static_cast<int>((r.width() - 1) * p);
            const int px = std::clamp(x, r.left() + 1, r.right() - 1);  // inside the frame
            const QColor got = img.pixelColor(px, r.center().y());
            const QColor want = confidenceColour(bar.probabilityAt(px));
            INFO(colourSchemeName(scheme).toStdString() << " p=" << p);
            CHECK(std::abs(got.red() - want.red()) <= 2);
            CHECK(std::abs(got.green() - want.green()) <= 2);
            CHECK(std::abs(got.blue() - want.blue()) <= 2);
        }
        CHECK(bar.probabilityAt(r.left()) == Approx(0));
        CHECK(bar.probabilityAt(r.right()) == Approx(1));
    }
    setColourScheme(ColourScheme::Classic);
}
