#pragma once
// The "pre_tokenizer" of a Hugging Face tokenizer.json: how normalized text is cut into the
// pieces BPE runs on. Split (the file's own regex, with its behavior and invert), ByteLevel
// (add_prefix_space, use_regex), Digits, Metaspace and Sequence are implemented; the
// byte-to-character map of ByteLevel needs no step because Tokenscope's BPE works on raw
// bytes. vocab.json + merges.txt get GPT-2's built-in split (Python `regex` semantics).
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "tokenizer/mapped_text.hpp"
#include "tokenizer/pretokenizer.hpp"

namespace ts {

class PreTokenizerSteps {
  public:
    // null -> nullptr (the whole section is one piece). Throws ts::Error naming `where`.
    static std::unique_ptr<PreTokenizerSteps> fromJson(const nlohmann::json& j,
                                                       const std::string& where);
    // GPT-2's split as OpenAI's encoder.py and tiktoken do it.
    static std::unique_ptr<PreTokenizerSteps> gpt2();

    // Cuts one section (text between added tokens; sectionIndex counts sections from 0,
    // added tokens included) into pieces, appended to out.
    void run(MappedText section, int sectionIndex, std::vector<MappedText>& out) const;

    bool hasByteLevel() const;
    // Whether a step adds characters that are not in the text (a prefix space, "▁") or
    // drops some (a Split that removes its matches).
    bool changesText() const;
    // Metaspace's replacement character ("▁"), or "" when there is no Metaspace step.
    std::string metaspaceReplacement() const;

    enum class Kind { Split, ByteLevel, Metaspace };
    enum class Behavior { Isolated, Removed, MergedWithPrevious, MergedWithNext, Contiguous };
    enum class Prepend { Always, First, Never };
    struct Step {
        Kind kind = Kind::Split;
        std::shared_ptr<const Pretokenizer> regex;  // Split, Digits, ByteLevel with use_regex
        Behavior behavior = Behavior::Isolated;
        bool invert = false;
        bool addPrefixSpace = false;  // ByteLevel
        std::string replacement;      // Metaspace
        Prepend prepend = Prepend::Always;
    };

  private:
    void parse(const nlohmann::json& j, const std::string& where);
    std::vector<Step> m_steps;
};

}  // namespace ts
