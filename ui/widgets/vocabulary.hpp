#pragma once
// Display text for every token id, built once on the worker thread when a model loads, so
// the widgets can label candidates without touching the tokenizer (which the worker owns).
#include <QString>
#include <memory>
#include <string>
#include <vector>

namespace ts {
class Tokenizer;
}

namespace ts::ui {

// Spaces, newlines and tabs drawn as visible symbols (␣ ↵ →) so a chip for " the" does not
// look like "the".
QString visibleWhitespace(const QString& text);

struct Vocabulary {
    std::vector<std::string> bytes;  // raw bytes per id; empty when the model has no tokenizer
    int size = 0;                    // the model's n_vocab

    bool hasTokenizer() const { return !bytes.empty(); }
    // Decoded text (invalid UTF-8 replaced by U+FFFD), or "#id" without a tokenizer.
    QString text(int id) const;
    // text() with whitespace made visible, for chips and bar labels.
    QString display(int id) const;
    // The tokens' bytes joined before decoding, so characters split across tokens (Korean
    // syllables often are) come out whole.
    QString decode(const std::vector<int>& ids) const;

    static std::shared_ptr<const Vocabulary> build(const ts::Tokenizer* tokenizer, int nVocab);
};

using VocabularyPtr = std::shared_ptr<const Vocabulary>;

}  // namespace ts::ui
