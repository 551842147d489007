#pragma once
// Presentation mode: the whole application's font enlarged so a class at the back of the
// room can read a projected window. Every widget and every painted label follows the
// application font, so one setting enlarges them all; switching it off puts back the font
// the application had before. The window does the rest (main_window_presentation.cpp): the
// docks give way to one slim toolbar and the central view's own font is at least 22 px, so
// every text in it, a 0.85 times smaller label included, is at least 18 px
// (tests/ui/test_presentation_mode.cpp and test_projector.cpp check it).
namespace ts::ui {

// The factor applied to the application font's point size.
constexpr double kPresentationFontScale = 1.2;

// Enlarges (true) or restores (false) the application font; the font before the first
// enlargement is remembered, so switching back and forth never compounds.
void setPresentationMode(bool on);
bool presentationMode();

}  // namespace ts::ui
