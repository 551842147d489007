#pragma once
// Stage 1: the context as token chips. Whitespace is made visible, each chip shows its id,
// and the summary line says what the text cost in tokens (Korean: several per syllable).
#include <QByteArray>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/vocabulary.hpp"
#include "tokenscope/transcript.hpp"

class QScrollArea;

namespace ts::ui {

class ChipCanvas;
class SteadyLabel;

class TokenView : public QWidget {
    Q_OBJECT
  public:
    struct Chip {
        int position = 0;
        int id = 0;
        QString text;        // token text with whitespace made visible
        QString characters;  // prompt characters the token's bytes touch (prompt tokens)
        int byteStart = -1;  // in the prompt, -1 for generated tokens
        int byteEnd = -1;
        bool fromPrompt = false;
        bool partial = false;  // starts or ends inside a UTF-8 character
        bool pending = false;  // drawn but not yet fed back in (the next input)
        QByteArray bytes;      // the token's own bytes (UTF-8 pieces), empty when unknown
    };

    // A chip's bytes in hex, a line per character (or piece of one): "EB 82 98" for 나; up
    // to four one-byte characters share a line ("54 6F 64 61"). Or one byte a line, an empty
    // line between characters where one of them is several bytes.
    static QStringList hexLines(const QByteArray& bytes, bool oneBytePerLine = false);

    explicit TokenView(QWidget* parent = nullptr);

    void setVocabulary(VocabularyPtr vocab);
    void setRecord(TranscriptStepPtr record);
    void setContextLimit(int nCtx);
    void setHoveredPosition(int pos);

    const std::vector<Chip>& chips() const { return m_chips; }
    int promptTokenCount() const { return m_promptTokens; }
    int promptByteCount() const { return m_promptBytes; }
    int promptCharacterCount() const { return m_promptChars; }
    QString summaryText() const;
    // A short context is drawn as large cards that also show each token's bytes; a long
    // one as small chips (text and id) that wrap and scroll.
    bool showsBytes() const;

  signals:
    void positionHovered(int pos);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    friend class ChipCanvas;
    void rebuild();
    void retranslateUi();

    VocabularyPtr m_vocab;
    TranscriptStepPtr m_record;
    std::vector<Chip> m_chips;
    int m_nCtx = 0;
    int m_promptTokens = 0;
    int m_promptBytes = 0;
    int m_promptChars = 0;
    int m_hovered = -1;
    SteadyLabel* m_summary = nullptr;
    QScrollArea* m_scroll = nullptr;
    ChipCanvas* m_canvas = nullptr;
};

}  // namespace ts::ui
