#pragma once
// The window: composes the pipeline bar, the five stage views, the controls, the timeline
// and the status bar. It holds the GUI thread's one TranscriptModel (the history the worker
// sends) and observes it like the timeline and the classroom hub do. The views do the
// drawing; the worker does the computing; this class only wires them together.
#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <QStringList>
#include <limits>
#include <optional>
#include <vector>

#include "core/engine_worker.hpp"
#include "core/server_connection.hpp"
#include "core/task.hpp"
#include "core/transcript_model.hpp"
#include "core/view_table.hpp"
#include "tokenscope/transcript.hpp"

class QLabel;
class QProgressBar;
class QStackedWidget;
class QTimer;
class QActionGroup;
class QMenu;
class QDockWidget;
class QToolBar;
class QToolButton;

namespace ts::ui {

class SteadyLabel;
class InterventionBanner;
class AttentionView;
class ClassroomHub;
class ConnectServerDialog;
class ServerNotice;
class ControlsPanel;
class EmbeddingView;
class EngineController;
class ModelChooser;
class PipelineBar;
class PresentationBar;
class SamplingView;
class SoftmaxView;
class TimelineView;
class TokenView;
class TranslationManager;
class UnintervenedRun;

class MainWindow : public QMainWindow, public TranscriptObserver {
    Q_OBJECT
  public:
    // `headless`: no dialogs (errors go to errorReported) and no settings are touched.
    explicit MainWindow(TranslationManager* translations, bool headless = false,
                        QWidget* parent = nullptr);
    ~MainWindow() override;

    EngineController* engine() const { return m_engine; }
    void loadModel(const QString& folder);
    void setPrompt(const QString& text);
    // Chat mode with these messages (system may be empty); false when the loaded model has
    // no chat format the engine writes.
    bool setChat(const QString& system, const QString& user);
    void setParams(const ts::SamplingParams& params);
    // Starts the prompt (if it changed) and runs until `records` records exist; 0: the
    // prefill only, shown with nothing drawn (the next Step shows the draw).
    void generate(int records);
    void selectStage(int stage);
    int stage() const;
    QWidget* stageView(int stage) const;
    // The one history on the GUI thread (every window part and tool observes it).
    const TranscriptModel* transcript() const { return m_transcript; }
    const std::vector<TranscriptStepPtr>& history() const { return m_transcript->steps(); }
    int currentStep() const { return m_current; }
    // Writes the history as JSON (the fields of `tokenscope-cli generate --json`); false and
    // *error on failure.
    bool exportTranscript(const QString& path, QString* error) const;
    // File → Open transcript: replays the file with the loaded model when it is the model
    // that made it; otherwise (no model, another one) shows its steps as recorded, says so
    // (transcriptNotice), and replays them once the matching model is loaded.
    void openTranscript(const QString& path);
    // What the window says about an opened transcript shown as recorded ("" otherwise).
    QString transcriptNotice() const;
    // "Continue past end of text" (File menu; --ignore-eos headless).
    void setIgnoreEndOfText(bool ignore);
    bool isRunning() const { return m_running; }
    // A model to run: local, or on a server (isRemote()).
    bool hasModel() const { return m_info.loaded(); }

    // A model server (#50, main_window_remote.cpp). Model → Connect to a server… opens the
    // dialog (connected off the GUI thread, errors in the dialog); connectServer is the app's
    // --server URL [--server-model NAME]: no dialog, a failure is an error (errorReported
    // headless) and the window keeps the model it had. Once connected, modelReady as for a load.
    void openConnectServerDialog();
    ConnectServerDialog* connectServerDialog() const;
    void connectServer(const ServerRequest& request);
    bool isRemote() const { return m_info.server != nullptr; }
    // The one line shown over the current view in place of its picture ("" while the view shows
    // its picture): the model is on a server and the view needs what a server does not expose.
    QString serverNoticeText() const;
    // Shows a stage or classroom view by name (core/view_table.hpp, any case); false if the name is
    // unknown.
    bool showView(const QString& name);
    // Selects step `index` of the history (0 = the prompt's record) as the timeline does.
    void selectStep(int index);
    ClassroomHub* classroom() const { return m_classroom; }
    // Presentation mode (View menu, F5; --presentation): the application font enlarged for
    // a projector (shell/presentation_mode.hpp). Saved with the settings; the normal font
    // comes back when it is switched off or the window closes.
    void setPresentation(bool on);
    bool isPresentation() const;
    // Presentation mode's slim toolbar (prompt, Step, Run, temperature) and the column beside the
    // central view that holds the lesson panel there (main_window_presentation.cpp).
    PresentationBar* presentationBar() const { return m_presentBar; }
    QWidget* lessonColumn() const { return m_lessonColumn; }

