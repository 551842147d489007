// tokenscope-cli tokenize: text -> token ids with the bytes each covers.
#include <iostream>

#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"

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
    if (opts.flag("json")) {
        Json j;
        j["ids"] = Json::array();
        j["tokens"] = Json::array();
        for (const auto& t : tokens) {
            j["ids"].push_back(t.id);
            j["tokens"].push_back({{"id", t.id},
                                   {"text", toValidUtf8(tokenizer->tokenBytes(t.id))},
                                   {"start", t.start},
                                   {"end", t.end}});
        }
        j["counts"] = {{"tokens", tokens.size()}, {"bytes", text->size()},
                       {"characters", characters}};
        printJson(j);
    } else {
        for (const auto& t : tokens)
            std::cout << t.id << '\t' << t.start << '-' << t.end << '\t'
                      << toValidUtf8(tokenizer->tokenBytes(t.id)) << '\n';
        std::cout << tokens.size() << " tokens, " << text->size() << " bytes, " << characters
                  << " characters\n";
    }
    return 0;
}

}  // namespace ts::cli
