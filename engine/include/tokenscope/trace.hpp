#pragma once
// What one call into the model records. Traces are plain values: the UI may keep them for
// as long as it likes, they never point into engine buffers.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "tokenscope/interventions.hpp"

namespace ts {

struct TraceOptions {
    bool attention = false;   // softmax rows per layer and head for every processed query
    bool embeddings = false;  // token and position embedding of every processed token
    bool residuals = false;   // residual stream after each layer, last position (logit lens)
    bool allLogits = false;   // logits of every processed position, not only the last
    // With allLogits, a hint: the rows before this index (of the processed tokens) are not
    // needed and a source may leave them empty. The local model fills every row; a model
    // server is asked only for the rows from here on (one request per row on llama-server).
    int allLogitsFrom = 0;
    // A hint: only the largest `topLogits` entries of `logits` are read (0: all). The local
    // model fills every entry; a model server is asked for that many only, the rest of its
    // distribution then in StepTrace::tailMass (not with allLogits or interventions).
    int topLogits = 0;
    // Logit lens of the last position, computed on the engine's thread by ts::Transcript
    // (needs `residuals`), so no view does model math on the GUI thread.
    bool logitLens = false;
    // The residual stream entering every block at every processed position
    // (StepTrace::blockInputs): activation patching and steering directions read it.
    bool blockInputs = false;
    // Each head's attention output averaged over the processed positions
    // (StepTrace::headOutputMeans): the means of mean ablation.
    bool headOutputMeans = false;
    // What-if changes to the pass (null or empty: none; results bit-identical to none).
    std::shared_ptr<const Interventions> interventions;
    // Resume the pass at block `resumeAtBlock` (0-based; 0 = a normal pass) with
    // `resumeResidual` ([tokens * nEmbd]) as the residual entering it: blocks before it are
    // not run, and their cache entries for these positions must already hold what they would
    // compute (a fork of a session that ran these tokens, truncated back: truncation keeps
    // the entries). Activation patching uses it to rerun only the blocks a patch changes.
    int resumeAtBlock = 0;
    std::vector<float> resumeResidual;
};

// Logit lens entry: for one recorded residual (embedding, after block 1..L) the top token and
// its probability after the final norm and output projection.
struct LensEntry {
    int token;
    float prob;
    float entropyBits;
};

struct CostFigures {
    double wallMs = 0;        // wall time of the call
    double flops = 0;         // multiply-adds counted as 2 FLOPs
    double weightBytes = 0;   // bytes of weights streamed from memory
    double kvCacheBytes = 0;  // size of the KV cache in use after the call
    int contextLength = 0;    // tokens in the cache after the call
};

// Attention probabilities of the queries processed in one call, packed triangularly:
// query at absolute position p has p + 1 entries (keys 0..p). Causal, so the full matrix
// of a prompt is the stack of its rows.
struct AttentionTrace {
    int nLayer = 0;
    int nHead = 0;       // query heads (rows are recorded per query head)
    int nKvHead = 0;     // key/value heads: query head h reads kv head h / (nHead / nKvHead)
                         // (grouped-query attention; equal to nHead without it, 0 when a
                         // hand-built trace does not say: read as nHead)
    int firstQuery = 0;  // absolute position of the first query recorded
    int nQueries = 0;
    // Sliding-window layers (Gemma 3, EXAONE 4 32B): a query at i of a layer with
    // layerSliding[l] != 0 saw only keys i - slidingWindow < j <= i; the rest of its row is 0.
    // Empty / 0 when every layer attends to the whole context.
    int slidingWindow = 0;
    std::vector<std::uint8_t> layerSliding;  // [nLayer]
    std::vector<float> data;                 // [layer][head][query][0..pos]

    std::size_t rowOffset(int layer, int head, int queryPos) const;
    std::span<const float> row(int layer, int head, int queryPos) const;
    bool empty() const { return data.empty(); }
};

struct StepTrace {
    int firstPosition = 0;    // absolute position of tokens[0]
    std::vector<int> tokens;  // tokens processed by this call (1 for a decode step)
    std::vector<std::vector<float>> tokenEmbedding;     // [tokens][nEmbd], if asked
    std::vector<std::vector<float>> positionEmbedding;  // [tokens][nEmbd], if asked
    AttentionTrace attention;                           // if asked
    std::vector<std::vector<float>> residuals;          // [nLayer + 1][nEmbd] at the last position:
                                                        // 0 = embedding sum, l = after block l
    std::vector<float> logits;                          // [nVocab] at the last position
    std::vector<std::vector<float>> allLogits;          // [tokens][nVocab], if asked
    std::vector<LensEntry> lens;                        // [nLayer + 1], if asked (logitLens)
    // [nLayer][tokens * nEmbd]: the residual entering block l (index l) at each processed
    // position, if asked (blockInputs); after any patch or steering of that block.
    std::vector<std::vector<float>> blockInputs;
    // [nLayer][nHead * headDim]: head h's output at h * headDim, averaged over the processed
    // positions, before any ablation, if asked (headOutputMeans).
    std::vector<std::vector<float>> headOutputMeans;
    // Banned ids with their logit before the ban: `logits` holds -infinity there.
    std::vector<std::pair<int, float>> bannedLogits;
    // Probability the source did not itemise: a server that gives only its top K next-token
    // logprobs ("rest of the vocabulary", 1 - sum p of the K). `logits` then holds the K
    // logprobs and -infinity elsewhere, so sampling renormalises over the K and never draws
    // from the tail; 0 for a local model and for a full-vocabulary answer.
    double tailMass = 0;
    CostFigures cost;

    int lastPosition() const { return firstPosition + static_cast<int>(tokens.size()) - 1; }
};

}  // namespace ts
