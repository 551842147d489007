// MainWindow's menus and what they read and write: the File, View and Language menus, their texts
// in the interface's language, the exports, and opening and saving transcripts.
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
#include "core/engine_controller.hpp"
#include "shell/controls_panel.hpp"
#include "shell/export.hpp"
#include "shell/lesson_export.hpp"
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
    m_exportLessonAction =
        m_fileMenu->addAction(QString(), this, [this] { exportLessonDialog(this); });
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
    connect(m_presentationAction, &QAction::toggled, this, [this](bool on) {
        setPresentationMode(on);
        applyPresentationLayout(on);
    });

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
    m_exportLessonAction->setText(tr("Export &lesson as PDF…"));
    m_exportAttCsvAction->setText(tr("Export attention as CSV…"));
    m_exportAttJsonAction->setText(tr("Export attention as JSON…"));
    m_quitAction->setText(tr("&Quit"));
    m_viewMenu->setTitle(tr("&View"));
    m_presentationAction->setText(tr("&Presentation mode (projector)"));
    m_presentationAction->setToolTip(
        tr("One slim toolbar and a large central view for a projector; press F5 again to go back"));
    for (int s = 0; s < kStageCount; ++s)
        m_stageActions[static_cast<std::size_t>(s)]->setText(viewTitle(*stageEntry(s)));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_aboutAction->setText(tr("&About Tokenscope"));
    for (QAction* a : m_languageActions)
        a->setChecked(a->data().toString() == m_translations->language());
    m_stack->setToolTip(QString());
    updateStatus();
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
    const QString text = json ? attentionJson(history(), m_current, m_info.vocabulary.get())
                              : attentionCsv(*m_transcript->at(m_current));
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
    const bool recorded = m_transcript->steps().front()->fromFile() && m_openedFile;
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
        m_openedFile && !m_transcript->empty() && m_transcript->steps().back()->fromFile();
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
        text = tr("Transcript “%1”, shown as recorded: no model is loaded, so there is no "
                  "attention, distribution or embedding to show, only the tokens and their "
                  "recorded probabilities. Load %2 to continue it.")
                   .arg(file, made);
    else
        text = tr("Transcript “%1”, shown as recorded: it was made with %2, but the loaded model "
                  "is %3, which would give other numbers. Load %2 to continue it, or press Step to "
                  "run its prompt with the loaded model.")
                   .arg(file, made, describe(m_identity));
    return fillKoreanParticles(text);
}

}  // namespace ts::ui
