#pragma once
// Stage 4: the next-token distribution as horizontal bars, drawn from the step's
// ts::StepDistribution: the worker's at the step's own settings, or one made from the stored
// logits when the temperature slider moves (stage_distribution.hpp), so moving the slider
// never runs the model and a step during a run costs the GUI thread no pass over the
// vocabulary.
#include <QWidget>
#include <vector>

#include "core/step_record.hpp"
#include "core/vocabulary.hpp"
#include "tokenscope/step_distribution.hpp"

namespace ts::ui {

class SoftmaxView : public QWidget {
    Q_OBJECT
  public:
    struct Bar {
        int token = 0;
        float prob = 0;        // softmax of the logits at the temperature
        float sampled = 0;     // after top-k/top-p and renormalisation: what is drawn from
        bool cut = false;      // removed by top-k/top-p
        float cumulative = 0;  // prob of this candidate and all above it (what top-p reads)
        float atOne = 0;       // probability at temperature 1, the model's own
    };

    explicit SoftmaxView(QWidget* parent = nullptr);

    void setVocabulary(VocabularyPtr vocab);
    void setRecord(StepRecordPtr record);
    // Re-renders from the stored logits: no engine call.
    void setParams(const ts::SamplingParams& params);
    void setBarCount(int n);

    const std::vector<Bar>& bars() const { return m_bars; }
    double entropyBits() const { return m_entropy; }
    int sampledRank() const { return m_sampledRank; }
    float sampledProb() const { return m_sampledProb; }
    int keptTokens() const { return m_kept; }
    // Bars shown above the top-k/top-p cut-off line; bars().size() when none are cut.
    int cutoffIndex() const { return m_cutoff; }
    // Milliseconds the last recompute from logits took (shown in the corner, checked in tests).
    double lastRecomputeMs() const { return m_recomputeMs; }
    const StepRecordPtr& record() const { return m_record; }
    const ts::SamplingParams& params() const { return m_params; }

  signals:
    // The user clicked a candidate: "what if the model had drawn this one?"
    void candidateChosen(int token);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

  private:
    void recompute();
    int barAt(QPoint p) const;
    QRect barArea() const;
    int rowHeight() const;

    VocabularyPtr m_vocab;
    StepRecordPtr m_record;
    ts::SamplingParams m_params;
    int m_barCount = 20;
    std::vector<Bar> m_bars;
    std::shared_ptr<const ts::StepDistribution> m_distribution;
    int m_vocabSize = 0;
    double m_entropy = 0;
    double m_samplingEntropy = 0;
    int m_sampledRank = 0;
    float m_sampledProb = 0;
    int m_kept = 0;
    int m_cutoff = 0;
    double m_recomputeMs = 0;
    int m_hover = -1;
};

}  // namespace ts::ui
