// Cost you can reason with: the agent calculator's arithmetic (the seed's "$20 → $200") and
// the steady speed, a median that one slow step does not move.
#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegend>
#include <QScrollArea>
#include <QTemporaryDir>
#include <cmath>
#include <memory>

#include "catch.hpp"
#include "classroom/agent_cost_calculator.hpp"
#include "classroom/cost_view.hpp"
#include "classroom/hub.hpp"
#include "layout_checks.hpp"
#include "shell/main_window.hpp"
#include "shell/translation_manager.hpp"
#include "widgets/chart.hpp"

using namespace ts::ui;
using ts::TranscriptStep;
using ts::TranscriptStepPtr;

TEST_CASE("the agent calculator multiplies calls, tasks and prices", "[ui][cost]") {
    AgentCostInputs in;
    in.promptTokensPerCall = 10000;
    in.answerTokensPerCall = 1000;
    in.callsPerTask = 20;
    in.tasksPerMonth = 100;
    in.pricePerMillionInput = 3;
    in.pricePerMillionOutput = 15;
    in.subscriptionPerMonth = 20;
    const AgentCost c = agentCost(in);
    CHECK(c.perCall == Approx(0.03 + 0.015));
    CHECK(c.perTask == Approx(0.9));
    CHECK(c.perMonth == Approx(90));
    CHECK(c.tokensPerMonth == Approx(11000.0 * 20 * 100));
    CHECK(c.timesSubscription == Approx(4.5));
    // The defaults make the seed's point: a $20 plan, about $200 of calls.
    const AgentCost d = agentCost(AgentCostInputs{});
    CHECK(d.perMonth > 150);
    CHECK(d.perMonth < 300);
    AgentCostCalculator calc;
    CHECK(calc.resultText().contains(QStringLiteral("$20")));
    in.tasksPerMonth = 200;
    calc.setInputs(in);
    CHECK(calc.resultText().contains(QStringLiteral("9.0")));
}

TEST_CASE("steady speed is the median of recent decode steps", "[ui][cost]") {
    std::vector<TranscriptStepPtr> history;
    const double times[] = {50.0, 1.0, 1.2, 9.0, 1.1};  // prefill, then one noisy decode step
    for (int i = 0; i < 5; ++i) {
        auto trace = std::make_shared<ts::StepTrace>();
        trace->tokens = i == 0 ? std::vector<int>{1, 2, 3} : std::vector<int>{4};
        trace->cost.wallMs = times[i];
        auto r = std::make_shared<TranscriptStep>();
        r->index = i;
        r->trace = trace;
        history.push_back(r);
    }
    CHECK(steadyMsPerToken(history, 16) == Approx(1.15));  // median of 1.0, 1.2, 9.0, 1.1
    CHECK(steadyMsPerToken(history, 1) == Approx(1.1));
    CHECK(steadyMsPerToken({history.front()}, 16) < 0);
}

TEST_CASE("the cost chart's text follows the view's font", "[ui][cost]") {
    // Qt Charts writes in its theme's fonts unless told: the window's larger font at 1080
    // pixels (and presentation mode) reached every label but the chart's.
    CostView view;
    QChart* chart = view.chart()->view()->chart();
    REQUIRE_FALSE(chart->axes().isEmpty());
    CHECK(chart->axes().front()->labelsFont() == view.chart()->view()->font());
    QFont big = view.font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    view.setFont(big);
    CHECK(view.chart()->view()->font().pointSizeF() == Approx(big.pointSizeF()));
    for (QAbstractAxis* axis : chart->axes()) {
        CHECK(axis->labelsFont().pointSizeF() == Approx(big.pointSizeF()));
        CHECK(axis->titleFont().pointSizeF() == Approx(big.pointSizeF()));
    }
    CHECK(chart->legend()->font().pointSizeF() == Approx(big.pointSizeF()));
    CHECK(chart->titleFont().pointSizeF() == Approx(big.pointSizeF()));
}

TEST_CASE("the calculator's answer is in sight in the cost view at 1280x720, in both languages",
          "[ui][cost][layout]") {
    // The answer is the point of the calculator; at 1280x720 its column is about 240 px tall,
    // and an answer below the seven fields needed scrolling to be seen.
    QTemporaryDir dir;
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("ko")}) {
        TranslationManager translations;
        translations.setLanguage(lang);
        MainWindow window(&translations, true);
        ts_test::startWindow(window, 2, dir);
        ts_test::resizeTo(window, QSize(1280, 720));
        REQUIRE(window.showView(QStringLiteral("cost")));
        QCoreApplication::processEvents();
        AgentCostCalculator* calc = window.classroom()->cost()->calculator();
        QLabel* answer = nullptr;
        for (QLabel* label : calc->findChildren<QLabel*>())
            if (label->text() == calc->resultText()) answer = label;
        REQUIRE(answer);
        auto* scroll = qobject_cast<QScrollArea*>(calc->parentWidget()->parentWidget());
        REQUIRE(scroll);
        const QRect inViewport(answer->mapTo(scroll->viewport(), QPoint(0, 0)), answer->size());
        INFO(lang.toStdString() << ": answer at " << inViewport.y() << "-" << inViewport.bottom()
                                << " of a " << scroll->viewport()->height() << " px column");
        CHECK(scroll->viewport()->rect().contains(inViewport));
    }
}

TEST_CASE("the cost chart's axis ends are round numbers at or above the data", "[ui][cost]") {
    CHECK(niceCeiling(0) == 1);
    CHECK(niceCeiling(-3) == 1);
    CHECK(niceCeiling(1) == Approx(1));
    CHECK(niceCeiling(897) == Approx(1000));
    CHECK(niceCeiling(1024) == Approx(1200));
    CHECK(niceCeiling(0.013) == Approx(0.016));
    CHECK(niceCeiling(81) == Approx(100));
    CHECK(niceCeiling(249.9) == Approx(300));
    CHECK(niceCeiling(2.2) == Approx(2.4));
    // Every value at or below its end, and the end at most a third above it (3 to 4, 6 to 8).
    for (double v = 0.001; v < 1e7; v *= 1.07) {
        const double end = niceCeiling(v);
        CHECK(end >= v);
        CHECK(end <= v * 1.34);
        // A quarter of the end (the step between five ticks) needs at most two digits.
        const double quarter = end / 4 / std::pow(10.0, std::floor(std::log10(end)) - 2);
        CHECK(std::abs(quarter - std::round(quarter)) < 1e-6);
    }
}
