#include "shell/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QResizeEvent>
#include <QScrollArea>
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
#include "widgets/glossary.hpp"
#include "widgets/korean_particles.hpp"
#include "widgets/steady_label.hpp"

namespace ts::ui {

MainWindow::MainWindow(TranslationManager* translations, bool headless, QWidget* parent)
    : QMainWindow(parent), m_translations(translations), m_headless(headless) {
    setObjectName(QStringLiteral("MainWindow"));
    m_engine = new EngineController(this);
    m_transcript = new TranscriptModel(this);
    m_transcript->attach(m_engine->worker());
    buildUi();
    buildMenus();
    connectEngine();
    hookClassroom();
    buildPresentationLayout();
    // Resting the mouse on logit, entropy, KV cache, ␣, <8E> … explains the word.
    new GlossaryTips(this);
    setAcceptDrops(true);
    retranslateUi();
    if (!m_headless) restoreSettings();
    updateStatus();
}

MainWindow::~MainWindow() {
    m_engine->shutdown();
    // The enlarged font belongs to this window's presentation: it goes with the window.
    if (m_presentationAction && m_presentationAction->isChecked()) setPresentationMode(false);
}

void MainWindow::buildUi() {
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    m_pipeline = new PipelineBar(central);
    layout->addWidget(m_pipeline);
    m_stack = new QStackedWidget(central);
    m_tokens = new TokenView(m_stack);
    m_embedding = new EmbeddingView(m_stack);
    m_attention = new AttentionView(m_stack);
    m_softmax = new SoftmaxView(m_stack);
    m_sampling = new SamplingView(m_stack);
    for (QWidget* w : {static_cast<QWidget*>(m_tokens), static_cast<QWidget*>(m_embedding),
                       static_cast<QWidget*>(m_attention), static_cast<QWidget*>(m_softmax),
                       static_cast<QWidget*>(m_sampling)})
        m_stack->addWidget(w);
    // Above the views while the history is a transcript file's steps shown as recorded.
    m_transcriptNotice = new QLabel(central);
    m_transcriptNotice->setWordWrap(true);
    m_transcriptNotice->setObjectName(QStringLiteral("transcriptNotice"));
    m_transcriptNotice->setStyleSheet(QStringLiteral(
        "QLabel#transcriptNotice { background: #fff4d6; color: #3d2e00; border: 1px solid #e0b84c;"
        " border-radius: 4px; padding: 6px; }"));
    m_transcriptNotice->setVisible(false);
    layout->addWidget(m_transcriptNotice);
    layout->addWidget(buildInterventionBanner(central));  // a what-if run's interventions
    // The view, and beside it the lesson panel's column in presentation mode.
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    // The view scrolls when it needs more room than the window has (presentation mode's large
    // font on the cost meter or the lanes), rather than making the window taller than the screen.
    auto* viewScroll = new QScrollArea(central);
    viewScroll->setObjectName(QStringLiteral("viewScroll"));
    viewScroll->setFrameShape(QFrame::NoFrame);
    viewScroll->setWidgetResizable(true);
    viewScroll->setWidget(m_stack);
    row->addWidget(viewScroll, 1);
    m_lessonColumn = new QWidget(central);
    m_lessonColumn->setObjectName(QStringLiteral("lessonColumn"));
    (new QVBoxLayout(m_lessonColumn))->setContentsMargins(0, 0, 0, 0);
    m_lessonColumn->hide();
    row->addWidget(m_lessonColumn);
    layout->addLayout(row, 1);
    setCentralWidget(central);

    m_controls = new ControlsPanel(this);
    m_controlsDock = new QDockWidget(this);
    m_controlsDock->setObjectName(QStringLiteral("controlsDock"));
    m_controlsDock->setWidget(m_controls);
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);

