// Encoding and decoding. Loading lives in tokenizer_files.cpp and tokenizer_build.cpp.
#include "tokenscope/tokenizer.hpp"

#include <limits>

#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace {

struct AddedMatch {
    std::size_t start = std::string_view::npos;
    const AddedToken* token = nullptr;
};

// The earliest added token in text at or after from; on a tie the longest wins, so that
// "<|endoftext|>" beats a shorter added token that is its prefix.
AddedMatch findAdded(std::string_view text, std::size_t from,
                     const std::vector<AddedToken>& added, bool allowSpecial,
                     std::vector<std::size_t>& nextPos) {
    AddedMatch best;
    for (std::size_t i = 0; i < added.size(); ++i) {
        const AddedToken& t = added[i];
        if ((t.special && !allowSpecial) || t.content.empty()) continue;
        // Cached positions stay valid until the scan passes them.
        if (nextPos[i] == std::string_view::npos - 1 ||
            (nextPos[i] != std::string_view::npos && nextPos[i] < from)) {
            nextPos[i] = text.find(t.content, from);
        }
        const std::size_t p = nextPos[i];
        if (p == std::string_view::npos) continue;
        if (p < best.start || (p == best.start && t.content.size() > best.token->content.size())) {
            best.start = p;
            best.token = &t;
        }
    }
    return best;
}

}  // namespace

Tokenizer::Tokenizer(std::unique_ptr<TokenizerImpl> impl) : m_impl(std::move(impl)) {}
Tokenizer::~Tokenizer() = default;

std::vector<Token> Tokenizer::encode(std::string_view utf8, bool allowSpecial) const {
    checkUtf8(utf8, "tokenizer input");
    const TokenizerImpl& im = *m_impl;
    std::vector<Token> tokens;
    tokens.reserve(utf8.size() / 3 + 1);
    std::vector<ByteSpan> pieces;
    std::vector<int> ids;

    // Plain text between added tokens goes through the split pattern and BPE on its own,
    // as in HF tokenizers and tiktoken: the pattern never sees across an added token.
    auto encodePlain = [&](std::size_t begin, std::size_t end) {
        pieces.clear();
        im.pretokenizer.split(utf8.substr(begin, end - begin), pieces);
        for (const ByteSpan& piece : pieces) {
            const std::string_view word = utf8.substr(begin + piece.start, piece.end - piece.start);
            ids.clear();
            if (im.ignoreMerges) {
                const auto it = im.bytesToId.find(std::string(word));
                if (it != im.bytesToId.end()) ids.push_back(it->second);
            }
            if (ids.empty()) im.bpe.encodeWord(word, ids);
            std::size_t pos = begin + piece.start;
            for (int id : ids) {
                const std::size_t len = im.idToBytes[static_cast<std::size_t>(id)].size();
                tokens.push_back(Token{id, pos, pos + len});
                pos += len;
            }
        }
    };

    std::vector<std::size_t> nextPos(im.added.size(), std::string_view::npos - 1);
    std::size_t pos = 0;
    while (pos < utf8.size()) {
        const AddedMatch m = findAdded(utf8, pos, im.added, allowSpecial, nextPos);
        if (m.token == nullptr) {
            encodePlain(pos, utf8.size());
            break;
        }
        if (m.start > pos) encodePlain(pos, m.start);
        const std::size_t end = m.start + m.token->content.size();
        tokens.push_back(Token{m.token->id, m.start, end});
        pos = end;
    }
    return tokens;
}

std::vector<int> Tokenizer::encodeIds(std::string_view utf8, bool allowSpecial) const {
    const std::vector<Token> tokens = encode(utf8, allowSpecial);
    std::vector<int> ids;
    ids.reserve(tokens.size());
    for (const Token& t : tokens) ids.push_back(t.id);
    return ids;
}

std::string Tokenizer::decode(const std::vector<int>& ids) const {
    std::string out;
    for (int id : ids) out += tokenBytes(id);
    return out;
}

std::string Tokenizer::tokenBytes(int id) const {
    if (id < 0 || id >= vocabSize() || !m_impl->present[static_cast<std::size_t>(id)]) {
        throw Error("tokenizer: token id " + std::to_string(id) +
                    " is not in the vocabulary (size " + std::to_string(vocabSize()) + ")");
    }
    return m_impl->idToBytes[static_cast<std::size_t>(id)];
}

std::optional<int> Tokenizer::idOf(std::string_view tokenBytes) const {
    const auto it = m_impl->bytesToId.find(std::string(tokenBytes));
    if (it == m_impl->bytesToId.end()) return std::nullopt;
    return it->second;
}

int Tokenizer::vocabSize() const { return static_cast<int>(m_impl->idToBytes.size()); }

std::optional<int> Tokenizer::endOfTextId() const { return m_impl->endOfText; }

}  // namespace ts
