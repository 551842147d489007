#include "widgets/vocabulary.hpp"

#include <QStringList>

#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::ui {

QString visibleWhitespace(const QString& text) {
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (c == u' ')
            out += QChar(0x2423);  // ␣
        else if (c == u'\n')
            out += QChar(0x21B5);  // ↵
        else if (c == u'\t')
            out += QChar(0x2192);  // →
        else if (c == u'\r')
            out += QStringLiteral("\\r");
        else
            out += c;
    }
    return out;
}

QString Vocabulary::text(int id) const {
    if (id >= 0 && id < static_cast<int>(bytes.size()))
        return QString::fromStdString(ts::toValidUtf8(bytes[static_cast<std::size_t>(id)]));
    return QStringLiteral("#%1").arg(id);
}

QString Vocabulary::display(int id) const {
    if (!hasTokenizer()) return text(id);
    const QString t = visibleWhitespace(text(id));
    return t.isEmpty() ? QStringLiteral("\u2205") : t;
}

QString Vocabulary::decode(const std::vector<int>& ids) const {
    if (!hasTokenizer()) {
        QStringList parts;
        for (int id : ids) parts << text(id);
        return parts.join(QLatin1Char(' '));
    }
    std::string joined;
    for (int id : ids)
        if (id >= 0 && id < static_cast<int>(bytes.size())) joined += bytes[static_cast<std::size_t>(id)];
    return QString::fromStdString(ts::toValidUtf8(joined));
}

std::shared_ptr<const Vocabulary> Vocabulary::build(const ts::Tokenizer* tokenizer, int nVocab) {
    auto v = std::make_shared<Vocabulary>();
    v->size = nVocab;
    if (tokenizer) {
        // The model's vocabulary may be larger than the tokenizer's (padded embeddings):
        // ids the tokenizer does not know stay empty.
        v->bytes.resize(static_cast<std::size_t>(nVocab));
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

}  // namespace ts::ui
