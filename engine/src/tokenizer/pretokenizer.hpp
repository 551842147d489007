#pragma once
// GPT-2's pre-tokenisation split, through PCRE2 with UTF and UCP so that \p{L}, \p{N}
// and \s are the Unicode classes GPT-2's Python `regex` module used.
#include <cstddef>
#include <string_view>
#include <vector>

struct pcre2_real_code_8;

namespace ts {

struct ByteSpan {
    std::size_t start = 0;
    std::size_t end = 0;
};

class Pretokenizer {
public:
    Pretokenizer();  // throws ts::Error if the pattern does not compile
    ~Pretokenizer();
    Pretokenizer(const Pretokenizer&) = delete;
    Pretokenizer& operator=(const Pretokenizer&) = delete;

    // Splits text (already checked to be valid UTF-8) into contiguous pieces that cover it
    // exactly; offsets are relative to text. Thread-safe: match data is per call.
    void split(std::string_view text, std::vector<ByteSpan>& out) const;

    bool usesJit() const { return m_jit; }

    // The pattern as compiled; exposed for tests and error messages.
    static const char* pattern();

private:
    pcre2_real_code_8* m_code = nullptr;
    bool m_jit = false;
};

}  // namespace ts
