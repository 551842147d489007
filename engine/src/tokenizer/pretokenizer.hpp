#pragma once
// A regex split through PCRE2. The default is GPT-2's pre-tokenisation pattern, compiled
// with UTF and UCP so that \p{L}, \p{N} and \s are the Unicode classes GPT-2's Python
// `regex` module used; tokenizer.json files bring their own pattern (see regex_dialect.hpp).
#include <cstddef>
#include <string>
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
    Pretokenizer();  // GPT-2's pattern; throws ts::Error if it does not compile
    // Any pattern, compiled with PCRE2_UTF (plus PCRE2_UCP when ucp). `where` names the file
    // and field for the error a bad pattern gets.
    Pretokenizer(const std::string& pattern, bool ucp, const std::string& where);
    ~Pretokenizer();
    Pretokenizer(const Pretokenizer&) = delete;
    Pretokenizer& operator=(const Pretokenizer&) = delete;

    // Splits text (already checked to be valid UTF-8) into contiguous pieces that cover it
    // exactly; offsets are relative to text. Thread-safe: match data is per call.
    void split(std::string_view text, std::vector<ByteSpan>& out) const;

    // Every non-empty match, left to right (an empty match moves on by one character, as
    // JavaScript's matchAll does). Text must be valid UTF-8.
    void findAll(std::string_view text, std::vector<ByteSpan>& out) const;

    bool usesJit() const { return m_jit; }

    // GPT-2's pattern as compiled; exposed for tests and error messages.
    static const char* pattern();

  private:
    void compile(const std::string& pattern, bool ucp, const std::string& where);
    pcre2_real_code_8* m_code = nullptr;
    bool m_jit = false;
};

}  // namespace ts