    m_timeline = new TimelineView(this);
    m_timelineDock = new QDockWidget(this);
    m_timelineDock->setObjectName(QStringLiteral("timelineDock"));
    m_timelineDock->setWidget(m_timeline);
    addDockWidget(Qt::RightDockWidgetArea, m_timelineDock);

    auto* toolbar = addToolBar(QStringLiteral("model"));
    toolbar->setObjectName(QStringLiteral("modelToolbar"));
    toolbar->setMovable(false);
    m_modelToolbar = toolbar;
    m_chooser = new ModelChooser(toolbar);
    m_chooser->setBundledPath(QString::fromStdString(ts::bundledModelPath().string()));
    toolbar->addWidget(m_chooser);

    // One line each that relayouts the window only when its size changes: the context line
    // changes with every step of a run (a QLabel relayouts the status bar each time, 1-4 ms).
    m_modelStatus = new SteadyLabel(this, /*wrap=*/false);
    m_contextStatus = new SteadyLabel(this, /*wrap=*/false);
    m_loadProgress = new QProgressBar(this);
    m_loadProgress->setRange(0, 1000);
    m_loadProgress->setMaximumWidth(200);
    m_loadProgress->setVisible(false);
    statusBar()->addWidget(m_modelStatus, 1);
    statusBar()->addPermanentWidget(m_loadProgress);
    m_cancelLoad = new QToolButton(this);
    m_cancelLoad->setVisible(false);
    connect(m_cancelLoad, &QToolButton::clicked, this, [this] { m_engine->cancelLoad(); });
    statusBar()->addPermanentWidget(m_cancelLoad);
    statusBar()->addPermanentWidget(m_contextStatus);

    m_frameTimer = new QTimer(this);
    m_frameTimer->setSingleShot(true);
    connect(m_frameTimer, &QTimer::timeout, this, &MainWindow::applyTranscriptChange);

    m_paramsTimer = new QTimer(this);
    m_paramsTimer->setSingleShot(true);
    m_paramsTimer->setInterval(60);
    connect(m_paramsTimer, &QTimer::timeout, this,
            [this] { m_engine->setRunParams(m_controls->params()); });

    connect(m_pipeline, &PipelineBar::stageSelected, this, &MainWindow::selectStage);
    connect(m_stack, &QStackedWidget::currentChanged, this, [this](int page) {
        // A classroom tool in the centre is none of the five stages: none is highlighted.
        m_pipeline->setSelected(page < kStageCount ? page : -1);
        sizeByCurrentPage();
        refreshStageViews();
    });
    connect(m_chooser, &ModelChooser::modelRequested, this, &MainWindow::loadModel);
    connect(m_controls, &ControlsPanel::stepClicked, this, &MainWindow::onStep);
    connect(m_controls, &ControlsPanel::runClicked, this, &MainWindow::onRun);
    connect(m_controls, &ControlsPanel::resetClicked, this, &MainWindow::onReset);
    connect(m_controls, &ControlsPanel::paramsChanged, this, &MainWindow::onParamsChanged);
    connect(m_controls, &ControlsPanel::delayChanged, this,
            [this](int ms) { m_engine->setRunDelay(ms); });
    connect(m_timeline, &TimelineView::stepSelected, this, &MainWindow::showStep);
    connect(m_softmax, &SoftmaxView::candidateChosen, this, &MainWindow::onCandidateChosen);
    // Hovering a token anywhere highlights it everywhere.
    connect(m_tokens, &TokenView::positionHovered, this, &MainWindow::setHovered);
    connect(m_attention, &AttentionView::positionHovered, this, &MainWindow::setHovered);
    connect(m_embedding, &EmbeddingView::positionHovered, this, &MainWindow::setHovered);
    m_softmax->setParams(m_controls->params());
    m_controls->setBusy(true);
    buildServerParts();
}

