#pragma once
// The lost-in-the-middle lab: key-value records with the asked-for record moved from first
// to last, many shuffled trials per position; accuracy and P(correct) with 95 % intervals,
// next to the curve Liu et al. (2023) published for GPT-3.5-Turbo, and a sentence that says
// what this model's curve shows. Runs off the GUI thread with progress and cancel.
#include <QJsonObject>
#include <QWidget>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/experiments.hpp"

class QAreaSeries;
class QChart;
class QLineSeries;
class QScatterSeries;
class QValueAxis;
class QChartView;
class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace ts::ui {

class LitmView : public ClassroomToolView {
    Q_OBJECT
public:
    explicit LitmView(QWidget* parent = nullptr);

    // Key words and values from the bundled model's kv_records.json, so the records look
    // like the ones it was trained on.
    bool loadRecordVocabulary(const QString& kvRecordsJson);
    ts::LitmOptions options() const;
    void setOptions(const ts::LitmOptions& o);
    // Lesson settings: records, positions, trials, queryAware, seed, run.
    void applySettings(const QJsonObject& settings);
    void run();
    // Public for tests: show a finished result.
    void showResult(const ts::LitmResult& result);
    const ts::LitmResult& result() const { return m_result; }
    QString conclusion() const { return m_conclusionText; }
    QChart* measuredChart() const;
    QChart* referenceChart() const;
    QString csv() const;
    bool exportCsv(const QString& path) const;
    double progress() const;
    double chance() const;

    // What the curve shows, in one plain sentence (pure: tests call it directly).
    // `chance`: P(correct) of a uniform guess among the values (0 = unknown).
    static QString describe(const std::vector<ts::LitmPoint>& points, double chance = 0);
    // describe() before the Korean particles are chosen for the measure's name.
    static QString describeNeutral(const std::vector<ts::LitmPoint>& points, double chance);

protected:
    void retranslateUi() override;

private:
    void buildReferenceChart();
    void buildMeasuredChart();

    // One measured curve: the mean as line and dots, the 95 % interval as a shaded band.
    // Built once and refilled: Qt Charts leaves stray axes behind when charts are rebuilt.
    struct Band {
        QLineSeries* upper = nullptr;
        QLineSeries* lower = nullptr;
        QAreaSeries* area = nullptr;
        QLineSeries* line = nullptr;
        QScatterSeries* dots = nullptr;
    };
    Band m_accBand, m_probBand;
    QValueAxis* m_measuredX = nullptr;

    ts::LitmResult m_result;
    ts::LitmOptions m_spec;  // from kv_records.json: key words, key numbers, values
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
    QChartView* m_measured = nullptr;
    QChartView* m_reference = nullptr;
    QLabel* m_explain = nullptr;
    QLabel* m_conclusion = nullptr;
    QLabel* m_example = nullptr;
    QTableWidget* m_table = nullptr;
};

}  // namespace ts::ui
