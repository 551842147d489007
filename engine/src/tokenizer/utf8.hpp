#pragma once
// Internal UTF-8 helpers shared by the tokenizer. The public entry points (checkUtf8,
// toValidUtf8) are declared in tokenscope/tokenizer.hpp.
#include <cstddef>
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

}  // namespace ts::utf8
