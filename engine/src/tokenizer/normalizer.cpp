// Normalizers with byte offsets. Unicode normalization is done per extended grapheme cluster
// so that a recomposed character (e + U+0301 -> é) still points at the input bytes it came
// from; the whole-string result is the reference, and if the per-cluster pieces ever
// disagree with it (they should not) the whole text maps to its start and end.
#include "tokenizer/normalizer.hpp"

#include <utf8proc.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "io/json_file.hpp"
#include "tokenizer/utf8.hpp"
#include "tokenscope/error.hpp"

namespace ts {

using nlohmann::json;

namespace {

utf8proc_option_t optionsFor(Normalizer::Kind form) {
    const int stable = UTF8PROC_STABLE;
    switch (form) {
        case Normalizer::Kind::Nfc:
            return static_cast<utf8proc_option_t>(stable | UTF8PROC_COMPOSE);
        case Normalizer::Kind::Nfd:
            return static_cast<utf8proc_option_t>(stable | UTF8PROC_DECOMPOSE);
        case Normalizer::Kind::Nfkc:
            return static_cast<utf8proc_option_t>(stable | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
        default:
            return static_cast<utf8proc_option_t>(stable | UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT);
    }
}

bool isAscii(std::string_view s) {
    for (unsigned char c : s) {
        if (c >= 0x80) return false;
    }
    return true;
}

void applyUnicode(MappedText& m, Normalizer::Kind form) {
    if (isAscii(m.text)) return;  // ASCII is invariant under all four forms
    const std::string whole = unicodeNormalize(m.text, form);
    if (whole == m.text) return;
    MappedText out;
    out.origin.push_back(m.origin.front());
    std::size_t pos = 0;
    utf8proc_int32_t state = 0;
    char32_t prev = 0;
    std::size_t clusterStart = 0;
    auto flush = [&](std::size_t end) {
        if (end <= clusterStart) return;
        const std::string_view piece(m.text.data() + clusterStart, end - clusterStart);
        const std::string n = unicodeNormalize(piece, form);
        if (n == piece) {
            out.appendFrom(m, clusterStart, end);
        } else {
            out.appendInserted(n, m.origin[clusterStart]);
            out.origin.back() = m.origin[end];
        }
        clusterStart = end;
    };
    while (pos < m.text.size()) {
        const utf8::Decoded d = utf8::decodeAt(m.text, pos);
        const char32_t cp = d.ok ? d.codepoint : 0xFFFD;
        if (pos > 0 &&
            utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                             static_cast<utf8proc_int32_t>(cp), &state)) {
            flush(pos);
        }
        prev = cp;
        pos += d.length;
    }
    flush(m.text.size());
    if (out.text != whole) {
        MappedText coarse;
        coarse.text = whole;
        coarse.origin.assign(whole.size() + 1, m.origin.front());
        coarse.origin.back() = m.origin.back();
        m = std::move(coarse);
        return;
    }
    m = std::move(out);
}

void applyReplace(MappedText& m, const std::string& pattern, const std::string& with) {
    if (pattern.empty() || m.text.find(pattern) == std::string::npos) return;
    MappedText out;
    out.origin.push_back(m.origin.front());
    std::size_t pos = 0;
    while (true) {
        const std::size_t hit = m.text.find(pattern, pos);
        const std::size_t end = hit == std::string::npos ? m.text.size() : hit;
        out.appendFrom(m, pos, end);
        if (hit == std::string::npos) break;
        out.appendInserted(with, m.origin[hit]);
        out.origin.back() = m.origin[hit + pattern.size()];
        pos = hit + pattern.size();
    }
    m = std::move(out);
}

void applyLowercase(MappedText& m) {
    MappedText out;
    out.origin.push_back(m.origin.front());
    std::size_t pos = 0;
    while (pos < m.text.size()) {
        const utf8::Decoded d = utf8::decodeAt(m.text, pos);
        const char32_t lower = d.ok ? static_cast<char32_t>(utf8proc_tolower(
                                          static_cast<utf8proc_int32_t>(d.codepoint)))
                                    : 0;
        if (!d.ok || lower == d.codepoint) {
            out.appendFrom(m, pos, pos + d.length);
        } else {
            std::string enc;
            utf8::append(enc, lower);
            out.appendInserted(enc, m.origin[pos]);
            out.origin.back() = m.origin[pos + d.length];
        }
        pos += d.length;
    }
    m = std::move(out);
}

void applyStrip(MappedText& m, bool left, bool right) {
    std::size_t b = 0;
    std::size_t e = m.text.size();
    if (left) {
        while (b < e) {
            const utf8::Decoded d = utf8::decodeAt(m.text, b);
            if (!d.ok || !utf8::isJsSpace(d.codepoint)) break;
            b += d.length;
        }
    }
    if (right) {
        while (e > b) {
            std::size_t s = e - 1;
            while (s > b && (static_cast<unsigned char>(m.text[s]) & 0xC0U) == 0x80U) --s;
            const utf8::Decoded d = utf8::decodeAt(m.text, s);
            if (!d.ok || !utf8::isJsSpace(d.codepoint)) break;
            e = s;
        }
    }
    if (b != 0 || e != m.text.size()) m = m.slice(b, e);
}

}  // namespace

std::string unicodeNormalize(std::string_view utf8, Normalizer::Kind form) {
    utf8proc_uint8_t* out = nullptr;
    const utf8proc_ssize_t n =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(utf8.data()),
                     static_cast<utf8proc_ssize_t>(utf8.size()), &out, optionsFor(form));
    if (n < 0) {
        throw Error(std::string("tokenizer: Unicode normalization failed: ") + utf8proc_errmsg(n));
    }
    std::string result(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));
    std::free(out);
    return result;
}

