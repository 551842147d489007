#pragma once
// Compare two prompts (#45): a clean prompt and a corrupted copy that differs in a word, side by
// side with their most likely next tokens; the difference in attention of a chosen head; and the
// activation-patching heatmap of ts::patchResidualStream (block x position: the share of
// logit(answer) - logit(wrong) that comes back when the corrupted run takes the clean run's
// residual entering that block at that position). The answer and wrong tokens are picked from
// the two runs' top candidates (by default each run's most likely token). Everything runs off
// the GUI thread with progress and Cancel; prompts of different token lengths are refused.
#include <QJsonObject>
#include <QString>
#include <utility>
#include <vector>

#include "classroom/classroom_tool_view.hpp"
#include "tokenscope/trace.hpp"
#include "tokenscope/what_if.hpp"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ts::ui {

class HeatmapWidget;
class TokenFlow;

class PatchView : public ClassroomToolView {
    Q_OBJECT
  public:
    // The next-token candidates shown per prompt and offered as answer and wrong tokens.
    static constexpr int kTopK = 8;

    // What one comparison computed (public so tests can read it).
    struct Result {
        std::vector<int> clean, corrupt;
        std::vector<std::pair<int, float>> cleanTop, corruptTop;  // (id, probability)
        ts::AttentionTrace cleanAttention, corruptAttention;
        int answer = -1;
        int wrong = -1;
        bool patched = false;  // false: `note` says why (the pair does not separate the prompts)
        ts::PatchingResult patching;
        QString note;
    };

    explicit PatchView(QWidget* parent = nullptr);
    // A new model drops the shown comparison (its tokens are the old model's).
    void setModel(const ModelInfo& info) override;

    // The example pair (the seed's sentence with 수진, a copy with another name) in `language`;
    // prompts the teacher has not edited follow the interface's language.
    void setLanguage(const QString& language);
    static QString exampleClean(const QString& language);
    static QString exampleCorrupt(const QString& language);
    void setPrompts(const QString& clean, const QString& corrupt);
    QString cleanPrompt() const;
    QString corruptPrompt() const;
    // Answer and wrong tokens for the next run (ids; -1: the default, each run's top token).
    void chooseTokens(int answer, int wrong);
    // Lesson and headless settings: clean, corrupt (text), layer, head (1-based, the attention
    // difference), run (bool).
    void applySettings(const QJsonObject& settings);
    void run();
    // The attention difference's head (0-based); kept for later runs. Until one is set, each
    // run shows the head whose attention differs most between the prompts.
    void setHead(int layer, int head);
    std::pair<int, int> shownHead() const;

    bool hasResult() const { return m_hasResult; }
    const Result& result() const { return m_result; }
    const HeatmapWidget* patchMap() const { return m_patchMap; }
    const HeatmapWidget* attentionMap() const { return m_attentionMap; }
    QString statusText() const;
    QString summaryText() const;
    double progress() const;

  protected:
    void retranslateUi() override;

  private:
    void showResult();
    void showAttention();
    void fillTokenChoices();
    void clearResult();
    void setStatus(const QString& text);
    // (layer, head), 0-based, with the largest summed |clean - corrupted| attention.
    std::pair<int, int> mostChangedHead() const;
    QString tokenText(int id) const;

    QString m_language = QStringLiteral("en");
    QLabel* m_cleanLabel = nullptr;
    QLabel* m_corruptLabel = nullptr;
    QLineEdit* m_clean = nullptr;
    QLineEdit* m_corrupt = nullptr;
    QPushButton* m_example = nullptr;
    QLabel* m_answerLabel = nullptr;
    QLabel* m_wrongLabel = nullptr;
    QComboBox* m_answer = nullptr;
    QComboBox* m_wrong = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_cleanTitle = nullptr;
    QLabel* m_corruptTitle = nullptr;
    TokenFlow* m_cleanTokens = nullptr;
    TokenFlow* m_corruptTokens = nullptr;
    TokenFlow* m_cleanTopFlow = nullptr;
    TokenFlow* m_corruptTopFlow = nullptr;
    QLabel* m_headLabel = nullptr;
    QSpinBox* m_layer = nullptr;
    QSpinBox* m_head = nullptr;
    QLabel* m_attentionTitle = nullptr;
    HeatmapWidget* m_attentionMap = nullptr;
    QLabel* m_patchTitle = nullptr;
    HeatmapWidget* m_patchMap = nullptr;
    QLabel* m_summary = nullptr;
    Result m_result;
    bool m_hasResult = false;
    // The token choice holds for the prompts it was made on.
    int m_chosenAnswer = -1;
    int m_chosenWrong = -1;
    std::pair<QString, QString> m_chosenFor;
    QString m_lengthMismatch;
    bool m_headChosen = false;
    bool m_pickingHead = false;  // the refusal shown while the prompts' lengths differ
};

}  // namespace ts::ui
