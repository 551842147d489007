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
#include "shell/controls_panel.hpp"
#include "shell/engine_controller.hpp"
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
    layout->addWidget(m_stack, 1);
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
    connect(m_stack, &QStackedWidget::currentChanged, this, [this] {
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
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(QString());
    m_openAction = m_fileMenu->addAction(QString(), m_chooser, &ModelChooser::openFolderDialog);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openFileAction = m_fileMenu->addAction(QString(), m_chooser, &ModelChooser::openFileDialog);
    m_openTranscriptAction = m_fileMenu->addAction(QString(), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open transcript"), QString(),
                                                          tr("Transcript (*.json)"));
        if (!path.isEmpty()) openTranscript(path);
    });
    m_saveTranscriptAction = m_fileMenu->addAction(QString(), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save transcript"),
                                                          QStringLiteral("transcript.json"),
                                                          tr("Transcript (*.json)"));
        QString error;
        if (!path.isEmpty() && !exportTranscript(path, &error))
            showError(tr("Export failed"), error, QString());
    });
    m_ignoreEosAction = m_fileMenu->addAction(QString());
    m_ignoreEosAction->setCheckable(true);
    connect(m_ignoreEosAction, &QAction::toggled, this,
            [this](bool on) { m_engine->setIgnoreEndOfText(on); });
    m_fileMenu->addSeparator();
    m_exportImageAction = m_fileMenu->addAction(QString(), this, &MainWindow::exportViewImage);
    m_exportDistCsvAction =
        m_fileMenu->addAction(QString(), this, [this] { exportDistribution(false); });
    m_exportDistJsonAction =
        m_fileMenu->addAction(QString(), this, [this] { exportDistribution(true); });
    m_exportAttCsvAction =
        m_fileMenu->addAction(QString(), this, [this] { exportAttention(false); });
    m_exportAttJsonAction =
        m_fileMenu->addAction(QString(), this, [this] { exportAttention(true); });
    m_fileMenu->addSeparator();
    m_quitAction = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(QString());
    auto* stages = new QActionGroup(this);
    for (int s = 0; s < kStageCount; ++s) {
        QAction* a = m_viewMenu->addAction(QString(), this, [this, s] { selectStage(s); });
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + s)));
        stages->addAction(a);
        m_stageActions.push_back(a);
    }
    m_stageActions.front()->setChecked(true);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_controlsDock->toggleViewAction());
    m_viewMenu->addAction(m_timelineDock->toggleViewAction());
    m_viewMenu->addSeparator();
    // F5 starts a slide show in presentation programs; nothing else in the app uses it.
    m_presentationAction = m_viewMenu->addAction(QString());
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presentationAction->setShortcutContext(Qt::ApplicationShortcut);
    connect(m_presentationAction, &QAction::toggled, this,
            [](bool on) { setPresentationMode(on); });

    // Model: Get a model…, Open model folder…, the Hugging Face cache (ui/shell/model_chooser.*).
    menuBar()->insertMenu(m_viewMenu->menuAction(), new ModelMenu(m_chooser, this));

    m_languageMenu = menuBar()->addMenu(QString());
    auto* languages = new QActionGroup(this);
    for (const QString& lang : TranslationManager::availableLanguages()) {
        QAction* a = m_languageMenu->addAction(TranslationManager::nativeName(lang), this,
                                               [this, lang] { m_translations->setLanguage(lang); });
        a->setCheckable(true);
        a->setData(lang);
        a->setChecked(lang == m_translations->language());
        languages->addAction(a);
        m_languageActions.push_back(a);
    }

    m_helpMenu = menuBar()->addMenu(QString());
    m_aboutAction = m_helpMenu->addAction(QString(), this, [this] {
        QMessageBox::about(this, tr("About Tokenscope"),
                           tr("<p><b>Tokenscope</b> runs a GPT-style model on your computer and "
                              "shows each stage of next-token prediction: tokenizing, embedding, "
                              "self-attention, the softmax distribution and sampling — and the "
                              "autoregressive loop that feeds each chosen token back in.</p>"
                              "<p>The model does not know the answer; it computes how likely each "
                              "next token is, and one is drawn.</p>"));
    });
}

