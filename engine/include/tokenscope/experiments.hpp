#pragma once
// The classroom experiments as engine functions, shared by the CLI and the app: temperature
// lanes, fact probes (hallucination) and the lost-in-the-middle measurement.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

// ---- temperature lanes ---------------------------------------------------------------
struct LaneToken {
    int token;
    float prob;          // probability under the lane's sampling distribution
    float rawProb;       // probability at temperature 1
    float entropyBits;   // entropy of the sampling distribution it was drawn from
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
                                      bool ignoreEndOfText = false);

// ---- scoring continuations -------------------------------------------------------------
struct ContinuationScore {
    double logProb = 0;                 // sum over the continuation's tokens (nats)
    std::vector<double> tokenLogProbs;
    int firstTokenRank = 0;
};
ContinuationScore scoreContinuation(std::shared_ptr<const Model> model,
                                    const std::vector<int>& prompt,
                                    const std::vector<int>& continuation);

// ---- fact probes -----------------------------------------------------------------------
struct FactProbe {
    std::string prompt;
    std::string truth;                  // the true continuation (with its leading space)
    std::vector<std::string> falsehoods;
    std::string group;                  // e.g. "seen", "held-out", "real-world"
};
std::vector<FactProbe> loadFactProbes(const std::filesystem::path& file);
void saveFactProbes(const std::vector<FactProbe>& probes, const std::filesystem::path& file);

struct ProbeResult {
    double logPTrue = 0;
    std::vector<double> logPFalse;
    int topToken = 0;                   // the model's own most likely next token
    float topProb = 0;
    float truthFirstTokenProb = 0;
    bool truthWins = false;             // true continuation more probable than every false one
};
ProbeResult runFactProbe(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe);

// ---- lost in the middle ---------------------------------------------------------------
struct LitmOptions {
    int records = 20;                   // key-value records in each context
    int positions = 5;                  // evenly spaced gold positions, first .. last
    int trials = 10;                    // shuffled contexts per position
    std::uint64_t seed = 1;
    bool queryAware = false;            // also state the query before the records
    std::string recordTemplate = "Code {key}: {value}.";
    std::string queryTemplate = "Code {key}:";
    std::vector<std::string> keyWords;  // empty = built-in NATO words
    int numberMin = 100, numberMax = 999;  // key = word + "-" + number; numbers are distinct
                                           // within a context, so a key's last token is unique
    std::vector<std::string> values;    // empty = built-in nouns
    std::string separator = " ";        // between records (the bundled model saw spaces)
    void validate() const;
};
// Reads a record specification (record_template, query_template, key_words, number_range,
// values) as written next to the bundled model in eval/kv_records.json, so the lab asks the
// model in the format it was trained on. Fields absent from the file keep their values.
void applyLitmSpec(LitmOptions& options, const std::filesystem::path& file);
struct LitmPoint {
    int position = 0;                   // 1-based index of the gold record
    int trials = 0;
    double accuracy = 0, accuracyLow = 0, accuracyHigh = 0;  // top-1, Wilson 95% interval
    double meanProb = 0, probLow = 0, probHigh = 0;          // P(correct first token), 95% CI
    double meanRank = 0;
    double attentionMass = 0;           // last position's attention on the gold record,
                                        // averaged over layers and heads
};
struct LitmResult {
    std::vector<LitmPoint> points;
    int contextTokens = 0;              // mean context length in tokens
    std::string exampleContext;
};
using ExperimentProgress = std::function<void(double fraction)>;
LitmResult runLostInTheMiddle(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                              const LitmOptions& options, const ExperimentProgress& progress = {},
                              const std::atomic<bool>* cancel = nullptr);

// Liu et al. 2023, "Lost in the Middle", GPT-3.5-Turbo, 20 documents: accuracy (%) with
// the answer at positions 1, 5, 10, 15, 20.
struct ReferencePoint {
    int position;
    double accuracyPercent;
};
std::vector<ReferencePoint> liuEtAl2023Reference();

}  // namespace ts