void MainWindow::connectEngine() {
    EngineWorker* w = m_engine->worker();
    m_transcript->addObserver(m_timeline);
    m_transcript->addObserver(this);
    connect(w, &EngineWorker::modelLoaded, this, &MainWindow::onModelLoaded);
    connect(w, &EngineWorker::loadProgress, this, [this](double f, const QString& what) {
        m_loadProgress->setVisible(true);
        m_cancelLoad->setVisible(true);
        m_loadProgress->setValue(static_cast<int>(f * 1000));
        m_loadProgress->setToolTip(what);
    });
    connect(w, &EngineWorker::modelLoadFailed, this, [this](const QString& message) {
        m_loading = false;
        m_loadProgress->setVisible(false);
        m_cancelLoad->setVisible(false);
        m_controls->setBusy(!hasModel());
        showError(
            tr("Could not open the model"), message,
            tr("Choose a folder with config.json and model.safetensors (and vocab.json + "
               "merges.txt or tokenizer.json for text prompts). The previous model stays loaded."));
    });
    connect(w, &EngineWorker::runStateChanged, this, [this](bool running) {
        // Steps that came in before the run stopped are shown before anyone hears it stopped.
        if (m_frameTimer->isActive()) applyTranscriptChange();
        m_running = running;
        m_sampling->setLoopState(m_current == m_transcript->size() - 1, running);
        m_controls->setRunning(running);
        syncPresentationBar();
        emit runningChanged(running);
    });
    connect(w, &EngineWorker::runStopped, this,
            [this](const QString& reason) { statusBar()->showMessage(reason, 5000); });
    connect(w, &EngineWorker::stepStarted, this,
            [this](int) { m_pipeline->playStep(std::clamp(m_controls->delayMs(), 150, 800)); });
    connect(w, &EngineWorker::errorOccurred, this,
            [this](const QString& message, const QString& hint) {
                showError(tr("Tokenscope"), message, hint);
            });
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    // Cancel a run or load in progress and wait for the worker thread before the widgets go.
    m_engine->shutdown();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile()) return;
    // A model folder, or a GGUF file (the engine opens both).
    const QFileInfo dropped(urls.front().toLocalFile());
    if (dropped.isDir() ||
        dropped.suffix().compare(QStringLiteral("gguf"), Qt::CaseInsensitive) == 0)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile()) loadModel(urls.front().toLocalFile());
}

void MainWindow::loadModel(const QString& folder) {
    if (m_running) m_engine->cancel();
    m_loading = true;
    m_controls->setBusy(true);
    m_loadProgress->setValue(0);
    m_loadProgress->setVisible(true);
    m_cancelLoad->setVisible(true);
    statusBar()->showMessage(tr("Loading %1…").arg(folder));
    m_engine->loadModel(folder);
}

void MainWindow::onModelLoaded(const ModelInfo& info) {
    m_info = info;
    m_loading = false;
    m_loadProgress->setVisible(false);
    m_cancelLoad->setVisible(false);
    statusBar()->clearMessage();
    m_sessionPrompt.clear();
    if (info.model) m_chooser->setCurrent(info.folder);  // a server is no folder to reopen
    m_controls->setBusy(false);
    m_controls->setTokenizerAvailable(info.hasTokenizer);
    m_controls->setChatTokenizer(info.tokenizer);
    m_tokens->setVocabulary(info.vocabulary);
    m_tokens->setContextLimit(info.nCtx);
    m_softmax->setVocabulary(info.vocabulary);
    m_sampling->setVocabulary(info.vocabulary);
    m_sampling->setModelLayers(info.nLayer);
    m_sampling->setContextLimit(info.nCtx);
    m_timeline->setVocabulary(info.vocabulary);
    m_embedding->setTokenizer(info.tokenizer);
    m_embedding->setModelFolder(info.folder);
    m_identity = identityOf(info);
    // A transcript shown as recorded: replayed when this is its model, shown again (the
    // load cleared the history) when it is not.
    if (m_openedFile) {
        if (madeByLoadedModel(*m_openedFile)) {
            const QString path = m_openedPath;
            m_openedFile.reset();
            m_engine->openTranscript(path);
        } else {
            showRecordedTranscript();
        }
    }
    if (!info.warnings.isEmpty() && !m_headless)
        statusBar()->showMessage(
            tr("Model loaded with warnings: %1").arg(info.warnings.join(QStringLiteral("; "))),
            10000);
    retranslateUi();
    emit modelReady();
}

