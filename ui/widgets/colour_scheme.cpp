// Colour schemes (see colour_scheme.hpp). The viridis and cividis stops are sampled from the
// published maps (matplotlib's viridis, Nuñez et al.'s cividis) at nine points and
// interpolated linearly, which stays within a few levels of the full tables.
#include "widgets/colour_scheme.hpp"

#include <QApplication>
#include <QWidget>
#include <algorithm>
#include <array>
#include <cmath>

namespace ts::ui {

namespace {

ColourScheme g_scheme = ColourScheme::Classic;

using Stops = std::array<QColor, 9>;
// Listed dark → light; sequentialColour reverses them so that high values are dark.
const Stops kViridis = {
    QColor(0x44, 0x01, 0x54), QColor(0x47, 0x2c, 0x7a), QColor(0x3b, 0x51, 0x8b),
    QColor(0x2c, 0x71, 0x8e), QColor(0x21, 0x90, 0x8d), QColor(0x27, 0xad, 0x81),
    QColor(0x5c, 0xc8, 0x63), QColor(0xaa, 0xdc, 0x32), QColor(0xfd, 0xe7, 0x25)};
const Stops kCividis = {
    QColor(0x00, 0x22, 0x4e), QColor(0x12, 0x35, 0x70), QColor(0x3b, 0x49, 0x6c),
    QColor(0x57, 0x5d, 0x6d), QColor(0x70, 0x71, 0x73), QColor(0x8a, 0x87, 0x79),
    QColor(0xa6, 0x9d, 0x75), QColor(0xc4, 0xb5, 0x6c), QColor(0xfe, 0xe8, 0x38)};
const Stops kBlues = {QColor(0x08, 0x30, 0x6b), QColor(0x08, 0x51, 0x9c), QColor(0x21, 0x71, 0xb5),
                      QColor(0x42, 0x92, 0xc6), QColor(0x6b, 0xae, 0xd6), QColor(0x9e, 0xca, 0xe1),
                      QColor(0xc6, 0xdb, 0xef), QColor(0xde, 0xeb, 0xf7), QColor(0xf7, 0xfb, 0xff)};

QColor along(const Stops& s, float t) {
    t = std::clamp(t, 0.0f, 1.0f) * 8.0f;
    const int i = std::min(7, static_cast<int>(t));
    const float f = t - static_cast<float>(i);
    const QColor& a = s[static_cast<std::size_t>(i)];
    const QColor& b = s[static_cast<std::size_t>(i + 1)];
    return QColor::fromRgbF(a.redF() + f * (b.redF() - a.redF()),
                            a.greenF() + f * (b.greenF() - a.greenF()),
                            a.blueF() + f * (b.blueF() - a.blueF()));
}

QColor paler(const QColor& c, double amount) {
    return QColor::fromRgbF(static_cast<float>(c.redF() + (1 - c.redF()) * amount),
                            static_cast<float>(c.greenF() + (1 - c.greenF()) * amount),
                            static_cast<float>(c.blueF() + (1 - c.blueF()) * amount));
}

}  // namespace

ColourScheme colourScheme() { return g_scheme; }

void setColourScheme(ColourScheme scheme) {
    if (scheme == g_scheme) return;
    g_scheme = scheme;
    // Heatmaps cache their coloured image: a change event makes them rebuild it.
    for (QWidget* w : QApplication::allWidgets()) {
        QEvent e(QEvent::PaletteChange);
        if (w->inherits("ts::ui::HeatmapWidget")) QApplication::sendEvent(w, &e);
        w->update();
    }
}

QString colourSchemeName(ColourScheme scheme) {
    switch (scheme) {
        case ColourScheme::Viridis:
            return QStringLiteral("viridis");
        case ColourScheme::Cividis:
            return QStringLiteral("cividis");
        default:
            return QStringLiteral("classic");
    }
}

bool colourSchemeFromName(const QString& name, ColourScheme* out) {
    for (ColourScheme s : {ColourScheme::Classic, ColourScheme::Viridis, ColourScheme::Cividis})
        if (colourSchemeName(s) == name) {
            *out = s;
            return true;
        }
    return false;
}

QColor sequentialColour(float t) {
    const float u = 1.0f - std::clamp(t, 0.0f, 1.0f);  // stops run dark → light
    switch (g_scheme) {
        case ColourScheme::Viridis:
            return along(kViridis, u);
        case ColourScheme::Cividis:
            return along(kCividis, u);
        default:
            return along(kBlues, u);
    }
}

QColor confidenceColour(double p) {
    p = std::clamp(p, 0.0, 1.0);
    // The square root spreads out the small probabilities that dominate sampled text.
    const double t = std::sqrt(p);
    switch (g_scheme) {
        case ColourScheme::Viridis:
            return paler(along(kViridis, static_cast<float>(t)), 0.45);
        case ColourScheme::Cividis:
            return paler(along(kCividis, static_cast<float>(t)), 0.45);
        default:
            return QColor::fromHsvF(static_cast<float>(t * 120.0 / 360.0), 0.45f, 1.0f);
    }
}

}  // namespace ts::ui
