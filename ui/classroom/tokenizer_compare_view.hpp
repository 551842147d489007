#pragma once
// Tokenizer comparison: the same text through two to four tokenizers side by side (the
// loaded model's, GPT-2's when its vocabulary is on this machine, and any tokenizer.json or
// folder the user adds), with tokens per character. Its lesson: Korean costs GPT-2 several
// tokens a syllable and Qwen about one, so the same sentence costs several times the time
// and money. Tokenizers load on a worker thread (a Qwen vocabulary takes about a second).
// "Korean paragraph: every tokenizer" runs the survey of tokenizer_survey.hpp: one fixed
// Korean paragraph through every tokenizer this machine has, as a table of tokens per
// syllable and byte-token share, naming the ones it could not include.
#include <QJsonObject>
#include <QString>
#include <QWidget>
#include <memory>
#include <string>
#include <vector>

#include "classroom/tokenizer_survey.hpp"
#include "core/model_info.hpp"
#include "core/task.hpp"
#include "tokenscope/tokenizer.hpp"

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QHBoxLayout;
class QTimer;

class QScrollArea;
class QTableWidget;

namespace ts::ui {

// What one tokenizer makes of a text; pure, so tests can check it without a window.
struct TokenCount {
    std::vector<ts::Token> tokens;
    int characters = 0;  // Unicode code points
    int bytes = 0;
    double tokensPerCharacter = 0.0;
    QString error;  // non-empty when the text could not be encoded
};
TokenCount countTokens(const ts::Tokenizer& tokenizer, const std::string& utf8);

// The chip texts of a token sequence, as every view shows tokens (tokenscope/token_display):
// a token holding part of a character reads "범 1/3", white space is visible ("␣the").
std::vector<QString> tokenChipTexts(const ts::Tokenizer& tokenizer,
                                    const std::vector<ts::Token>& tokens);

class TokenizerBars;

class TokenizerCompareView : public QWidget {
    Q_OBJECT
  public:
    static constexpr int kMaxColumns = 4;

    explicit TokenizerCompareView(QWidget* parent = nullptr);
    ~TokenizerCompareView() override;

    // The loaded model's tokenizer takes the first column.
    void setModel(const ModelInfo& info);
    void setText(const QString& text);
    QString text() const;
    // Adds a column now (the tokenizer is already loaded); false when all four are taken.
    bool addTokenizer(const QString& name, std::shared_ptr<const ts::Tokenizer> tokenizer);
    // Loads a tokenizer.json, vocab.json or folder on a worker thread, then adds it;
    // emits loadFailed (and shows a dialog unless quiet) when it cannot.
    void loadTokenizer(const QString& path, bool quiet = false);
    void removeColumn(int index);

    // The Korean survey: the paragraph in the text box, then every tokenizer (off the GUI
    // thread) into the table; surveyFinished() when the table is filled.
    void runKoreanSurvey();
    bool surveyRunning() const { return m_surveyTask.isRunning(); }
    const std::vector<SurveyRow>& surveyRows() const { return m_surveyRows; }
    QTableWidget* surveyTable() const { return m_surveyTable; }
    // A lesson step's settings: {"survey": true} runs the Korean survey.
    void applySettings(const QJsonObject& settings);

    int columnCount() const { return static_cast<int>(m_columns.size()); }
    QString columnName(int index) const;
    const TokenCount& columnTokens(int index) const;
    bool isLoading() const;

  signals:
    void tokenizerAdded(int index);
    void loadFailed(const QString& message);
    void surveyFinished();

  protected:
    void changeEvent(QEvent* event) override;
    static void fitRemoveButton(QPushButton* button);
    void resizeEvent(QResizeEvent* event) override;

  private:
    struct Column {
        QString name;        // a file or folder name; empty for the loaded model's column
        bool model = false;  // the loaded model's: titled "Model: NAME" in the current language
        std::shared_ptr<const ts::Tokenizer> tokenizer;
        TokenCount count;
        QWidget* box = nullptr;
        QLabel* title = nullptr;
        QLabel* stats = nullptr;
        QLabel* chips = nullptr;
        QPushButton* remove = nullptr;
    };
    void retranslateUi();
    QString title(const Column& column) const;
    void recount();
    void rebuildColumns();
    void chooseFile();
    void chooseFolder();
    void loadDefaults();
    void startNextLoad();
    void fillSurveyTable();
    void showSurveyIfCurrent();

    QLabel* m_intro = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QPushButton* m_addFile = nullptr;
    QPushButton* m_addFolder = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_surveyButton = nullptr;
    QTableWidget* m_surveyTable = nullptr;
    QLabel* m_surveyMissing = nullptr;
    std::vector<SurveyRow> m_surveyRows;
    BackgroundTask m_surveyTask;
    TokenizerBars* m_bars = nullptr;
    QHBoxLayout* m_columnsLayout = nullptr;
    QScrollArea* m_scroll = nullptr;
    // Grows each column's chips (up to 3x) while they still fit the column without
    // scrolling: one sentence is read from the back of the room, a long text wraps small.
    void fitChips();
    QTimer* m_debounce = nullptr;
    std::vector<Column> m_columns;
    QString m_modelName;             // the loaded model's name (untranslated)
    std::vector<QString> m_pending;  // paths still to load, one at a time
    std::vector<bool> m_pendingQuiet;
    BackgroundTask m_task;
};

}  // namespace ts::ui
