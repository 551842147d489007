// Lessons that drive the screen: every state claim of every lesson step (the word map shown,
// the lab's record count, the calculator's inputs, the timeline in view, the attention layer
// and head, the temperature of the shown draw…) is read off the live window after the step is
// applied, walking each lesson as a class does, in English and in Korean. A step that says
// more than it sets fails here; the last test shows that it does.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "catch.hpp"
#include "classroom/hub.hpp"
#include "classroom/lesson_model.hpp"
#include "classroom/lesson_panel.hpp"
#include "layout_checks.hpp"
#include "shell/lesson_screen.hpp"
#include "shell/main_window.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/translation_manager.hpp"
#include "stages/embedding_view.hpp"
#include "ui_test_helpers.hpp"

using namespace ts::ui;

namespace {

// Waits for the step's runs, experiments and word map to finish.
void settleStep(MainWindow& window) {
    ts_test::settle(window);
    auto* embedding =
        qobject_cast<EmbeddingView*>(window.stageView(static_cast<int>(Stage::Embedding)));
    REQUIRE(embedding);
    REQUIRE(ts_test::waitUntil([&] { return !embedding->isMapBusy(); }, 60000));
    QCoreApplication::processEvents();
}

// Every state claim of `step` against the window; one line per claim that does not hold.
QStringList stateFaults(const MainWindow& window, const LessonStep& step, const QString& lang,
                        int* checked) {
    QStringList faults;
    for (const auto& c : step.claims) {
        if (!c.isState() || (!c.onlyLanguage.isEmpty() && c.onlyLanguage != lang)) continue;
        ++*checked;
        QString why;
        const auto got = measureScreenClaim(window, c, &why);
        if (!got) {
            faults << QStringLiteral("%1: %2").arg(c.id, why);
            continue;
        }
        if (std::abs(*got - c.valueIn(lang)) > c.toleranceIn(lang) || !c.fitsAdjective(*got))
            faults << QStringLiteral("%1: the screen shows %2, the lesson says %3 ± %4%5")
                          .arg(c.id)
                          .arg(*got)
                          .arg(c.valueIn(lang))
                          .arg(c.toleranceIn(lang))
                          .arg(c.adjective.isEmpty() ? QString()
                                                     : QStringLiteral(" (%1)").arg(c.adjective));
    }
    return faults;
}

}  // namespace

TEST_CASE("every lesson step sets what its text says, read off the window in both languages",
          "[classroom][lessons][claims][state]") {
    QTemporaryDir dir;
    QStringList faults;
    int checked = 0;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        TranslationManager translations;
        translations.setLanguage(lang);
        MainWindow window(&translations, true);
        ts_test::startWindow(window, 1, dir);
        REQUIRE(window.showView(QStringLiteral("lessons")));
        LessonPanel* lessons = window.classroom()->lessons();
        REQUIRE(lessons->lessons().size() >= 6);
        for (int l = 0; l < static_cast<int>(lessons->lessons().size()); ++l) {
            const auto& steps = lessons->lessons()[static_cast<std::size_t>(l)].steps;
            for (int s = 0; s < static_cast<int>(steps.size()); ++s) {
                if (s == 0)
                    lessons->openLesson(l);
                else
                    lessons->goToStep(s);
                settleStep(window);
                for (const QString& f :
                     stateFaults(window, steps[static_cast<std::size_t>(s)], lang, &checked))
                    faults << QStringLiteral("%1 lesson %2 step %3: %4")
                                  .arg(lang)
                                  .arg(l + 1)
                                  .arg(s + 1)
                                  .arg(f);
            }
            lessons->endLesson();
        }
    }
    INFO(faults.join(QLatin1Char('\n')).toStdString());
    CHECK(faults.isEmpty());
    CHECK(checked >= 20);
}

// The test above can fail: the same claims over steps that do not set what they claim.
TEST_CASE("a state claim fails when its step does not set it", "[classroom][lessons][state]") {
    const QByteArray json = R"j({"title": "T", "steps": [
        {"text": "A map of {g} groups; {t}; answers of {a} tokens.", "view": "embedding",
         "claims": [{"id": "g", "kind": "word_map_groups", "set": "atlas", "value": 2, "tolerance": 0},
                    {"id": "t", "kind": "timeline_visible", "value": 1, "tolerance": 0},
                    {"id": "a", "kind": "calculator", "field": "answerTokens", "value": 8000, "tolerance": 0}]},
        {"text": "The same, set.", "view": "cost", "wordMap": "atlas", "showTimeline": true,
         "settings": {"calculator": {"answerTokens": 8000}}}]})j";
    QString error;
    const auto lesson = parseLesson(json, QStringLiteral("state.json"), &error);
    INFO(error.toStdString());
    REQUIRE(lesson);
    QTemporaryDir dir;
    TranslationManager translations;
    MainWindow window(&translations, true);
    ts_test::startWindow(window, 1, dir);
    REQUIRE(window.showView(QStringLiteral("lessons")));
    LessonPanel* lessons = window.classroom()->lessons();
    lessons->setLessons({*lesson});
    lessons->openLesson(0);
    settleStep(window);
    const LessonStep& claims = lesson->steps[0];
    int checked = 0;
    const QStringList unset = stateFaults(window, claims, QStringLiteral("en"), &checked);
    INFO(unset.join(QLatin1Char('\n')).toStdString());
    CHECK(checked == 3);
    CHECK(unset.size() == 3);  // no word map, the timeline behind the lesson, 800 tokens
    lessons->goToStep(1);
    settleStep(window);
    const QStringList set = stateFaults(window, claims, QStringLiteral("en"), &checked);
    INFO(set.join(QLatin1Char('\n')).toStdString());
    CHECK(set.isEmpty());
    // The view a step shows and the timeline beside it: both on screen at once.
    lessons->endLesson();
    QCoreApplication::processEvents();
    CHECK(*measureScreenClaim(window, claims.claims[1], nullptr) == 0);
}
