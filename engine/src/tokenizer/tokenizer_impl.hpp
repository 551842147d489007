#pragma once
// What a Tokenizer holds, and the one function the file loaders use to build it.
#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tokenizer/bpe.hpp"
#include "tokenizer/normalizer.hpp"
#include "tokenizer/pre_tokenizer_steps.hpp"
#include "tokenizer/token_strings.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

// A token matched literally in the text before normalization (HF "added tokens").
// Special ones (such as <|im_start|>) only when the caller allows them.
struct AddedToken {
    std::string content;
    int id = 0;
    bool special = true;
    bool lstrip = false;      // swallows the white space before it
    bool rstrip = false;      // swallows the white space after it
    bool singleWord = false;  // only where no letter, digit or _ touches it
    bool normalized = false;  // read but not used: transformers.js matches all on raw text
};

// How the vocabulary's keys spell bytes.
enum class VocabSpelling {
    ByteLevel,  // GPT-2's byte-to-character map ("Ġthe")
    Text,       // plain UTF-8 with a space marker ("▁the") and <0xXX> byte tokens
};

// What tokenizer_config.json and generation_config.json add; all optional.
struct TokenizerExtras {
    std::optional<bool> addBosToken;
    std::string bosToken;
    std::string eosToken;
    std::string chatTemplate;
    std::vector<int> generationEos;  // generation_config.json eos_token_id
    bool hasGenerationEos = false;
};

struct TokenizerImpl {
    // Each token's bytes by id (holes where an id has none), and ids by bytes.
    TokenStrings bytes;
    // The vocabulary as spelled in the file; for Text spelling this is what BPE matches.
    TokenStrings keys;
    BpeModel bpe;
    VocabSpelling spelling = VocabSpelling::ByteLevel;
    std::unique_ptr<Normalizer> normalizer;
    std::unique_ptr<PreTokenizerSteps> preTokenizer;
    std::vector<AddedToken> added;
    std::optional<int> endOfText;
    bool ignoreMerges = false;  // HF option: a pre-token that is itself in the vocab is kept
    bool byteFallback = false;  // unknown characters become <0xXX> byte tokens
    std::optional<int> unkId;
    bool fuseUnk = false;
    std::array<int, 256> byteFallbackIds{};  // <0xXX> ids, -1 where missing
    std::string spaceMarker;                 // "▁" for Text spelling

    bool fromTokenizerJson = false;
    std::filesystem::path sourceFile;
    std::string formatName;  // for describe()
    StartTokenRule startRule;
    std::vector<int> endIds;
    TokenizerExtras extras;
    // Set for Tokenizer::fromExternal: encode() calls it instead of the BPE above.
    std::function<std::vector<Token>(std::string_view, bool)> externalEncode;
    std::string externalDescription;
    bool externalLossless = false;
};

// The parsed contents of either file format, before validation.
struct TokenizerSource {
    std::vector<std::pair<std::string, int>> vocab;  // key as spelled in the file -> id
    struct MergeLine {
        std::string left;
        std::string right;
        std::string where;  // "merges.txt line 7" / "tokenizer.json model.merges[6]"
    };
    std::vector<MergeLine> merges;
    std::vector<AddedToken> added;  // content is raw UTF-8, not byte-level text
    bool ignoreMerges = false;
    std::string vocabWhere;  // file name for vocab errors
    VocabSpelling spelling = VocabSpelling::ByteLevel;
    bool byteFallback = false;
    std::optional<std::string> unkToken;
    bool fuseUnk = false;
    std::string spaceMarker;
};

// Validates the source and builds the lookup tables. Throws ts::Error naming the file.
std::unique_ptr<TokenizerImpl> buildTokenizer(TokenizerSource source);

// Reads tokenizer_config.json / generation_config.json beside a tokenizer file, if there.
TokenizerExtras readTokenizerExtras(const std::filesystem::path& folder);
// Sets startRule and endIds from the extras (and, for tokenizer.json, its post_processor
// start token, already in startRule when the config has no add_bos_token).
void applyTokenizerExtras(TokenizerImpl& im);

}  // namespace ts
