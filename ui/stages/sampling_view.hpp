#pragma once
// Stage 5 and the autoregressive loop, as something to watch: the text with the drawn token
// highlighted; logits → ÷T → softmax side by side for the top candidates, following the
// temperature slider; the draw itself, a cumulative bar of the distribution with the step's
// random number landing on the chosen token (animated when a new step arrives, exact when
// stepping back); and how the loop continues — or that it ends at end-of-text.
#include <QWidget>
#include <memory>
#include <vector>

#include "core/vocabulary.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/step_distribution.hpp"
#include "tokenscope/transcript.hpp"

class QMenu;
class QTextDocument;
class QVariantAnimation;

namespace ts::ui {

// The text band's HTML: the end of `after` with what the drawn token added highlighted (bytes at
// the end of `before` that it completes into a character included).
QString samplingTextBandHtml(const QString& before, const QString& after, const QString& drawnText);

class SamplingView : public QWidget {
    Q_OBJECT
  public:
    explicit SamplingView(QWidget* parent = nullptr);
    ~SamplingView() override;

    void setVocabulary(VocabularyPtr vocab);
    void setRecord(TranscriptStepPtr record);
    void setParams(const ts::SamplingParams& params);
    // The before/after comparison: the same step computed without the interventions on the
    // same tokens, or null. While it is the step shown, each candidate's probability reads
    // "41 % (before 63 %)" with a dark mark on its track where "before" ended.
    void setBefore(TranscriptStepPtr before);
    bool showsBefore() const;
    // A candidate's probability without the interventions at the slider's settings; -1 when
    // no comparison is shown.
    double beforeProbability(int token) const;
    void setModelLayers(int nLayer) {
        m_nLayer = nLayer;
        update();
    }
    // The model's context length: a step whose context is full ends the loop.
    void setContextLimit(int nCtx) {
        m_nCtx = nCtx;
        update();
    }
    // Whether the step shown is the newest one and whether a run is going: the loop sentence
    // says what comes next only of the newest step, and only a running loop goes on by itself.
    void setLoopState(bool newest, bool running);
    void setHoveredPosition(int pos);
    // How long the random number takes to land on a new step (the run's pace); 0 = at once.
    void setAnimationMs(int ms) { m_animationMs = ms; }

    // The context text with the drawn token appended (what the next step reads).
    QString continuedText() const;
    QString drawnTokenText() const;

    // The step's uniform random number in [0, 1) and where it lands, as the engine drew it;
    // u < 0 for a greedy step (temperature 0: no random number).
    struct Draw {
        double u = -1.0;
        int landed = -1;      // the token u lands on under the step's own settings
        bool byHand = false;  // the record's token is not where u lands: a what-if branch
    };
    Draw draw() const;
    // The token the same u would pick under the slider's current settings (-1 when greedy).
    int tokenAtCurrentSettings() const;
    bool endedAtEndOfText() const;
    // The step's context fills the model's: its drawn token can never be read.
    bool endedAtFullContext() const;
    // The step as people count it: 1 = the first token drawn after the prompt.
    int stepNumber() const { return m_record ? m_record->index + 1 : 0; }
    // The loop sentence under the draw ("… step 5 begins" or that the text ended).
    QString loopText() const;
    // The candidate painted at `pos` (a row of logits → probabilities, or its segment of the
    // draw bar), -1 where there is none; known once the view has been painted.
    int candidateAt(QPoint pos) const;
    // Where candidate `token`'s row was painted (empty if it was not): for tests and tours.
    QRectF candidateRect(int token) const;
    // The right-click menu at `pos`: ban / raise / lower the candidate there from this step on
    // (as the softmax view's); null where there is no candidate or the step is a file's.
    std::unique_ptr<QMenu> whatIfMenu(QPoint pos);

  signals:
    void positionHovered(int pos);
    // The right-click menu's what-ifs, wired as SoftmaxView's (the window branches here).
    void candidateBanned(int token);
    void candidateBiased(int token, float bias);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

  private:
    // What the paint needs, once per step and settings: the animation repaints the view 30
    // times a step. The distributions are descriptions (ts::StepDistribution), the worker's
    // for the step's own settings; only a slider off them makes one here.
    struct Computed {
        TranscriptStepPtr record;  // held, so a new step can never match a freed one's address
        TranscriptStepPtr unintervened;  // the before/after comparison's step, if any
        ts::SamplingParams params;
        std::shared_ptr<const ts::StepDistribution> now;    // under the slider's settings
        std::shared_ptr<const ts::StepDistribution> drawn;  // under the step's own settings
        // Without the interventions, under the slider's settings (null: no comparison).
        std::shared_ptr<const ts::StepDistribution> beforeNow;
        std::vector<int> top;  // the top candidates by logit (temperature 1's order)
        Draw draw;
        int tokenNow = -1;
        QString before, after;  // the context decoded, and with the drawn token appended
        QString html;           // the text band: the end of `after`, the drawn token marked
    };
    const Computed& computed() const;
    mutable Computed m_computed;

    // Paints the text band into `area` (or, with no painter, only measures it) and returns
    // the height it needs: the text grows (up to twice the font) while it fits the band.
    qreal paintText(QPainter* p, const QRectF& area);
    void paintPipeline(QPainter& p, const QRectF& area);
    void paintDraw(QPainter& p, const QRectF& area);
    // The draw band's texts and the heights they wrap to at a width; the band's least height
    // (with the smallest bar) is what the loop sentence needs to stay in sight.
    struct DrawTexts {
        QString head, settings, outcome, loop;
    };
    struct DrawHeights {
        qreal head = 0, settings = 0, outcome = 0, loop = 0, lead = 0;
        qreal total() const { return head + settings + lead + 22 + outcome + loop; }
    };
    DrawTexts drawTexts() const;
    DrawHeights drawHeights(const DrawTexts& t, qreal width) const;
    qreal drawNeeds(qreal width) const;

    VocabularyPtr m_vocab;
    TranscriptStepPtr m_record;
    TranscriptStepPtr m_before;
    ts::SamplingParams m_params;
    int m_nLayer = 0;
    int m_nCtx = 0;
    bool m_newest = true;
    bool m_running = false;
    int m_hovered = -1;
    int m_animationMs = 450;
    double m_progress = 1.0;  // how far the marker has travelled towards u
    QVariantAnimation* m_animation = nullptr;
    // The text band's laid-out document, kept between the animation's frames.
    std::unique_ptr<QTextDocument> m_textDoc;
    QString m_textDocHtml;
    qreal m_textDocWidth = -1;
    qreal m_textDocRoom = -1;  // the height its size was chosen for
    QFont m_textDocFont;
    // The candidates' rows and draw-bar segments as last painted (the right-click's targets).
    struct Hit {
        QRectF rect;
        int token = -1;
    };
    std::vector<Hit> m_hits;
};

}  // namespace ts::ui
