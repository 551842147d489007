// Encoding and decoding. Loading lives in tokenizer_files.cpp, tokenizer_build.cpp and
// tokenizer_extras.cpp. The order is Hugging Face's: added tokens are found in the raw text
// first; each stretch between them is normalized, pre-tokenized and run through BPE on its
// own, so no pattern or merge ever reaches across an added token.
#include "tokenscope/tokenizer.hpp"

#include <utf8proc.h>

#include <algorithm>
#include <cstdio>
#include <limits>

#include "tokenizer/tokenizer_impl.hpp"
#include "tokenizer/utf8.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace {

struct AddedMatch {
    std::size_t start = std::string_view::npos;
    const AddedToken* token = nullptr;
};

// The earliest added token in text at or after from; on a tie the longest wins, so that
// "<|endoftext|>" beats a shorter added token that is its prefix.
AddedMatch findAdded(std::string_view text, std::size_t from, const std::vector<AddedToken>& added,
                     bool allowSpecial, std::vector<std::size_t>& nextPos) {
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

// Letters, digits and '_': what a single_word token must not touch (Rust's is_alphanumeric).
bool isWordChar(char32_t c) {
    if (c == '_') return true;
    switch (utf8proc_category(static_cast<utf8proc_int32_t>(c))) {
        case UTF8PROC_CATEGORY_LU:
        case UTF8PROC_CATEGORY_LL:
        case UTF8PROC_CATEGORY_LT:
        case UTF8PROC_CATEGORY_LM:
        case UTF8PROC_CATEGORY_LO:
        case UTF8PROC_CATEGORY_ND:
        case UTF8PROC_CATEGORY_NL:
        case UTF8PROC_CATEGORY_NO:
            return true;
        default:
            return false;
    }
}

std::size_t previousCharStart(std::string_view s, std::size_t pos) {
    std::size_t p = pos - 1;
    while (p > 0 && (static_cast<unsigned char>(s[p]) & 0xC0U) == 0x80U) --p;
    return p;
}

struct Section {
    std::size_t start;
    std::size_t end;
    const AddedToken* token;  // null for plain text
};

std::vector<Section> splitOnAdded(std::string_view text, const std::vector<AddedToken>& added,
                                  bool allowSpecial) {
    std::vector<Section> sections;
    std::vector<std::size_t> nextPos(added.size(), std::string_view::npos - 1);
    std::size_t pos = 0;
    std::size_t searchFrom = 0;
    while (pos < text.size()) {
        const AddedMatch m = findAdded(text, searchFrom, added, allowSpecial, nextPos);
        if (m.token == nullptr) break;
        const std::size_t end = m.start + m.token->content.size();
        if (m.token->singleWord) {
            const bool wordBefore =
                m.start > 0 &&
                isWordChar(utf8::decodeAt(text, previousCharStart(text, m.start)).codepoint);
            const bool wordAfter =
                end < text.size() && isWordChar(utf8::decodeAt(text, end).codepoint);
            if (wordBefore || wordAfter) {
                searchFrom = m.start + 1;
                continue;
            }
        }
        if (m.start > pos) sections.push_back({pos, m.start, nullptr});
        sections.push_back({m.start, end, m.token});
        pos = end;
        searchFrom = end;
    }
    if (pos < text.size()) sections.push_back({pos, text.size(), nullptr});

    // lstrip / rstrip: the white space next to the token becomes part of it.
    for (std::size_t i = 0; i < sections.size(); ++i) {
        const AddedToken* t = sections[i].token;
        if (t == nullptr) continue;
        if (t->lstrip && i > 0 && sections[i - 1].token == nullptr) {
            Section& prev = sections[i - 1];
            std::size_t s = sections[i].start;
            while (s > prev.start) {
                const std::size_t c = previousCharStart(text, s);
                if (!utf8::isJsSpace(utf8::decodeAt(text, c).codepoint)) break;
                s = c;
            }
            prev.end = s;
            sections[i].start = s;
        }
        if (t->rstrip && i + 1 < sections.size() && sections[i + 1].token == nullptr) {
            Section& next = sections[i + 1];
            std::size_t e = sections[i].end;
            while (e < next.end) {
                const utf8::Decoded d = utf8::decodeAt(text, e);
                if (!utf8::isJsSpace(d.codepoint)) break;
                e += d.length;
            }
            next.start = e;
            sections[i].end = e;
        }
    }
    return sections;
}

std::string hexOf(char32_t cp) {
    char buf[16];
    std::snprintf(buf, sizeof(buf), "U+%04X", static_cast<unsigned>(cp));
    return buf;
}

// One pre-token through BPE: appends tokens with their input spans.
void encodePiece(const TokenizerImpl& im, const MappedText& piece, std::vector<Token>& tokens,
                 std::vector<int>& ids, std::vector<int>& starts, std::vector<int>& initial,
                 std::vector<std::size_t>& symbolOffset) {
    ids.clear();
    starts.clear();
    auto emit = [&](const std::vector<std::size_t>* offsetOfSymbol) {
        for (std::size_t k = 0; k < ids.size(); ++k) {
            auto at = [&](std::size_t symbol) -> std::size_t {
                if (offsetOfSymbol == nullptr) return symbol;
                return symbol < offsetOfSymbol->size() ? (*offsetOfSymbol)[symbol]
                                                       : piece.text.size();
            };
            const std::size_t b = at(static_cast<std::size_t>(starts[k]));
            const std::size_t e = k + 1 < ids.size() ? at(static_cast<std::size_t>(starts[k + 1]))
                                                     : piece.text.size();
            tokens.push_back(Token{ids[k], piece.origin[b], piece.origin[e]});
        }
    };
    if (im.spelling == VocabSpelling::ByteLevel) {
        if (im.ignoreMerges) {
            if (const int id = im.bytes.find(piece.text); id >= 0) {
                tokens.push_back(Token{id, piece.origin.front(), piece.origin.back()});
                return;
            }
        }
        im.bpe.encodeWord(piece.text, ids, &starts);
        emit(nullptr);
        return;
    }

    if (im.ignoreMerges) {
        if (const int id = im.keys.find(piece.text); id >= 0) {
            tokens.push_back(Token{id, piece.origin.front(), piece.origin.back()});
            return;
        }
    }
    initial.clear();
    symbolOffset.clear();
    bool lastWasUnk = false;
    for (std::size_t pos = 0; pos < piece.text.size();) {
        const utf8::Decoded d = utf8::decodeAt(piece.text, pos);
        const std::string ch = piece.text.substr(pos, d.length);
        if (const int id = im.keys.find(ch); id >= 0) {
            initial.push_back(id);
            symbolOffset.push_back(pos);
            lastWasUnk = false;
        } else {
            bool allBytes = im.byteFallback;
            for (unsigned char c : ch) allBytes = allBytes && im.byteFallbackIds[c] >= 0;
            if (allBytes) {
                for (std::size_t i = 0; i < ch.size(); ++i) {
                    initial.push_back(im.byteFallbackIds[static_cast<unsigned char>(ch[i])]);
                    symbolOffset.push_back(pos + i);
                }
                lastWasUnk = false;
            } else if (im.unkId) {
                if (!(lastWasUnk && im.fuseUnk)) {
                    initial.push_back(*im.unkId);
                    symbolOffset.push_back(pos);
                }
                lastWasUnk = true;
            } else {
                throw Error("tokenizer: the vocabulary has no token for character " +
                            hexOf(d.ok ? d.codepoint : 0xFFFD) +
                            " and no byte fallback or unknown token, so this text cannot be "
                            "encoded");
            }
        }
        pos += d.length;
    }
    im.bpe.encodeSymbols(piece.text, initial, ids, starts);
    emit(&symbolOffset);
}

}  // namespace

