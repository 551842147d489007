// MainWindow's view switching: which stage or classroom page is shown, the step it shows, the font
// that follows the window's size, and the presenter's arrow keys.
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
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

#include "classroom/hub.hpp"
#include "classroom/lanes_view.hpp"
#include "classroom/lesson_panel.hpp"
#include "classroom/precision_view.hpp"
#include "core/engine_controller.hpp"
#include "shell/controls_panel.hpp"
#include "shell/export.hpp"
#include "shell/intervention_banner.hpp"
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

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    // Presentation mode changed the base: scale it again. The window hears of a new application
    // font as its own FontChange (QWidget::event never passes ApplicationFontChange on to
    // changeEvent, which this used to wait for: views shown when presentation mode was switched
    // kept the old font at 1280x720, where the scale stays 1).
    if (event->type() == QEvent::FontChange) {
        m_viewFontScale = 0;
        scaleViewFont();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    if (m_presentLayout) fitLessonColumn();
    scaleViewFont();
}

void MainWindow::sizeByCurrentPage() {
    // Only the page on screen sets the window's minimum size. A hidden page keeps the size its
    // layout last computed (Qt lays out hidden widgets only when shown), so a page last laid out in
    // a 1920x1080 window with its larger font held a 1280x720 window too wide.
    for (int i = 0; i < m_stack->count(); ++i) {
        QWidget* page = m_stack->widget(i);
        const QSizePolicy::Policy p =
            i == m_stack->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        if (page->sizePolicy().horizontalPolicy() != p) page->setSizePolicy(p, p);
    }
}

void MainWindow::scaleViewFont() {
    if (!m_stack) return;
    sizeByCurrentPage();
    // In steps of 0.05, so resizing by a few pixels does not lay every view out again.
    const double raw = std::clamp(static_cast<double>(height()) / 720.0, 1.0, kMostViewFontScale);
    const double scale = std::round(raw * 20.0) / 20.0;
    if (scale == m_viewFontScale) return;
    m_viewFontScale = scale;
    QFont f = QApplication::font();
    if (m_presentLayout)
        // A projector's back row: at least kPresentationViewPixels, set in points so the views'
        // own smaller and larger fonts (a factor of pointSizeF) still work.
        f.setPointSizeF(kPresentationViewPixels * scale * 72.0 / std::max(1, logicalDpiY()));
    else if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    else
        f.setPixelSize(static_cast<int>(f.pixelSize() * scale + 0.5));
    m_stack->setFont(f);
    // A widget with its own style sheet keeps the font it was first polished with: Qt does not
    // pass a parent's later font on to it (the lost-in-the-middle banner and the tokenizer
    // columns stayed at 12 and 10 px in presentation mode). They take the view's font here.
    // So does a table's header where the platform theme gives headers a font of their own
    // (QApplication's per-class fonts are not resolved against the parent's): the tokenizer
    // survey's titles stayed at 11 px over 20 px rows.
    for (QWidget* w : m_stack->findChildren<QWidget*>())
        if (!w->styleSheet().isEmpty() || qobject_cast<QHeaderView*>(w)) w->setFont(f);
    if (m_interventionBanner) m_interventionBanner->setFont(f);  // read with the view
}

void MainWindow::showStep(int index) {
    m_current = index >= 0 && index < m_transcript->size() ? index : -1;
    // The guessing game plays the step the timeline selects (the newest while a run goes on).
    if (m_classroom)
        m_classroom->setCurrentStep(m_current == m_transcript->size() - 1 ? -1 : m_current);
    // Every stage view is out of date; only the one on screen is brought up to date now, the others
    // when they are shown (a hidden view's work at every step of a run at 1,024 tokens was most of
    // the window's stalls).
    m_staleStages = (1u << kStageCount) - 1;
    refreshStageViews();
    // The guessing game plays the step the timeline selects (the newest while a run goes on).
    if (m_classroom)
        m_classroom->setCurrentStep(m_current == m_transcript->size() - 1 ? -1 : m_current);
    updateStatus();
}

