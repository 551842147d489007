#pragma once
// Steer (#45): the same prompt continued with the same seed, once as the model writes it and once
// with S x a steering direction added to the residual entering a block (ts::steeringDirection:
// the mean residual over a positive prompt minus the same over a negative one, the CLI's
// --steer-layer/--steer-positive/--steer-negative/--steer-strength), side by side; under them a
// strip of strengths (-8 … 8), each with its continuation, where coherence breaks at the ends.
// Example pairs in both languages (love/hate, 행복/슬픔). Runs off the GUI thread with Cancel.
#include <QJsonObject>
#include <QString>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/experiments.hpp"

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ts::ui {

class Chart;
class TokenFlow;

class SteerView : public ClassroomToolView {
    Q_OBJECT
  public:
    // The strip's strengths: on the bundled model the text stays readable to about |S| = 1 and
    // falls apart from 2 on (docs/classroom.md, "Steering").
    static std::vector<float> stripStrengths() { return {-8, -4, -2, -1, 0, 1, 2, 4, 8}; }

    struct Result {
        std::vector<int> prompt;
        float strength = 0;
        ts::Lane plain;    // no intervention
        ts::Lane steered;  // at `strength`
        std::vector<float> stripStrengths;
        std::vector<ts::Lane> strip;  // one per strip strength
        // logit(first token of " positive") - logit(first token of " negative") at the token
        // after the prompt, per strength (-8 … 8 in steps of 1): what the steering does to the
        // two words, measured rather than read from text.
        int positiveToken = -1, negativeToken = -1;
        std::vector<float> curveStrengths;
        std::vector<double> curveDiff;
    };

    // An example pair: positive and negative steering prompts and a prompt to continue.
    struct Example {
        QString positive, negative, prompt;
    };
    static std::vector<Example> examples(const QString& language);

    explicit SteerView(QWidget* parent = nullptr);
    void setModel(const ModelInfo& info) override;

    // Examples and an untouched prompt follow the interface's language.
    void setLanguage(const QString& language);
    void useExample(int index);
    // Lesson and headless settings (the CLI's flags): prompt, positive, negative, layer
    // (1-based), strength, steps, seed, example (0-based), run (bool).
    void applySettings(const QJsonObject& settings);
    void run();

    bool hasResult() const { return m_hasResult; }
    const Result& result() const { return m_result; }
    QString statusText() const;
    const Chart* chart() const { return m_chart; }
    int layer() const;  // 1-based
    float strength() const;
    QString positive() const;
    QString negative() const;
    QString prompt() const;

  protected:
    void retranslateUi() override;

  private:
    void showResult();
    std::vector<QString> continuationTexts(const ts::Lane& lane) const;
    void fillFlow(TokenFlow* flow, const ts::Lane& lane, bool withPrompt = true) const;

    QString m_language = QStringLiteral("en");
    QLabel* m_promptLabel = nullptr;
    QLineEdit* m_prompt = nullptr;
    QLabel* m_exampleLabel = nullptr;
    QComboBox* m_example = nullptr;
    QLabel* m_positiveLabel = nullptr;
    QLineEdit* m_positive = nullptr;
    QLabel* m_negativeLabel = nullptr;
    QLineEdit* m_negative = nullptr;
    QLabel* m_layerLabel = nullptr;
    QSpinBox* m_layer = nullptr;
    QLabel* m_strengthLabel = nullptr;
    QDoubleSpinBox* m_strength = nullptr;
    QLabel* m_stepsLabel = nullptr;
    QSpinBox* m_steps = nullptr;
    QLabel* m_seedLabel = nullptr;
    QSpinBox* m_seed = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_plainTitle = nullptr;
    QLabel* m_steeredTitle = nullptr;
    TokenFlow* m_plainFlow = nullptr;
    TokenFlow* m_steeredFlow = nullptr;
    QLabel* m_stripTitle = nullptr;
    QGridLayout* m_stripLayout = nullptr;
    std::vector<QLabel*> m_stripLabels;
    std::vector<TokenFlow*> m_stripFlows;
    Chart* m_chart = nullptr;
    int m_curve = -1;
    int m_xAxis = -1;
    int m_yAxis = -1;
    Result m_result;
    bool m_hasResult = false;
};

}  // namespace ts::ui