void MainWindow::setPrompt(const QString& text) {
    m_controls->setPrompt(text);
    syncPresentationBar();
}
bool MainWindow::setChat(const QString& system, const QString& user) {
    m_controls->setChat(true, system, user);
    return m_controls->chatMode();
}
void MainWindow::setParams(const ts::SamplingParams& params) { m_controls->setParams(params); }

bool MainWindow::promptNeedsRestart() const {
    // A transcript file's steps shown as recorded have no session behind them: Step and
    // Run start their prompt with the loaded model.
    return m_transcript->empty() || m_transcript->steps().back()->fromFile() ||
           m_controls->prompt() != m_sessionPrompt;
}

void MainWindow::onStep() {
    if (!hasModel()) {
        showError(tr("Tokenscope"), tr("No model is loaded."),
                  tr("Choose a model in the toolbar first."));
        return;
    }
    if (promptNeedsRestart()) {
        m_openedFile.reset();
        m_sessionPrompt = m_controls->prompt();
        m_engine->startPrompt(m_sessionPrompt, m_controls->params());
    } else {
        m_engine->step(m_controls->params());
    }
}

void MainWindow::onRun() {
    if (m_running) {
        m_engine->cancel();
        return;
    }
    if (!hasModel()) {
        showError(tr("Tokenscope"), tr("No model is loaded."),
                  tr("Choose a model in the toolbar first."));
        return;
    }
    int steps = m_controls->maxSteps();
    if (promptNeedsRestart()) {
        m_openedFile.reset();
        m_sessionPrompt = m_controls->prompt();
        m_engine->startPrompt(m_sessionPrompt, m_controls->params());
        --steps;  // the prompt's pass already draws the first token
    }
    if (steps > 0) m_engine->run(steps, m_controls->params(), m_controls->delayMs());
}

void MainWindow::generate(int records) {
    m_openedFile.reset();
    m_generateTarget = records;
    m_sessionPrompt = m_controls->prompt();
    // records 0 (the app's --steps 0): the prefill with nothing drawn.
    m_engine->startPrompt(m_sessionPrompt, m_controls->params(), records > 0);
    if (records > 1) m_engine->run(records - 1, m_controls->params(), 0);
}

void MainWindow::onReset() {
    m_openedFile.reset();
    m_engine->cancel();
    m_engine->reset();
    m_sessionPrompt.clear();
}

void MainWindow::onParamsChanged(const ts::SamplingParams& params) {
    // Re-rendered from stored logits right away; the worker hears about it after a pause.
    m_softmax->setParams(params);
    m_sampling->setParams(params);
    if (m_running) m_paramsTimer->start();
}

void MainWindow::transcriptChanged(const TranscriptModel&, int from) {
    // Coalesced to at most one refresh per frame: a fast model (or a backlog of queued steps)
    // sends many steps between two frames, and refreshing the views for each would keep the
    // event loop from running for all of them together.
    m_changedFrom = std::min(m_changedFrom, from);
    if (m_frameTimer->isActive()) return;
    const qint64 since = m_sinceRefresh.isValid() ? m_sinceRefresh.elapsed() : kFrameMs;
    m_frameTimer->start(static_cast<int>(std::max<qint64>(0, kFrameMs - since)));
}

