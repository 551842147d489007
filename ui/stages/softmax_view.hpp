#pragma once
// Stage 4: the next-token distribution as horizontal bars, drawn from the step's
// ts::StepDistribution: the worker's at the step's own settings, or one made from the stored
// logits when the temperature slider moves (stage_distribution.hpp), so moving the slider
// never runs the model and a step during a run costs the GUI thread no pass over the
// vocabulary.
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/vocabulary.hpp"
#include "tokenscope/step_distribution.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::ui {

class SoftmaxView : public QWidget {
    Q_OBJECT
    // The straight chart's axis: 0-100 % whatever the top candidate holds (true), so a low
    // temperature visibly piles the probability up and a high one flattens it; or stretched to the
    // top candidate (false), which shows the small ones better. Lessons switch it on (a step's
    // "fixedAxis"), the user with a right click; off by default outside lessons.
    Q_PROPERTY(bool fixedAxis READ fixedAxis WRITE setFixedAxis)
  public:
    struct Bar {
        int token = 0;
        float prob = 0;        // softmax of the logits at the temperature
        float sampled = 0;     // after top-k/top-p and renormalisation: what is drawn from
        bool cut = false;      // removed by top-k/top-p
        float cumulative = 0;  // prob of this candidate and all above it (what top-p reads)
        float atOne = 0;       // probability at temperature 1, the model's own
        // The before/after comparison: the probability the same step had without the
        // interventions, at the same settings (-1 while there is no comparison).
        float before = -1;
        bool extra = false;  // shown only for its "before" (banned now, likely before)
    };

    explicit SoftmaxView(QWidget* parent = nullptr);

    void setVocabulary(VocabularyPtr vocab);
    void setRecord(TranscriptStepPtr record);
    // Re-renders from the stored logits: no engine call.
    void setParams(const ts::SamplingParams& params);
    // The before/after comparison: the same step computed without the interventions (on the
    // same tokens), or null. Shown only while it is the step shown (same index and context):
    // a grey bar per candidate in the place of the log chart, and a mark on each bar.
    void setBefore(TranscriptStepPtr before);
    bool showsBefore() const;
    void setBarCount(int n);
    void setFixedAxis(bool on);
    bool fixedAxis() const { return m_fixedAxis; }
    // The straight chart's tick labels as painted last ("0%", "25%", ...).
    const QStringList& tickLabels() const { return m_ticks; }
    // "Tokens under 0.01 % hold 11 % together": the tail of what the step is drawn from
    // (ts::StepDistribution's tail, made off the GUI thread); empty without a record.
    QString tailNote() const;

    const std::vector<Bar>& bars() const { return m_bars; }
    // A model server that gave only its top K next-token logprobs (StepTrace::tailMass > 0):
    // the K bars hold their true probabilities and one more bar, "rest of the vocabulary",
    // holds what the server did not itemise. Its share at the temperature: exact at 1 (1 − Σp
    // of the K), approximate elsewhere (the rest taken as evenly spread over its tokens);
    // sampling never draws from it. -1 without such a bar.
    double restMass() const { return m_restMass; }
    int restTokens() const { return m_restTokens; }
    // The two lines under the header that say so ("" without a rest bar).
    QStringList restNote() const;
    double entropyBits() const { return m_entropy; }
    int sampledRank() const { return m_sampledRank; }
    float sampledProb() const { return m_sampledProb; }
    int keptTokens() const { return m_kept; }
    // Bars shown above the top-k/top-p cut-off line; bars().size() when none are cut.
    int cutoffIndex() const { return m_cutoff; }
    // Milliseconds the last recompute from logits took (shown in the corner, checked in tests).
    double lastRecomputeMs() const { return m_recomputeMs; }
    const TranscriptStepPtr& record() const { return m_record; }
    // The before/after comparison's step (null without one; see showsBefore()).
    const TranscriptStepPtr& before() const { return m_before; }
    const ts::SamplingParams& params() const { return m_params; }

  signals:
    // The user clicked a candidate: "what if the model had drawn this one?"
    void candidateChosen(int token);
    // Its right-click menu: ban the candidate, or add `bias` to its logit, from this step on
    // (the window branches here with the set).
    void candidateBanned(int token);
    void candidateBiased(int token, float bias);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

  private:
    void recompute();
    void addBefore(const ts::StepDistribution& now);
    int barAt(QPoint p) const;
    int headerLines() const { return m_restMass >= 0 ? 5 : 4; }
    // Scales the K bars to their share of the whole vocabulary and sets the rest bar.
    void applyRest(const ts::StepDistribution& d);
    QRect barArea() const;
    int rowHeight() const;

    VocabularyPtr m_vocab;
    TranscriptStepPtr m_record;
    TranscriptStepPtr m_before;
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
    bool m_fixedAxis = false;
    double m_restMass = -1;
    double m_restAtOne = 0;  // the server's own: 1 − Σp of the K
    int m_restTokens = 0;
    QStringList m_ticks;
};

}  // namespace ts::ui
