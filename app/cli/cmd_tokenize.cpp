// tokenscope-cli tokenize: text -> token ids with the bytes each covers and how each token
// reads (the same display text the GUI shows: "범 1/3" for a token that splits a character).
#include <iostream>

#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

int runTokenize(const Args& args) {
    const Options opts(args, {"model", "text", "text-file"}, {"special", "json"});
    auto text = readText(opts, "text", "text-file");
    if (!text) throw UsageError{"give the text as --text STR or --text-file FILE"};
    // Only the tokenizer is needed, but loading the folder also checks it matches the model.
    const auto path = opts.get("model");
    const std::filesystem::path folder = path ? std::filesystem::path(*path) : bundledModelPath();
    auto tokenizer = Tokenizer::fromFolder(folder);
    if (!tokenizer)
        throw Error("no tokenizer in " + folder.string() +
                    " (expected vocab.json + merges.txt, or tokenizer.json)");
    const auto tokens = tokenizer->encode(*text, opts.flag("special"));

    const std::size_t characters = [&] {
        std::size_t n = 0;
        for (unsigned char c : *text) n += (c & 0xC0) != 0x80;
        return n;
    }();
    std::vector<std::string> bytes;
    for (const auto& t : tokens) bytes.push_back(tokenizer->tokenBytes(t.id));
    const auto shown = ts::tokenDisplays(bytes);
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
        j["counts"] = {{"tokens", tokens.size()}, {"bytes", text->size()},
                       {"characters", characters}};
        printJson(j);
    } else {
        for (std::size_t i = 0; i < tokens.size(); ++i)
            std::cout << tokens[i].id << '\t' << tokens[i].start << '-' << tokens[i].end << '\t'
                      << shown[i] << '\n';
        std::cout << tokens.size() << " tokens, " << text->size() << " bytes, " << characters
                  << " characters\n";
    }
    return 0;
}

}  // namespace ts::cli
