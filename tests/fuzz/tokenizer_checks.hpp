#pragma once
// What every tokenizer the loaders accept must survive: encoding a few texts (with and
// without special tokens), decoding back to the same bytes, and every id's bytes.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts_fuzz {

inline void exerciseTokenizer(const ts::Tokenizer& tok, std::string_view extraText) {
    const int n = tok.vocabSize();
    TS_FUZZ_CHECK(n >= 0);
    std::vector<int> ids;
    for (int id = 0; id < std::min(n, 2048); ++id) {
        try {
            const std::string bytes = tok.tokenBytes(id);
            const auto back = tok.idOf(bytes);
            TS_FUZZ_CHECK(back.has_value());
            ids.push_back(id);
        } catch (const ts::Error&) {
            // a hole in the id range: allowed, with a message
        }
    }
    try {
        (void)tok.tokenBytes(n);
        TS_FUZZ_CHECK(false && "tokenBytes(vocabSize()) must throw");
    } catch (const ts::Error&) {
    }
    try {
        (void)tok.tokenBytes(-1);
        TS_FUZZ_CHECK(false && "tokenBytes(-1) must throw");
    } catch (const ts::Error&) {
    }
    (void)tok.decode(ids);
    const std::string texts[] = {"hello world", "lower  newest\n\n 123 aaaa", "<|endoftext|>x y",
                                 "\xed\x95\x9c\xea\xb5\xad\xec\x96\xb4 it's",
                                 std::string(extraText)};
    for (const std::string& t : texts) {
        for (bool special : {false, true}) {
            std::vector<ts::Token> toks;
            try {
                toks = tok.encode(t, special);
            } catch (const ts::Error&) {
                continue;  // a byte with no token in this vocabulary, invalid UTF-8...
            }
            // Spans tile the input in order. A normalizing tokenizer (NFC, Llama 2's "▁")
            // may give a token an empty span and need not decode to the same bytes.
            const bool lossless = tok.isLossless();
            std::size_t pos = 0;
            std::vector<int> got;
            for (const ts::Token& k : toks) {
                TS_FUZZ_CHECK(k.start == pos && k.end >= k.start && k.end <= t.size());
                TS_FUZZ_CHECK(!lossless || k.end > k.start);
                TS_FUZZ_CHECK(k.id >= 0 && k.id < n);
                pos = k.end;
                got.push_back(k.id);
            }
            // A pre-tokenizer that removes text may leave the end uncovered.
            TS_FUZZ_CHECK(pos == t.size() || (!lossless && pos < t.size()));
            if (lossless) TS_FUZZ_CHECK(tok.decode(got) == t);
            (void)tok.withStartToken(got);
        }
    }
}

}  // namespace ts_fuzz
