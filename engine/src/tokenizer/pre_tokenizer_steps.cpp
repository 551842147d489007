// Each step maps a list of pieces to a new list; pieces keep their input offsets, so a
// token's span is right even after ByteLevel or Metaspace inserted a prefix. Where Hugging
// Face (Rust) and transformers.js differ, this follows transformers.js, the reference the
// project's tokenizer cases come from: Metaspace never splits, and patterns use JavaScript's
// regex classes (regex_dialect.hpp).
#include "tokenizer/pre_tokenizer_steps.hpp"

#include <nlohmann/json.hpp>

#include "io/json_file.hpp"
#include "tokenizer/regex_dialect.hpp"
#include "tokenscope/error.hpp"

namespace ts {

using nlohmann::json;

namespace {

// GPT-2's pattern as transformers.js writes it for a ByteLevel step with use_regex.
constexpr const char* kByteLevelJs =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

struct Segment {
    std::size_t start;
    std::size_t end;
    bool delimiter;
};

// Matches and the text between them, in order, covering the piece.
std::vector<Segment> segments(const Pretokenizer& re, const std::string& text, bool invert) {
    std::vector<ByteSpan> matches;
    re.findAll(text, matches);
    std::vector<Segment> out;
    std::size_t pos = 0;
    for (const ByteSpan& m : matches) {
        if (m.start > pos) out.push_back({pos, m.start, invert});
        out.push_back({m.start, m.end, !invert});
        pos = m.end;
    }
    if (pos < text.size()) out.push_back({pos, text.size(), invert});
    return out;
}

void splitPiece(const MappedText& piece, const PreTokenizerSteps::Step& step,
                std::vector<MappedText>& out) {
    using B = PreTokenizerSteps::Behavior;
    const std::vector<Segment> segs = segments(*step.regex, piece.text, step.invert);
    std::size_t pendingStart = std::string::npos;  // MergedWithNext / Contiguous
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (const Segment& s : segs) {
        switch (step.behavior) {
            case B::Isolated:
                spans.emplace_back(s.start, s.end);
                break;
            case B::Removed:
                if (!s.delimiter) spans.emplace_back(s.start, s.end);
                break;
            case B::MergedWithPrevious:
                if (s.delimiter && !spans.empty()) {
                    spans.back().second = s.end;
                } else {
                    spans.emplace_back(s.start, s.end);
                }
                break;
            case B::MergedWithNext:
                if (s.delimiter) {
                    if (pendingStart == std::string::npos) pendingStart = s.start;
                } else {
                    spans.emplace_back(pendingStart == std::string::npos ? s.start : pendingStart,
                                       s.end);
                    pendingStart = std::string::npos;
                }
                break;
            case B::Contiguous:
                if (s.delimiter && !spans.empty() && pendingStart == spans.back().first) {
                    spans.back().second = s.end;
                } else {
                    spans.emplace_back(s.start, s.end);
                    pendingStart = s.delimiter ? s.start : std::string::npos;
                }
                break;
        }
    }
    if (step.behavior == B::MergedWithNext && pendingStart != std::string::npos) {
        spans.emplace_back(pendingStart, piece.text.size());
    }
    for (const auto& [b, e] : spans) {
        if (e > b) out.push_back(piece.slice(b, e));
    }
}

PreTokenizerSteps::Behavior behaviorOf(const std::string& name, const std::string& where) {
    using B = PreTokenizerSteps::Behavior;
    if (name == "Isolated") return B::Isolated;
    if (name == "Removed") return B::Removed;
    if (name == "MergedWithPrevious") return B::MergedWithPrevious;
    if (name == "MergedWithNext") return B::MergedWithNext;
    if (name == "Contiguous") return B::Contiguous;
    throw Error(where + ": split behavior \"" + name + "\" is not known");
}

}  // namespace

std::unique_ptr<PreTokenizerSteps> PreTokenizerSteps::fromJson(const json& j,
                                                               const std::string& where) {
    if (j.is_null()) return nullptr;
    auto p = std::make_unique<PreTokenizerSteps>();
    p->parse(j, where);
    return p;
}

std::unique_ptr<PreTokenizerSteps> PreTokenizerSteps::gpt2() {
    auto p = std::make_unique<PreTokenizerSteps>();
    Step s;
    s.kind = Kind::ByteLevel;
    s.regex = std::make_shared<const Pretokenizer>();
    p->m_steps.push_back(std::move(s));
    return p;
}

void PreTokenizerSteps::parse(const json& j, const std::string& where) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string()) {
        throw Error(where + ": expected an object with a string \"type\"");
    }
    const std::string type = j["type"].get<std::string>();
    Step step;
    if (type == "Sequence") {
        const auto list = j.find("pretokenizers");
        if (list == j.end() || !list->is_array()) {
            throw Error(where + ": Sequence needs a \"pretokenizers\" array");
        }
        for (std::size_t i = 0; i < list->size(); ++i) {
            parse((*list)[i], where + ".pretokenizers[" + std::to_string(i) + "]");
        }
        return;
    }
    if (type == "Split") {
        const auto pattern = j.find("pattern");
        std::string pcre;
        if (pattern != j.end() && pattern->is_object() && pattern->contains("Regex") &&
            (*pattern)["Regex"].is_string()) {
            pcre = pcrePatternFromJs((*pattern)["Regex"].get<std::string>());
        } else if (pattern != j.end() && pattern->is_object() && pattern->contains("String") &&
                   (*pattern)["String"].is_string()) {
            pcre = pcreQuote((*pattern)["String"].get<std::string>());
        } else {
            throw Error(where + ": Split needs a pattern {\"Regex\": ...} or {\"String\": ...}");
        }
        step.kind = Kind::Split;
        step.regex = std::make_shared<const Pretokenizer>(pcre, false, where + ".pattern");
        const auto behavior = j.find("behavior");
        if (behavior != j.end() && behavior->is_string()) {
            step.behavior = behaviorOf(behavior->get<std::string>(), where);
        }
        step.invert = jsonBool(j, "invert", false, where);
    } else if (type == "ByteLevel") {
        step.kind = Kind::ByteLevel;
        step.addPrefixSpace = jsonBool(j, "add_prefix_space", false, where);
        if (jsonBool(j, "use_regex", true, where)) {
            step.regex =
                std::make_shared<const Pretokenizer>(pcrePatternFromJs(kByteLevelJs), false, where);
        }
    } else if (type == "Digits") {
        step.kind = Kind::Split;
        const bool each = jsonBool(j, "individual_digits", false, where);
        // JavaScript's \d (with the u flag) is ASCII, as in transformers.js's Digits.
        step.regex = std::make_shared<const Pretokenizer>(each ? "[0-9]" : "[0-9]+", false, where);
    } else if (type == "Metaspace") {
        step.kind = Kind::Metaspace;
        step.replacement = jsonString(j, "replacement", "\xE2\x96\x81", where);
        if (step.replacement.empty()) throw Error(where + ": Metaspace replacement is empty");
        const std::string scheme = jsonString(j, "prepend_scheme", "always", where);
        if (scheme == "first") {
            step.prepend = Prepend::First;
        } else if (scheme == "never") {
            step.prepend = Prepend::Never;
        } else if (scheme == "always") {
            step.prepend = Prepend::Always;
        } else {
            throw Error(where + ": Metaspace prepend_scheme \"" + scheme + "\" is not known");
        }
        if (!jsonBool(j, "add_prefix_space", true, where)) {
            step.prepend = Prepend::Never;
        }
    } else {
        throw Error(where + ": pre_tokenizer type \"" + type +
                    "\" is not supported (Tokenscope reads Sequence, Split, ByteLevel, Digits "
                    "and Metaspace)");
    }
    m_steps.push_back(std::move(step));
}

