#pragma once
// What a Tokenizer holds, and the one function the file loaders use to build it.
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tokenizer/bpe.hpp"
#include "tokenizer/pretokenizer.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

// A token matched literally in the text before pre-tokenisation (HF "added tokens").
// Special ones (such as <|endoftext|>) only when the caller allows them.
struct AddedToken {
    std::string content;
    int id = 0;
    bool special = true;
};

struct TokenizerImpl {
    std::vector<std::string> idToBytes;  // indexed by id; holes have present[id] == 0
    std::vector<char> present;
    std::unordered_map<std::string, int> bytesToId;
    BpeModel bpe;
    Pretokenizer pretokenizer;
    std::vector<AddedToken> added;
    std::optional<int> endOfText;
    bool ignoreMerges = false;  // HF option: a pre-token that is itself in the vocab is kept
};

// The parsed contents of either file format, before validation.
struct TokenizerSource {
    std::vector<std::pair<std::string, int>> vocab;  // byte-level text key -> id
    struct MergeLine {
        std::string left;
        std::string right;
        std::string where;  // "merges.txt line 7" / "tokenizer.json model.merges[6]"
    };
    std::vector<MergeLine> merges;
    std::vector<AddedToken> added;  // content is raw UTF-8, not byte-level text
    bool ignoreMerges = false;
    std::string vocabWhere;  // file name for vocab errors
};

// Validates the source and builds the lookup tables. Throws ts::Error naming the file.
std::unique_ptr<TokenizerImpl> buildTokenizer(TokenizerSource source);

}  // namespace ts
