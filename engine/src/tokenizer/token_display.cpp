// Display text for tokens (see tokenscope/token_display.hpp): the one place that decides how
// a token reads, so the GUI's views, its exports and the CLI's JSON agree. The whole byte
// sequence is cut into characters first (strict UTF-8, invalid bytes one by one), then each
// token's byte span is described by the characters it touches.
#include "tokenscope/token_display.hpp"

#include <algorithm>
#include <cstdio>

#include "tokenizer/utf8.hpp"

namespace ts {

namespace {

// One character of the decoded bytes, or one byte that belongs to no character.
struct Unit {
    std::size_t start = 0;
    std::size_t length = 1;
    bool ok = false;
};

std::vector<Unit> cutIntoUnits(std::string_view bytes) {
    std::vector<Unit> out;
    out.reserve(bytes.size());
    std::size_t pos = 0;
    while (pos < bytes.size()) {
        if (static_cast<unsigned char>(bytes[pos]) < 0x80U) {
            out.push_back({pos, 1, true});
            ++pos;
            continue;
        }
        const utf8::Decoded d = utf8::decodeAt(bytes, pos);
        if (d.ok) {
            out.push_back({pos, d.length, true});
            pos += d.length;
        } else {
            // Every byte of a broken sequence stands alone: each gets its own <XX>.
            out.push_back({pos, 1, false});
            ++pos;
        }
    }
    return out;
}

std::string hexByte(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "<%02X>", static_cast<unsigned>(b));
    return buf;
}

// The display text of bytes [start, end) of `all`, cut into `units`; `first` is the index
// of the unit that holds byte `start` (callers walk tokens in order, so this stays cheap).
std::string describeSpan(std::string_view all, const std::vector<Unit>& units, std::size_t first,
                         std::size_t start, std::size_t end) {
    std::vector<std::string> pieces;
    std::string run;  // whole characters and <XX> bytes, whitespace made visible on flush
    bool split = false;
    auto flush = [&] {
        if (!run.empty()) pieces.push_back(visibleWhitespace(run));
        run.clear();
    };
    for (std::size_t i = first; i < units.size() && units[i].start < end; ++i) {
        const Unit& u = units[i];
        const std::size_t uEnd = u.start + u.length;
        if (!u.ok) {
            run += hexByte(static_cast<unsigned char>(all[u.start]));
        } else if (u.start >= start && uEnd <= end) {
            run.append(all.substr(u.start, u.length));
        } else {
            // Only part of this character is in the span: name it and the bytes held.
            flush();
            split = true;
            const std::size_t from = std::max(start, u.start) - u.start + 1;
            const std::size_t to = std::min(end, uEnd) - u.start;
            std::string piece(all.substr(u.start, u.length));
            piece += ' ';
            piece += std::to_string(from);
            if (to != from) piece += '-' + std::to_string(to);
            piece += '/' + std::to_string(u.length);
            pieces.push_back(std::move(piece));
        }
    }
    flush();
    if (pieces.empty()) return "\xE2\x88\x85";  // ∅
    std::string out;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i > 0 && split) out += '+';
        out += pieces[i];
    }
    return out;
}

std::size_t unitAt(const std::vector<Unit>& units, std::size_t byte) {
    const auto it = std::upper_bound(units.begin(), units.end(), byte,
                                     [](std::size_t b, const Unit& u) { return b < u.start; });
    return it == units.begin() ? 0 : static_cast<std::size_t>(it - units.begin()) - 1;
}

}  // namespace

std::string visibleWhitespace(std::string_view utf8) {
    std::string out;
    out.reserve(utf8.size() + 8);
    for (const char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == ' ')
            out += "\xE2\x90\xA3";  // ␣
        else if (c == '\n')
            out += "\xE2\x86\xB5";  // ↵
        else if (c == '\t')
            out += "\xE2\x86\x92";  // →
        else if (c == '\r')
            out += "\\r";
        else if (c < 0x20U || c == 0x7FU)
            out += hexByte(c);
        else
            out += ch;
    }
    return out;
}

std::string bytesAsText(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (const Unit& u : cutIntoUnits(bytes)) {
        if (u.ok)
            out.append(bytes.substr(u.start, u.length));
        else
            out += hexByte(static_cast<unsigned char>(bytes[u.start]));
    }
    return out;
}

