#pragma once
// Precision comparison: the loaded model beside the same model in other precisions (GGUF
// files such as Q8_0 and Q4_K_M, or a folder in another dtype), on one prompt.
//
// Teacher-forced (the engine's comparePrecisions): the loaded model, the reference, continues
// the prompt greedily and every precision scores exactly those tokens, so each token's
// probability can be set side by side and the difference is exact. A summary table gives
// bytes per token against perplexity and agreement; a chart draws each precision's
// probability of every token (or its KL divergence from the reference); a table lists the
// numbers per token. Free-running, each precision continues on its own, and the view shows
// where the texts part. Models load and run off the GUI thread.
#include <QStringList>
#include <memory>
#include <optional>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/precision_compare.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace ts::ui {

class Chart;

class PrecisionView : public ClassroomToolView {
    Q_OBJECT
  public:
    explicit PrecisionView(QWidget* parent = nullptr);

    void setModel(const ModelInfo& info) override;
    void setPrompt(const QString& text);
    // Other precisions to compare with the loaded model (file or folder paths).
    void setOthers(const QStringList& paths);
    QStringList others() const { return m_others; }
    void setSteps(int steps);
    void run();
    // Shows a finished comparison; public so tests can hand one in.
    void showComparison(const ts::PrecisionComparison& comparison);
    const std::optional<ts::PrecisionComparison>& comparison() const { return m_result; }
    // The chart's series as drawn: one per precision (probability or KL per position).
    int chartSeriesCount() const;
    QString statusText() const;

  protected:
    void retranslateUi() override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void addFiles();
    void addFolder();
    void removeSelected();
    void refreshModelList();
    void showStorageChart();
    void refreshChart();
    QString tokenText(int token) const;
    // Before a run, under the controls where the column has room: how each format stores a
    // weight (why Q8_0 is 8.5 bits and not 8).
    void showFormatsWhereRoom();
    void fitLeftColumn();

    QStringList m_others;
    std::optional<ts::PrecisionComparison> m_result;

    QLabel* m_intro = nullptr;
    QLabel* m_modelsLabel = nullptr;
    QListWidget* m_models = nullptr;
    QPushButton* m_addFile = nullptr;
    QPushButton* m_addFolder = nullptr;
    QPushButton* m_remove = nullptr;
    QLabel* m_promptLabel = nullptr;
    QLineEdit* m_prompt = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QSpinBox* m_steps = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_summary = nullptr;
    QLabel* m_showLabel = nullptr;
    QComboBox* m_show = nullptr;
    Chart* m_chart = nullptr;
    QTableWidget* m_tokens = nullptr;
    QLabel* m_freeRun = nullptr;
    QLabel* m_formats = nullptr;
    QWidget* m_left = nullptr;
};

}  // namespace ts::ui
