#pragma once
// What a lesson's state claims (LessonClaim::isState) read from the live window: the word map
// on screen and how its groups lie, the lost-in-the-middle lab's last run, the cost
// calculator's inputs and answer, whether the timeline is visible, the attention layer and
// head, the temperature of the shown draw, how many tokens were drawn, the probe set. A lesson
// text that says "the lab ran 80 records" over a 20-record run, or "watch the timeline" behind
// the lesson's tab, is caught by tests/ui/test_lesson_state.cpp, which walks every step as a
// class does and compares these readings with the claims.
#include <QString>
#include <optional>

namespace ts::ui {

class MainWindow;
struct LessonClaim;

// The value `claim` measures on `window` as it is now, in the claim's units (a count, a share,
// a temperature, 1 or 0 for a yes/no). nullopt with *why when the screen does not show what
// the claim is about at all (no word map, the lab has not run, the controls and the shown
// draw disagree about the temperature).
std::optional<double> measureScreenClaim(const MainWindow& window, const LessonClaim& claim,
                                         QString* why);

}  // namespace ts::ui
