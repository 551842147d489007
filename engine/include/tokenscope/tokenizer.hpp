#pragma once
// Byte-level BPE exactly as GPT-2 does it: the GPT-2 pre-tokenisation regex (Unicode
// classes, through PCRE2), the byte<->unicode map, merges by rank, special tokens.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

struct Token {
    int id = 0;
    std::size_t start = 0;  // byte offset in the input where the token starts
    std::size_t end = 0;    // one past the last byte it covers
};

struct TokenizerImpl;

class Tokenizer {
public:
    // vocab.json + merges.txt, or tokenizer.json (byte-level BPE model). Throws ts::Error
    // naming the file and the problem.
    static std::shared_ptr<const Tokenizer> fromFiles(const std::filesystem::path& vocabJson,
                                                      const std::filesystem::path& mergesTxt);
    static std::shared_ptr<const Tokenizer> fromTokenizerJson(const std::filesystem::path& path);
    // Picks whichever of the above the folder has; returns nullptr if it has neither.
    static std::shared_ptr<const Tokenizer> fromFolder(const std::filesystem::path& folder);

    ~Tokenizer();
    Tokenizer(const Tokenizer&) = delete;
    Tokenizer& operator=(const Tokenizer&) = delete;

    // Throws ts::Error on invalid UTF-8 (with the byte offset). Special tokens such as
    // <|endoftext|> are recognised only when allowSpecial is true; otherwise they are text.
    std::vector<Token> encode(std::string_view utf8, bool allowSpecial = false) const;
    std::vector<int> encodeIds(std::string_view utf8, bool allowSpecial = false) const;
    // Concatenated bytes of the tokens; may end in the middle of a UTF-8 character.
    std::string decode(const std::vector<int>& ids) const;
    // The raw bytes one token stands for. Throws ts::Error if id is out of range.
    std::string tokenBytes(int id) const;
    std::optional<int> idOf(std::string_view tokenBytes) const;
    int vocabSize() const;  // largest id + 1
    std::optional<int> endOfTextId() const;

    explicit Tokenizer(std::unique_ptr<TokenizerImpl> impl);

private:
    std::unique_ptr<TokenizerImpl> m_impl;
};

// Replaces invalid UTF-8 sequences with U+FFFD so partial tokens can be displayed.
std::string toValidUtf8(std::string_view bytes);
// Throws ts::Error with the byte offset of the first invalid sequence.
void checkUtf8(std::string_view bytes, const std::string& whereForErrors);

}  // namespace ts