// Classroom tools (ui/classroom_hub.*): their views join the stage stack, their menu the
// menu bar; lessons drive the prompt, sampling, view and step/run through the window.
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
    });
    // What the user had before a lesson comes back when it ends.
    connect(lessons, &LessonPanel::lessonStarted, this, [this] {
        m_beforeLesson = {m_controls->promptText(), m_controls->params(), m_stack->currentIndex(),
                          m_attention->layer(),     m_attention->head(),  true};
    });
    connect(lessons, &LessonPanel::lessonEnded, this, [this] {
        if (!m_beforeLesson.valid) return;
        setPrompt(m_beforeLesson.prompt);
        setParams(m_beforeLesson.params);
        m_stack->setCurrentIndex(m_beforeLesson.view);
        m_attention->setLayer(m_beforeLesson.layer);
        m_attention->setHead(m_beforeLesson.head);
        m_beforeLesson.valid = false;
        statusBar()->showMessage(tr("Lesson ended: your prompt and settings are back."), 5000);
    });
    // Presenter keys (a clicker sends PageDown/PageUp): next/previous lesson step while a
    // lesson is open, otherwise one more step of the loop / the previous step.
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
    // The classroom tools observe the one history after the timeline and the window
    // (registration order).
    classroom->observe(m_transcript);
    connect(classroom, &ClassroomHub::requestPrompt, this, &MainWindow::setPrompt);
    connect(classroom, &ClassroomHub::requestSampling, this, &MainWindow::setParams);
    connect(classroom, &ClassroomHub::requestView, this,
            [this](const QString& name) { showView(name); });
    connect(classroom, &ClassroomHub::requestAction, this, [this](const QString& action, int n) {
        if (!hasModel()) return;
        if (action == QLatin1String("reset"))
            onReset();
        else if (promptNeedsRestart())
            generate(action == QLatin1String("run") ? n + 1 : n);
        else if (action == QLatin1String("run"))
            m_engine->run(n, m_controls->params(), 0);
        else
            for (int i = 0; i < n; ++i) m_engine->step(m_controls->params());
    });
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

