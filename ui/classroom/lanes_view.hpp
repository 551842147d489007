#pragma once
// Temperature lanes: the same prompt continued side by side at 2-4 temperatures with the
// same seed, each token coloured by the probability it was drawn with (a colour bar says
// how), and each lane's entropy per step charted under it with the drawn tokens as x-axis
// labels. A lane stops where the model draws its end-of-text token, as the main loop and
// `generate` do (the engine's one rule), and says so; an option continues past it. The
// lanes run off the GUI thread, with the window's what-if set (silenced heads, banned or
// biased tokens) when one is in force, and a line says so.
#include <QJsonObject>
#include <QWidget>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/experiments.hpp"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QHBoxLayout;
class QScrollArea;

namespace ts::ui {

class ConfidenceColourBar;
class EntropyStrip;
class TokenFlow;

class LanesView : public ClassroomToolView {
    Q_OBJECT
  public:
    static constexpr int kMaxLanes = 4;
    explicit LanesView(QWidget* parent = nullptr);

    void setPrompt(const QString& text);
    QString prompt() const;
    int seed() const;
    // Lesson settings: temperatures (list), steps, seed, prompt, continuePastEnd (bool),
    // run (bool).
    void applySettings(const QJsonObject& settings);
    void run();
    // One more token in every lane (re-runs with the same seed, so earlier tokens stay).
    void stepAll();
    // Shows finished lanes; public so tests can hand in canned lanes.
    void showLanes(const std::vector<int>& prompt, const std::vector<ts::Lane>& lanes);

    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    // The lanes shown, as the engine made them (ts::runTemperatureLanes).
    const std::vector<ts::Lane>& result() const { return m_result; }
    const TokenFlow* laneFlow(int lane) const;
    const EntropyStrip* laneChart(int lane) const;
    // The line under a lane's title: where it stopped, or that it did not reach an end.
    QString laneStatus(int lane) const;
    bool laneEnded(int lane) const;
    void setContinuePastEnd(bool on);
    bool continuePastEnd() const;
    const ConfidenceColourBar* colourBar() const { return m_colourBar; }
    // Entropy per step of a lane as drawn in its chart (bits).
    std::vector<double> laneEntropy(int lane) const;
    std::vector<float> temperatures() const;

  protected:
    void retranslateUi() override;
    QString interventionRanText() const override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    struct LaneWidgets {
        QLabel* title = nullptr;
        QLabel* status = nullptr;
        TokenFlow* flow = nullptr;
        QScrollArea* scroll = nullptr;
        EntropyStrip* chart = nullptr;
        std::vector<double> entropy;
    };
    void rebuildLanes(int n);
    // Each lane's token box gets the height its tokens need (scrolling past a third of the
    // view), and the entropy chart under it the rest: no blank box above a squeezed chart.
    void fitFlows();
    QString tokenText(int token) const;

    QLineEdit* m_prompt = nullptr;
    QLabel* m_promptLabel = nullptr;
    QLabel* m_tempLabel = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QLabel* m_seedLabel = nullptr;
    QSpinBox* m_laneCount = nullptr;
    QLabel* m_laneCountLabel = nullptr;
    QDoubleSpinBox* m_temps[kMaxLanes] = {};
    QSpinBox* m_steps = nullptr;
    QSpinBox* m_seed = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_step = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_legend = nullptr;
    QCheckBox* m_pastEnd = nullptr;
    // Every lane keeps only the k most likely tokens (0: all); a lesson sets it ("topK") so
    // that the Korean lanes at T = 1 still read as Korean on the small bundled model.
    int m_topK = 0;
    ConfidenceColourBar* m_colourBar = nullptr;
    QHBoxLayout* m_lanesLayout = nullptr;
    std::vector<LaneWidgets> m_lanes;
    std::vector<ts::Lane> m_result;
};

}  // namespace ts::ui
