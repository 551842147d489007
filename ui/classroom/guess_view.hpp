#pragma once
// Guess first, then reveal: a classroom game on any step of the loop (the step selected in the
// timeline, the newest by default). The step's context is shown with the next token hidden,
// and so are its distribution and the token it drew. The class's guesses are typed in (several
// at once, comma-separated) or picked from a shuffled shortlist; Reveal then shows each
// guess's probability and rank, how many guesses named the model's top token, and, last, the
// draw. A guess is text, read through the engine's one prompt path after the step's context
// (ts::scoreGuesses); one that is several tokens is scored by its first token, and the table
// says so. The scoring and the shortlist run off the GUI thread.
#include <QJsonObject>
#include <QStringList>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "core/transcript_model.hpp"
#include "tokenscope/guess.hpp"
#include "tokenscope/transcript.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTimer;
class QHBoxLayout;

namespace ts::ui {

class TranscriptFollower;

class GuessView : public ClassroomToolView {
    Q_OBJECT
  public:
    enum Column { Guess, ReadAs, Votes, Probability, Rank, Note, ColumnCount };
    explicit GuessView(QWidget* parent = nullptr);

    void setModel(const ModelInfo& info) override;
    // Follows the window's one history (null stops); the round is the selected step's.
    void observe(const TranscriptModel* model);
    // The step to guess (0-based history index; -1: the newest). A new step starts a new round.
    void setStep(int index);
    int stepIndex() const;
    // Adds guesses as typed (comma-separated); each is one vote.
    void addGuesses(const QString& text);
    QStringList guesses() const { return m_guesses; }
    void clearGuesses();
    // Scores the guesses off the GUI thread and shows them; `drawAtOnce` shows the draw with
    // them (headless pictures), otherwise it follows a moment later, as in class.
    void reveal(bool drawAtOnce = false);
    // Back to the hidden state with the same guesses.
    void hideAgain();
    bool isRevealed() const { return m_revealed; }
    bool isDrawShown() const;
    // "guesses": "a, b" (added), "reveal": true. Used by --guesses and lesson steps.
    void applySettings(const QJsonObject& settings);

    // What the reveal found (for tests): one per distinct guess, most probable first.
    const std::vector<ts::GuessScore>& scores() const { return m_scores; }
    int votesFor(const QString& guess) const;
    // Guesses (votes) that named the model's top token.
    int topVotes() const;
    QString verdictText() const;
    QString drawText() const;
    // The shortlist's tokens as shown (shuffled).
    QStringList shortlist() const { return m_shortTexts; }
    // What the hidden state shows of the context (the next token as a box).
    QString contextText() const;

  signals:
    // True while a round is on screen with its draw unrevealed: the window hides what would
    // give the answer away (the timeline names each step's drawn token); false again after.
    void concealChanged(bool conceal);

  protected:
    void retranslateUi() override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

  private:
    void fitContextFont();
    void prepareRound();
    void showScores();
    void showDraw();
    void refreshGuessList();
    TranscriptStepPtr currentRecord() const;
    void updateConceal();

    TranscriptFollower* m_follower = nullptr;
    int m_step = -1;
    TranscriptStepPtr
        m_record;           // the round's step (kept while shown, so it does not change under us)
    QStringList m_guesses;  // one per vote, as typed (trimmed)
    std::vector<ts::GuessScore> m_scores;
    QString m_context;
    std::vector<int> m_shortIds;
    QStringList m_shortTexts;
    bool m_revealed = false;
    bool m_drawShown = false;
    bool m_concealing = false;
    int m_topToken = -1;

    QLabel* m_explain = nullptr;
    QLabel* m_contextLabel = nullptr;
    QLabel* m_inputLabel = nullptr;
    QLineEdit* m_input = nullptr;
    QPushButton* m_add = nullptr;
    QLabel* m_shortLabel = nullptr;
    QHBoxLayout* m_shortRow = nullptr;
    QList<QPushButton*> m_shortButtons;
    QLabel* m_guessList = nullptr;
    QPushButton* m_clear = nullptr;
    QPushButton* m_reveal = nullptr;
    QPushButton* m_hide = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_draw = nullptr;
    QLabel* m_status = nullptr;
    QTimer* m_drawTimer = nullptr;
};

}  // namespace ts::ui