void PreTokenizerSteps::run(MappedText section, int sectionIndex,
                            std::vector<MappedText>& out) const {
    std::vector<MappedText> pieces;
    pieces.push_back(std::move(section));
    std::vector<MappedText> next;
    for (const Step& step : m_steps) {
        next.clear();
        for (MappedText& piece : pieces) {
            switch (step.kind) {
                case Kind::Split:
                    splitPiece(piece, step, next);
                    break;
                case Kind::ByteLevel: {
                    if (step.addPrefixSpace && (piece.text.empty() || piece.text[0] != ' ')) {
                        MappedText withSpace;
                        withSpace.appendInserted(" ", piece.origin.front());
                        withSpace.appendFrom(piece, 0, piece.text.size());
                        piece = std::move(withSpace);
                    }
                    if (step.regex) {
                        Step isolated = step;
                        isolated.behavior = Behavior::Isolated;
                        splitPiece(piece, isolated, next);
                    } else {
                        next.push_back(std::move(piece));
                    }
                    break;
                }
                case Kind::Metaspace: {
                    MappedText m;
                    const bool prefix =
                        (step.prepend == Prepend::Always ||
                         (step.prepend == Prepend::First && sectionIndex == 0)) &&
                        piece.text.compare(0, step.replacement.size(), step.replacement) != 0;
                    if (prefix) m.appendInserted(step.replacement, piece.origin.front());
                    std::size_t pos = 0;
                    while (pos < piece.text.size()) {
                        const std::size_t sp = piece.text.find(' ', pos);
                        const std::size_t end = sp == std::string::npos ? piece.text.size() : sp;
                        m.appendFrom(piece, pos, end);
                        if (sp == std::string::npos) break;
                        m.appendInserted(step.replacement, piece.origin[sp]);
                        m.origin.back() = piece.origin[sp + 1];
                        pos = sp + 1;
                    }
                    if (m.origin.empty()) m.origin.push_back(piece.origin.front());
                    next.push_back(std::move(m));
                    break;
                }
            }
        }
        pieces.swap(next);
    }
    for (MappedText& p : pieces) {
        if (!p.text.empty()) out.push_back(std::move(p));
    }
}

bool PreTokenizerSteps::hasByteLevel() const {
    for (const Step& s : m_steps) {
        if (s.kind == Kind::ByteLevel) return true;
    }
    return false;
}

bool PreTokenizerSteps::changesText() const {
    for (const Step& s : m_steps) {
        if (s.kind == Kind::Metaspace || (s.kind == Kind::ByteLevel && s.addPrefixSpace))
            return true;
        if (s.kind == Kind::Split && s.behavior == Behavior::Removed) return true;
    }
    return false;
}

std::string PreTokenizerSteps::metaspaceReplacement() const {
    for (const Step& s : m_steps) {
        if (s.kind == Kind::Metaspace) return s.replacement;
    }
    return "";
}

}  // namespace ts
