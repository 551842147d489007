// Text -> token ids for every caller (tokenscope/prompt.hpp states the rules).
#include "tokenscope/prompt.hpp"

#include <charconv>
#include <system_error>

#include "formats/gguf.hpp"
#include "tokenscope/error.hpp"

namespace ts {

// Defined with the GGUF model builders (model/gguf_vocab.cpp); declared here so that finding
// a GGUF file's tokenizer needs no model header.
std::shared_ptr<const Tokenizer> tokenizerFromGguf(const gguf::File& file);

std::vector<int> PromptTokens::ids() const {
    std::vector<int> out;
    out.reserve(tokens.size());
    for (const auto& t : tokens) out.push_back(t.id);
    return out;
}

std::vector<int> parseTokenIds(std::string_view text, int nVocab, const std::string& where) {
    std::vector<int> ids;
    std::size_t i = 0;
    auto isSep = [](char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; };
    while (i < text.size()) {
        while (i < text.size() && isSep(text[i])) ++i;
        if (i >= text.size()) break;
        std::size_t j = i;
        while (j < text.size() && !isSep(text[j])) ++j;
        const std::string_view part = text.substr(i, j - i);
        long long v = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (ec != std::errc() || end != part.data() + part.size())
            throw Error(where + ": \"" + std::string(part) +
                        "\" is not a token id (give ids separated by spaces or commas)");
        if (v < 0 || v >= nVocab)
            throw Error(where + ": token id " + std::string(part) + " at index " +
                        std::to_string(ids.size()) + " is outside the vocabulary (0.." +
                        std::to_string(nVocab - 1) + ")");
        ids.push_back(static_cast<int>(v));
        i = j;
    }
    return ids;
}

std::optional<int> promptStartToken(const Tokenizer& tokenizer, const PromptOptions& options) {
    const StartTokenRule& rule = tokenizer.startToken();
    const bool add = options.startToken.value_or(rule.add);
    if (!add) return std::nullopt;
    if (rule.id) return rule.id;
    // --bos on GPT-2's own files (no bos_token named): its documents were separated by
    // <|endoftext|>, the one token that marks a start there.
    if (const auto eot = tokenizer.endOfTextId()) return eot;
    throw Error("this model's tokenizer names no start token, so --bos has nothing to add");
}

bool recognisesSpecial(const Tokenizer& tokenizer, const PromptOptions& options) {
    return options.special || tokenizer.recognisesSpecialByDefault();
}

namespace {
void checkInVocabulary(const std::vector<Token>& tokens, int nVocab) {
    for (const auto& t : tokens)
        if (t.id < 0 || t.id >= nVocab)
            throw Error("the tokenizer gave id " + std::to_string(t.id) +
                        ", outside the model's vocabulary of " + std::to_string(nVocab));
}
}  // namespace

PromptTokens parsePrompt(std::string_view text, const Tokenizer* tokenizer, int nVocab,
                         const PromptOptions& options) {
    PromptTokens p;
    p.text = std::string(text);
    if (tokenizer) {
        p.tokens = tokenizer->encode(text, recognisesSpecial(*tokenizer, options));
        const auto start = promptStartToken(*tokenizer, options);
        if (start && (p.tokens.empty() || p.tokens.front().id != *start)) {
            p.tokens.insert(p.tokens.begin(), Token{*start, 0, 0});
            p.startAdded = true;
        }
        checkInVocabulary(p.tokens, nVocab);
        // A start token alone is no prompt: the text was empty.
        if (p.startAdded && p.tokens.size() == 1) p.tokens.clear();
    } else {
        // No tokenizer: the only way to talk to the model is by token id.
        const auto ids = parseTokenIds(
            text, nVocab,
            "this model has no tokenizer (vocab.json + merges.txt or tokenizer.json), so the "
            "prompt must be token ids separated by spaces");
        p.fromIds = true;
        for (int id : ids) p.tokens.push_back({id, 0, 0});
    }
    if (p.tokens.empty()) throw Error("the prompt is empty: give at least one token");
    return p;
}

PromptTokens promptFromIds(std::vector<int> ids, int nVocab, const std::string& where) {
    PromptTokens p;
    p.fromIds = true;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] < 0 || ids[i] >= nVocab)
            throw Error(where + ": token id " + std::to_string(ids[i]) + " at index " +
                        std::to_string(i) + " is outside the vocabulary (0.." +
                        std::to_string(nVocab - 1) + ")");
        p.tokens.push_back({ids[i], 0, 0});
        if (!p.text.empty()) p.text += ' ';
        p.text += std::to_string(ids[i]);
    }
    if (p.tokens.empty()) throw Error(where + " is empty: give at least one token");
    return p;
}

PromptWithContinuation parsePromptWithContinuation(std::string_view prompt,
                                                   std::string_view continuation,
                                                   const Tokenizer& tokenizer, int nVocab,
                                                   const PromptOptions& options) {
    if (continuation.empty()) throw Error("the continuation is empty");
    std::string joined(prompt);
    joined += continuation;
    PromptTokens all = parsePrompt(joined, &tokenizer, nVocab, options);
    PromptWithContinuation out;
    out.prompt.text = std::string(prompt);
    out.prompt.startAdded = all.startAdded;
    // The prompt keeps the tokens that lie inside it (a start token's empty span at 0
    // included); the first one that reaches past its end, or an empty one inserted right at
    // its end, starts the continuation.
    const std::size_t end = prompt.size();
    std::size_t k = 0;
    while (k < all.tokens.size() && all.tokens[k].end <= end &&
           !(all.tokens[k].start == end && all.tokens[k].end == end && end > 0))
        ++k;
    out.prompt.tokens.assign(all.tokens.begin(), all.tokens.begin() + static_cast<long>(k));
    for (std::size_t i = k; i < all.tokens.size(); ++i)
        out.continuation.push_back(all.tokens[i].id);
    const std::size_t own = out.prompt.tokens.size() - (all.startAdded && k > 0 ? 1 : 0);
    if (own == 0)
        throw Error("the prompt \"" + std::string(prompt) +
                    "\" has no token of its own once its continuation is joined to it");
    if (out.continuation.empty())
        throw Error("the continuation \"" + std::string(continuation) + "\" gives no token");
    return out;
}

std::shared_ptr<const Tokenizer> tokenizerAt(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec) &&
        (path.extension() == ".gguf" || gguf::looksLikeGguf(path))) {
        const gguf::File file = gguf::File::open(path);
        auto tokenizer = tokenizerFromGguf(file);
        if (!tokenizer)
            throw Error(path.string() + " has no tokenizer (no tokenizer.ggml.* entries)");
        return tokenizer;
    }
    if (std::filesystem::is_directory(path, ec)) {
        auto tokenizer = Tokenizer::fromFolder(path);
        if (!tokenizer)
            throw Error("no tokenizer in " + path.string() +
                        " (expected vocab.json + merges.txt, or tokenizer.json)");
        return tokenizer;
    }
    return Tokenizer::fromPath(path);
}

}  // namespace ts
