#pragma once
// The seed's "$20 → $200" point as a calculator: an agent calls the model many times per
// task, each call sending a long prompt and getting an answer back, so what a month of use
// costs at API prices can be many times a flat subscription. All inputs are editable; the
// arithmetic is a pure function so it can be tested.
#include <QJsonObject>
#include <QString>
#include <QWidget>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace ts::ui {

struct AgentCostInputs {
    double promptTokensPerCall = 8000;  // context sent with every call (tools, history, files)
    double answerTokensPerCall = 800;   // tokens the model writes per call
    double callsPerTask = 30;
    double tasksPerMonth = 200;
    double pricePerMillionInput = 3.0;    // dollars
    double pricePerMillionOutput = 15.0;  // dollars
    double subscriptionPerMonth = 20.0;   // dollars
};

struct AgentCost {
    double perCall = 0;
    double perTask = 0;
    double perMonth = 0;
    double tokensPerMonth = 0;
    double timesSubscription = 0;  // perMonth / subscription
};

AgentCost agentCost(const AgentCostInputs& in);

// An amount of dollars for a class in `language`: in Korean won first and dollars after
// ("₩30,240 ($21.60)"), otherwise dollars first ("$21.60 (₩30,240)"), at `wonPerDollar`.
QString moneyText(double dollars, double wonPerDollar, const QString& language, int decimals = 2);
// Won per dollar the calculator starts with (editable; about the 2025-26 rate).
constexpr double kDefaultWonPerDollar = 1400.0;

// The inputs and results by the names lessons use: "promptTokens", "answerTokens", "calls",
// "tasks", "priceIn", "priceOut", "subscription" (inputs), "perMonth", "timesSubscription"
// (results); nullopt for another name.
std::optional<double> agentCostField(const AgentCostInputs& in, const QString& name);
// A lesson's "calculator" settings: the named inputs as given, every other at its default
// (AgentCostInputs{}), so a step shows the same figures however the class arrived at it.
AgentCostInputs agentCostInputsFrom(const QJsonObject& settings);

class AgentCostCalculator : public QWidget {
    Q_OBJECT
  public:
    explicit AgentCostCalculator(QWidget* parent = nullptr);
    AgentCostInputs inputs() const;
    void setInputs(const AgentCostInputs& in);
    QString resultText() const;
    // The exchange rate the amounts are also shown in (its own field under the seven).
    void setWonPerDollar(double rate);
    double wonPerDollar() const;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    void recompute();

    QLabel* m_title = nullptr;
    QLabel* m_labels[7] = {};
    QDoubleSpinBox* m_fields[7] = {};
    QLabel* m_result = nullptr;
    QLabel* m_rateLabel = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
};

}  // namespace ts::ui
