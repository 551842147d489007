#include "tokenizer/byte_unicode.hpp"

#include "tokenizer/utf8.hpp"

namespace ts::byte_unicode {

namespace {

struct Tables {
    std::array<char32_t, 256> toCp{};
    std::array<int, 324> toByte{};  // every mapped code point is below 256 + 68

    Tables() {
        toByte.fill(-1);
        auto printable = [](int b) {
            return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        };
        char32_t next = 256;
        for (int b = 0; b < 256; ++b) {
            const char32_t cp = printable(b) ? static_cast<char32_t>(b) : next++;
            toCp[static_cast<std::size_t>(b)] = cp;
            toByte[cp] = b;
        }
    }
};

const Tables& tables() {
    static const Tables t;
    return t;
}

}  // namespace

char32_t toCodepoint(unsigned char b) { return tables().toCp[b]; }

std::optional<unsigned char> toByte(char32_t cp) {
    if (cp >= tables().toByte.size()) return std::nullopt;
    const int b = tables().toByte[cp];
    if (b < 0) return std::nullopt;
    return static_cast<unsigned char>(b);
}

std::optional<std::string> decodeSymbol(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        const utf8::Decoded d = utf8::decodeAt(text, pos);
        if (!d.ok) return std::nullopt;
        const auto b = toByte(d.codepoint);
        if (!b) return std::nullopt;
        out.push_back(static_cast<char>(*b));
        pos += d.length;
    }
    return out;
}

std::string encodeSymbol(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes) utf8::append(out, toCodepoint(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace ts::byte_unicode