void MainWindow::refreshStageViews() {
    // A window that is not on screen (tests, a headless run before it shows) updates them all.
    const bool all = !isVisible();
    const TranscriptStepPtr rec = m_current >= 0 ? m_transcript->at(m_current) : nullptr;
    // The views read the transcript's own steps (no copy of the list): they keep pointers
    // only to what they still show.
    auto history = [&] { return m_transcript->upTo(m_current); };
    for (int s = 0; s < kStageCount; ++s) {
        const unsigned bit = 1u << s;
        if (!(m_staleStages & bit) || !(all || m_stack->currentIndex() == s)) continue;
        m_staleStages &= ~bit;
        switch (static_cast<Stage>(s)) {
            case Stage::Tokens:
                m_tokens->setRecord(rec);
                break;
            case Stage::Embedding:
                m_embedding->setHistory(history(), m_info.model);
                break;
            case Stage::Attention:
                m_attention->setHistory(history(), m_info.nLayer, m_info.nHead);
                break;
            case Stage::Softmax:
                m_softmax->setRecord(rec);
                break;
            case Stage::Sampling:
                m_sampling->setRecord(rec);
                m_sampling->setLoopState(m_current == m_transcript->size() - 1, m_running);
                break;
        }
    }
    showBeforeAfter();  // the what-if's before/after, for the step now shown
}

void MainWindow::setHovered(int pos) {
    m_tokens->setHoveredPosition(pos);
    m_attention->setHoveredPosition(pos);
    m_embedding->setHoveredPosition(pos);
    m_sampling->setHoveredPosition(pos);
}

void MainWindow::selectStage(int stage) {
    if (stage < 0 || stage >= kStageCount) return;
    m_stack->setCurrentIndex(stage);
    m_pipeline->setSelected(stage);
    if (stage < static_cast<int>(m_stageActions.size()))
        m_stageActions[static_cast<std::size_t>(stage)]->setChecked(true);
}

int MainWindow::stage() const { return m_stack->currentIndex(); }

QWidget* MainWindow::stageView(int stage) const { return m_stack->widget(stage); }

void MainWindow::presenterKey(bool forward) {
    LessonPanel* lessons = m_classroom ? m_classroom->lessons() : nullptr;
    if (lessons && lessons->isOpen() && (forward ? lessons->next() : lessons->back())) return;
    if (forward) {
        if (!m_running) onStep();
    } else if (m_current > 0) {
        selectStep(m_current - 1);
    }
}

void MainWindow::keyPressEvent(QKeyEvent* event) {
    // Arrow keys no focused widget wanted (buttons, the views) act as presenter keys.
    if (event->key() == Qt::Key_Right || event->key() == Qt::Key_Left) {
        presenterKey(event->key() == Qt::Key_Right);
        return;
    }
    QMainWindow::keyPressEvent(event);
}

bool MainWindow::showView(const QString& name) {
    const ViewEntry* entry = findView(name);
    if (!entry) return false;
    const QString n = QLatin1String(entry->name);
    if (entry->stage < 0 && n != QLatin1String("lessons")) m_shownView = n;  // for its needs
    if (n == QLatin1String("lessons") && m_presentLayout) {
        m_lessonColumn->show();
        fitLessonColumn();
        return true;
    }
    if (n == QLatin1String("lessons") && m_lessonsDock) {
        m_lessonsDock->show();
        m_lessonsDock->raise();
        return true;
    }
    if (n == QLatin1String("lanes") && m_classroom) {
        // Lanes continue the main window's prompt with its seed, so they start from what the class
        // is looking at.
        const QString prompt = m_controls->prompt();
        QJsonObject s{{QStringLiteral("seed"), static_cast<double>(m_controls->params().seed)},
                      {QStringLiteral("continuePastEnd"), m_ignoreEosAction->isChecked()}};
        if (!prompt.isEmpty()) s.insert(QStringLiteral("prompt"), prompt);
        m_classroom->lanes()->applySettings(s);
    }
    if (n == QLatin1String("precision") && m_classroom) {
        // The comparison scores the main window's prompt; headless (README pictures), a comparison
        // set up on the command line (--compare-with) runs when shown.
        PrecisionView* precision = m_classroom->precision();
        if (!m_controls->promptText().isEmpty()) precision->setPrompt(m_controls->promptText());
        if (m_headless && !precision->others().isEmpty() && !precision->comparison() &&
            !precision->isBusy())
            QTimer::singleShot(0, precision, &PrecisionView::run);
    }
    if (m_classroom) {
        if (QWidget* view = m_classroom->showView(n)) {
            m_stack->setCurrentWidget(view);
            return true;
        }
    }
    if (entry->stage < 0) return false;
    selectStage(entry->stage);
    return true;
}

void MainWindow::selectStep(int index) {
    if (index < 0 || index >= m_transcript->size()) return;
    showStep(index);
    m_timeline->setCurrent(index);
}

}  // namespace ts::ui
