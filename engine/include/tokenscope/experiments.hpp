#pragma once
// The classroom experiments as engine functions, shared by the CLI and the app: temperature
// lanes and fact probes (hallucination); the lost-in-the-middle lab is in litm.hpp.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tokenscope/interventions.hpp"
#include "tokenscope/litm.hpp"  // lost in the middle, in a header of its own
#include "tokenscope/model.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/step_source.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

// ---- temperature lanes ---------------------------------------------------------------
struct LaneToken {
    int token;
    float prob;         // probability under the lane's sampling distribution
    float rawProb;      // probability at temperature 1
    float entropyBits;  // entropy of the sampling distribution it was drawn from
};
struct Lane {
    SamplingParams params;
    std::vector<LaneToken> tokens;
    // The lane's last token is one of the model's end tokens and the lane stopped there
    // (never set with ignoreEndOfText or without a tokenizer).
    bool endedAtEndOfText = false;
};
// Prefills the prompt once in a ts::Transcript, forks it for each temperature and draws
// `steps` tokens per lane by the transcript's seed policy, so a lane at temperature T gives
// the tokens the app and `generate` give at T. With a tokenizer, a lane stops after drawing
// an end token unless ignoreEndOfText.
std::vector<Lane> runTemperatureLanes(std::shared_ptr<const Model> model,
                                      const std::vector<int>& prompt,
                                      const std::vector<float>& temperatures, int steps,
                                      const SamplingParams& base,
                                      std::shared_ptr<const Tokenizer> tokenizer = nullptr,
                                      bool ignoreEndOfText = false,
                                      std::shared_ptr<const Interventions> interventions = nullptr);

// ---- scoring continuations -------------------------------------------------------------
struct ContinuationScore {
    double logProb = 0;  // sum over the continuation's tokens (nats)
    std::vector<double> tokenLogProbs;
    int firstTokenRank = 0;
};
ContinuationScore scoreContinuation(std::shared_ptr<const Model> model,
                                    const std::vector<int>& prompt,
                                    const std::vector<int>& continuation);
// The same over any step source (a local model, or a model server: tokenscope/remote.hpp),
// reset first; `options` travel into the one prefill (its interventions apply). One batched
// prefill of the prompt and the continuation but its last token, reading the rows of the
// continuation's positions (a server is asked for those rows only).
ContinuationScore scoreContinuation(StepSource& source, const std::vector<int>& prompt,
                                    const std::vector<int>& continuation,
                                    const TraceOptions& options = {});

// ---- fact probes -----------------------------------------------------------------------
struct FactProbe {
    std::string prompt;
    std::string truth;  // the true continuation (with its leading space)
    std::vector<std::string> falsehoods;
    std::string group;  // e.g. "seen", "held-out", "real-world"
    // The sentence "give it the fact" puts in front of the prompt, as retrieval would ("" for
    // the default: the prompt completed with its truth, factSentence).
    std::string fact;
};
// The largest probe file read: 20,000 probes take about 3 MiB.
inline constexpr std::uint64_t kMaxProbeFileBytes = std::uint64_t{16} << 20;
// A list of probes, or {"probes": [...]}. Throws ts::Error naming the file and the probe for
// anything else, and for what is not a regular file of at most kMaxProbeFileBytes.
std::vector<FactProbe> loadFactProbes(const std::filesystem::path& file);
void saveFactProbes(const std::vector<FactProbe>& probes, const std::filesystem::path& file);

// The model's own answer to a prompt, as a person would read it: its greedy continuation up to
// a word boundary (a space, punctuation, the end of text), not its first token (" Kroish", not
// " K"). Function words are not an answer: " a" or " in" at 99 % lead on to the word after
// them (" a busy city", " in Kroish"), and a run of content words (" New Delhi") stays
// together. A Korean particle or ending after the noun is not part of it (" 스타톤이에요"
// answers " 스타톤").
struct ModelAnswer {
    std::string text;         // the answer's bytes, leading function words included
    std::string word;         // the content part (what is compared with the truth); empty
                              // when no content word came within the token limit
    std::vector<int> tokens;  // the tokens of `text`
    double prob = 0;          // product of those tokens' probabilities (greedy path)
};
ModelAnswer modelAnswer(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                        const std::vector<int>& prompt, int maxTokens = 16);
// The same over any step source (reset first), every pass run with `options`.
ModelAnswer modelAnswer(StepSource& source, const Tokenizer& tokenizer,
                        const std::vector<int>& prompt, int maxTokens = 16,
                        const TraceOptions& options = {});
