// Fuzzes the files that sit beside a tokenizer and change how it is used:
// tokenizer_config.json (add_bos_token, bos/eos token, chat_template as a string or a list)
// and generation_config.json (eos_token_id), read with the tests/data/tokenizer fixture's
// tokenizer.json (Tokenizer::fromFolder). Input: tokenizer_config.json, then optionally
// "\n==generation_config==\n" and generation_config.json.
// Whatever loads must name only ids the vocabulary has; whatever is refused must be a
// ts::Error naming the file (a bare nlohmann type_error is a finding).
#include <filesystem>
#include <string>

#include "fuzz_common.hpp"
#include "tokenscope/chat_template.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace fs = std::filesystem;
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const auto [config, generation] = ts_fuzz::splitAt(in, "\n==generation_config==\n");
    static const fs::path folder = [] {
        const fs::path d = ts_fuzz::scratchDir() / "tokenizer-config";
        fs::create_directories(d);
        fs::copy_file(fs::path(TOKENSCOPE_FUZZ_DATA_DIR) / "tokenizer" / "tokenizer.json",
                      d / "tokenizer.json", fs::copy_options::overwrite_existing);
        return d;
    }();
    ts_fuzz::writeFile(folder / "tokenizer_config.json", config);
    std::error_code ec;
    fs::remove(folder / "generation_config.json", ec);
    if (in.find("\n==generation_config==\n") != std::string_view::npos)
        ts_fuzz::writeFile(folder / "generation_config.json", generation);

    std::shared_ptr<const ts::Tokenizer> tok;
    try {
        tok = ts::Tokenizer::fromFolder(folder);
    } catch (const ts::Error& e) {
        const std::string what = e.what();
        TS_FUZZ_CHECK(what.find("tokenizer_config.json") != std::string::npos ||
                      what.find("generation_config.json") != std::string::npos);
        return 0;
    }
    TS_FUZZ_CHECK(tok != nullptr);
    const int n = tok->vocabSize();
    if (const auto id = tok->startToken().id) TS_FUZZ_CHECK(*id >= 0 && *id < n);
    for (int id : tok->endTokenIds()) TS_FUZZ_CHECK(id >= 0 && id < n);
    (void)tok->withStartToken(tok->encodeIds("hi"));
    try {
        (void)ts::renderChatPrompt(*tok, {{"system", "s"}, {"user", "hi"}}, true);
    } catch (const ts::Error& e) {
        TS_FUZZ_CHECK(std::string(e.what()).rfind("chat: ", 0) == 0);
    }
    return 0;
}
