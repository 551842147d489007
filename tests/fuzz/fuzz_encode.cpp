// Fuzzes encoding arbitrary bytes with the fixture tokenizer (tests/data/tokenizer, which
// has all 256 byte tokens, some merges and special tokens) and the GPT-2 split pattern on
// its own. Checks the invariants the UI relies on: tokens cover the input contiguously,
// decode(encode(text)) == text, invalid UTF-8 is refused with the offset.
// Input: first byte = flags (bit 0: allow special tokens), the rest = text.
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "tokenizer/pretokenizer.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

#ifndef TOKENSCOPE_FUZZ_DATA_DIR
#error "TOKENSCOPE_FUZZ_DATA_DIR must name tests/data"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto fromVocab =
        ts::Tokenizer::fromFiles(TOKENSCOPE_FUZZ_DATA_DIR "/tokenizer/vocab.json",
                                 TOKENSCOPE_FUZZ_DATA_DIR "/tokenizer/merges.txt");
    static const auto fromJson =
        ts::Tokenizer::fromTokenizerJson(TOKENSCOPE_FUZZ_DATA_DIR "/tokenizer/tokenizer.json");
    static const ts::Pretokenizer split;
    if (size == 0) return 0;
    const bool special = (data[0] & 1) != 0;
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);

    bool valid = true;
    try {
        ts::checkUtf8(text, "input");
    } catch (const ts::Error& e) {
        valid = false;
        TS_FUZZ_CHECK(std::string(e.what()).find("input") != std::string::npos);
    }
    const std::string repaired = ts::toValidUtf8(text);
    if (valid) TS_FUZZ_CHECK(repaired == text);
    try {
        ts::checkUtf8(repaired, "repaired");
    } catch (const ts::Error&) {
        TS_FUZZ_CHECK(false && "toValidUtf8 output must be valid UTF-8");
    }

    if (valid) {
        std::vector<ts::ByteSpan> pieces;
        split.split(text, pieces);
        std::size_t pos = 0;
        for (const auto& p : pieces) {
            TS_FUZZ_CHECK(p.start == pos && p.end > p.start);
            pos = p.end;
        }
        TS_FUZZ_CHECK(pos == text.size());
    }

    for (const auto* tok : {fromVocab.get(), fromJson.get()}) {
        std::vector<ts::Token> toks;
        try {
            toks = tok->encode(text, special);
        } catch (const ts::Error&) {
            TS_FUZZ_CHECK(!valid);
            continue;
        }
        TS_FUZZ_CHECK(valid);
        std::size_t pos = 0;
        std::vector<int> ids;
        for (const auto& k : toks) {
            TS_FUZZ_CHECK(k.start == pos && k.end > k.start);
            TS_FUZZ_CHECK(k.id >= 0 && k.id < tok->vocabSize());
            pos = k.end;
            ids.push_back(k.id);
        }
        TS_FUZZ_CHECK(pos == text.size());
        TS_FUZZ_CHECK(tok->decode(ids) == text);
        TS_FUZZ_CHECK(tok->encodeIds(text, special) == ids);
    }
    return 0;
}
