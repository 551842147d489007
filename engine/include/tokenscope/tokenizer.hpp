#pragma once
// Text <-> token ids for the tokenizers people publish with their models, read as the files
// say rather than hard-coded: GPT-2's vocab.json + merges.txt, and Hugging Face tokenizer.json
// files of the byte-level BPE kind (GPT-2, Qwen, Llama 3, SmolLM2: a Split regex and ByteLevel
// from the file, Digits, NFC) and of the SentencePiece BPE kind (Llama 2, TinyLlama, Mistral:
// Metaspace or Prepend/Replace normalizers, byte_fallback). Next to tokenizer.json, the
// optional tokenizer_config.json (start-token rule, chat template, eos) and
// generation_config.json (the ids that end generation) are read too.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts {

struct Token {
    int id = 0;
    // Byte offsets in the input: the token covers [start, end). Spans tile the input in
    // order; where a normalizer inserted text (Llama 2's leading "▁") a span can be empty.
    std::size_t start = 0;
    std::size_t end = 0;
};

// Whether a start token (BOS) goes in front of the text, and which file said so. One rule per
// model: add_bos_token in tokenizer_config.json where present, else the post_processor
// template in tokenizer.json, else none.
struct StartTokenRule {
    bool add = false;
    std::optional<int> id;  // the start token, when the files name one (even if add is false)
    std::string source;     // e.g. "tokenizer_config.json add_bos_token", or "none"
};

struct TokenizerImpl;

// A tokenizer whose encoding runs elsewhere (a model server's /tokenize): the vocabulary's
// bytes by id, the start and end tokens, and the function that encodes text. Everything but
// encode() works locally from the table.
struct ExternalVocabulary {
    std::vector<std::string> tokenBytes;  // by id
    std::vector<char> present;            // 0 where the id's bytes are unknown (a hole)
    StartTokenRule startRule;
    std::vector<int> endIds;
    std::string description;  // describe()
    bool lossless = false;    // decode(encode(text)) == text
    std::function<std::vector<Token>(std::string_view utf8, bool allowSpecial)> encode;
};

class Tokenizer {
  public:
    // vocab.json + merges.txt, or tokenizer.json. Throws ts::Error naming the file and the
    // problem. fromTokenizerJson also reads tokenizer_config.json and generation_config.json
    // from the same folder when they are there.
    static std::shared_ptr<const Tokenizer> fromFiles(const std::filesystem::path& vocabJson,
                                                      const std::filesystem::path& mergesTxt);
    static std::shared_ptr<const Tokenizer> fromTokenizerJson(const std::filesystem::path& path);
    // Picks whichever of the above the folder has (tokenizer.json first, as Hugging Face's
    // fast tokenizers do); returns nullptr if it has neither.
    static std::shared_ptr<const Tokenizer> fromFolder(const std::filesystem::path& folder);
    // A folder or a file (tokenizer.json, or vocab.json with merges.txt beside it). Throws
    // ts::Error, naming the path, when there is no tokenizer there.
    static std::shared_ptr<const Tokenizer> fromPath(const std::filesystem::path& path);
    // Over an external encoder (see ExternalVocabulary).
    static std::shared_ptr<const Tokenizer> fromExternal(ExternalVocabulary vocabulary);

    ~Tokenizer();
    Tokenizer(const Tokenizer&) = delete;
    Tokenizer& operator=(const Tokenizer&) = delete;

    // Throws ts::Error on invalid UTF-8 (with the byte offset). Special tokens such as
    // <|endoftext|> or <|im_start|> are recognised only when allowSpecial is true; otherwise
    // they are text. Added tokens that are not special are always recognised, as in Hugging
    // Face. No start token is added (see withStartToken).
    std::vector<Token> encode(std::string_view utf8, bool allowSpecial = false) const;
    std::vector<int> encodeIds(std::string_view utf8, bool allowSpecial = false) const;
    // Concatenated bytes of the tokens; may end in the middle of a UTF-8 character.
    std::string decode(const std::vector<int>& ids) const;
    // The raw bytes one token stands for ("▁the" stands for " the", "<0x0A>" for "\n").
    // Throws ts::Error if id is out of range.
    std::string tokenBytes(int id) const;
    std::optional<int> idOf(std::string_view tokenBytes) const;
    int vocabSize() const;  // largest id + 1

    // GPT-2's <|endoftext|> where the vocabulary has it.
    std::optional<int> endOfTextId() const;
    // The ids that end generation: generation_config.json eos_token_id (a number or a list),
    // else tokenizer_config.json eos_token, else <|endoftext|>. May be empty.
    const std::vector<int>& endTokenIds() const;
    bool isEndToken(int id) const;

    const StartTokenRule& startToken() const;
    // ids with the start token in front when the rule says so (and it is not there already).
    std::vector<int> withStartToken(std::vector<int> ids) const;

    // Whether Hugging Face would recognise special tokens in text by default for this file:
    // true for tokenizer.json, false for OpenAI's vocab.json + merges.txt (tiktoken treats
    // <|endoftext|> as text unless allowed).
    bool recognisesSpecialByDefault() const;
    // True when decode(encode(text)) == text for every text (byte-level, no normalizer).
    bool isLossless() const;
    // The chat_template string of tokenizer_config.json ("" when there is none), and the
    // bos/eos token texts it refers to.
    const std::string& chatTemplate() const;
    const std::string& bosTokenText() const;
    const std::string& eosTokenText() const;
    // One line for people: "byte-level BPE, tokenizer.json, 151,669 ids".
    std::string describe() const;
    // The file it was read from (tokenizer.json or vocab.json).
    const std::filesystem::path& sourceFile() const;

    explicit Tokenizer(std::unique_ptr<TokenizerImpl> impl);

  private:
    std::unique_ptr<TokenizerImpl> m_impl;
};

// Replaces invalid UTF-8 sequences with U+FFFD so partial tokens can be displayed.
std::string toValidUtf8(std::string_view bytes);
// Throws ts::Error with the byte offset of the first invalid sequence.
void checkUtf8(std::string_view bytes, const std::string& whereForErrors);

}  // namespace ts
