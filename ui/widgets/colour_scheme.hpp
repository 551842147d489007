#pragma once
// The colour scheme every heatmap and confidence colouring uses, switchable for people with
// colour-vision deficiencies: "classic" (blues for weights, red→green for confidence), or
// viridis / cividis, perceptually uniform maps that read the same with the common kinds of
// colour blindness (cividis also for the rarer blue-yellow kind). Sequential values run from
// light (low) to dark (high) in every scheme so "darker = more" holds throughout.
#include <QColor>
#include <QString>
#include <QStringList>

namespace ts::ui {

enum class ColourScheme { Classic, Viridis, Cividis };

ColourScheme colourScheme();
// Sets the scheme and repaints every heatmap and view in the application.
void setColourScheme(ColourScheme scheme);
// "classic", "viridis", "cividis" (for settings and the command line).
QString colourSchemeName(ColourScheme scheme);
bool colourSchemeFromName(const QString& name, ColourScheme* out);

// t in 0..1 on the current sequential map (0 light, 1 dark).
QColor sequentialColour(float t);
// A probability as a pale box colour: low = warning end, high = good end of the scheme.
QColor confidenceColour(double p);

}  // namespace ts::ui
