#pragma once
// Hallucination lens, part one: any text — generated, or pasted — scored token by token
// under the model and coloured by probability, rank or entropy. Clicking a token lists the
// alternatives the model preferred there. Confident-looking text that the model found
// unlikely (or fluent text it found likely but is false) is the point of the lesson. It
// observes the window's one TranscriptModel for "Use the generated text" (no copy of the steps).
#include <QJsonObject>
#include <QString>
#include <QWidget>
#include <vector>

#include "core/model_info.hpp"
#include "core/task.hpp"
#include "core/transcript_model.hpp"
#include "tokenscope/experiments.hpp"

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace ts::ui {

class FactRemedyPanel;
class TokenFlow;
class TranscriptFollower;

struct TokenScore {
    int token = 0;
    QString text;         // visible token text
    bool scored = false;  // the first token has nothing before it to predict it
    float prob = 0;
    int rank = 0;
    float entropyBits = 0;  // of the distribution the token was predicted from
    std::vector<std::pair<QString, float>> alternatives;  // top candidates there
};

// Scores `utf8` under the model: one entry per token. Throws ts::Error.
std::vector<TokenScore> scoreText(const ModelInfo& info, const std::string& utf8,
                                  const std::atomic<bool>* cancel = nullptr);

class ConfidenceView : public QWidget {
    Q_OBJECT
  public:
    enum class Measure { Probability, Rank, Entropy };
    explicit ConfidenceView(QWidget* parent = nullptr);

    void setModel(const ModelInfo& info);
    // "Give it the fact" (hallucination's remedy) over these probes' held-out facts; the text
    // scored becomes the shown probe's fact, prompt and truth while the switch is on.
    void setFactProbes(const std::vector<ts::FactProbe>& probes);
    FactRemedyPanel* remedy() const { return m_remedy; }
    // Follows `model` (the window's one history); null stops.
    void observe(const TranscriptModel* model);
    const TranscriptModel* transcript() const;
    // The prompt and every token drawn so far, as text (read from the history when asked).
    QString generatedText() const;
    // "Use the generated text" is offered (the history has steps).
    bool canUseGenerated() const;
    void setText(const QString& text);
    void applySettings(const QJsonObject& settings);
    void score();
    // Scoring runs off the GUI thread; true until its result is on screen.
    bool isBusy() const { return m_task.isRunning(); }
    void setMeasure(Measure m);
    Measure measure() const { return m_measure; }
    // Public for tests: show canned scores.
    void showScores(std::vector<TokenScore> scores);
    const TokenFlow* flow() const { return m_flow; }
    // Colour a score gets under the current measure.
    QColor colourFor(const TokenScore& s) const;
    QString legendText() const;
    int alternativesShown() const;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void retranslateUi();
    void refreshColours();
    void showAlternatives(int index);

    ModelInfo m_info;
    BackgroundTask m_task;
    std::vector<TokenScore> m_scores;
    TranscriptFollower* m_follower = nullptr;
    Measure m_measure = Measure::Probability;
    QPlainTextEdit* m_text = nullptr;
    QPushButton* m_score = nullptr;
    QPushButton* m_useGenerated = nullptr;
    QComboBox* m_measureBox = nullptr;
    QLabel* m_measureLabel = nullptr;
    QLabel* m_legend = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_altTitle = nullptr;
    QListWidget* m_alternatives = nullptr;
    TokenFlow* m_flow = nullptr;
    FactRemedyPanel* m_remedy = nullptr;
};

}  // namespace ts::ui