void MainWindow::retranslateUi() {
    setWindowTitle(m_info.name.isEmpty() ? tr("Tokenscope")
                                         : tr("Tokenscope — %1").arg(m_info.name));
    m_controlsDock->setWindowTitle(tr("Controls"));
    m_timelineDock->setWindowTitle(tr("Timeline"));
    updateTranscriptNotice();
    if (m_lessonsDock) m_lessonsDock->setWindowTitle(tr("Lesson"));
    m_cancelLoad->setText(tr("Cancel"));
    m_cancelLoad->setToolTip(tr("Stop loading this model; the previous one stays"));
    m_fileMenu->setTitle(tr("&File"));
    m_openAction->setText(tr("&Open model folder…"));
    m_openFileAction->setText(tr("Open model &file (GGUF)…"));
    m_openTranscriptAction->setText(tr("Open &transcript…"));
    m_saveTranscriptAction->setText(tr("&Save transcript…"));
    m_ignoreEosAction->setText(tr("Continue past end of text"));
    m_ignoreEosAction->setToolTip(
        tr("Keep generating after the model draws its end-of-text token"));
    m_exportImageAction->setText(tr("Export current view as &PNG or SVG…"));
    m_exportDistCsvAction->setText(tr("Export distribution as CSV…"));
    m_exportDistJsonAction->setText(tr("Export distribution as JSON…"));
    m_exportAttCsvAction->setText(tr("Export attention as CSV…"));
    m_exportAttJsonAction->setText(tr("Export attention as JSON…"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_presentationAction->setText(tr("&Presentation mode (larger text)"));
    m_presentationAction->setToolTip(
        tr("Enlarge all text for a projector; press F5 again to go back"));
    for (int s = 0; s < kStageCount; ++s)
        m_stageActions[static_cast<std::size_t>(s)]->setText(PipelineBar::stageName(s));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About Tokenscope"));
    for (QAction* a : m_languageActions)
        a->setChecked(a->data().toString() == m_translations->language());
    m_stack->setToolTip(QString());
    updateStatus();
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    // Presentation mode changed the base: scale it again. The window hears of a new
    // application font as its own FontChange (QWidget::event never passes
    // ApplicationFontChange on to changeEvent, which this used to wait for: views shown when
    // presentation mode was switched kept the old font at 1280x720, where the scale stays 1).
    if (event->type() == QEvent::FontChange) {
        m_viewFontScale = 0;
        scaleViewFont();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    scaleViewFont();
}

void MainWindow::sizeByCurrentPage() {
    // Only the page on screen sets the window's minimum size. A hidden page keeps the size
    // its layout last computed (Qt lays out hidden widgets only when shown), so a page last
    // laid out in a 1920x1080 window with its larger font held a 1280x720 window too wide.
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
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    else
        f.setPixelSize(static_cast<int>(f.pixelSize() * scale + 0.5));
    m_stack->setFont(f);
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
    setPresentation(s.presentation);
    if (!s.geometry.isEmpty()) restoreGeometry(s.geometry);
    if (!s.windowState.isEmpty()) restoreState(s.windowState);
    selectStage(std::clamp(s.stage, 0, kStageCount - 1));
}

void MainWindow::saveSettings() {
    if (m_headless) return;
    AppSettings s;
    s.lastModel = m_info.folder;
    s.recentModels = m_chooser->recent();
    s.geometry = saveGeometry();
    s.windowState = saveState();
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
    m_chooser->setCurrent(info.folder);
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
    m_identity = ts::ModelIdentity::of(*info.model, info.name.toStdString());
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

void MainWindow::setPrompt(const QString& text) { m_controls->setPrompt(text); }
bool MainWindow::setChat(const QString& system, const QString& user) {
    m_controls->setChat(true, system, user);
    return m_controls->chatMode();
}
void MainWindow::setParams(const ts::SamplingParams& params) { m_controls->setParams(params); }

bool MainWindow::promptNeedsRestart() const {
    // A transcript file's steps shown as recorded have no session behind them: Step and
    // Run start their prompt with the loaded model.
    return m_transcript->empty() || m_transcript->steps().back()->fromFile ||
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
    m_engine->startPrompt(m_sessionPrompt, m_controls->params());
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
    const StepRecordPtr newest = n > 0 ? model.at(n - 1) : nullptr;
    if (n > known)
        for (int count = known + 1; count <= n; ++count) emit recordArrived(count);
    else if (newest && from <= n - 1 && newest != m_newestSeen)
        emit recordArrived(n);
    m_newestSeen = newest;
}

void MainWindow::showStep(int index) {
    m_current = index >= 0 && index < m_transcript->size() ? index : -1;
    // Every stage view is out of date; only the one on screen is brought up to date now, the
    // others when they are shown (a hidden view's work at every step of a run at 1,024
    // tokens was most of the window's stalls).
    m_staleStages = (1u << kStageCount) - 1;
    refreshStageViews();
    updateStatus();
}

void MainWindow::refreshStageViews() {
    // A window that is not on screen (tests, a headless run before it shows) updates them all.
    const bool all = !isVisible();
    const StepRecordPtr rec = m_current >= 0 ? m_transcript->at(m_current) : nullptr;
    std::vector<StepRecordPtr> upTo;
    auto history = [&]() -> const std::vector<StepRecordPtr>& {
        if (upTo.empty() && m_current >= 0) {
            const auto span = m_transcript->upTo(m_current);
            upTo.assign(span.begin(), span.end());
        }
        return upTo;
    };
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
}

void MainWindow::setHovered(int pos) {
    m_tokens->setHoveredPosition(pos);
    m_attention->setHoveredPosition(pos);
    m_embedding->setHoveredPosition(pos);
    m_sampling->setHoveredPosition(pos);
}

void MainWindow::onCandidateChosen(int token) {
    if (m_current < 0 || m_running) return;
    const StepRecordPtr rec = m_transcript->at(m_current);
    if (!rec || token == rec->sampledToken) return;
    const QString name = m_info.vocabulary
                             ? m_info.vocabulary->displayAfter(rec->contextTokens, token)
                             : QStringLiteral("#%1").arg(token);
    statusBar()->showMessage(
        tr("What if: branching from step %1 with “%2” instead of “%3”")
            .arg(m_current + 1)
            .arg(name, m_info.vocabulary
                           ? m_info.vocabulary->displayAfter(rec->contextTokens, rec->sampledToken)
                           : QStringLiteral("#%1").arg(rec->sampledToken)),
        8000);
    m_sessionPrompt = m_controls->prompt();
    // The records after m_current are replaced: follow the new branch.
    m_engine->branchFrom(m_current, token, m_controls->params());
    m_current = m_transcript->size() - 1;
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

int MainWindow::stageFromName(const QString& name) {
    static const QStringList names = {QStringLiteral("tokens"), QStringLiteral("embedding"),
                                      QStringLiteral("attention"), QStringLiteral("softmax"),
                                      QStringLiteral("sampling")};
    return static_cast<int>(names.indexOf(name.toLower()));
}

QStringList MainWindow::viewNames() {
    return {QStringLiteral("tokens"),    QStringLiteral("embedding"),  QStringLiteral("attention"),
            QStringLiteral("softmax"),   QStringLiteral("sampling"),   QStringLiteral("lessons"),
            QStringLiteral("lanes"),     QStringLiteral("confidence"), QStringLiteral("probes"),
            QStringLiteral("litm"),      QStringLiteral("lens"),       QStringLiteral("cost"),
            QStringLiteral("precision"), QStringLiteral("tokenizers")};
}

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
    const QString n = name.toLower();
    if (n == QLatin1String("lessons") && m_lessonsDock) {
        m_lessonsDock->show();
        m_lessonsDock->raise();
        return true;
    }
    if (n == QLatin1String("lanes") && m_classroom) {
        // Lanes continue the main window's prompt with its seed, so they start from what
        // the class is looking at.
        const QString prompt = m_controls->prompt();
        QJsonObject s{{QStringLiteral("seed"), static_cast<double>(m_controls->params().seed)},
                      {QStringLiteral("continuePastEnd"), m_ignoreEosAction->isChecked()}};
        if (!prompt.isEmpty()) s.insert(QStringLiteral("prompt"), prompt);
        m_classroom->lanes()->applySettings(s);
    }
    if (n == QLatin1String("precision") && m_classroom) {
        // The comparison scores the main window's prompt; headless (README pictures), a
        // comparison set up on the command line (--compare-with) runs when shown.
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
    const int stage = stageFromName(n);
    if (stage < 0) return false;
    selectStage(stage);
    return true;
}

void MainWindow::selectStep(int index) {
    if (index < 0 || index >= m_transcript->size()) return;
    showStep(index);
    m_timeline->setCurrent(index);
}

void MainWindow::showError(const QString& title, const QString& message, const QString& hint) {
    const QString text = hint.isEmpty() ? message : message + QStringLiteral("\n\n") + hint;
    emit errorReported(message);
    if (m_headless) return;
    QMessageBox::warning(this, title, text);
}

void MainWindow::updateStatus() {
    if (!hasModel()) {
        m_modelStatus->setText(m_loading ? tr("Loading model…") : tr("No model loaded"));
        m_contextStatus->setText(QString());
        return;
    }
    const QLocale loc;
    m_modelStatus->setText(tr("%1 · %2 parameters · %3 layers × %4 heads · vocabulary %5%6")
                               .arg(m_info.name)
                               .arg(loc.toString(m_info.parameters))
                               .arg(m_info.nLayer)
                               .arg(m_info.nHead)
                               .arg(loc.toString(m_info.nVocab))
                               .arg(m_info.hasTokenizer ? QString() : tr(" · no tokenizer")));
    int used = 0;
    if (!m_transcript->empty())
        used = static_cast<int>(m_transcript->steps().back()->contextTokens.size());
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

void MainWindow::exportViewImage() {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export view"), QStringLiteral("tokenscope-view.png"),
                                     tr("PNG image (*.png);;SVG vector image (*.svg)"));
    if (path.isEmpty()) return;
    if (!saveWidgetImage(m_stack->currentWidget(), path))
        showError(tr("Export failed"), tr("Could not write %1.").arg(path), QString());
}

void MainWindow::exportDistribution(bool json) {
    if (m_current < 0) {
        showError(tr("Nothing to export"), tr("Run a step first."), QString());
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export distribution"),
        json ? QStringLiteral("distribution.json") : QStringLiteral("distribution.csv"),
        json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    const auto& rec = *m_transcript->at(m_current);
    const auto* vocab = m_info.vocabulary.get();
    const QString text = json ? distributionJson(rec, m_controls->params(), vocab, 1000)
                              : distributionCsv(rec, m_controls->params(), vocab, 1000);
    QString error;
    if (!writeTextFile(path, text, &error)) showError(tr("Export failed"), error, QString());
}

void MainWindow::exportAttention(bool json) {
    if (m_current < 0) {
        showError(tr("Nothing to export"), tr("Run a step first."), QString());
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export attention"),
        json ? QStringLiteral("attention.json") : QStringLiteral("attention.csv"),
        json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    const auto& rec = *m_transcript->at(m_current);
    const QString text = json ? attentionJson(rec, m_info.vocabulary.get()) : attentionCsv(rec);
    QString error;
    if (!writeTextFile(path, text, &error)) showError(tr("Export failed"), error, QString());
}

void MainWindow::setPresentation(bool on) { m_presentationAction->setChecked(on); }
bool MainWindow::isPresentation() const { return m_presentationAction->isChecked(); }

void MainWindow::setIgnoreEndOfText(bool ignore) {
    m_ignoreEosAction->setChecked(ignore);
    m_engine->setIgnoreEndOfText(ignore);
}

bool MainWindow::exportTranscript(const QString& path, QString* error) const {
    if (m_transcript->empty()) {
        if (error) *error = tr("There are no steps to export yet.");
        return false;
    }
    // A file's steps shown as recorded are written with the model that made them.
    const bool recorded = m_transcript->steps().front()->fromFile && m_openedFile;
    const ts::ModelIdentity* model = recorded     ? &m_openedFile->model
                                     : hasModel() ? &m_identity
                                                  : nullptr;
    // Their texts are the file's (the loaded tokenizer, if any, may be another model's).
    const ts::Tokenizer* tokenizer = recorded ? nullptr : m_info.tokenizer.get();
    const std::string json = ts::transcriptJson(m_transcript->steps(), tokenizer, 0, model);
    return writeTextFile(path, QString::fromStdString(json) + QLatin1Char('\n'), error);
}

void MainWindow::openTranscript(const QString& path) {
    if (m_running) m_engine->cancel();
    ts::TranscriptFile file;
    try {
        file = ts::readTranscriptJson(path.toStdString());
    } catch (const std::exception& e) {
        showError(tr("Could not open the transcript"), QString::fromUtf8(e.what()), QString());
        return;
    }
    // The prompt field shows the transcript's prompt, so Step and Run continue it.
    QString prompt = QString::fromStdString(file.promptText);
    if (prompt.isEmpty() || (hasModel() && !m_info.hasTokenizer)) {
        QStringList ids;
        for (int id : file.promptIds) ids << QString::number(id);
        prompt = ids.join(QLatin1Char(' '));
    }
    m_controls->setPrompt(prompt);
    // And its settings, so Step goes on as the file's run did.
    if (!file.params.empty()) m_controls->setParams(file.params.front());
    m_sessionPrompt = prompt;
    m_openedPath = path;
    if (hasModel() && madeByLoadedModel(file)) {
        m_openedFile.reset();
        m_engine->openTranscript(path);
        return;
    }
    m_openedFile = std::move(file);
    showRecordedTranscript();
    if (hasModel() && !m_headless)
        QMessageBox::information(this, tr("Transcript made with another model"),
                                 recordedNoticeText());
}

bool MainWindow::madeByLoadedModel(const ts::TranscriptFile& file) const {
    if (!hasModel()) return false;
    auto fits = [&](int id) { return id >= 0 && id < m_info.nVocab; };
    if (!std::all_of(file.promptIds.begin(), file.promptIds.end(), fits) ||
        !std::all_of(file.generated.begin(), file.generated.end(), fits))
        return false;
    // Files written before transcripts named their model: the ids fitting is all we know.
    return !file.model.known() || file.model.sameModel(m_identity);
}

void MainWindow::showRecordedTranscript() {
    if (!m_openedFile) return;
    m_engine->showRecordedSteps(ts::transcriptStepsFromFile(*m_openedFile));
}

QString MainWindow::transcriptNotice() const {
    return m_transcriptNotice->isHidden() ? QString() : m_transcriptNotice->text();
}

void MainWindow::updateTranscriptNotice() {
    const bool recorded =
        m_openedFile && !m_transcript->empty() && m_transcript->steps().back()->fromFile;
    if (!recorded) {
        m_transcriptNotice->clear();
        m_transcriptNotice->setVisible(false);
        return;
    }
    m_transcriptNotice->setText(recordedNoticeText());
    m_transcriptNotice->setVisible(true);
}

QString MainWindow::recordedNoticeText() const {
    if (!m_openedFile) return {};
    const QString file = QFileInfo(m_openedPath).fileName();
    auto describe = [this](const ts::ModelIdentity& m) {
        return tr("%1 (%2, %3 layers, vocabulary %4)")
            .arg(QString::fromStdString(m.name), QString::fromStdString(m.modelType))
            .arg(m.nLayer)
            .arg(QLocale().toString(m.nVocab));
    };
    const QString made = m_openedFile->model.known() ? describe(m_openedFile->model)
                                                     : tr("the model it was made with");
    QString text;
    if (!hasModel())
        text =
            tr("Transcript “%1”, shown as recorded: no model is loaded, so there is no attention, "
               "distribution or embedding to show, only the tokens and their recorded "
               "probabilities. Load %2 to continue it.")
                .arg(file, made);
    else
        text =
            tr("Transcript “%1”, shown as recorded: it was made with %2, but the loaded model is "
               "%3, which would give other numbers. Load %2 to continue it, or press Step to run "
               "its prompt with the loaded model.")
                .arg(file, made, describe(m_identity));
    return fillKoreanParticles(text);
}

}  // namespace ts::ui
