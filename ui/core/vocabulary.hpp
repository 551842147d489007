#pragma once
// Display text for every token id, built once on the worker thread when a model loads, so
// the widgets can label candidates without touching the tokenizer (which the worker owns).
// How a token reads is decided by the engine's ts::tokenDisplay* (the CLI uses the same):
// this class only holds the bytes and turns the results into QStrings.
#include <QString>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace ts {
class Tokenizer;
}

namespace ts::ui {

// Spaces, newlines and tabs drawn as visible symbols (␣ ↵ →) so a chip for " the" does not
// look like "the" (ts::visibleWhitespace on the UTF-8).
QString visibleWhitespace(const QString& text);

struct Vocabulary {
    std::vector<std::string> bytes;  // raw bytes per id; empty when the model has no tokenizer
    int size = 0;                    // the model's n_vocab
    int endOfText = -1;              // <|endoftext|>'s id, -1 when the tokenizer has none

    bool hasTokenizer() const { return !bytes.empty(); }
    // The token's bytes ("" for an unknown id).
    const std::string& bytesOf(int id) const;
    // Decoded text (bytes that are not whole characters as <XX>), or "#id" without a tokenizer.
    QString text(int id) const;
    // The token alone as it reads on screen: visible whitespace, "<EB>" for a byte that is not
    // a whole character, "∅" when empty.
    QString display(int id) const;
    // The token appended after `context` (a candidate or the drawn token): a token that
    // completes a character begun in the context shows it ("범 3/3").
    QString displayAfter(std::span<const int> context, int id) const;
    // Every token of `ids` read in context ("범 1/3", "범 2/3", …).
    std::vector<std::string> displays(std::span<const int> ids) const;
    // The tokens' bytes joined before decoding, so characters split across tokens (Korean
    // syllables often are) come out whole; leftover bytes as <XX>.
    QString decode(std::span<const int> ids) const;

    static std::shared_ptr<const Vocabulary> build(const ts::Tokenizer* tokenizer, int nVocab);
};

using VocabularyPtr = std::shared_ptr<const Vocabulary>;

// One token alone as every view shows it (ts::tokenDisplay: "<EB>" for a lone byte), read
// from an immutable tokenizer; "#id" without one or for an id it does not know (a model
// with a larger table than its tokenizer).
QString tokenDisplayText(const ts::Tokenizer* tokenizer, int id);
// Every token of a sequence read in context (ts::tokenDisplays), from an immutable tokenizer: a
// token that splits a Korean syllable shows it and its part ("범 1/3"), as every other view does;
// an id the tokenizer does not know reads as "∅".
std::vector<QString> tokenDisplayTexts(const ts::Tokenizer& tokenizer, const std::vector<int>& ids);

}  // namespace ts::ui
