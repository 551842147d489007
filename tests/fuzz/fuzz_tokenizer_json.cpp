// Fuzzes the Hugging Face tokenizer.json reader (byte-level BPE model, merges in both the
// "a b" and ["a", "b"] forms, added tokens, pre_tokenizer checks).
#include "fuzz_common.hpp"
#include "tokenizer_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const auto path = ts_fuzz::scratchDir() / "tokenizer.json";
    ts_fuzz::writeFile(path, in);
    std::shared_ptr<const ts::Tokenizer> tok;
    try {
        tok = ts::Tokenizer::fromTokenizerJson(path);
    } catch (const ts::Error&) {
        return 0;
    }
    ts_fuzz::exerciseTokenizer(*tok, {});
    return 0;
}
