// The model's own answer to a fact probe, read as a word: its greedy continuation up to a word
// boundary, past function words, without a Korean particle. The hallucination lens counts
// "confident inventions" from it, so " a" at 99.8 % must not count as an answer, and " K" is
// not the answer when the model goes on to write " Kroish".
#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>

#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"

namespace ts {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// The last code point of UTF-8 text is a Hangul syllable (U+AC00 .. U+D7A3).
bool endsWithHangulSyllable(std::string_view s) {
    if (s.size() < 3) return false;
    const auto b0 = static_cast<unsigned char>(s[s.size() - 3]);
    const auto b1 = static_cast<unsigned char>(s[s.size() - 2]);
    const auto b2 = static_cast<unsigned char>(s[s.size() - 1]);
    if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return false;
    const unsigned cp = ((b0 & 0x0Fu) << 12) | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
    return cp >= 0xAC00 && cp <= 0xD7A3;
}

bool containsHangul(std::string_view s) {
    for (std::size_t i = 3; i <= s.size(); ++i)
        if (endsWithHangulSyllable(s.substr(0, i))) return true;
    return false;
}

// Particles and copula endings that follow a noun. Single syllables that often end names
// (나, 야, 지, 고, 요) are left out: cutting a name is worse than keeping a particle.
constexpr const char* kKoreanParticles[] = {
    "이었어요", "이었습니다", "이에요", "입니다", "이었다", "이라는", "이라고", "였어요", "에서는",
    "에게서",   "께서는",     "으로는", "예요",   "이다",   "였다",   "라는",   "라고",   "에서",
    "으로",     "에게",       "한테",   "께서",   "처럼",   "보다",   "까지",   "부터",   "이나",
    "은",       "는",         "이",     "가",     "을",     "를",     "에",     "의",     "로"};

// ASCII punctuation that ends a word; '-' and '\'' join word pieces ("Kudia-grad", "'s").
bool isWordPunctuation(unsigned char c) {
    return c < 0x80 && std::ispunct(c) && c != '-' && c != '\'';
}

struct Word {
    std::string bytes;
    std::vector<int> tokens;
    std::vector<double> probs;
    bool empty() const { return tokens.empty(); }
};

}  // namespace

