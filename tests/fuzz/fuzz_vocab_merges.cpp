// Fuzzes the OpenAI GPT-2 tokenizer files: vocab.json and merges.txt.
// Input: vocab.json bytes, then the line "==merges==", then merges.txt bytes.
#include "fuzz_common.hpp"
#include "tokenizer_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view in(reinterpret_cast<const char*>(data), size);
    const auto [vocab, merges] = ts_fuzz::splitAt(in, "\n==merges==\n");
    const auto dir = ts_fuzz::scratchDir();
    ts_fuzz::writeFile(dir / "vocab.json", vocab);
    ts_fuzz::writeFile(dir / "merges.txt", merges);
    std::shared_ptr<const ts::Tokenizer> tok;
    try {
        tok = ts::Tokenizer::fromFiles(dir / "vocab.json", dir / "merges.txt");
    } catch (const ts::Error&) {
        return 0;
    }
    ts_fuzz::exerciseTokenizer(*tok, merges.substr(0, 64));
    return 0;
}
