// The colour-scheme switch: viridis/cividis replace the classic maps in heatmaps and
// confidence colours, stay ordered light → dark, and switching repaints cached heatmaps.
#include <cmath>

#include "catch.hpp"
#include "classroom/token_flow.hpp"
#include "widgets/colour_scheme.hpp"
#include "widgets/heatmap_widget.hpp"

using namespace ts::ui;

namespace {
// Relative luminance (Rec. 709 weights): how light a colour looks.
double luminance(const QColor& c) {
    return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
}
}  // namespace

TEST_CASE("colour schemes switch heatmaps and confidence colours", "[ui][colours]") {
    setColourScheme(ColourScheme::Classic);
    const QColor classicHigh =
        HeatmapWidget::colorFor(1.0f, 0.0f, 1.0f, HeatmapWidget::Scale::Sequential);
    const QColor classicLow = probabilityColor(0.0);
    CHECK(classicLow.hueF() < 0.05f);  // red for a surprising token in the classic scheme

    for (ColourScheme s : {ColourScheme::Viridis, ColourScheme::Cividis}) {
        setColourScheme(s);
        INFO(colourSchemeName(s).toStdString());
        const QColor high =
            HeatmapWidget::colorFor(1.0f, 0.0f, 1.0f, HeatmapWidget::Scale::Sequential);
        CHECK(high != classicHigh);
        // Light for low values, dark for high, in even steps of lightness.
        double last = 2.0;
        for (int i = 0; i <= 10; ++i) {
            const double l = luminance(sequentialColour(static_cast<float>(i) / 10.0f));
            CHECK(l < last);
            last = l;
        }
        CHECK(probabilityColor(0.0) != classicLow);
        CHECK(std::abs(luminance(probabilityColor(1.0)) - luminance(probabilityColor(0.0))) > 0.1);
        ColourScheme back;
        REQUIRE(colourSchemeFromName(colourSchemeName(s), &back));
        CHECK(back == s);
    }
    setColourScheme(ColourScheme::Classic);
    CHECK(HeatmapWidget::colorFor(1.0f, 0.0f, 1.0f, HeatmapWidget::Scale::Sequential) ==
          classicHigh);
}