// " in", "The", " a" ... (English articles, prepositions, conjunctions, auxiliaries and
// pronouns; case and leading spaces ignored).
bool isFunctionWord(std::string_view word);
// The Korean particle or ending at the end of `word` ("이에요" in "스타톤이에요"), or "" when
// there is none or nothing but it would be left.
std::string koreanParticleSuffix(std::string_view word);
// Whether the model's answer is the truth: the answer's content word(s) begin with the truth's
// words ("Daios" answers "Daios"; " Daios River" too), spaces at the ends ignored.
bool answerMatches(std::string_view answerWord, std::string_view truth);

struct ProbeResult {
    double logPTrue = 0;
    std::vector<double> logPFalse;
    int topToken = 0;  // the model's own most likely next token
    float topProb = 0;
    float truthFirstTokenProb = 0;
    bool truthWins = false;  // true continuation more probable than every false one
    ModelAnswer answer;      // the model's own answer up to a word boundary
};
// The prompt is read by parsePrompt (the model's start-token rule, or `promptOptions`), and
// each answer is tokenized together with it (parsePromptWithContinuation).
ProbeResult runFactProbe(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe, const PromptOptions& promptOptions = {},
                         std::shared_ptr<const Interventions> interventions = nullptr);
// The one implementation, over any step source: a local model (LocalStepSource, what the
// overload above runs) or a model server (remote::RemoteSession). The source is reset before
// each of its passes. `interventions` apply to every pass (scoring, the first step, the
// model's answer); a mean ablation without its means gets them from this probe's prompt
// (which needs a local model).
ProbeResult runFactProbe(StepSource& source, const Tokenizer& tokenizer, const FactProbe& probe,
                         const PromptOptions& promptOptions = {},
                         std::shared_ptr<const Interventions> interventions = nullptr);
// The intervention set for one prompt: `interventions` as given, or, for a mean ablation
// given without its means, a copy with the means of `prompt` (ts::prepareMeanAblation on the
// source's local model; ts::Error for a remote one). Null stays null.
std::shared_ptr<const Interventions> interventionsForPrompt(
    const StepSource& source, std::shared_ptr<const Interventions> interventions,
    std::span<const int> prompt);

// ---- hallucination's remedy: give it the fact -------------------------------------------
// What retrieval does for a question: the fact is put into the context before it. The fact
// is the probe's `fact` field, or else its prompt completed with its truth and a full stop
// ("The capital of Kriand is Domoek."; "크리안드의 수도는 도모엑.").
std::string factSentence(const FactProbe& probe);
// The probe with factSentence(probe) and a space in front of its prompt (truth and false
// answers unchanged).
FactProbe withFact(const FactProbe& probe);
struct FactRemedy {
    ProbeResult before;  // the prompt alone
    ProbeResult after;   // the fact in front
    // From wrong to right: the true answer did not beat every false one, and with the fact
    // it does.
    bool flipped() const { return !before.truthWins && after.truthWins; }
};
FactRemedy runFactRemedy(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe, const PromptOptions& promptOptions = {},
                         std::shared_ptr<const Interventions> interventions = nullptr);
FactRemedy runFactRemedy(StepSource& source, const Tokenizer& tokenizer, const FactProbe& probe,
                         const PromptOptions& promptOptions = {},
                         std::shared_ptr<const Interventions> interventions = nullptr);
// Whether `text` has Hangul (a probe's language: "ko" when its prompt has, else "en").
bool hasHangul(std::string_view text);

}  // namespace ts
