#pragma once
// Hallucination's remedy, a panel the confidence colouring and the fact probes both carry: the
// "Give it the fact" switch puts a fact sentence in front of each held-out probe's prompt, the
// way retrieval puts a document into the context (ts::withFact: the probe's `fact`, or its
// prompt completed with its truth), and shows P(true) and P(strongest false) before and after,
// side by side, with the model's own answer each time; how many probes go from wrong to right,
// per language, is counted above. The probes run off the GUI thread (ts::runFactRemedy).
#include <QJsonObject>
#include <QWidget>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/experiments.hpp"

class QCheckBox;
class QComboBox;
class QLabel;

namespace ts::ui {

// Before | after as two columns of bars on the probes' log axis (10⁻¹⁰ … 100 %).
class RemedyBars : public QWidget {
    Q_OBJECT
  public:
    explicit RemedyBars(QWidget* parent = nullptr);
    void setRemedy(const ts::FactProbe& probe, const ts::FactRemedy& remedy);
    void clear();
    // The texts drawn, left column then right (for tests and the screen reader).
    QStringList texts() const;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    struct Side {
        QString heading;
        double pTrue = 0, pFalse = 0;
        QString trueLabel, falseLabel, verdict, answer;
        bool right = false;        // the true answer beats every false one
        bool answerRight = false;  // the model's own answer is the truth
    };
    Side m_sides[2];
    bool m_valid = false;
};

class FactRemedyPanel : public ClassroomToolView {
    Q_OBJECT
  public:
    explicit FactRemedyPanel(QWidget* parent = nullptr);

    void setModel(const ModelInfo& info) override;
    // The window's what-if set: the probes are scored again with it while the switch is on.
    void setInterventions(std::shared_ptr<const ts::Interventions> interventions) override;
    // Whether the panel shows its own what-if line (the probes view shows one for both).
    void setShowsInterventionNotice(bool on);
    // The probes the switch works on (held-out ones, where the model was never told the fact;
    // all of them when a set has none marked held-out).
    void setProbes(const std::vector<ts::FactProbe>& probes);
    // The switch; on runs the probes with and without their facts (once per model and set).
    void setOn(bool on);
    bool isOn() const;
    // "withFact": bool; "probe": a prompt (or part of one) to show.
    void applySettings(const QJsonObject& settings);
    // After a run: the probes used and their results, in the same order.
    const std::vector<ts::FactProbe>& probes() const { return m_probes; }
    const std::vector<ts::FactRemedy>& remedies() const { return m_remedies; }
    // Per language ("en", "ko"): probes, wrong before, flipped to right.
    struct Count {
        QString language;
        int probes = 0, wrongBefore = 0, flipped = 0;
    };
    std::vector<Count> counts() const;
    int shownProbe() const { return m_shown; }
    void showProbe(int index);
    QString countText() const;
    const RemedyBars* bars() const { return m_bars; }

  signals:
    // The probe on show with its fact: `withFact` is the fact, the prompt and the truth as one
    // text (what the confidence colouring scores).
    void probeShown(const QString& withFact);

  protected:
    void retranslateUi() override;
    QString interventionRanText() const override;

  private:
    void runAll();
    int defaultProbe() const;
    void showTexts();  // the shown probe's fact and bars in the current language

    std::vector<ts::FactProbe> m_probes;
    std::vector<ts::FactRemedy> m_remedies;
    int m_shown = -1;
    QString m_wanted;  // "probe" of applySettings, shown once the run is in
    QCheckBox* m_switch = nullptr;
    QComboBox* m_choice = nullptr;
    QLabel* m_fact = nullptr;
    QLabel* m_counts = nullptr;
    QLabel* m_status = nullptr;
    RemedyBars* m_bars = nullptr;
    QWidget* m_details = nullptr;
};

}  // namespace ts::ui
