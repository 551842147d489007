// Turns parsed vocab/merges/added tokens into the tables encode() uses, checking them on
// the way: every error names the file (and the merges line) so a user can fix it.
#include "tokenizer/byte_unicode.hpp"
#include "tokenizer/tokenizer_impl.hpp"
#include "tokenscope/error.hpp"

namespace ts {

namespace {

// Far beyond any real vocabulary; stops a typo such as 5025600 from allocating gigabytes.
constexpr int kMaxVocabId = (1 << 24) - 1;
// The id tables are indexed by id, so their size follows the largest id, not the number of
// entries. Real vocabularies are dense (ids 0..N-1, a few holes at most), so the largest id
// may exceed the number of entries by this many plus as many again; a 20 KB file with one
// id of 16,777,215 once took 555 MB (issue #40) and is refused instead.
constexpr std::size_t kAllowedHoles = 1024;

// Refuses ids too sparse for tables indexed by id, before any table is sized.
void requireDenseIds(const TokenizerSource& source) {
    const std::size_t entries = source.vocab.size() + source.added.size();
    const std::size_t allowed = 2 * entries + kAllowedHoles;
    auto check = [&](int id, const std::string& token, const char* kind) {
        if (id >= 0 && static_cast<std::size_t>(id) >= allowed)
            throw Error(source.vocabWhere + ": " + kind + " \"" + token + "\" has id " +
                        std::to_string(id) + ", but the vocabulary has only " +
                        std::to_string(entries) +
                        " entries: ids must be numbered from 0 without large gaps (at most " +
                        std::to_string(allowed - 1) + " here)");
    };
    for (const auto& [key, id] : source.vocab) check(id, key, "token");
    for (const AddedToken& t : source.added) check(t.id, t.content, "added token");
}

// "<0x0A>" -> 0x0A: SentencePiece's byte tokens.
std::optional<unsigned char> byteTokenValue(const std::string& key) {
    if (key.size() != 6 || key.compare(0, 3, "<0x") != 0 || key[5] != '>') return std::nullopt;
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    const int hi = hex(key[3]);
    const int lo = hex(key[4]);
    if (hi < 0 || lo < 0) return std::nullopt;
    return static_cast<unsigned char>(hi * 16 + lo);
}

// What a key of a plain-text vocabulary stands for: the space marker is a space and a byte
// token is its byte.
std::string textKeyBytes(const std::string& key, const std::string& marker, bool byteFallback) {
    if (byteFallback) {
        if (const auto b = byteTokenValue(key)) return std::string(1, static_cast<char>(*b));
    }
    if (marker.empty()) return key;
    std::string out;
    std::size_t pos = 0;
    while (true) {
        const std::size_t hit = key.find(marker, pos);
        out.append(key, pos, hit == std::string::npos ? std::string::npos : hit - pos);
        if (hit == std::string::npos) break;
        out += ' ';
        pos = hit + marker.size();
    }
    return out;
}

}  // namespace

std::unique_ptr<TokenizerImpl> buildTokenizer(TokenizerSource source) {
    auto im = std::make_unique<TokenizerImpl>();
    const std::string& where = source.vocabWhere;
    im->spelling = source.spelling;
    im->byteFallback = source.byteFallback;
    im->fuseUnk = source.fuseUnk;
    im->spaceMarker = source.spaceMarker;
    im->byteFallbackIds.fill(-1);
    const bool byteLevel = source.spelling == VocabSpelling::ByteLevel;
    requireDenseIds(source);

    TokenStrings& keys = im->keys;
    for (const auto& [keyText, id] : source.vocab) {
        if (id < 0 || id > kMaxVocabId) {
            throw Error(where + ": token \"" + keyText + "\" has id " + std::to_string(id) +
                        ", outside 0.." + std::to_string(kMaxVocabId));
        }
        if (keys.has(id)) {
            throw Error(where + ": id " + std::to_string(id) + " is used by both \"" +
                        std::string(keys.at(id)) + "\" and \"" + keyText + "\"");
        }
        keys.set(id, keyText);
        // Keys outside the byte-level alphabet (some tokenizer.json files list added tokens
        // in the vocab) stand for their own UTF-8 bytes.
        if (byteLevel) {
            std::optional<std::string> bytes = byte_unicode::decodeSymbol(keyText);
            im->bytes.set(id, bytes ? *bytes : keyText);
        } else {
            im->bytes.set(id, textKeyBytes(keyText, source.spaceMarker, source.byteFallback));
            if (source.byteFallback) {
                if (const auto b = byteTokenValue(keyText)) im->byteFallbackIds[*b] = id;
            }
        }
    }

    for (const AddedToken& t : source.added) {
        if (t.id < 0 || t.id > kMaxVocabId) {
            throw Error(where + ": added token \"" + t.content + "\" has id " +
                        std::to_string(t.id) + ", outside 0.." + std::to_string(kMaxVocabId));
        }
        if (im->bytes.has(t.id)) {
            const std::string existing(im->bytes.at(t.id));
            // A SentencePiece-style vocabulary spells its tokens with the space marker: Gemma 3
            // lists "▁▁" (id 138) both in the vocab, read as two spaces, and as an added token.
            const bool sameToken =
                existing == t.content ||
                (!byteLevel &&
                 existing == textKeyBytes(t.content, source.spaceMarker, source.byteFallback));
            if (!sameToken) {
                throw Error(where + ": added token \"" + t.content + "\" has id " +
                            std::to_string(t.id) + ", which is already the token \"" + existing +
                            "\"");
            }
        } else {
            im->bytes.set(t.id, t.content);
        }
        im->added.push_back(t);
    }

    for (int b = 0; b < 256 && byteLevel; ++b) {
        const std::string key = byte_unicode::encodeSymbol(std::string(1, static_cast<char>(b)));
        if (const int id = keys.find(key); id >= 0)
            im->bpe.setByteToken(static_cast<unsigned char>(b), id);
    }

    auto lookup = [&](const std::string& symbol, const std::string& mergeWhere) {
        const int id = keys.find(symbol);
        if (id < 0) {
            throw Error(mergeWhere + ": symbol \"" + symbol + "\" is not in the vocabulary (" +
                        where + ")");
        }
        return id;
    };
    for (const TokenizerSource::MergeLine& m : source.merges) {
        const int left = lookup(m.left, m.where);
        const int right = lookup(m.right, m.where);
        const int merged = lookup(m.left + m.right, m.where);
        im->bpe.addMerge(left, right, merged);
    }

    // GPT-2's vocab.json lists <|endoftext|> like any other token; it is special all the
    // same, and it must be matched literally (the split pattern would cut it into pieces).
    if (const int eot = im->bytes.find("<|endoftext|>"); eot >= 0) {
        im->endOfText = eot;
        bool listed = false;
        for (const AddedToken& t : im->added) listed = listed || t.content == "<|endoftext|>";
        if (!listed) im->added.push_back(AddedToken{"<|endoftext|>", eot, true});
    }
    im->ignoreMerges = source.ignoreMerges;
    if (source.unkToken) {
        if (const int unk = keys.find(*source.unkToken); unk >= 0) im->unkId = unk;
        for (const AddedToken& t : im->added) {
            if (!im->unkId && t.content == *source.unkToken) im->unkId = t.id;
        }
    }
    im->bytes.shrinkToFit();
    im->keys.shrinkToFit();
    return im;
}

}  // namespace ts
