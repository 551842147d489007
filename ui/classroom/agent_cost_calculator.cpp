// The agent cost calculator (see agent_cost_calculator.hpp).
#include "classroom/agent_cost_calculator.hpp"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <array>

namespace ts::ui {

AgentCost agentCost(const AgentCostInputs& in) {
    AgentCost c;
    c.perCall = in.promptTokensPerCall * in.pricePerMillionInput / 1e6 +
                in.answerTokensPerCall * in.pricePerMillionOutput / 1e6;
    c.perTask = c.perCall * in.callsPerTask;
    c.perMonth = c.perTask * in.tasksPerMonth;
    c.tokensPerMonth =
        (in.promptTokensPerCall + in.answerTokensPerCall) * in.callsPerTask * in.tasksPerMonth;
    c.timesSubscription = in.subscriptionPerMonth > 0 ? c.perMonth / in.subscriptionPerMonth : 0;
    return c;
}

QString moneyText(double dollars, double wonPerDollar, const QString& language, int decimals) {
    const QLocale loc(language == QLatin1String("ko") ? QLocale::Korean : QLocale::English);
    const QString usd = QStringLiteral("$%1").arg(loc.toString(dollars, 'f', decimals));
    const double won = dollars * wonPerDollar;
    // Won have no cents: whole won, and at least two significant digits for a fraction of a cent.
    const QString krw =
        QStringLiteral("₩%1").arg(loc.toString(won, 'f', won > 0 && won < 10 ? 1 : 0));
    return language == QLatin1String("ko") ? QStringLiteral("%1 (%2)").arg(krw, usd)
                                           : QStringLiteral("%1 (%2)").arg(usd, krw);
}

AgentCostCalculator::AgentCostCalculator(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    // The answer comes first, under the title: at 1280x720 the cost view gives the
    // calculator about 240 px, and a result below the seven fields was out of sight.
    m_result = new QLabel(this);
    m_result->setWordWrap(true);
    m_result->setFont(bold);
    layout->addWidget(m_result);
    auto* form = new QFormLayout;
    const double maxima[7] = {1e7, 1e6, 1e4, 1e6, 1000, 1000, 10000};
    const int decimals[7] = {0, 0, 0, 0, 2, 2, 2};
    for (int i = 0; i < 7; ++i) {
        m_labels[i] = new QLabel(this);
        m_labels[i]->setWordWrap(true);
        m_fields[i] = new QDoubleSpinBox(this);
        m_fields[i]->setRange(0, maxima[i]);
        m_fields[i]->setDecimals(decimals[i]);
        m_fields[i]->setGroupSeparatorShown(true);
        form->addRow(m_labels[i], m_fields[i]);
        connect(m_fields[i], &QDoubleSpinBox::valueChanged, this, &AgentCostCalculator::recompute);
    }
    m_rateLabel = new QLabel(this);
    m_rateLabel->setWordWrap(true);
    m_rate = new QDoubleSpinBox(this);
    m_rate->setObjectName(QStringLiteral("wonPerDollar"));
    m_rate->setRange(1, 100000);
    m_rate->setDecimals(0);
    m_rate->setGroupSeparatorShown(true);
    m_rate->setValue(kDefaultWonPerDollar);
    form->addRow(m_rateLabel, m_rate);
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, &AgentCostCalculator::recompute);
    layout->addLayout(form);
    layout->addStretch(1);
    setInputs(AgentCostInputs{});
    retranslateUi();
}

AgentCostInputs AgentCostCalculator::inputs() const {
    AgentCostInputs in;
    double* v[7] = {&in.promptTokensPerCall, &in.answerTokensPerCall,  &in.callsPerTask,
                    &in.tasksPerMonth,       &in.pricePerMillionInput, &in.pricePerMillionOutput,
                    &in.subscriptionPerMonth};
    for (int i = 0; i < 7; ++i) *v[i] = m_fields[i]->value();
    return in;
}