void MainWindow::applyTranscriptChange() {
    m_frameTimer->stop();
    m_sinceRefresh.start();
    const TranscriptModel& model = *m_transcript;
    const int from = m_changedFrom;
    m_changedFrom = std::numeric_limits<int>::max();
    const int n = model.size();
    const int known = m_knownSize;
    // Follow the newest step unless the user is looking at an earlier one.
    const bool follow = m_current < 0 || m_current >= m_knownSize - 1;
    m_knownSize = n;
    if (follow || m_current >= n)
        showStep(n - 1);
    else if (m_current >= from)
        showStep(m_current);  // the inspected step was replaced (thinned by the budget)
    m_timeline->setCurrent(m_current);
    updateStatus();
    updateTranscriptNotice();
    // One signal per record that arrived (a coalesced frame may hold several), or one for a
    // newest record that replaced the last (a branch).
    const TranscriptStepPtr newest = n > 0 ? model.at(n - 1) : nullptr;
    if (n > known)
        for (int count = known + 1; count <= n; ++count) emit recordArrived(count);
    else if (newest && from <= n - 1 && newest != m_newestSeen)
        emit recordArrived(n);
    m_newestSeen = newest;
}

void MainWindow::onCandidateChosen(int token) {
    if (m_current < 0 || m_running) return;
    const TranscriptStepPtr rec = m_transcript->at(m_current);
    if (!rec || token == rec->sampledToken) return;
    const QString name = m_info.vocabulary
                             ? m_info.vocabulary->displayAfter(rec->contextTokens(), token)
                             : QStringLiteral("#%1").arg(token);
    statusBar()->showMessage(
        tr("What if: branching from step %1 with “%2” instead of “%3”")
            .arg(m_current + 1)
            .arg(name, m_info.vocabulary ? m_info.vocabulary->displayAfter(rec->contextTokens(),
                                                                           rec->sampledToken)
                                         : QStringLiteral("#%1").arg(rec->sampledToken)),
        8000);
    m_sessionPrompt = m_controls->prompt();
    // The records after m_current are replaced: follow the new branch.
    m_engine->branchFrom(m_current, token, m_controls->params());
    m_current = m_transcript->size() - 1;
}

void MainWindow::showError(const QString& title, const QString& message, const QString& hint) {
    const QString text = hint.isEmpty() ? message : message + QStringLiteral("\n\n") + hint;
    emit errorReported(message);
    if (m_headless) return;
    QMessageBox::warning(this, title, text);
}

void MainWindow::updateStatus() {
    syncPresentationBar();
    if (!hasModel()) {
        m_modelStatus->setText(m_loading ? tr("Loading model…") : tr("No model loaded"));
        m_contextStatus->setText(QString());
        return;
    }
    const QLocale loc;
    showServerStatus();  // a server's line and what it gives, or no hover text
    if (!isRemote())
        m_modelStatus->setText(tr("%1 · %2 parameters · %3 layers × %4 heads · vocabulary %5%6")
                                   .arg(m_info.name)
                                   .arg(loc.toString(m_info.parameters))
                                   .arg(m_info.nLayer)
                                   .arg(m_info.nHead)
                                   .arg(loc.toString(m_info.nVocab))
                                   .arg(m_info.hasTokenizer ? QString() : tr(" · no tokenizer")));
    int used = 0;
    if (!m_transcript->empty())
        used = static_cast<int>(m_transcript->steps().back()->contextTokens().size());
    // Steps count from 1 everywhere (step 1 draws the first token after the prompt), and
    // there is no step counter before the first one.
    m_contextStatus->setText(m_transcript->empty() || m_current < 0
                                 ? tr("Context %1 / %2 tokens").arg(used).arg(m_info.nCtx)
                                 : tr("Context %1 / %2 tokens · step %3 of %4")
                                       .arg(used)
                                       .arg(m_info.nCtx)
                                       .arg(m_current + 1)
                                       .arg(m_transcript->size()));
    if (const int thinned = m_transcript->thinnedCount())
        m_contextStatus->setText(
            m_contextStatus->text() + QStringLiteral(" · ") +
            tr("%n oldest step(s) keep only a summary (history memory budget)", nullptr, thinned));
}

}  // namespace ts::ui
