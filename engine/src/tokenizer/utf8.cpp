// Strict UTF-8 validation following the Unicode "well-formed byte sequences" table
// (Unicode 15, table 3-7). An invalid sequence is replaced as one "maximal subpart", the
// same policy as the WHATWG decoder, so the number of U+FFFD characters matches browsers.
#include "tokenizer/utf8.hpp"

#include <string>

#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts::utf8 {

namespace {

bool isContinuation(unsigned char b) { return (b & 0xC0U) == 0x80U; }

Decoded invalid(std::size_t length, const char* problem) {
    Decoded d;
    d.length = length;
    d.problem = problem;
    return d;
}

}  // namespace

Decoded decodeAt(std::string_view bytes, std::size_t pos) {
    const auto b0 = static_cast<unsigned char>(bytes[pos]);
    if (b0 < 0x80U) return {b0, 1, true, ""};
    if (b0 < 0xC2U) {
        return invalid(1, b0 < 0xC0U ? "unexpected continuation byte" : "overlong encoding");
    }
    std::size_t need = 0;
    // The allowed range of the second byte is what rules out overlongs (E0, F0),
    // surrogates (ED) and values above U+10FFFF (F4).
    unsigned char lo = 0x80U;
    unsigned char hi = 0xBFU;
    char32_t cp = 0;
    const char* secondProblem = "truncated or malformed sequence";
    if (b0 < 0xE0U) {
        need = 1;
        cp = b0 & 0x1FU;
    } else if (b0 < 0xF0U) {
        need = 2;
        cp = b0 & 0x0FU;
        if (b0 == 0xE0U) {
            lo = 0xA0U;
            secondProblem = "overlong encoding";
        } else if (b0 == 0xEDU) {
            hi = 0x9FU;
            secondProblem = "UTF-16 surrogate";
        }
    } else if (b0 < 0xF5U) {
        need = 3;
        cp = b0 & 0x07U;
        if (b0 == 0xF0U) {
            lo = 0x90U;
            secondProblem = "overlong encoding";
        } else if (b0 == 0xF4U) {
            hi = 0x8FU;
            secondProblem = "code point above U+10FFFF";
        }
    } else {
        return invalid(1, "byte that never appears in UTF-8");
    }
    for (std::size_t i = 1; i <= need; ++i) {
        if (pos + i >= bytes.size()) return invalid(i, "truncated sequence at end of input");
        const auto b = static_cast<unsigned char>(bytes[pos + i]);
        if (i == 1 && (b < lo || b > hi)) {
            return invalid(1,
                           isContinuation(b) ? secondProblem : "truncated or malformed sequence");
        }
        if (!isContinuation(b)) return invalid(i, "truncated or malformed sequence");
        cp = (cp << 6) | (b & 0x3FU);
    }
    return {cp, need + 1, true, ""};
}

void append(std::string& out, char32_t cp) {
    if (cp < 0x80U) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800U) {
        out.push_back(static_cast<char>(0xC0U | (cp >> 6)));
        out.push_back(static_cast<char>(0x80U | (cp & 0x3FU)));
    } else if (cp < 0x10000U) {
        out.push_back(static_cast<char>(0xE0U | (cp >> 12)));
        out.push_back(static_cast<char>(0x80U | ((cp >> 6) & 0x3FU)));
        out.push_back(static_cast<char>(0x80U | (cp & 0x3FU)));
    } else {
        out.push_back(static_cast<char>(0xF0U | (cp >> 18)));
        out.push_back(static_cast<char>(0x80U | ((cp >> 12) & 0x3FU)));
        out.push_back(static_cast<char>(0x80U | ((cp >> 6) & 0x3FU)));
        out.push_back(static_cast<char>(0x80U | (cp & 0x3FU)));
    }
}

}  // namespace ts::utf8

namespace ts {

std::string toValidUtf8(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        // ASCII fast path: most text the UI shows is plain ASCII.
        if (static_cast<unsigned char>(bytes[pos]) < 0x80U) {
            out.push_back(bytes[pos++]);
            continue;
        }
        const utf8::Decoded d = utf8::decodeAt(bytes, pos);
        if (d.ok) {
            out.append(bytes.substr(pos, d.length));
        } else {
            out.append("\xEF\xBF\xBD");  // U+FFFD REPLACEMENT CHARACTER
        }
        pos += d.length;
    }
    return out;
}

void checkUtf8(std::string_view bytes, const std::string& whereForErrors) {
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        if (static_cast<unsigned char>(bytes[pos]) < 0x80U) {
            ++pos;
            continue;
        }
        const utf8::Decoded d = utf8::decodeAt(bytes, pos);
        if (!d.ok) {
            throw Error(whereForErrors + ": invalid UTF-8 at byte offset " + std::to_string(pos) +
                        " (" + d.problem + ")");
        }
        pos += d.length;
    }
}

}  // namespace ts