Tokenizer::Tokenizer(std::unique_ptr<TokenizerImpl> impl) : m_impl(std::move(impl)) {}
Tokenizer::~Tokenizer() = default;

std::vector<Token> Tokenizer::encode(std::string_view utf8, bool allowSpecial) const {
    checkUtf8(utf8, "tokenizer input");
    const TokenizerImpl& im = *m_impl;
    if (im.externalEncode) return im.externalEncode(utf8, allowSpecial);
    std::vector<Token> tokens;
    tokens.reserve(utf8.size() / 3 + 1);
    std::vector<MappedText> pieces;
    std::vector<int> ids;
    std::vector<int> starts;
    std::vector<int> initial;
    std::vector<std::size_t> symbolOffset;

    const std::vector<Section> sections = splitOnAdded(utf8, im.added, allowSpecial);
    for (std::size_t i = 0; i < sections.size(); ++i) {
        const Section& s = sections[i];
        if (s.token != nullptr) {
            tokens.push_back(Token{s.token->id, s.start, s.end});
            continue;
        }
        if (s.end <= s.start) continue;
        MappedText text = MappedText::identity(utf8.substr(s.start, s.end - s.start), s.start);
        if (im.normalizer) im.normalizer->apply(text);
        if (text.text.empty()) continue;
        pieces.clear();
        if (im.preTokenizer) {
            im.preTokenizer->run(std::move(text), static_cast<int>(i), pieces);
        } else {
            pieces.push_back(std::move(text));
        }
        for (const MappedText& piece : pieces) {
            encodePiece(im, piece, tokens, ids, starts, initial, symbolOffset);
        }
    }
    // Text a pre-tokenizer dropped (a Split with "Removed") joins the token after it, so the
    // spans still tile the input.
    std::size_t covered = 0;
    for (Token& t : tokens) {
        if (t.start > covered) t.start = covered;
        if (t.end < t.start) t.end = t.start;
        covered = t.end;
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
    if (!m_impl->bytes.has(id)) {
        throw Error("tokenizer: token id " + std::to_string(id) +
                    " is not in the vocabulary (size " + std::to_string(vocabSize()) + ")");
    }
    return std::string(m_impl->bytes.at(id));
}

std::shared_ptr<const Tokenizer> Tokenizer::fromExternal(ExternalVocabulary v) {
    if (!v.encode) throw Error("an external tokenizer needs an encoder");
    auto im = std::make_unique<TokenizerImpl>();
    v.present.resize(v.tokenBytes.size(), 0);
    for (std::size_t id = 0; id < v.tokenBytes.size(); ++id)
        if (v.present[id]) im->bytes.set(static_cast<int>(id), v.tokenBytes[id]);
    // The id space is the list's length, holes at its end included.
    im->bytes.reserveIds(v.tokenBytes.size());
    im->bytes.shrinkToFit();
    im->startRule = std::move(v.startRule);
    im->endIds = std::move(v.endIds);
    im->externalDescription = std::move(v.description);
    im->externalLossless = v.lossless;
    im->externalEncode = std::move(v.encode);
    im->fromTokenizerJson = true;  // special tokens recognised by default, as the servers do
    return std::make_shared<const Tokenizer>(std::move(im));
}

std::optional<int> Tokenizer::idOf(std::string_view tokenBytes) const {
    const int id = m_impl->bytes.find(tokenBytes);
    if (id < 0) return std::nullopt;
    return id;
}

int Tokenizer::vocabSize() const { return static_cast<int>(m_impl->bytes.size()); }

std::optional<int> Tokenizer::endOfTextId() const { return m_impl->endOfText; }

const std::vector<int>& Tokenizer::endTokenIds() const { return m_impl->endIds; }

bool Tokenizer::isEndToken(int id) const {
    return std::find(m_impl->endIds.begin(), m_impl->endIds.end(), id) != m_impl->endIds.end();
}

const StartTokenRule& Tokenizer::startToken() const { return m_impl->startRule; }

std::vector<int> Tokenizer::withStartToken(std::vector<int> ids) const {
    const StartTokenRule& r = m_impl->startRule;
    if (r.add && r.id && (ids.empty() || ids.front() != *r.id)) ids.insert(ids.begin(), *r.id);
    return ids;
}

bool Tokenizer::recognisesSpecialByDefault() const { return m_impl->fromTokenizerJson; }

bool Tokenizer::isLossless() const {
    const TokenizerImpl& im = *m_impl;
    if (im.externalEncode) return im.externalLossless;
    return im.spelling == VocabSpelling::ByteLevel && (!im.normalizer || im.normalizer->empty()) &&
           !(im.preTokenizer && im.preTokenizer->changesText());
}

const std::string& Tokenizer::chatTemplate() const { return m_impl->extras.chatTemplate; }
const std::string& Tokenizer::bosTokenText() const { return m_impl->extras.bosToken; }
const std::string& Tokenizer::eosTokenText() const { return m_impl->extras.eosToken; }
const std::filesystem::path& Tokenizer::sourceFile() const { return m_impl->sourceFile; }

std::string Tokenizer::describe() const {
    const TokenizerImpl& im = *m_impl;
    if (im.externalEncode) return im.externalDescription;
    const std::string digits = std::to_string(vocabSize());
    std::string n;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) n.push_back(',');
        n.push_back(digits[i]);
    }
    std::string kind =
        im.spelling == VocabSpelling::ByteLevel ? "byte-level BPE" : "SentencePiece-style BPE";
    if (im.byteFallback) kind += " with byte fallback";
    return kind + ", " + im.formatName + ", " + n + " ids";
}

}  // namespace ts