    // What-if (main_window_interventions.cpp): the heads silenced, tokens banned and logits
    // biased in the run shown (engine indices, 0-based). Setting it makes the history again
    // with the set on the engine's thread: fromStep < 0 replays the whole run (the same
    // prompt, seed and steps), fromStep = k keeps steps before k and branches there.
    void setInterventions(const ts::Interventions& interventions, int fromStep = -1);
    // A lesson step's "silence": exactly these heads (layer, head; from 1), nothing else.
    void applyLessonSilence(const std::vector<std::pair<int, int>>& heads);
    const ts::Interventions& interventions() const { return m_interventions; }
    // The banner above the views ("" while the run has no interventions).
    QString interventionsText() const;
    // Silences head (layer, head) of the run, or gives it back (the attention grid's menu).
    void toggleSilencedHead(int layer, int head);
    // The softmax / sampling views' menu: ban `token` (or add `bias` to its logit) from the
    // step shown on, as a branch from that step.
    void banFromCurrentStep(int token);
    void biasFromCurrentStep(int token, float bias);
    // True while ts::headKinds of the loaded model is being measured (the grid's badges).
    bool headKindsBusy() const { return m_headKindsTask.isRunning(); }
    // The banner's before/after switch: the softmax and sampling views show, beside each bar,
    // the step shown computed again on the same tokens without the interventions (made off the
    // GUI thread); busy while that is being made.
    void setBeforeAfter(bool on);
    bool beforeAfterBusy() const;

  signals:
    void modelReady();
    void recordArrived(int count);
    void runningChanged(bool running);
    void errorReported(const QString& message);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    void buildUi();
    // The what-if banner, its connections and the head kinds' measurement on each model load.
    QWidget* buildInterventionBanner(QWidget* parent);
    void measureHeadKinds(std::shared_ptr<const ts::Model> model);
    // Hands the softmax and sampling views the step shown without the interventions while the
    // before/after switch is on (asking for it when it is not made yet), null otherwise.
    void showBeforeAfter();
    void buildMenus();
    // The server notice over the view area and the Model menu's Connect to a server….
    void buildServerParts();
    void useServer(std::shared_ptr<const ts::remote::RemoteModel> server);
    void updateServerNotice();
    // The status bar's line for a server (kind, model, address, what it gives per step) and,
    // on hover, what it can and cannot give; for a local model it clears the hover text.
    void showServerStatus();
    // Transcripts name the model that made them: a local model's shape and weights, or the
    // server's address, kind and model.
    static ts::ModelIdentity identityOf(const ModelInfo& info);
    void connectEngine();
    void hookClassroom();
    void showTimelineBesideLesson(bool beside);
    void retranslateUi();
    void restoreSettings();
    void saveSettings();

    bool promptNeedsRestart() const;
    // The loaded model made `file` (its recorded identity, or its ids fit when it has none).
    bool madeByLoadedModel(const ts::TranscriptFile& file) const;
    void showRecordedTranscript();
    void updateTranscriptNotice();
    QString recordedNoticeText() const;
    void onStep();
    void onRun();
    void onReset();
    void onParamsChanged(const ts::SamplingParams& params);
    void transcriptChanged(const TranscriptModel& model, int from) override;
    void applyTranscriptChange();
    void onModelLoaded(const ModelInfo& info);
    void onCandidateChosen(int token);
    void showStep(int index);
    // Brings the stage views marked stale up to date: the one shown (all while the window
    // is not on screen).
    void refreshStageViews();
    // PageDown/PageUp/arrows: the lesson's next/previous step, or the loop's.
    void presenterKey(bool forward);
    void setHovered(int pos);
    void showError(const QString& title, const QString& message, const QString& hint);
    void updateStatus();

    void exportViewImage();
    void exportDistribution(bool json);
    void exportAttention(bool json);

    TranslationManager* m_translations;
    bool m_headless;
    EngineController* m_engine = nullptr;