void AgentCostCalculator::setInputs(const AgentCostInputs& in) {
    const double v[7] = {in.promptTokensPerCall, in.answerTokensPerCall,  in.callsPerTask,
                         in.tasksPerMonth,       in.pricePerMillionInput, in.pricePerMillionOutput,
                         in.subscriptionPerMonth};
    for (int i = 0; i < 7; ++i) {
        const QSignalBlocker block(m_fields[i]);
        m_fields[i]->setValue(v[i]);
    }
    recompute();
}

QString AgentCostCalculator::resultText() const { return m_result->text(); }

void AgentCostCalculator::setWonPerDollar(double rate) { m_rate->setValue(rate); }

double AgentCostCalculator::wonPerDollar() const { return m_rate->value(); }

void AgentCostCalculator::recompute() {
    if (!m_rate) return;  // still being built
    const AgentCost c = agentCost(inputs());
    const QLocale loc;
    const QString lang =
        loc.language() == QLocale::Korean ? QStringLiteral("ko") : QStringLiteral("en");
    const double rate = m_rate->value();
    m_result->setText(tr("Per call %1 · per task %2 · per month %3 for %4 tokens: %5× the %6 "
                         "subscription.")
                          .arg(moneyText(c.perCall, rate, lang, 3))
                          .arg(moneyText(c.perTask, rate, lang))
                          .arg(moneyText(c.perMonth, rate, lang, 0))
                          .arg(loc.toString(c.tokensPerMonth, 'f', 0))
                          .arg(c.timesSubscription, 0, 'f', 1)
                          .arg(moneyText(m_fields[6]->value(), rate, lang, 0)));
}

void AgentCostCalculator::retranslateUi() {
    m_title->setText(tr("What an agent costs: many calls per task, each with a long prompt"));
    const QString names[7] = {tr("Prompt tokens per call"),
                              tr("Answer tokens per call"),
                              tr("Calls per task"),
                              tr("Tasks per month"),
                              tr("$ per million input tokens"),
                              tr("$ per million output tokens"),
                              tr("Subscription $ per month")};
    for (int i = 0; i < 7; ++i) m_labels[i]->setText(names[i]);
    m_rateLabel->setText(tr("₩ per $ (exchange rate)"));
    recompute();
}

void AgentCostCalculator::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

namespace {
// The lesson names of the seven inputs, in the calculator's order.
constexpr const char* kInputNames[7] = {"promptTokens", "answerTokens", "calls",       "tasks",
                                        "priceIn",      "priceOut",     "subscription"};
std::array<double*, 7> inputFields(AgentCostInputs& in) {
    return {&in.promptTokensPerCall, &in.answerTokensPerCall,  &in.callsPerTask,
            &in.tasksPerMonth,       &in.pricePerMillionInput, &in.pricePerMillionOutput,
            &in.subscriptionPerMonth};
}
}  // namespace

std::optional<double> agentCostField(const AgentCostInputs& in, const QString& name) {
    AgentCostInputs copy = in;
    const auto fields = inputFields(copy);
    for (int i = 0; i < 7; ++i)
        if (name == QLatin1String(kInputNames[i])) return *fields[static_cast<std::size_t>(i)];
    const AgentCost c = agentCost(in);
    if (name == QLatin1String("perMonth")) return c.perMonth;
    if (name == QLatin1String("timesSubscription")) return c.timesSubscription;
    return std::nullopt;
}

AgentCostInputs agentCostInputsFrom(const QJsonObject& settings) {
    AgentCostInputs in;
    const auto fields = inputFields(in);
    for (int i = 0; i < 7; ++i) {
        const QJsonValue v = settings.value(QLatin1String(kInputNames[i]));
        if (v.isDouble() && v.toDouble() >= 0) *fields[static_cast<std::size_t>(i)] = v.toDouble();
    }
    return in;
}

}  // namespace ts::ui
