#pragma once
// Sampling as pure functions of stored logits: the temperature slider re-renders from
// these without running the model.
#include <cstdint>
#include <span>
#include <vector>

namespace ts {

// The defaults are the app's and tokenscope-cli generate's: temperature 0.8 with top-p 0.95,
// chosen by measurement (docs/classroom.md, "Default sampling"; tests/tools/
// measure_rare_draws.py): on the lessons' prompts with the bundled model 0.3 % of the draws
// are tokens the model gives under 0.1 % (6.1 % at T = 1 without top-p), while about a
// quarter of the draws are still not the most likely token, so the text varies and moving the
// temperature visibly changes it.
struct SamplingParams {
    float temperature = 0.8f;  // 0 = argmax (greedy)
    int topK = 0;              // 0 = off
    float topP = 0.95f;        // 1 = off
    std::uint64_t seed = 0;

    // Throws ts::Error for values outside their range (negative temperature, top-p
    // outside (0, 1], negative top-k, NaN).
    void validate() const;
};

// Deterministic on every platform (splitmix64-seeded xoshiro256**), unlike std::
// distributions whose output differs between standard libraries.
class Rng {
  public:
    explicit Rng(std::uint64_t seed = 0);
    std::uint64_t next();
    double uniform();  // [0, 1)
  private:
    std::uint64_t m_s[4];
};

float logSumExp(std::span<const float> logits);
int argmax(std::span<const float> logits);
// Probabilities at a temperature; temperature 0 gives a one-hot vector at the argmax.
std::vector<float> softmax(std::span<const float> logits, float temperature = 1.0f);
// The distribution actually sampled from: softmax at the temperature, then top-k and top-p
// applied and renormalised; entries cut off are exactly 0.
std::vector<float> samplingDistribution(std::span<const float> logits, const SamplingParams& p);
// Draws one token from samplingDistribution(logits, p) with `rng` (greedy draws nothing).
int sample(std::span<const float> logits, const SamplingParams& p, Rng& rng);
// The token whose cumulative interval of samplingDistribution(logits, p) holds `u` in [0, 1)
// (inverse-CDF sampling in id order); the argmax when the temperature is 0.
int sampleAt(std::span<const float> logits, const SamplingParams& p, double u);
// The uniform number in [0, 1) used to draw the token at absolute position `position` with
// `seed`. The seed policy of the whole project (see ts::Transcript): the number depends only
// on (seed, position), so a branch, a replay and every temperature lane draw the same number
// at the same position, and a view can show it.
double uniformAt(std::uint64_t seed, int position);
// Shannon entropy in bits of a probability vector.
double entropyBits(std::span<const float> probs);
// 1-based rank of `token` among the logits (1 = most likely; ties rank by id).
int rankOf(std::span<const float> logits, int token);

struct Candidate {
    int token;
    float prob;
};
// The k most probable tokens, descending (ties by lower id).
std::vector<Candidate> topCandidates(std::span<const float> probs, int k);
// Token ids in descending probability, ties by lower id (a total order, so the result is
// unique): the first `needed` of them, all when needed >= probs.size(). A few by one pass
// keeping the best; many by a radix sort of the probabilities' bits (top-p over 50,257
// tokens: well under a millisecond, where a comparison sort took several).
std::vector<int> orderByProbability(std::span<const float> probs, std::size_t needed);
// The tokens that top-k and then top-p keep from `probs` (the softmax at p's temperature, which
// must be above 0), most probable first: samplingDistribution's cut, shared with the views.
std::vector<int> keptByTopKTopP(std::span<const float> probs, const SamplingParams& p);

}  // namespace ts
