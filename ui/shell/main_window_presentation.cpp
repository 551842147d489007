// Presentation mode's layout (see main_window.hpp): for a projector the central view gets the
// window. The controls and timeline docks and the model toolbar are hidden and one slim toolbar
// (prompt, Step, Run, temperature) takes their place; the lesson panel leaves its dock for a
// column inside the central widget, beside the view; the central view's font is at least
// kPresentationViewPixels. Switching back puts every dock back as it was.
#include <QDockWidget>
#include <QLayout>
#include <QStackedWidget>
#include <QToolBar>
#include <algorithm>

#include "classroom/hub.hpp"
#include "classroom/lesson_panel.hpp"
#include "shell/controls_panel.hpp"
#include "shell/main_window.hpp"
#include "shell/presentation_bar.hpp"

namespace ts::ui {

void MainWindow::buildPresentationLayout() {
    m_presentBar = new PresentationBar(this);
    addToolBar(Qt::TopToolBarArea, m_presentBar);
    m_presentBar->hide();
    // Hidden from the window's own toolbar menu: F5 switches it with the mode.
    m_presentBar->toggleViewAction()->setVisible(false);
    connect(m_presentBar, &PresentationBar::promptEdited, this,
            [this](const QString& text) { m_controls->setPrompt(text); });
    connect(m_presentBar, &PresentationBar::stepClicked, this, &MainWindow::onStep);
    connect(m_presentBar, &PresentationBar::runClicked, this, &MainWindow::onRun);
    connect(m_presentBar, &PresentationBar::temperatureEdited, this, [this](double t) {
        ts::SamplingParams p = m_controls->params();
        p.temperature = static_cast<float>(t);
        m_controls->setParams(p);
    });
    connect(m_controls, &ControlsPanel::paramsChanged, this, [this] { syncPresentationBar(); });
    connect(m_controls, &ControlsPanel::promptEdited, this, [this] { syncPresentationBar(); });
}

void MainWindow::syncPresentationBar() {
    if (!m_presentBar || !m_presentLayout) return;
    m_presentBar->setPrompt(m_controls->promptText());
    m_presentBar->setTemperature(m_controls->params().temperature);
    m_presentBar->setRunning(m_running);
    m_presentBar->setBusy(!hasModel() || m_loading);
}

// A slim column: about a quarter of the window, never under the panel's own minimum.
void MainWindow::fitLessonColumn() {
    if (!m_lessonColumn || !m_classroom) return;
    const int least = m_classroom->lessons()->minimumSizeHint().width();
    m_lessonColumn->setFixedWidth(std::clamp(width() / 4, std::max(least, 220), 480));
}

void MainWindow::applyPresentationLayout(bool on) {
    if (on == m_presentLayout || !m_presentBar) return;
    LessonPanel* lessons = m_classroom ? m_classroom->lessons() : nullptr;
    if (on) {
        // isHidden: what was asked for, also before the window is first shown.
        m_beforePresentation = {!m_controlsDock->isHidden(), !m_timelineDock->isHidden(),
                                m_lessonsDock && !m_lessonsDock->isHidden(),
                                !m_modelToolbar->isHidden()};
        m_presentLayout = true;
        m_controlsDock->hide();
        m_timelineDock->hide();
        m_modelToolbar->hide();
        if (m_lessonsDock) m_lessonsDock->hide();
        if (lessons) {
            m_lessonColumn->layout()->addWidget(lessons);  // out of its dock
            lessons->show();
        }
        m_lessonColumn->setVisible(m_beforePresentation.lessons);
        fitLessonColumn();
        m_presentBar->show();
        syncPresentationBar();
    } else {
        const bool lessonsShown = !m_lessonColumn->isHidden();
        m_presentLayout = false;
        m_presentBar->hide();
        if (lessons && m_lessonsDock) {
            m_lessonsDock->setWidget(lessons);
            lessons->show();
        }
        m_lessonColumn->hide();
        m_controlsDock->setVisible(m_beforePresentation.controls);
        m_timelineDock->setVisible(m_beforePresentation.timeline);
        m_modelToolbar->setVisible(m_beforePresentation.model);
        if (m_lessonsDock) m_lessonsDock->setVisible(lessonsShown);
    }
    m_viewFontScale = 0;
    scaleViewFont();
}

}  // namespace ts::ui
