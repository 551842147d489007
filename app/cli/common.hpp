#pragma once
// Pieces every subcommand shares: finding the model, reading the input text or ids, and
// writing JSON.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "options.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

using Json = nlohmann::ordered_json;

// --model DIR or ORG/NAME (from the Hugging Face cache), or the bundled default model
// when the option is absent.
LoadedModel loadModel(const Options& opts);
// --threads N (default 2) applied to the engine.
void applyThreads(const Options& opts);

// The largest text a --*-file option reads (a whole novel is a few MiB).
inline constexpr std::uint64_t kMaxTextFileBytes = std::uint64_t{64} << 20;
// The one check of every option that names a file to read (--text-file, --prompt-file,
// --probes, --spec): the path, once it is a regular file of at most `maxBytes`. A folder, a
// pipe, a device or a missing file throws ts::Error (exit 1) naming the option.
std::string inputFilePath(const Options& opts, const std::string& option, std::uint64_t maxBytes);

// The text of --<textOption> or the contents of --<fileOption>, checked to be UTF-8.
// Returns nullopt when neither is given.
std::optional<std::string> readText(const Options& opts, const std::string& textOption,
                                    const std::string& fileOption);

// --bos / --no-bos (override the model's start-token rule) and --special (recognise special
// tokens in vocab.json + merges.txt text) as the engine's prompt options.
PromptOptions promptOptions(const Options& opts);
// The input as a prompt: --ids verbatim, or the text options through ts::parsePrompt (the
// one way from text to ids: the model's start token where its files ask for one, special
// tokens where its tokenizer recognises them). Throws if both or neither are given, if the
// model has no tokenizer, if the input is empty, or if an id is outside the vocabulary.
PromptTokens inputPrompt(const Options& opts, const LoadedModel& model,
                         const std::string& idsOption, const std::string& textOption,
                         const std::string& fileOption);
// The same with the tokenizer and vocabulary size given (a model server's): the one reader
// of --ids / text for --model and --server. `noTokenizer` says why there is none (the start
// of the message; ": give token ids with --IDS" follows).
PromptTokens inputPrompt(const Options& opts, const Tokenizer* tokenizer, int nVocab,
                         const std::string& noTokenizer, const std::string& idsOption,
                         const std::string& textOption, const std::string& fileOption);
std::vector<int> inputIds(const Options& opts, const LoadedModel& model,
                          const std::string& idsOption, const std::string& textOption,
                          const std::string& fileOption);

void checkIdsInVocabulary(const std::vector<int>& ids, int nVocab, const std::string& what);
void checkFitsContext(std::size_t tokens, const Config& config, const std::string& what);

// --temperature, --top-k, --top-p and --seed; what is not given is ts::SamplingParams{}'s, the
// app's defaults too (`defaultTemperature` only where a command asks otherwise).
SamplingParams samplingParams(const Options& opts,
                              float defaultTemperature = SamplingParams{}.temperature);

// The token's text, bytes that are not whole characters as <XX> (ts::bytesAsText), or ""
// without a tokenizer.
std::string tokenText(const LoadedModel& model, int id);
// The raw bytes of a token ("" without a tokenizer or for an unknown id).
std::string tokenBytesOf(const LoadedModel& model, int id);
// How each token of `ids` reads in context (ts::tokenDisplays: "범 1/3", "<EB>", "␣the").
std::vector<std::string> tokenDisplays(const LoadedModel& model, const std::vector<int>& ids);
// How token `id` reads appended after `context` (a candidate or a drawn token).
std::string tokenDisplayAfter(const LoadedModel& model, const std::vector<int>& context, int id);
using ts::hexBytes;  // the JSON "bytes" field (tokenscope/token_display.hpp)

void printJson(const Json& j);

}  // namespace ts::cli
