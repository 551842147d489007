// The rewrite is a single left-to-right pass that knows only escapes and character classes,
// which is all it needs: the class shorthands are the only constructs whose meaning differs.
#include "tokenizer/regex_dialect.hpp"

namespace ts {

namespace {

// JavaScript's \s: WhiteSpace (TAB, VT, FF, SP, NBSP, ZWNBSP, Zs) and LineTerminator.
constexpr const char* kJsSpaceItems =
    R"(\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F})"
    R"(\x{3000}\x{FEFF})";

constexpr std::string_view kContractions = "(?i:'s|'t|'re|'ve|'m|'ll|'d)";
constexpr std::string_view kContractionsJs =
    "(?:'([sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD]))";

}  // namespace

std::string pcrePatternFromJs(std::string_view pattern) {
    std::string in;
    // transformers.js replaces this exact group, since JavaScript has no (?i:...).
    for (std::size_t pos = 0;;) {
        const std::size_t hit = pattern.find(kContractions, pos);
        if (hit == std::string_view::npos) {
            in.append(pattern.substr(pos));
            break;
        }
        in.append(pattern.substr(pos, hit - pos));
        in.append(kContractionsJs);
        pos = hit + kContractions.size();
    }

    std::string out;
    out.reserve(in.size() + 64);
    bool inClass = false;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const char c = in[i];
        if (c == '\\' && i + 1 < in.size()) {
            const char e = in[i + 1];
            ++i;
            if (e == 's') {
                if (inClass) {
                    out += kJsSpaceItems;
                } else {
                    out += '[';
                    out += kJsSpaceItems;
                    out += ']';
                }
            } else if (e == 'S' && !inClass) {
                out += "[^";
                out += kJsSpaceItems;
                out += ']';
            } else if (e == '#' || e == '&' || e == '~') {
                out += e;  // needless escapes transformers.js strips; harmless either way
                out.insert(out.size() - 1, "\\");
            } else {
                out += '\\';
                out += e;
            }
            continue;
        }
        if (!inClass && c == '[') {
            inClass = true;
            out += c;
            // A ']' right after '[' or '[^' is a literal in PCRE2 (and an empty class in
            // JavaScript); copy it through so it does not end the class.
            if (i + 1 < in.size() && in[i + 1] == '^') out += in[++i];
            if (i + 1 < in.size() && in[i + 1] == ']') out += in[++i];
            continue;
        }
        if (inClass && c == ']') inClass = false;
        out += c;
    }
    return out;
}

std::string pcreQuote(std::string_view literal) {
    std::string out;
    for (char c : literal) {
        if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace ts
