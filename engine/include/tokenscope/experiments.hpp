#pragma once
// The classroom experiments as engine functions, shared by the CLI and the app: temperature
// lanes and fact probes (hallucination); the lost-in-the-middle lab is in litm.hpp.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/litm.hpp"  // lost in the middle, in a header of its own

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

}  // namespace ts