    PipelineBar* m_pipeline = nullptr;
    QStackedWidget* m_stack = nullptr;
    // The central view's font follows the window: the application's at 720 pixels high,
    // growing with the height up to kMostViewFontScale (1.3 at 1080), so a 1920x1080
    // projector shows bigger text and bars instead of more empty room. The docks keep the
    // application font.
    static constexpr double kMostViewFontScale = 1.3;
    double m_viewFontScale = 0;
    void scaleViewFont();
    void sizeByCurrentPage();
    TokenView* m_tokens = nullptr;
    EmbeddingView* m_embedding = nullptr;
    AttentionView* m_attention = nullptr;
    SoftmaxView* m_softmax = nullptr;
    SamplingView* m_sampling = nullptr;
    ControlsPanel* m_controls = nullptr;
    TimelineView* m_timeline = nullptr;
    ModelChooser* m_chooser = nullptr;
    ClassroomHub* m_classroom = nullptr;
    QDockWidget* m_lessonsDock = nullptr;
    // The user's own setup, saved when a lesson starts and restored when it ends.
    struct BeforeLesson {
        QString prompt;
        ts::SamplingParams params;
        int view = 0;
        int layer = 0;
        int head = 0;
        bool valid = false;
        bool fixedAxis = false;  // the softmax view's axis
        ts::Interventions interventions;
    } m_beforeLesson;
    QDockWidget* m_controlsDock = nullptr;
    QDockWidget* m_timelineDock = nullptr;

    // Presentation mode's layout: the docks and the model toolbar give way to one slim toolbar,
    // the lesson panel moves into a column inside the central widget, and the central view's font
    // is at least kPresentationViewPixels (main_window_presentation.cpp).
    void buildPresentationLayout();
    void applyPresentationLayout(bool on);
    void syncPresentationBar();
    void fitLessonColumn();
    static constexpr int kPresentationViewPixels = 22;
    PresentationBar* m_presentBar = nullptr;
    QWidget* m_lessonColumn = nullptr;
    QToolBar* m_modelToolbar = nullptr;
    bool m_presentLayout = false;
    struct {
        bool controls = true, timeline = true, lessons = false, model = true;
    } m_beforePresentation;

    SteadyLabel* m_modelStatus = nullptr;
    SteadyLabel* m_contextStatus = nullptr;
    QProgressBar* m_loadProgress = nullptr;
    QToolButton* m_cancelLoad = nullptr;
    QTimer* m_paramsTimer = nullptr;
    // At most one refresh of the views per frame (kFrameMs) however fast steps arrive.
    static constexpr int kFrameMs = 16;
    QTimer* m_frameTimer = nullptr;
    QElapsedTimer m_sinceRefresh;
    int m_changedFrom = std::numeric_limits<int>::max();
    TranscriptStepPtr m_newestSeen;  // coalesces slider drags before they reach the worker

    QMenu* m_fileMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_openFileAction = nullptr;
    QAction* m_openTranscriptAction = nullptr;
    QAction* m_saveTranscriptAction = nullptr;
    QAction* m_ignoreEosAction = nullptr;
    QAction* m_exportImageAction = nullptr;
    QAction* m_exportLessonAction = nullptr;
    QAction* m_exportDistCsvAction = nullptr;
    QAction* m_exportDistJsonAction = nullptr;
    QAction* m_exportAttCsvAction = nullptr;
    QAction* m_exportAttJsonAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_presentationAction = nullptr;
    std::vector<QAction*> m_stageActions;
    std::vector<QAction*> m_languageActions;

    ServerNotice* m_serverNotice = nullptr;
    QPointer<ConnectServerDialog> m_connectDialog;
    BackgroundTask m_serverTask;  // --server's connection
    QString m_shownView;          // the view showView last showed (a classroom page's needs)

    ts::Interventions m_interventions;
    InterventionBanner* m_interventionBanner = nullptr;
    UnintervenedRun* m_unintervened = nullptr;
    BackgroundTask m_headKindsTask;
    ModelInfo m_info;
    ts::ModelIdentity m_identity;  // of the loaded model, written into exported transcripts
    // A transcript opened while another model (or none) was loaded: shown as recorded until
    // the user starts a prompt of their own, replayed when its model is loaded.
    std::optional<ts::TranscriptFile> m_openedFile;
    QString m_openedPath;
    QLabel* m_transcriptNotice = nullptr;
    bool m_loading = false;
    TranscriptModel* m_transcript = nullptr;
    int m_current = -1;
    unsigned m_staleStages = 0;  // bit s: stage view s has not seen m_current yet
    int m_knownSize = 0;  // history size at the last notification (to follow the newest step)
    int m_historyBudgetMiB = 1024;  // a setting (loop/historyBudgetMiB)
    bool m_running = false;
    QString m_sessionPrompt;   // the prompt the worker's session was started with
    int m_generateTarget = 0;  // headless/generate(): records wanted
};

}  // namespace ts::ui
