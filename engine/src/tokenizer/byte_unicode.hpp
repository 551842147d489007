#pragma once
// GPT-2's bytes_to_unicode(): every byte gets a printable code point so that vocab.json and
// merges.txt can store arbitrary bytes as text. Printable Latin-1 bytes map to themselves;
// the other 68 bytes map to U+0100.. in byte order.
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace ts::byte_unicode {

// The code point that stands for byte b.
char32_t toCodepoint(unsigned char b);
// The byte a code point stands for, or nullopt if it is not one of the 256.
std::optional<unsigned char> toByte(char32_t cp);

// Decodes a vocab/merges symbol (UTF-8 text of mapped code points) to raw bytes.
// Returns nullopt if the text contains a code point outside the map.
std::optional<std::string> decodeSymbol(std::string_view text);
// The inverse: raw bytes to the mapped text, as stored in vocab.json.
std::string encodeSymbol(std::string_view bytes);

}  // namespace ts::byte_unicode