std::string bytesAsTextSoFar(std::string_view bytes, std::string& held) {
    // `held` is written last, so `bytes` may view it.
    // The last lead byte within the final three: if the bytes from it on are a valid start of
    // a longer character (some continuation makes them whole), they wait for the rest.
    for (std::size_t back = 1; back <= 3 && back <= bytes.size(); ++back) {
        const std::size_t at = bytes.size() - back;
        const auto c = static_cast<unsigned char>(bytes[at]);
        if (c < 0x80U) break;     // ASCII: nothing after it can be incomplete
        if (c < 0xC0U) continue;  // a continuation byte: look further back
        const std::size_t need = c >= 0xF0U ? 4 : c >= 0xE0U ? 3 : 2;
        if (back >= need) break;  // long enough to be judged now
        // Complete it with each kind of continuation byte (E0, ED, F0 and F4 restrict the
        // second byte): if any completion decodes, it is a character in the making.
        for (const char pad : {'\x80', '\x90', '\xA0'}) {
            std::string trial(bytes.substr(at));
            trial.append(need - back, pad);
            if (utf8::decodeAt(trial, 0).ok) {
                std::string out = bytesAsText(bytes.substr(0, at));
                held.assign(bytes.substr(at));
                return out;
            }
        }
        break;
    }
    std::string out = bytesAsText(bytes);
    held.clear();
    return out;
}

std::string tokenDisplay(std::string_view tokenBytes) {
    const auto units = cutIntoUnits(tokenBytes);
    return describeSpan(tokenBytes, units, 0, 0, tokenBytes.size());
}

std::vector<std::string> tokenDisplays(const std::vector<std::string>& tokenBytes) {
    std::string all;
    std::vector<std::size_t> ends;
    ends.reserve(tokenBytes.size());
    for (const auto& t : tokenBytes) {
        all += t;
        ends.push_back(all.size());
    }
    return tokenDisplaysFrom(all, ends, 0);
}

namespace {

bool isContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }

// The start of the character (or lone byte) that holds byte `at` as cutIntoUnits cuts the whole
// of `all`, found without cutting from the start: only continuation bytes (10xxxxxx) can sit
// inside a character, a character has at most three of them, and an invalid byte stands alone.
// So the nearest byte at or before `at` that is not a continuation byte starts a unit; and if
// the three bytes before `at` are all continuation bytes, no character can reach `at` from
// further back, so `at` itself starts one.
std::size_t unitStartAtOrBefore(std::string_view all, std::size_t at) {
    if (at >= all.size()) return at;
    for (std::size_t q = at, back = 0;; --q, ++back) {
        if (!isContinuationByte(all[q]) || q == 0) return q;
        if (back == 3) return at;
    }
}

}  // namespace

std::vector<std::string> tokenDisplaysFrom(std::string_view all, std::span<const std::size_t> ends,
                                           std::size_t first) {
    std::vector<std::string> out;
    if (first >= ends.size()) return out;
    out.reserve(ends.size() - first);
    std::size_t start = first > 0 ? ends[first - 1] : 0;
    // Cut from a unit boundary of the whole sequence: the units from there on are the ones a
    // cut from byte 0 makes, so every span below reads as tokenDisplays reads it.
    const std::size_t from = unitStartAtOrBefore(all, start);
    const std::string_view window = all.substr(std::min(from, all.size()));
    const auto units = cutIntoUnits(window);
    for (std::size_t i = first; i < ends.size(); ++i) {
        const std::size_t end = ends[i];
        out.push_back(end == start ? std::string("\xE2\x88\x85")
                                   : describeSpan(window, units, unitAt(units, start - from),
                                                  start - from, end - from));
        start = end;
    }
    return out;
}

std::string tokenDisplayAfter(std::string_view contextBytes, std::string_view tokenBytes) {
    // A character is at most four bytes, so three bytes of context are all that can matter.
    const std::size_t keep = std::min<std::size_t>(3, contextBytes.size());
    std::string all(contextBytes.substr(contextBytes.size() - keep));
    all.append(tokenBytes);
    if (tokenBytes.empty()) return "\xE2\x88\x85";
    const auto units = cutIntoUnits(all);
    return describeSpan(all, units, unitAt(units, keep), keep, all.size());
}

std::string hexBytes(std::string_view bytes) {
    static const char* digits = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : bytes) {
        if (!out.empty()) out += ' ';
        out += digits[c >> 4];
        out += digits[c & 0xF];
    }
    return out;
}

}  // namespace ts
