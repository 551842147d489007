// Qt side of token display text: the bytes of every id, and QString wrappers around the
// engine's ts::tokenDisplay* so every view reads a token the same way as the CLI.
#include "core/vocabulary.hpp"

#include <QStringList>

#include "tokenscope/error.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

namespace {
QString qs(const std::string& s) { return QString::fromStdString(s); }
const std::string kNoBytes;
}  // namespace

QString visibleWhitespace(const QString& text) {
    return qs(ts::visibleWhitespace(text.toStdString()));
}

const std::string& Vocabulary::bytesOf(int id) const {
    if (id >= 0 && id < static_cast<int>(bytes.size())) return bytes[static_cast<std::size_t>(id)];
    return kNoBytes;
}

QString Vocabulary::text(int id) const {
    if (id >= 0 && id < static_cast<int>(bytes.size())) return qs(ts::bytesAsText(bytesOf(id)));
    return QStringLiteral("#%1").arg(id);
}

QString Vocabulary::display(int id) const {
    if (!hasTokenizer() || id < 0 || id >= static_cast<int>(bytes.size()))
        return QStringLiteral("#%1").arg(id);
    return qs(ts::tokenDisplay(bytesOf(id)));
}

QString Vocabulary::displayAfter(std::span<const int> context, int id) const {
    if (!hasTokenizer() || id < 0 || id >= static_cast<int>(bytes.size()))
        return QStringLiteral("#%1").arg(id);
    std::string tail;
    // Three bytes of context finish any character the token completes.
    for (auto it = context.rbegin(); it != context.rend() && tail.size() < 3; ++it)
        tail.insert(0, bytesOf(*it));
    return qs(ts::tokenDisplayAfter(tail, bytesOf(id)));
}

std::vector<std::string> Vocabulary::displays(std::span<const int> ids) const {
    if (!hasTokenizer()) {
        std::vector<std::string> out;
        // Appended, not "#" + to_string(id): GCC 12 warns falsely on that (bug 105329).
        for (int id : ids) out.push_back(std::string("#").append(std::to_string(id)));
        return out;
    }
    std::vector<std::string> parts;
    parts.reserve(ids.size());
    for (int id : ids) parts.push_back(bytesOf(id));
    return ts::tokenDisplays(parts);
}

QString Vocabulary::decode(std::span<const int> ids) const {
    if (!hasTokenizer()) {
        QStringList parts;
        for (int id : ids) parts << text(id);
        return parts.join(QLatin1Char(' '));
    }
    std::string joined;
    for (int id : ids) joined += bytesOf(id);
    return qs(ts::bytesAsText(joined));
}

std::shared_ptr<const Vocabulary> Vocabulary::build(const ts::Tokenizer* tokenizer, int nVocab) {
    auto v = std::make_shared<Vocabulary>();
    v->size = nVocab;
    if (tokenizer) {
        // The model's vocabulary may be larger than the tokenizer's (padded embeddings):
        // ids the tokenizer does not know stay empty.
        v->bytes.resize(static_cast<std::size_t>(nVocab));
        if (const auto eos = tokenizer->endOfTextId()) v->endOfText = *eos;
        const int n = std::min(nVocab, tokenizer->vocabSize());
        for (int id = 0; id < n; ++id) {
            try {
                v->bytes[static_cast<std::size_t>(id)] = tokenizer->tokenBytes(id);
            } catch (const ts::Error&) {
                // A hole in vocab.json: leave it empty, the label falls back to nothing.
            }
        }
    }
    return v;
}

QString tokenDisplayText(const ts::Tokenizer* tokenizer, int id) {
    if (tokenizer) {
        try {
            return QString::fromStdString(ts::tokenDisplay(tokenizer->tokenBytes(id)));
        } catch (const std::exception&) {
        }
    }
    return QStringLiteral("#%1").arg(id);
}

std::vector<QString> tokenDisplayTexts(const ts::Tokenizer& tokenizer,
                                       const std::vector<int>& ids) {
    std::vector<std::string> bytes;
    bytes.reserve(ids.size());
    for (int id : ids) {
        try {
            bytes.push_back(tokenizer.tokenBytes(id));
        } catch (const std::exception&) {
            bytes.emplace_back();  // an id the tokenizer does not know: shown as ∅
        }
    }
    std::vector<QString> out;
    out.reserve(ids.size());
    for (const auto& s : ts::tokenDisplays(bytes)) out.push_back(qs(s));
    return out;
}

}  // namespace ts::ui
