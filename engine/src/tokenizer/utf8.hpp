#pragma once
// Internal UTF-8 helpers shared by the tokenizer. The public entry points (checkUtf8,
// toValidUtf8) are declared in tokenscope/tokenizer.hpp.
#include <cstddef>
#include <string>
#include <string_view>

namespace ts::utf8 {

struct Decoded {
    char32_t codepoint = 0;  // valid only when ok
    std::size_t length = 1;  // bytes consumed; for invalid input, the maximal invalid subpart
    bool ok = false;
    const char* problem = "";  // why it is invalid, for error messages
};

// Decodes one scalar value at bytes[pos] (pos < bytes.size()). Rejects overlong forms,
// surrogates, values above U+10FFFF and truncated sequences.
Decoded decodeAt(std::string_view bytes, std::size_t pos);

// Appends the UTF-8 encoding of a scalar value.
void append(std::string& out, char32_t cp);

// Unicode White_Space plus U+FEFF: what JavaScript's trim() removes, so what transformers.js
// strips for a normalizer's strip and an added token's lstrip/rstrip.
inline bool isJsSpace(char32_t c) {
    return (c >= 9 && c <= 13) || c == ' ' || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F ||
           c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

}  // namespace ts::utf8
