#pragma once
// Inference-cost meter: what each step of the loop cost (wall time, FLOPs, bytes of weights
// read, KV-cache size), cost per token against context length, and the session's totals —
// with the seed's point that more tokens of "thinking" multiply the bill. It observes the
// window's one TranscriptModel (no copy of the steps) and adds a row per new step.
#include <QFontMetrics>
#include <QJsonObject>
#include <QTimer>
#include <QWidget>
#include <array>
#include <utility>
#include <vector>

#include "core/model_info.hpp"
#include "core/transcript_model.hpp"

class QSplitter;
class QLabel;
class QTableWidget;

namespace ts::ui {

struct CostTotals {
    int steps = 0;
    int tokens = 0;  // tokens processed (prompt + generated)
    double wallMs = 0;
    double flops = 0;
    double weightBytes = 0;
    double kvCacheBytes = 0;  // the cache now (after the last step), not a sum
    int contextLength = 0;
};
CostTotals costTotals(const std::vector<TranscriptStepPtr>& history);
// Median wall time of the last `recent` one-token decode steps, -1 if there are none.
double steadyMsPerToken(const std::vector<TranscriptStepPtr>& history, int recent);
// The smallest of 1, 1.2, 1.6, 2, 2.4, 3, 4, 4.8, 6, 8 times a power of ten that is >= value
// (1 for value <= 0): the cost chart's axis ends.
double niceCeiling(double value);
// The FLOP-per-token axis for values from `least` to `most`: from 0, unless they lie within a
// third of each other, when it starts at a round number under `least` so their growth shows.
std::pair<double, double> flopAxisRange(double least, double most);

class AgentCostCalculator;
class Chart;
class SteadyLabel;
class SteadyLabel;
class TranscriptFollower;

class CostView : public QWidget {
    Q_OBJECT
  public:
    explicit CostView(QWidget* parent = nullptr);
    void setModel(const ModelInfo& info);
    // Follows `model` (the window's one history); null stops.
    void observe(const TranscriptModel* model);
    const TranscriptModel* transcript() const;
    // A lesson's {"calculator": {"answerTokens": 8000, …}}: the calculator's inputs (the others
    // at their defaults).
    void applySettings(const QJsonObject& settings);
    const CostTotals& totals() const { return m_totals; }
    QString totalsText() const;
    QString steadyText() const;
    AgentCostCalculator* calculator() const { return m_calculator; }
    static constexpr int kSteadySteps = 16;
    int tableRows() const;
    Chart* chart() const { return m_chart; }

  protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    // Rows one line tall while every cell fits its column on one line, else two (at
    // 1280x720 seven columns share about 400 px and "6.71 MFLOP" wraps).
    void fitRowHeight();
    void fitHeaderWords();
    void noteCellWidths(int row, const QFontMetrics& fm);  // widens m_widestCell to the row's texts
    void retranslateUi();
    // Steps from `from` on changed: appended rows for new steps, all rows again otherwise.
    void refresh(int from);
    void fitAxes();  // the chart's ranges to its points
    void appendRows(const std::vector<TranscriptStepPtr>& steps, std::size_t first);
    const std::vector<TranscriptStepPtr>& steps() const;

    ModelInfo m_info;
    TranscriptFollower* m_follower = nullptr;
    QTimer m_axesTimer;  // fitAxes after a refresh, in its own event
    static constexpr int kAxesDelayMs = 8;
    std::size_t m_built = 0;            // steps [0, m_built) have their rows and chart points
    std::array<int, 7> m_widestCell{};  // px, the widest text in each column so far
    int m_widestWord = 0;  // px, the widest word of any cell so far (no column may be narrower)
    CostTotals m_totals;
    QLabel* m_explain = nullptr;
    SteadyLabel* m_totalsLabel = nullptr;
    SteadyLabel* m_steadyLabel = nullptr;
    AgentCostCalculator* m_calculator = nullptr;
    Chart* m_chart = nullptr;
    // Built once and refilled (rebuilding Qt Charts axes leaves stray ones behind).
    int m_flops = -1;  // series: MFLOP per token against context length
    int m_wall = -1;   // ms per token
    int m_x = -1;      // axes
    int m_yFlops = -1;
    int m_yWall = -1;
    QTableWidget* m_table = nullptr;
    QSplitter* m_split = nullptr;  // the chart above the step table and the calculator
};

// "1.2 GFLOP", "340 MB": compact human units (SI, 1000-based).
QString humanUnits(double value, const QString& unit);

}  // namespace ts::ui
