#pragma once
// Temperature lanes: the same prompt continued side by side at 2-4 temperatures with the
// same seed, each token coloured by the probability it was drawn with, and each lane's
// entropy per step charted under it. The lanes run off the GUI thread.
#include <QJsonObject>
#include <QWidget>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/experiments.hpp"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QHBoxLayout;

namespace ts::ui {

class TokenFlow;

class LanesView : public ClassroomToolView {
    Q_OBJECT
public:
    static constexpr int kMaxLanes = 4;
    explicit LanesView(QWidget* parent = nullptr);

    void setPrompt(const QString& text);
    QString prompt() const;
    int seed() const;
    // Lesson settings: temperatures (list), steps, seed, prompt, run (bool).
    void applySettings(const QJsonObject& settings);
    void run();
    // One more token in every lane (re-runs with the same seed, so earlier tokens stay).
    void stepAll();
    // Shows finished lanes; public so tests can hand in canned lanes.
    void showLanes(const std::vector<int>& prompt, const std::vector<ts::Lane>& lanes);

    int laneCount() const { return static_cast<int>(m_lanes.size()); }
    const TokenFlow* laneFlow(int lane) const;
    // Entropy per step of a lane as drawn in its chart (bits).
    std::vector<double> laneEntropy(int lane) const;
    std::vector<float> temperatures() const;

protected:
    void retranslateUi() override;

private:
    struct LaneWidgets {
        QLabel* title = nullptr;
        TokenFlow* flow = nullptr;
        QWidget* chart = nullptr;
        std::vector<double> entropy;
    };
    void rebuildLanes(int n);
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
    QHBoxLayout* m_lanesLayout = nullptr;
    std::vector<LaneWidgets> m_lanes;
    std::vector<ts::Lane> m_result;
};

}  // namespace ts::ui
