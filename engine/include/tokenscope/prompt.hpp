#pragma once
// Text -> token ids, once for every caller: the app's loop, lanes, probes, confidence,
// precision and LITM lab, and every tokenscope-cli command. The same text with the same
// options gives the same ids everywhere, so the same numbers.
//
// The rules, stated once:
// - Start token. Added exactly when the model's own files ask for it (Tokenizer::startToken:
//   Hugging Face add_bos_token, a tokenizer.json post-processor template that adds one, GGUF
//   tokenizer.ggml.add_bos_token). PromptOptions::startToken overrides it (--bos, --no-bos).
//   A text that already begins with the start token does not get a second one.
// - Special tokens (<|im_start|>, <|endoftext|>) in text are recognised for tokenizer.json
//   and GGUF vocabularies (Tokenizer::recognisesSpecialByDefault), and for GPT-2's
//   vocab.json + merges.txt only when asked (PromptOptions::special, --special).
// - Ids given as ids (--ids, a model without a tokenizer) are used verbatim.
// - A continuation (a probe's truth, a LITM answer) is tokenized together with its prompt and
//   split at the prompt's byte end (parsePromptWithContinuation), so it gets the ids it has
//   in the running text (a SentencePiece "▁Paris" after "is", not a word-initial one).
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tokenscope/tokenizer.hpp"

namespace ts {

struct PromptOptions {
    // true: put the model's start token in front (--bos); false: never (--no-bos);
    // nullopt: as the model's files say.
    std::optional<bool> startToken;
    // Recognise special tokens in text even where the tokenizer's files would not
    // (vocab.json + merges.txt: --special).
    bool special = false;
};

// A prompt as token ids with their byte spans in `text`.
struct PromptTokens {
    std::string text;
    std::vector<Token> tokens;
    bool fromIds = false;     // the text was a list of ids, not tokenized
    bool startAdded = false;  // tokens[0] is a start token put there by the rule
    std::vector<int> ids() const;
};

// "1, 2 3" -> ids; throws ts::Error naming `where` for a non-number or an id outside
// 0..nVocab-1.
std::vector<int> parseTokenIds(std::string_view text, int nVocab, const std::string& where);

// The start token a prompt gets with these options, or nullopt. --bos on a model whose files
// name no start token uses its end-of-text token (GPT-2's documents were separated by it);
// throws ts::Error when there is neither.
std::optional<int> promptStartToken(const Tokenizer& tokenizer, const PromptOptions& options);
// Whether special tokens in text are recognised with these options.
bool recognisesSpecial(const Tokenizer& tokenizer, const PromptOptions& options);

// The one parser for prompts: text through the tokenizer with the rules above, or, when
// there is none, token ids separated by spaces or commas. Throws ts::Error on invalid UTF-8,
// bad ids, an id outside 0..nVocab-1 or empty input.
PromptTokens parsePrompt(std::string_view text, const Tokenizer* tokenizer, int nVocab,
                         const PromptOptions& options = {});
// Ids used verbatim (--ids): checked against the vocabulary, nothing added. `where` names
// the input in messages ("--ids").
PromptTokens promptFromIds(std::vector<int> ids, int nVocab, const std::string& where = "the ids");

// A prompt and a continuation tokenized as one text, split at the prompt's byte end. A token
// that straddles the end (the continuation glued onto the prompt's last word) belongs to the
// continuation: it is what the model would have to write. Throws ts::Error when either part
// ends up empty.
struct PromptWithContinuation {
    PromptTokens prompt;
    std::vector<int> continuation;
};
PromptWithContinuation parsePromptWithContinuation(std::string_view prompt,
                                                   std::string_view continuation,
                                                   const Tokenizer& tokenizer, int nVocab,
                                                   const PromptOptions& options = {});

// The tokenizer of a model folder (tokenizer.json, or vocab.json + merges.txt), of a GGUF
// file (its tokenizer.ggml.* entries; no weights are read) or of a tokenizer file. Throws
// ts::Error naming the path when there is none.
std::shared_ptr<const Tokenizer> tokenizerAt(const std::filesystem::path& path);

}  // namespace ts
