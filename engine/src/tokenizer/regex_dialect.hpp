#pragma once
// tokenizer.json split patterns are written for Oniguruma (Rust tokenizers) and run by
// transformers.js as JavaScript regexes with the "u" flag. The reference ids Tokenscope is
// checked against come from transformers.js, so a pattern is rewritten into PCRE2 syntax with
// JavaScript's meaning: \s is JavaScript's white space (which includes U+FEFF and leaves out
// U+0085), \d and \w stay ASCII, and the case-insensitive contraction group that JavaScript
// cannot parse is spelled out the way transformers.js does.
#include <string>
#include <string_view>

namespace ts {

// Returns the PCRE2 pattern (to be compiled with PCRE2_UTF and without PCRE2_UCP).
std::string pcrePatternFromJs(std::string_view pattern);

// A literal string as a PCRE2 pattern (every metacharacter escaped).
std::string pcreQuote(std::string_view literal);

}  // namespace ts
