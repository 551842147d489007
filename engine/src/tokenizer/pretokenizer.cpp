#define PCRE2_CODE_UNIT_WIDTH 8
#include "tokenizer/pretokenizer.hpp"

#include <pcre2.h>

#include <memory>
#include <string>

#include "tokenscope/error.hpp"

namespace ts {

namespace {

// GPT-2's pattern, with one deliberate change: \s is written [\s\x{85}]. Python's `regex`
// module (used by OpenAI's encoder.py) and tiktoken treat \s as the Unicode White_Space
// property, which includes U+0085 NEXT LINE; PCRE2 10.42's UCP \s is Z plus the ASCII
// controls and leaves U+0085 out. Everything else is the original text.
constexpr const char* kPattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\x{85}\p{L}\p{N}]+)"
    R"(|[\s\x{85}]+(?![^\s\x{85}])|[\s\x{85}]+)";

std::string pcreMessage(int code) {
    PCRE2_UCHAR buffer[256];
    pcre2_get_error_message(code, buffer, sizeof(buffer));
    return reinterpret_cast<const char*>(buffer);
}

struct MatchDataDeleter {
    void operator()(pcre2_match_data* md) const { pcre2_match_data_free(md); }
};

}  // namespace

const char* Pretokenizer::pattern() { return kPattern; }

Pretokenizer::Pretokenizer() { compile(kPattern, true, "the GPT-2 split pattern"); }

Pretokenizer::Pretokenizer(const std::string& pattern, bool ucp, const std::string& where) {
    compile(pattern, ucp, where);
}

void Pretokenizer::compile(const std::string& pattern, bool ucp, const std::string& where) {
    int errorCode = 0;
    PCRE2_SIZE errorOffset = 0;
    const uint32_t options = PCRE2_UTF | (ucp ? PCRE2_UCP : 0U);
    m_code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), options,
                           &errorCode, &errorOffset, nullptr);
    if (m_code == nullptr) {
        throw Error(where + ": the split pattern does not compile with PCRE2 at offset " +
                    std::to_string(errorOffset) + ": " + pcreMessage(errorCode));
    }
    // JIT is an optimisation only: when PCRE2 was built without it, pcre2_match interprets.
    m_jit = pcre2_jit_compile(m_code, PCRE2_JIT_COMPLETE) == 0;
}

Pretokenizer::~Pretokenizer() { pcre2_code_free(m_code); }

void Pretokenizer::split(std::string_view text, std::vector<ByteSpan>& out) const {
    if (text.empty()) return;
    std::unique_ptr<pcre2_match_data, MatchDataDeleter> md(
        pcre2_match_data_create_from_pattern(m_code, nullptr));
    if (!md) throw Error("tokenizer: out of memory creating PCRE2 match data");
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    std::size_t pos = 0;
    while (pos < text.size()) {
        // The caller validated the UTF-8 once for the whole input, so skip PCRE2's own check,
        // which would otherwise rescan the rest of the text at every match (quadratic).
        const int rc =
            pcre2_match(m_code, subject, text.size(), pos, PCRE2_NO_UTF_CHECK, md.get(), nullptr);
        if (rc == PCRE2_ERROR_NOMATCH) {
            out.push_back({pos, text.size()});
            break;
        }
        if (rc < 0) throw Error("tokenizer: PCRE2 match failed: " + pcreMessage(rc));
        const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md.get());
        const std::size_t start = ov[0];
        const std::size_t end = ov[1];
        // The pattern covers every character, so a gap cannot happen; keeping the bytes
        // anyway guarantees that spans always tile the input.
        if (start > pos) out.push_back({pos, start});
        if (end <= start) {  // also impossible (no empty alternatives); avoid looping forever
            out.push_back({start, text.size()});
            break;
        }
        out.push_back({start, end});
        pos = end;
    }
}

void Pretokenizer::findAll(std::string_view text, std::vector<ByteSpan>& out) const {
    if (text.empty()) return;
    std::unique_ptr<pcre2_match_data, MatchDataDeleter> md(
        pcre2_match_data_create_from_pattern(m_code, nullptr));
    if (!md) throw Error("tokenizer: out of memory creating PCRE2 match data");
    const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const int rc =
            pcre2_match(m_code, subject, text.size(), pos, PCRE2_NO_UTF_CHECK, md.get(), nullptr);
        if (rc == PCRE2_ERROR_NOMATCH) break;
        if (rc < 0) throw Error("tokenizer: PCRE2 match failed: " + pcreMessage(rc));
        const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md.get());
        const std::size_t start = ov[0];
        const std::size_t end = ov[1];
        if (end > start) {
            out.push_back({start, end});
            pos = end;
            continue;
        }
        // Empty match: step over one whole character.
        if (start >= text.size()) break;
        pos = start + 1;
        while (pos < text.size() && (static_cast<unsigned char>(text[pos]) & 0xC0U) == 0x80U) ++pos;
    }
}

}  // namespace ts
