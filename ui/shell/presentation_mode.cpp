// Presentation mode (see presentation_mode.hpp): QApplication::setFont reaches every widget
// that has not set its own size, and the views paint with their widget's font, so scaling
// the application font scales the window. The normal font is kept to restore it exactly.
#include "shell/presentation_mode.hpp"

#include <QApplication>
#include <QFont>
#include <optional>

namespace ts::ui {

namespace {
std::optional<QFont>& normalFont() {
    static std::optional<QFont> font;
    return font;
}
}  // namespace

void setPresentationMode(bool on) {
    if (on == presentationMode()) return;
    if (on) {
        normalFont() = QApplication::font();
        QFont big = *normalFont();
        if (big.pointSizeF() > 0)
            big.setPointSizeF(big.pointSizeF() * kPresentationFontScale);
        else
            big.setPixelSize(static_cast<int>(big.pixelSize() * kPresentationFontScale + 0.5));
        QApplication::setFont(big);
    } else {
        QApplication::setFont(*normalFont());
        normalFont().reset();
    }
}

bool presentationMode() { return normalFont().has_value(); }

}  // namespace ts::ui
