// MainWindow's docks and what outlives a session: the classroom tools (their pages, the lessons
// dock and the presenter keys) and the saved window settings.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QResizeEvent>
#include <QShortcut>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "classroom/guess_view.hpp"
#include "classroom/hub.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/precision_view.hpp"
#include "core/engine_controller.hpp"
#include "shell/controls_panel.hpp"
#include "shell/export.hpp"
#include "shell/main_window.hpp"
#include "shell/model_chooser.hpp"
#include "shell/pipeline_bar.hpp"
#include "shell/presentation_mode.hpp"
#include "shell/settings_store.hpp"
#include "shell/timeline_view.hpp"
#include "shell/translation_manager.hpp"
#include "stages/attention_view.hpp"
#include "stages/embedding_view.hpp"
#include "stages/sampling_view.hpp"
#include "stages/softmax_view.hpp"
#include "stages/token_view.hpp"
#include "tokenscope/model_folder.hpp"
#include "widgets/korean_particles.hpp"
#include "widgets/steady_label.hpp"

namespace ts::ui {

// Classroom tools (ui/classroom_hub.*): their views join the stage stack, their menu the menu bar;
// lessons drive the prompt, sampling, view and step/run through the window.
void MainWindow::hookClassroom() {
    auto* classroom = new ClassroomHub(m_stack);
    m_classroom = classroom;
    // The lessons sit in a dock beside the view they drive, so text and view are on screen
    // together; every other tool is a page of the central stack.
    m_lessonsDock = new QDockWidget(this);
    m_lessonsDock->setObjectName(QStringLiteral("lessonsDock"));
    // An explicit minimum: the panel wraps and shrinks rather than widen the window past 1280.
    classroom->lessons()->setMinimumWidth(160);
    m_lessonsDock->setWidget(classroom->lessons());
    addDockWidget(Qt::RightDockWidgetArea, m_lessonsDock);
    // A tab beside the timeline rather than a third column, so 1280 pixels still fit.
    tabifyDockWidget(m_timelineDock, m_lessonsDock);
    m_lessonsDock->hide();
    for (const auto& [title, view] : classroom->views())
        if (view != classroom->lessons()) m_stack->addWidget(view);
    LessonPanel* lessons = classroom->lessons();
    // A lesson step may ask for an attention layer and head (1-based in the lesson file).
    connect(lessons, &LessonPanel::stepApplied, this, [this](const LessonStep& step) {
        if (step.layer > 0) m_attention->setLayer(step.layer - 1);
        if (step.head > 0) m_attention->setHead(step.head - 1);
        // The word map its text talks about (similar words lie close), not the context's dots.
        if (!step.wordMap.isEmpty()) m_embedding->showWordMap(step.wordMap);
        showTimelineBesideLesson(step.showTimeline);
        // The softmax bars on a fixed 0-100 % axis unless the step says otherwise (#48).
        m_softmax->setFixedAxis(step.fixedAxis);
        // The heads its text silences (lesson 7), and only those: the run replays with them.
        if (step.silence) applyLessonSilence(*step.silence);
    });
    // What the user had before a lesson comes back when it ends.
    connect(lessons, &LessonPanel::lessonStarted, this, [this] {
        // A lesson's numbers are the model's own: the user's what-ifs wait until it ends.
        m_beforeLesson = {m_controls->promptText(), m_controls->params(), m_stack->currentIndex(),
                          m_attention->layer(),     m_attention->head(),  true,
                          m_softmax->fixedAxis(),   m_interventions};
        if (!m_interventions.empty()) setInterventions(ts::Interventions{});
    });
    connect(lessons, &LessonPanel::lessonEnded, this, [this] {
        if (!m_beforeLesson.valid) return;
        showTimelineBesideLesson(false);
        setPrompt(m_beforeLesson.prompt);
        setParams(m_beforeLesson.params);
        m_stack->setCurrentIndex(m_beforeLesson.view);
        m_attention->setLayer(m_beforeLesson.layer);
        m_attention->setHead(m_beforeLesson.head);
        m_softmax->setFixedAxis(m_beforeLesson.fixedAxis);
        if (!m_interventions.empty() || !m_beforeLesson.interventions.empty())
            setInterventions(m_beforeLesson.interventions);
        m_beforeLesson.valid = false;
        statusBar()->showMessage(tr("Lesson ended: your prompt and settings are back."), 5000);
    });
    // Presenter keys (a clicker sends PageDown/PageUp): next/previous lesson step while a lesson is
    // open, otherwise one more step of the loop / the previous step.
    auto* forward = new QShortcut(QKeySequence(Qt::Key_PageDown), this);
    auto* backward = new QShortcut(QKeySequence(Qt::Key_PageUp), this);
    connect(forward, &QShortcut::activated, this, [this] { presenterKey(true); });
    connect(backward, &QShortcut::activated, this, [this] { presenterKey(false); });
    menuBar()->insertMenu(m_languageMenu->menuAction(), classroom->createMenu(this));
    if (m_translations) {
        classroom->setLanguage(m_translations->language());
        connect(m_translations, &TranslationManager::languageChanged, classroom,
                &ClassroomHub::setLanguage);
    }
    EngineWorker* w = m_engine->worker();
    connect(w, &EngineWorker::modelLoaded, classroom, &ClassroomHub::setModel);
    // The classroom tools observe the one history after the timeline and the window (registration
    // order).
    classroom->observe(m_transcript);
    // The guessing game keeps the drawn token hidden until its reveal: the timeline names it.
    connect(classroom->guess(), &GuessView::concealChanged, this, [this](bool conceal) {
        if (conceal) {
            m_timelineDock->setProperty("shownBeforeGuess", m_timelineDock->isVisible());
            m_timelineDock->hide();
        } else if (m_timelineDock->property("shownBeforeGuess").toBool() && !m_presentLayout) {
            // (presentation mode keeps the timeline away: its slim toolbar replaces the docks)
            m_timelineDock->show();
        }
    });
    connect(classroom, &ClassroomHub::requestPrompt, this, &MainWindow::setPrompt);
    connect(classroom, &ClassroomHub::requestSampling, this, &MainWindow::setParams);
    connect(classroom, &ClassroomHub::requestView, this,
            [this](const QString& name) { showView(name); });
    connect(classroom, &ClassroomHub::requestAction, this, [this](const QString& action, int n) {
        if (!hasModel()) return;
        if (action == QLatin1String("reset"))
            onReset();
        else if (action == QLatin1String("redraw"))  // the prompt again, drawn at this step's
            generate(n);                             // sampling: the shown draw is its own
        else if (promptNeedsRestart())
            generate(action == QLatin1String("run") ? n + 1 : n);
        else if (action == QLatin1String("run"))
            m_engine->run(n, m_controls->params(), 0);
        else
            for (int i = 0; i < n; ++i) m_engine->step(m_controls->params());
    });
}

// A lesson step that asks to watch the timeline puts it under the lesson instead of behind the
// lesson's tab; the next step that does not gives the lesson the whole column again.
void MainWindow::showTimelineBesideLesson(bool beside) {
    if (!m_lessonsDock || !m_timelineDock) return;
    // Presentation mode hides the docks and shows the lesson in a column of its own: the
    // timeline comes back only for the step that asks for it.
    if (isPresentation()) {
        m_timelineDock->setVisible(beside);
        return;
    }
    const bool tabbed = tabifiedDockWidgets(m_lessonsDock).contains(m_timelineDock);
    if (beside && tabbed) {
        // Out of the lesson's tab group first: splitting a tabbed dock only adds a tab.
        removeDockWidget(m_timelineDock);
        addDockWidget(dockWidgetArea(m_lessonsDock), m_timelineDock, Qt::Vertical);
        m_timelineDock->show();
    } else if (!beside && !tabbed && m_lessonsDock->isVisible() &&
               dockWidgetArea(m_timelineDock) == dockWidgetArea(m_lessonsDock)) {
        tabifyDockWidget(m_timelineDock, m_lessonsDock);
        m_lessonsDock->raise();
    }
}

void MainWindow::restoreSettings() {
    const AppSettings s = AppSettings::load();
    m_chooser->setRecent(s.recentModels);
    m_controls->setParams(s.params);
    m_controls->setMaxSteps(s.maxSteps);
    m_controls->setDelayMs(s.delayMs);
    if (!s.prompt.isEmpty()) m_controls->setPrompt(s.prompt);
    m_ignoreEosAction->setChecked(s.ignoreEndOfText);
    m_historyBudgetMiB = s.historyBudgetMiB;
    m_engine->setHistoryBudget(static_cast<qint64>(m_historyBudgetMiB) * 1024 * 1024);
    if (!s.geometry.isEmpty()) restoreGeometry(s.geometry);
    if (!s.windowState.isEmpty()) restoreState(s.windowState);
    // After the docks are restored: presentation mode hides them and remembers them as they were.
    setPresentation(s.presentation);
    selectStage(std::clamp(s.stage, 0, kStageCount - 1));
}

void MainWindow::saveSettings() {
    if (m_headless) return;
    AppSettings s;
    s.lastModel = m_info.folder;
    s.recentModels = m_chooser->recent();
    s.geometry = saveGeometry();
    // The docks as the normal layout has them (presentation mode comes back from its own flag).
    const bool presenting = m_presentLayout;
    if (presenting) applyPresentationLayout(false);
    s.windowState = saveState();
    if (presenting) applyPresentationLayout(true);
    s.params = m_controls->params();
    s.maxSteps = m_controls->maxSteps();
    s.delayMs = m_controls->delayMs();
    s.prompt = m_controls->promptText();
    s.language = m_translations->language();
    s.stage = stage();
    s.ignoreEndOfText = m_ignoreEosAction->isChecked();
    s.historyBudgetMiB = m_historyBudgetMiB;
    s.presentation = isPresentation();
    s.save();
}

}  // namespace ts::ui
