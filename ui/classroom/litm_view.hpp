#pragma once
// The lost-in-the-middle lab: key-value records with the asked-for record moved from first
// to last, in many contexts of fresh records; accuracy and P(correct) with 95 % intervals,
// next to the curve Liu et al. (2023) published for GPT-3.5-Turbo, and a sentence that says
// what this model's curve shows. Up front it states what the loaded model does from the
// evaluation data in its folder (the bundled model finds the record everywhere, so a real
// model is needed to see the effect). A run first times the model on this computer and, when
// it would take long, asks with the estimate before it starts; it runs off the GUI thread
// with progress, time left and cancel. Results save and open as JSON (the format of
// `tokenscope-cli litm --json`), so a sweep measured at home shows in class without the model.
#include <QElapsedTimer>
#include <QJsonObject>
#include <QWidget>
#include <functional>
#include <optional>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/litm.hpp"

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace ts::ui {

class Chart;

class LitmView : public ClassroomToolView {
    Q_OBJECT
  public:
    explicit LitmView(QWidget* parent = nullptr);

    // Reads the model folder's eval/litm_results.json (what the banner states and the charts
    // show until a run) and eval/kv_records.json (the records it was trained on; without one
    // the engine's general records, whose key numbers allow long contexts).
    void setModel(const ModelInfo& info) override;
    // The sentence above the controls: what the loaded model does, from its evaluation data.
    QString evaluationText() const;
    // Estimated seconds above which a run asks before it starts.
    static constexpr double kAskAboveSeconds = 20;
    // Another threshold (tests: the longest run the lab allows on the small bundled model is
    // about a minute, and its estimate swings between 19 s and 3 min with the machine's load,
    // so a 20 s threshold cannot tell a "long" run from a short one reliably).
    void setAskAboveSeconds(double seconds) { m_askAboveSeconds = seconds; }
    double askAboveSeconds() const { return m_askAboveSeconds; }
    // Asks whether to start a run of the given description; the default is a dialog.
    // Tests put an answer in its place.
    void setRunConfirmation(std::function<bool(const QString& question)> confirm);
    // The estimate of the last run or attempt (seconds; nullopt before any).
    std::optional<double> lastEstimate() const { return m_lastEstimate; }
    QString statusText() const;

    // Key words and values from the bundled model's kv_records.json, so the records look
    // like the ones it was trained on.
    bool loadRecordVocabulary(const QString& kvRecordsJson);
    // The records follow the interface language: in Korean the model folder's
    // eval/kv_records_ko.json ("코드 알파-36 사과.") where it has one, else kv_records.json.
    void setLanguage(const QString& language);
    // The record specification the lab reads for `folder` in the current language (empty
    // when the folder has none).
    QString recordsFile(const QString& folder) const { return recordsFileFor(folder, m_language); }
    // The same for any language ("en", "ko"): the lesson claims test runs the lab with it.
    static QString recordsFileFor(const QString& folder, const QString& language);
    ts::LitmOptions options() const;
    void setOptions(const ts::LitmOptions& o);
    // Lesson settings: records, positions, trials, queryAware, seed, run.
    void applySettings(const QJsonObject& settings);
    // Times the model, asks if the run would take long (with the estimate), then runs.
    void run();
    // Public for tests: show a finished result (of the current settings, on the loaded model).
    void showResult(const ts::LitmResult& result);
    const ts::LitmResult& result() const { return m_shown.result; }
    // The run on screen: measured here, opened from a file or the model's evaluation data.
    const ts::LitmRun& shownRun() const { return m_shown; }
    // Save results… / Open results…: false with a message (the dialog shows it) on failure;
    // a file that cannot be read changes nothing on screen.
    bool saveResults(const QString& path, QString* error = nullptr) const;
    bool openResults(const QString& path, QString* error = nullptr);
    QString conclusion() const { return m_conclusionText; }
    Chart* measuredChart() const { return m_measured; }
    // The measured chart's title as written, before it is wrapped to the chart's width.
    QString measuredTitle() const;
    Chart* referenceChart() const { return m_reference; }
    QString csv() const;
    bool exportCsv(const QString& path) const;
    double progress() const;
    double chance() const;

    // What the curve shows, in one plain sentence (pure: tests call it directly).
    // `chance`: P(correct) of a uniform guess among the values (0 = unknown).
    static QString describe(const std::vector<ts::LitmPoint>& points, double chance = 0);
    // describe() before the Korean particles are chosen for the measure's name; `isU`, when
    // given, says whether the sentence is the U of Liu et al.
    static QString describeNeutral(const std::vector<ts::LitmPoint>& points, double chance,
                                   bool* isU = nullptr);
    // What a model's evaluation data says, for the banner (pure: tests call it directly).
    static QString evaluationSummary(const ts::LitmRun& run, const QString& modelName);
    // "about 40 s", "about 12 min", "about 2.5 h".
    static QString approximateDuration(double seconds);

  protected:
    void retranslateUi() override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    // run(), asking first only when `askIfLong` (a lesson step's run does not ask).
    void estimateAndRun(bool askIfLong);
    void buildReferenceChart();
    void buildMeasuredChart();
    void startRun(const ts::LitmOptions& options, double estimateSeconds);
    void showRun(const ts::LitmRun& run, const QString& source);
    void updateBanner();
    void updateTimeLeft();
    void openDialog();
    void saveDialog();
    bool isBundledModel() const;
    QString modelName() const;

    // One measured curve: the mean as line and dots, the 95 % interval as a shaded band. Built once
    // and refilled: Qt Charts leaves stray axes behind when charts are rebuilt.
    struct Band {  // series of the measured chart
        int area = -1;
        int line = -1;
        int dots = -1;
    };
    Band m_accBand, m_probBand;
    int m_measuredX = -1;  // the measured chart's x axis

    ts::LitmRun m_shown;                     // on screen
    QString m_runSource;                     // where it came from, shown over the chart
    std::optional<ts::LitmRun> m_modelEval;  // the loaded model's evaluation data
    ts::LitmOptions m_spec;                  // from kv_records.json: key words, key numbers, values
    QString m_language = QStringLiteral("en");
    void loadRecordsFor(const QString& folder);
    std::function<bool(const QString&)> m_confirm;
    double m_askAboveSeconds = kAskAboveSeconds;
    std::optional<double> m_lastEstimate;
    QElapsedTimer m_runClock;
    QTimer* m_timeLeftTimer = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_save = nullptr;
    QString m_conclusionText;
    QLabel* m_recordsLabel = nullptr;
    QLabel* m_positionsLabel = nullptr;
    QLabel* m_trialsLabel = nullptr;
    QLabel* m_templateLabel = nullptr;
    QSpinBox* m_records = nullptr;
    QSpinBox* m_positions = nullptr;
    QSpinBox* m_trials = nullptr;
    QSpinBox* m_seed = nullptr;
    QLabel* m_seedLabel = nullptr;
    QLineEdit* m_template = nullptr;
    QCheckBox* m_queryAware = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    Chart* m_measured = nullptr;
    Chart* m_reference = nullptr;
    QLabel* m_explain = nullptr;
    QLabel* m_conclusion = nullptr;
    QLabel* m_example = nullptr;
    QTableWidget* m_table = nullptr;
};

}  // namespace ts::ui
