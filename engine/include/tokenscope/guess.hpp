#pragma once
// Guess first, then reveal (a classroom game over one step of the loop): the class names the
// next token before the distribution is shown, and the reveal says what the model gave each
// guess. A guess is text a person typed ("수진", "Paris"), not a token: it is read through the
// one prompt path (parsePromptWithContinuation after the step's context, so it gets the ids it
// would have in the running text) and scored by the probability of its first token, the one
// this step predicts. A guess the model would write as several tokens says so (`tokens`).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

struct GuessScore {
    std::string guess;        // as typed, trimmed
    std::string readAs;       // the text that was scored: the guess, or " " + guess
    std::vector<int> tokens;  // readAs's tokens after the context (tokens[0] is scored)
    double prob = 0;          // P(tokens[0]) under the step's sampling distribution
    double probAtOne = 0;     // P(tokens[0]) at temperature 1 (the model's own)
    int rank = 0;             // 1-based rank of tokens[0] among the step's logits
    bool isTop = false;       // tokens[0] is the model's most likely token
    bool isDrawn = false;     // tokens[0] is the token the step drew
};

// Splits what a class typed into guesses: commas (, ， 、), semicolons and new lines separate
// them; each is trimmed of spaces; empty ones are dropped; at most `most` are kept.
std::vector<std::string> splitGuesses(std::string_view text, std::size_t most = 64);

// Scores each guess against one step: `context` the ids the step had read (its prompt and the
// tokens drawn before it), `logits` what it predicted, `params` the settings it drew with,
// `drawn` the token it drew (-1 for none). A guess is read as typed and with a space in front;
// the reading whose first token is more probable wins (students type "Paris" for " Paris"). A
// reading that would change the context's own tokens (glued onto its last word) is not used;
// when neither reading fits, the guess is tokenized alone. Guesses that are empty after
// trimming are skipped; invalid UTF-8 throws ts::Error.
std::vector<GuessScore> scoreGuesses(const Tokenizer& tokenizer, int nVocab,
                                     std::span<const int> context, std::span<const float> logits,
                                     const SamplingParams& params, int drawn,
                                     const std::vector<std::string>& guesses,
                                     const PromptOptions& options = {});

// A shortlist to pick guesses from, shuffled so its order gives nothing away: the step's
// `fromTop` most probable tokens and `others` drawn (by `seed`) from ranks fromTop+1..50, in
// an order fixed by `seed`. Token ids; a vocabulary smaller than asked gives what there is.
std::vector<int> guessShortlist(std::span<const float> logits, int fromTop, int others,
                                std::uint64_t seed);

}  // namespace ts
