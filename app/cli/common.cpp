#include "common.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/input_file.hpp"
#include "tokenscope/threads.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::cli {

LoadedModel loadModel(const Options& opts) {
    const auto path = opts.get("model");
    // --model ORG/NAME finds a hub download in the Hugging Face cache; a folder is itself.
    LoadedModel loaded = loadModelFolder(path ? hub::resolveModelSpec(*path) : bundledModelPath());
    // Non-fatal findings (NaN/Inf weights, no tokenizer) must not pass silently.
    for (const auto& w : loaded.warnings) std::cerr << "tokenscope-cli: warning: " << w << '\n';
    return loaded;
}

void applyThreads(const Options& opts) {
    setEngineThreads(static_cast<int>(opts.integer("threads", 2, 1, 256)));
}

std::string inputFilePath(const Options& opts, const std::string& option, std::uint64_t maxBytes) {
    const std::string path = opts.require(option);
    checkInputFile(path, "--" + option, maxBytes);
    return path;
}

std::optional<std::string> readText(const Options& opts, const std::string& textOption,
                                    const std::string& fileOption) {
    const bool hasText = opts.has(textOption), hasFile = opts.has(fileOption);
    if (hasText && hasFile)
        throw UsageError{"give either --" + textOption + " or --" + fileOption + ", not both"};
    if (hasText) {
        std::string text = *opts.get(textOption);
        checkUtf8(text, "--" + textOption);
        return text;
    }
    if (!hasFile) return std::nullopt;
    const std::string path = inputFilePath(opts, fileOption, kMaxTextFileBytes);
    std::string text = readInputFile(path, "--" + fileOption, kMaxTextFileBytes);
    checkUtf8(text, path);
    return text;
}

void checkIdsInVocabulary(const std::vector<int>& ids, int nVocab, const std::string& what) {
    (void)promptFromIds(ids, nVocab, what);  // the engine's one range check and message
}

void checkFitsContext(std::size_t tokens, const Config& config, const std::string& what) {
    ts::checkFitsContext(tokens, config.nCtx, what);  // the one check and message
}

PromptOptions promptOptions(const Options& opts) {
    if (opts.flag("bos") && opts.flag("no-bos"))
        throw UsageError{"give either --bos or --no-bos, not both"};
    PromptOptions o;
    if (opts.flag("bos")) o.startToken = true;
    if (opts.flag("no-bos")) o.startToken = false;
    o.special = opts.flag("special");
    return o;
}

PromptTokens inputPrompt(const Options& opts, const LoadedModel& model,
                         const std::string& idsOption, const std::string& textOption,
                         const std::string& fileOption) {
    return inputPrompt(opts, model.tokenizer.get(), model.model->config().nVocab,
                       "the model in " + model.folder.string() +
                           " has no tokenizer (vocab.json + merges.txt or tokenizer.json)",
                       idsOption, textOption, fileOption);
}

PromptTokens inputPrompt(const Options& opts, const Tokenizer* tokenizer, int nVocab,
                         const std::string& noTokenizer, const std::string& idsOption,
                         const std::string& textOption, const std::string& fileOption) {
    const bool hasIds = opts.has(idsOption);
    auto text = readText(opts, textOption, fileOption);
    if (hasIds && text)
        throw UsageError{"give either --" + idsOption + " or --" + textOption + ", not both"};
    if (!hasIds && !text)
        throw UsageError{"give the input as --" + idsOption + " or --" + textOption};
    const PromptOptions options = promptOptions(opts);
    // Ids are used verbatim: --bos and --no-bos are for text.
    if (hasIds) return promptFromIds(opts.intList(idsOption), nVocab, "--" + idsOption);
    if (!tokenizer) throw Error(noTokenizer + "; give token ids with --" + idsOption);
    return parsePrompt(*text, tokenizer, nVocab, options);
}

std::vector<int> inputIds(const Options& opts, const LoadedModel& model,
                          const std::string& idsOption, const std::string& textOption,
                          const std::string& fileOption) {
    return inputPrompt(opts, model, idsOption, textOption, fileOption).ids();
}

SamplingParams samplingParams(const Options& opts, float defaultTemperature) {
    SamplingParams p;  // the defaults
    p.temperature = static_cast<float>(opts.number("temperature", defaultTemperature, 0.0, 100.0));
    p.topK = static_cast<int>(opts.integer("top-k", p.topK, 0, 1 << 30));
    p.topP = static_cast<float>(opts.number("top-p", p.topP, 1e-9, 1.0));
    p.seed = opts.unsignedInteger("seed", p.seed);
    p.validate();
    return p;
}

std::string tokenText(const LoadedModel& model, int id) {
    if (!model.tokenizer || id >= model.tokenizer->vocabSize()) return "";
    return bytesAsText(model.tokenizer->tokenBytes(id));
}

std::string tokenBytesOf(const LoadedModel& model, int id) {
    if (!model.tokenizer || id < 0 || id >= model.tokenizer->vocabSize()) return "";
    try {
        return model.tokenizer->tokenBytes(id);
    } catch (const Error&) {
        return "";  // a hole in the vocabulary
    }
}

std::vector<std::string> tokenDisplays(const LoadedModel& model, const std::vector<int>& ids) {
    std::vector<std::string> bytes;
    bytes.reserve(ids.size());
    for (int id : ids) bytes.push_back(tokenBytesOf(model, id));
    return ts::tokenDisplays(bytes);
}

std::string tokenDisplayAfter(const LoadedModel& model, const std::vector<int>& context, int id) {
    std::string tail;
    // Three bytes of context are enough to finish any character the token completes.
    for (auto it = context.rbegin(); it != context.rend() && tail.size() < 3; ++it)
        tail.insert(0, tokenBytesOf(model, *it));
    return ts::tokenDisplayAfter(tail, tokenBytesOf(model, id));
}

void printJson(const Json& j) {
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace ts::cli