bool isFunctionWord(std::string_view word) {
    static constexpr const char* kWords[] = {
        "a",     "an",    "the",   "this", "that",  "these", "those", "some",  "any",    "its",
        "his",   "her",   "their", "our",  "my",    "your",  "in",    "on",    "at",     "of",
        "to",    "for",   "from",  "by",   "with",  "into",  "onto",  "over",  "under",  "about",
        "as",    "near",  "and",   "or",   "but",   "nor",   "so",    "than",  "then",   "is",
        "are",   "was",   "were",  "be",   "been",  "being", "am",    "do",    "does",   "did",
        "has",   "have",  "had",   "will", "would", "can",   "could", "shall", "should", "may",
        "might", "must",  "it",    "he",   "she",   "they",  "we",    "you",   "i",      "there",
        "here",  "which", "who",   "whom", "whose", "what",  "when",  "where", "how",    "not",
        "no",    "also",  "called"};
    std::string w(trimmed(word));
    if (w.empty()) return true;  // a lone space is filler, not an answer
    for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

std::string koreanParticleSuffix(std::string_view word) {
    const std::string_view w = trimmed(word);
    std::string best;
    for (const char* p : kKoreanParticles) {
        const std::string_view suffix(p);
        if (suffix.size() > best.size() && w.size() > suffix.size() &&
            w.substr(w.size() - suffix.size()) == suffix &&
            endsWithHangulSyllable(w.substr(0, w.size() - suffix.size())))
            best = std::string(suffix);
    }
    return best;
}

bool answerMatches(std::string_view answerWord, std::string_view truth) {
    const std::string_view a = trimmed(answerWord), t = trimmed(truth);
    if (t.empty() || a.size() < t.size() || a.substr(0, t.size()) != t) return false;
    return a.size() == t.size() || a[t.size()] == ' ';
}

ModelAnswer modelAnswer(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                        const std::vector<int>& prompt, int maxTokens) {
    LocalStepSource source(std::move(model));
    return modelAnswer(source, tokenizer, prompt, maxTokens);
}

ModelAnswer modelAnswer(StepSource& session, const Tokenizer& tokenizer,
                        const std::vector<int>& prompt, int maxTokens,
                        const TraceOptions& options) {
    if (prompt.empty()) throw Error("cannot answer an empty prompt");
    const int room = session.config().nCtx - static_cast<int>(prompt.size());
    maxTokens = std::min(maxTokens, room);
    // Greedy: only the most probable entries are read (a server then sends a few, not the
    // whole vocabulary). A drawn token's probability under the whole distribution: the
    // entries renormalised, times the mass they hold (1 - tailMass; 1 for a local model).
    TraceOptions greedy = options;
    greedy.topLogits = 8;
    const auto probOf = [](const StepTrace& t, int token) {
        const float p = softmax(t.logits)[static_cast<std::size_t>(token)];
        return t.tailMass > 0 ? static_cast<float>(p * (1.0 - t.tailMass)) : p;
    };
    session.reset();
    StepTrace trace = session.prefill(prompt, greedy);
    const auto eos = tokenizer.endOfTextId();

    std::vector<Word> leading, content;  // function words before the answer, the answer
    Word current;
    // Ends the word being written; true when the answer is complete.
    auto finishWord = [&]() -> bool {
        if (current.empty()) return false;
        Word w = std::move(current);
        current = Word{};
        if (containsHangul(w.bytes)) {
            // A Korean answer is one word; a particle or ending after it goes, where it is
            // whole tokens (a suffix inside a token stays rather than split the token).
            const std::string suffix = koreanParticleSuffix(w.bytes);
            std::size_t cut = 0, n = w.tokens.size();
            while (n > 1 && cut < suffix.size()) {
                cut += tokenizer.tokenBytes(w.tokens[n - 1]).size();
                --n;
            }
            if (!suffix.empty() && cut == suffix.size()) {
                w.bytes.resize(w.bytes.size() - cut);
                w.tokens.resize(n);
                w.probs.resize(n);
            }
            content.push_back(std::move(w));
            return true;
        }
        if (isFunctionWord(w.bytes)) {
            if (!content.empty()) return true;  // " Kroish and": the answer ended
            leading.push_back(std::move(w));
            return false;
        }
        content.push_back(std::move(w));
        return content.size() >= 3;
    };

    bool complete = false;
    for (int i = 0; i < maxTokens && !complete; ++i) {
        const int token = argmax(trace.logits);
        if (eos && token == *eos) break;
        const std::string piece = tokenizer.tokenBytes(token);
        const auto first = static_cast<unsigned char>(piece.empty() ? ' ' : piece[0]);
        const bool newWord = first == ' ' || first == '\t';
        const bool stop = first == '\n' || first == '\r' || isWordPunctuation(first);
        if (newWord || stop) {
            complete = finishWord();
            if (complete) break;
        }
        if (stop) {
            // Punctuation straight away is the answer ("," after "is"); otherwise it ends it.
            if (leading.empty() && content.empty()) {
                current = Word{piece, {token}, {probOf(trace, token)}};
                content.push_back(std::move(current));
            }
            break;
        }
        current.bytes += piece;
        current.tokens.push_back(token);
        current.probs.push_back(probOf(trace, token));
        if (i + 1 < maxTokens) trace = session.step(token, greedy);
    }
    if (!complete) finishWord();

    ModelAnswer a;
    a.prob = 1.0;
    auto add = [&](const Word& w, bool isContent) {
        a.text += w.bytes;
        if (isContent) a.word += w.bytes;
        a.tokens.insert(a.tokens.end(), w.tokens.begin(), w.tokens.end());
        for (double p : w.probs) a.prob *= p;
    };
    for (const auto& w : leading) add(w, false);
    for (const auto& w : content) add(w, true);
    if (a.tokens.empty()) a.prob = 0;
    return a;
}

}  // namespace ts
