// Guess first, then reveal: reading typed guesses as tokens after a step's context and scoring
// them against that step's stored logits (no model run), and a shuffled shortlist to pick from.
// See tokenscope/guess.hpp.
#include <algorithm>
#include <numeric>
#include <random>

#include "tokenscope/error.hpp"
#include "tokenscope/guess.hpp"

namespace ts {

namespace {

bool isGuessSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string trimmedGuess(std::string_view s) {
    std::size_t a = 0, b = s.size();
    while (a < b && isGuessSpace(s[a])) ++a;
    while (b > a && isGuessSpace(s[b - 1])) --b;
    return std::string(s.substr(a, b - a));
}

// The tokens `reading` gets after the context, or empty when it cannot be read there (the
// context does not decode to text that tokenizes back to itself, or the reading would change
// the context's last token).
std::vector<int> guessTokensAfterContext(const Tokenizer& tokenizer, int nVocab,
                                         std::span<const int> context, const std::string& reading,
                                         const PromptOptions& options) {
    if (context.empty()) return {};
    std::vector<int> body(context.begin(), context.end());
    const auto& start = tokenizer.startToken();
    if (start.id && body.front() == *start.id) body.erase(body.begin());
    if (body.empty()) return {};
    try {
        const std::string text = tokenizer.decode(body);
        const auto split = parsePromptWithContinuation(text, reading, tokenizer, nVocab, options);
        const auto ids = split.prompt.ids();
        if (!std::equal(ids.begin(), ids.end(), context.begin(), context.end())) return {};
        return split.continuation;
    } catch (const Error&) {
        return {};  // the context ends inside a character, or the reading leaves nothing
    }
}

}  // namespace

std::vector<std::string> splitGuesses(std::string_view text, std::size_t most) {
    std::vector<std::string> out;
    std::string current;
    auto flush = [&] {
        std::string g = trimmedGuess(current);
        current.clear();
        if (!g.empty() && out.size() < most) out.push_back(std::move(g));
    };
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == ',' || c == ';' || c == '\n') {
            flush();
            ++i;
            continue;
        }
        // The full-width comma U+FF0C (EF BC 8C) and the ideographic comma U+3001 (E3 80 81).
        if (text.substr(i, 3) == "\xEF\xBC\x8C" || text.substr(i, 3) == "\xE3\x80\x81") {
            flush();
            i += 3;
            continue;
        }
        current += c;
        ++i;
    }
    flush();
    return out;
}

std::vector<GuessScore> scoreGuesses(const Tokenizer& tokenizer, int nVocab,
                                     std::span<const int> context, std::span<const float> logits,
                                     const SamplingParams& params, int drawn,
                                     const std::vector<std::string>& guesses,
                                     const PromptOptions& options) {
    if (logits.empty()) throw Error("this step has no stored logits to score guesses against");
    const std::vector<float> probs = samplingDistribution(logits, params);
    const std::vector<float> atOne = softmax(logits);
    const int top = argmax(logits);
    std::vector<GuessScore> out;
    for (const std::string& typed : guesses) {
        GuessScore g;
        g.guess = trimmedGuess(typed);
        if (g.guess.empty()) continue;
        checkUtf8(g.guess, "the guess '" + g.guess + "'");
        // As typed and with a space in front ("Paris" and " Paris"): the more probable first
        // token is the reading a person meant.
        bool found = false;
        for (const std::string& reading : {g.guess, " " + g.guess}) {
            const auto ids = guessTokensAfterContext(tokenizer, nVocab, context, reading, options);
            if (ids.empty() || ids[0] < 0 || ids[0] >= static_cast<int>(probs.size())) continue;
            const double p = atOne[static_cast<std::size_t>(ids[0])];
            if (!found || p > g.probAtOne) {
                g.readAs = reading;
                g.tokens = ids;
                g.probAtOne = p;
                found = true;
            }
        }
        if (!found) {
            // Alone, through the same parser, without a start token.
            PromptOptions alone = options;
            alone.startToken = false;
            g.readAs = g.guess;
            g.tokens = parsePrompt(g.guess, &tokenizer, nVocab, alone).ids();
            if (g.tokens.empty()) continue;
        }
        const auto first = static_cast<std::size_t>(g.tokens[0]);
        if (first >= probs.size())
            throw Error("the guess '" + g.guess + "' is outside the vocabulary");
        g.prob = probs[first];
        g.probAtOne = atOne[first];
        g.rank = rankOf(logits, g.tokens[0]);
        g.isTop = g.tokens[0] == top;
        g.isDrawn = g.tokens[0] == drawn;
        out.push_back(std::move(g));
    }
    return out;
}

std::vector<int> guessShortlist(std::span<const float> logits, int fromTop, int others,
                                std::uint64_t seed) {
    const auto probs = softmax(logits);
    const int n = static_cast<int>(probs.size());
    const int pool = std::min(n, 50);
    const auto order = orderByProbability(probs, static_cast<std::size_t>(pool));
    std::vector<int> list(order.begin(), order.begin() + std::min(std::max(0, fromTop), pool));
    std::vector<int> rest(order.begin() + static_cast<long>(list.size()), order.begin() + pool);
    std::mt19937_64 rng(seed);
    std::shuffle(rest.begin(), rest.end(), rng);
    for (int i = 0; i < others && i < static_cast<int>(rest.size()); ++i)
        list.push_back(rest[static_cast<std::size_t>(i)]);
    std::shuffle(list.begin(), list.end(), rng);
    return list;
}

}  // namespace ts