std::unique_ptr<Normalizer> Normalizer::fromJson(const json& j, const std::string& where) {
    if (j.is_null()) return nullptr;
    auto n = std::make_unique<Normalizer>();
    n->parse(j, where);
    return n;
}

void Normalizer::parse(const json& j, const std::string& where) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
        throw Error(where + ": expected an object with a string \"type\"");
    }
    const std::string type = j["type"].get<std::string>();
    auto text = [&](const char* key) -> std::string {
        const auto it = j.find(key);
        if (it == j.end() || !it->is_string()) {
            throw Error(where + ": " + type + " needs a string \"" + key + "\"");
        }
        return it->get<std::string>();
    };
    if (type == "Sequence") {
        const auto list = j.find("normalizers");
        if (list == j.end() || !list->is_array()) {
            throw Error(where + ": Sequence needs a \"normalizers\" array");
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            parse((*list)[i], where + ".normalizers[" + std::to_string(i) + "]");
        }
    } else if (type == "NFC") {
        m_steps.push_back({Kind::Nfc, "", ""});
    } else if (type == "NFD") {
        m_steps.push_back({Kind::Nfd, "", ""});
    } else if (type == "NFKC") {
        m_steps.push_back({Kind::Nfkc, "", ""});
    } else if (type == "NFKD") {
        m_steps.push_back({Kind::Nfkd, "", ""});
    } else if (type == "Prepend") {
        m_steps.push_back({Kind::Prepend, text("prepend"), ""});
    } else if (type == "Lowercase") {
        m_steps.push_back({Kind::Lowercase, "", ""});
    } else if (type == "Strip") {
        Step s{Kind::Strip, "", ""};
        s.left = jsonBool(j, "strip_left", true, where);
        s.right = jsonBool(j, "strip_right", true, where);
        m_steps.push_back(s);
    } else if (type == "Replace") {
        const auto pattern = j.find("pattern");
        if (pattern == j.end() || !pattern->is_object() || !pattern->contains("String") ||
            !(*pattern)["String"].is_string()) {
            throw Error(where +
                        ": Replace with a regex pattern is not supported (only "
                        "{\"String\": ...} patterns are)");
        }
        m_steps.push_back(
            {Kind::Replace, (*pattern)["String"].get<std::string>(), text("content")});
    } else {
        throw Error(where + ": normalizer type \"" + type +
                    "\" is not supported (Tokenscope reads NFC, NFD, NFKC, NFKD, Prepend, "
                    "Replace, Lowercase, Strip and Sequence)");
    }
}

void Normalizer::apply(MappedText& m) const {
    for (const Step& s : m_steps) {
        if (m.text.empty()) return;
        switch (s.kind) {
            case Kind::Prepend: {
                MappedText out;
                out.appendInserted(s.a, m.origin.front());
                out.appendFrom(m, 0, m.text.size());
                m = std::move(out);
                break;
            }
            case Kind::Replace:
                applyReplace(m, s.a, s.b);
                break;
            case Kind::Lowercase:
                applyLowercase(m);
                break;
            case Kind::Strip:
                applyStrip(m, s.left, s.right);
                break;
            default:
                applyUnicode(m, s.kind);
                break;
        }
    }
}

std::string Normalizer::spaceReplacement() const {
    for (const Step& s : m_steps) {
        if (s.kind == Kind::Replace && s.a == " ") return s.b;
    }
    return "";
}

}  // namespace ts
