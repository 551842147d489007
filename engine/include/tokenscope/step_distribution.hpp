#pragma once
// What the softmax and sampling stages show of one step's next-token distribution at one
// setting (temperature, top-k, top-p): the top candidates with their logit, probability and
// probability after the cut, the entropies, how many tokens can be drawn, where the step's
// uniform number lands, and the draw bar's segments. It is made in one pass over the
// vocabulary, off the GUI thread: the engine worker's Transcript attaches one to every step
// at the settings the step was drawn with (TranscriptOptions::distributionRows), so a view
// redraws a step from a few dozen numbers instead of passing over 50,257 logits on the GUI
// thread. When the temperature slider leaves those settings, a view makes another from the
// stored logits itself (about 1-3 ms for 50,257 logits; see README "event-loop stalls").
//
// Every number equals, bit for bit, what softmax(), samplingDistribution(), entropyBits(),
// topCandidates(), rankOf() and an inverse-CDF walk in id order give for the same logits
// (tests/engine/test_step_distribution.cpp recomputes them that way).
#include <cstddef>
#include <span>
#include <vector>

#include "tokenscope/sampling.hpp"

namespace ts {

// What to describe besides the figures every description has.
struct DistributionRequest {
    int rows = 20;      // top candidates at the temperature
    int rowsAtOne = 0;  // top candidates at temperature 1 (their order at every temperature)
    double u = -1;      // a uniform number in [0, 1) to land in the distribution; < 0: none
    // Segments of the draw bar: every token at least this share of the distribution wide,
    // plus the rows at temperature 1 and `markToken`; <= 0: no segments.
    double minSegment = 0;
    int markToken = -1;  // a token whose segment is always kept (the drawn one)
};

struct StepDistribution {
    struct Row {
        int token = 0;
        float logit = 0;
        float prob = 0;      // softmax at the temperature
        float sampling = 0;  // after top-k/top-p and renormalisation (0 = cut)
    };
    // One token's interval of the draw bar, in vocabulary order.
    struct Segment {
        int token = 0;
        double start = 0;  // cumulative probability of the tokens before it
        float width = 0;   // its probability in the sampling distribution
    };

    SamplingParams params;  // as given, with temperature, top-k and top-p clamped into range
    int vocabSize = 0;
    double entropyBits = 0;          // of the softmax at the temperature
    double samplingEntropyBits = 0;  // of the sampling distribution
    int kept = 0;                    // tokens that can be drawn
    std::vector<Row> top;            // descending probability, ties by lower id
    std::vector<int> topAtOne;       // descending probability at temperature 1, ties by id
    double u = -1;
    int landed = -1;                // the token whose interval holds u (-1 without u)
    std::vector<Segment> segments;  // ascending token id
    // The long tail of what is drawn from (the sampling distribution): how many tokens have a
    // probability above 0 and under kTailBelow, and what they hold together. Thousands of
    // tokens under 0.01 % each can hold a tenth of the draw, which is why a rare token comes up.
    static constexpr double kTailBelow = 1e-4;
    int tailTokens = 0;
    double tailMass = 0;

    // Any token's figures, computed as softmax() and samplingDistribution() compute them.
    float probOf(std::span<const float> logits, int token) const;
    float samplingOf(std::span<const float> logits, int token) const;
    std::size_t bytes() const;

    // How probOf and samplingOf recompute a token (internal; kept to answer them in O(1)).
    float maxLogit = 0;
    double invTemperature = 0;
    double invSum = 0;
    int argmaxToken = -1;
    bool cut = false;        // top-k or top-p removed tokens
    float lastKeptProb = 0;  // the least probable token kept (ties: the highest id kept)
    int lastKeptToken = -1;
    double keptSum = 0;  // what the kept probabilities are divided by
};

// The settings as a view takes them mid-edit: temperature >= 0 (NaN: 0), top-k >= 0, top-p
// in [1e-6, 1] (NaN: 1). describeDistribution describes these.
SamplingParams clampedForDisplay(SamplingParams params);

// Throws ts::Error for empty logits. Out-of-range settings are clamped, as a view clamps a
// value typed mid-edit (temperature >= 0, top-k >= 0, top-p in [1e-6, 1]).
StepDistribution describeDistribution(std::span<const float> logits, const SamplingParams& params,
                                      const DistributionRequest& request);

}  // namespace ts
