// tokenscope-cli tokenize: text -> token ids with the bytes each covers and how each token
// reads (the same display text the GUI shows: "범 1/3" for a token that splits a character).
// Needs only a tokenizer: --tokenizer takes a tokenizer.json, a vocab.json (with merges.txt
// beside it) or a folder holding either, and no weights are read. It also shows the model's
// start-token rule and end tokens, and adds the start token only when asked (--bos), so the
// ids are exactly the text's own unless the user wants otherwise.
#include <iostream>

#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

namespace {

// Far above the largest tokenizer.json of any supported model (Qwen's is about 11 MiB).
constexpr std::uint64_t kMaxTokenizerFileBytes = std::uint64_t{512} << 20;

std::shared_ptr<const Tokenizer> tokenizerFor(const Options& opts) {
    const auto tokenizerPath = opts.get("tokenizer");
    const auto modelPath = opts.get("model");
    if (tokenizerPath && modelPath)
        throw UsageError{"give either --tokenizer PATH or --model DIR, not both"};
    if (tokenizerPath) {
        // A tokenizer file or a folder holding one; anything else (a pipe, a device) is
        // refused by the one file check instead of blocking or reading without end.
        std::error_code ec;
        if (!std::filesystem::is_directory(*tokenizerPath, ec))
            inputFilePath(opts, "tokenizer", kMaxTokenizerFileBytes);
        return Tokenizer::fromPath(*tokenizerPath);
    }
    // A model folder or a GGUF file: the tokenizer generate would use, no weights read.
    return tokenizerAt(modelPath ? std::filesystem::path(*modelPath) : bundledModelPath());
}

}  // namespace

int runTokenize(const Args& args) {
    const Options opts(args, {"model", "tokenizer", "text", "text-file"},
                       {"special", "no-special", "bos", "json"});
    auto text = readText(opts, "text", "text-file");
    if (!text) throw UsageError{"give the text as --text STR or --text-file FILE"};
    if (opts.flag("special") && opts.flag("no-special"))
        throw UsageError{"give either --special or --no-special, not both"};
    const auto tokenizer = tokenizerFor(opts);
    // Hugging Face recognises special tokens in text by default for tokenizer.json files;
    // OpenAI's GPT-2 files (and tiktoken) treat them as text unless allowed.
    const bool special = opts.flag("special") ||
                         (!opts.flag("no-special") && tokenizer->recognisesSpecialByDefault());
    std::vector<Token> tokens = tokenizer->encode(*text, special);
    const StartTokenRule& start = tokenizer->startToken();
    // --bos puts in front the start token every other command's --bos puts there.
    const auto bos =
        opts.flag("bos") ? promptStartToken(*tokenizer, {true, special}) : std::optional<int>{};
    const bool addStart = bos && (tokens.empty() || tokens.front().id != *bos);
    if (addStart) tokens.insert(tokens.begin(), Token{*bos, 0, 0});

    const std::size_t characters = [&] {
        std::size_t n = 0;
        for (unsigned char c : *text) n += (c & 0xC0) != 0x80;
        return n;
    }();
    std::vector<std::string> bytes;
    for (const auto& t : tokens) bytes.push_back(tokenizer->tokenBytes(t.id));
    const auto shown = ts::tokenDisplays(bytes);
    auto tokenText = [&](int id) { return toValidUtf8(tokenizer->tokenBytes(id)); };
    if (opts.flag("json")) {
        Json j;
        j["ids"] = Json::array();
        j["tokens"] = Json::array();
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            const auto& t = tokens[i];
            j["ids"].push_back(t.id);
            j["tokens"].push_back({{"id", t.id},
                                   {"text", bytesAsText(bytes[i])},
                                   {"bytes", hexBytes(bytes[i])},
                                   {"display", shown[i]},
                                   {"start", t.start},
                                   {"end", t.end}});
        }
        j["counts"] = {
            {"tokens", tokens.size()}, {"bytes", text->size()}, {"characters", characters}};
        j["tokenizer"] = {{"file", tokenizer->sourceFile().string()},
                          {"kind", tokenizer->describe()},
                          {"special_tokens_recognised", special}};
        Json startJson = {
            {"rule", start.add ? "add" : "none"}, {"source", start.source}, {"added", addStart}};
        startJson["id"] = start.id ? Json(*start.id) : Json(nullptr);
        startJson["text"] = start.id ? Json(tokenText(*start.id)) : Json(nullptr);
        j["start_token"] = startJson;
        j["end_token_ids"] = tokenizer->endTokenIds();
        printJson(j);
    } else {
        for (std::size_t i = 0; i < tokens.size(); ++i)
            std::cout << tokens[i].id << '\t' << tokens[i].start << '-' << tokens[i].end << '\t'
                      << shown[i] << '\n';
        std::cout << tokens.size() << " tokens, " << text->size() << " bytes, " << characters
                  << " characters\n";
        if (start.add && start.id && !addStart && !opts.flag("bos"))
            std::cout << "start token " << tokenText(*start.id) << " (" << *start.id
                      << ") not added; the model expects it (" << start.source
                      << "): add it with --bos\n";
    }
    return 0;
}

}  // namespace ts::cli
