#pragma once
// The "normalizer" of a Hugging Face tokenizer.json: Unicode normalization (NFC, NFD, NFKC,
// NFKD, through utf8proc), Prepend, Replace with a plain string, Lowercase, Strip, and
// Sequence of these. It runs on each stretch of text between added tokens, as Hugging Face
// and transformers.js do, and keeps the input offset of every byte (MappedText).
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "tokenizer/mapped_text.hpp"

namespace ts {

class Normalizer {
  public:
    // null -> no normalizer (returns nullptr). Throws ts::Error naming `where` for a type
    // Tokenscope does not implement.
    static std::unique_ptr<Normalizer> fromJson(const nlohmann::json& j, const std::string& where);

    void apply(MappedText& text) const;
    bool empty() const { return m_steps.empty(); }
    // The character a Replace step writes for " " (Llama 2's "▁"), or "" when none does.
    std::string spaceReplacement() const;

    enum class Kind { Nfc, Nfd, Nfkc, Nfkd, Prepend, Replace, Lowercase, Strip };
    struct Step {
        Kind kind;
        std::string a;                     // Prepend: the prefix; Replace: the pattern
        std::string b;                     // Replace: the replacement
        bool left = false, right = false;  // Strip
    };

  private:
    void parse(const nlohmann::json& j, const std::string& where);
    std::vector<Step> m_steps;
};

// Unicode normalization of a whole string with utf8proc; form is one of the four kinds above.
// Exposed for tests.
std::string unicodeNormalize(std::string_view utf8, Normalizer::Kind form);

}  // namespace ts
