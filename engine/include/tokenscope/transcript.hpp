#pragma once
// The autoregressive loop and its history, once for every caller: the app's engine worker,
// `tokenscope-cli generate`, the temperature lanes and the probes all drive a Transcript, so
// the same prompt, seed, temperature, top-k and top-p give the same tokens everywhere.
//
// What a Transcript owns: the prompt, its tokens and byte spans, the Session (KV cache), the
// list of steps, and the rules the loop follows:
// - Seed policy. The token at absolute position p is drawn with the uniform number
//   uniformAt(seed, p) (sampling.hpp) by inverse-CDF sampling over samplingDistribution.
//   The number depends only on (seed, position): a branch or replay from step k draws
//   the numbers the original run drew, and every temperature lane draws the same number at
//   the same position. Each step stores its number (`uniform`) so views can show it.
// - End of text. Generation stops once a step draws one of the model's end tokens
//   (endTokens()), unless TranscriptOptions::ignoreEndOfText is set (`--ignore-eos`, the
//   app's "Continue past end of text" option).
// - Context. One check (checkFitsContext) with one message, used by every caller.
// - Memory. Everything the run keeps shares one budget (TranscriptOptions::historyBudgetBytes):
//   the steps' traces, the steps themselves and the context they share, kept once
//   (TranscriptContext), so the history grows linearly with the steps. Past the budget the
//   oldest steps' traces keep only a summary (StepSummary) and say what they lost.
//
// Reproducibility. Same build, same CPU kind: identical tokens, bit for bit (the kernels'
// summation order depends on the kernel chosen, never on the thread count or timing).
// Across CPUs the F32 kernels differ: the AVX-512 and AVX2 paths sum dot products in
// different orders, so logits may differ in their last bits (relative 1e-6 or so). The
// uniform numbers never differ, but a draw changes when a logit difference moves a
// cumulative-probability boundary across u (probability of the order of the rounding
// difference, per step), when two top logits tie within rounding at temperature 0, or when
// a top-k / top-p cut-off falls between near-equal probabilities. After the first changed
// token the continuations diverge. Scores and probabilities agree to about 1e-5.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/step_distribution.hpp"
#include "tokenscope/step_source.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/trace.hpp"
#include "tokenscope/transcript_context.hpp"

namespace ts {

// What is left of a step whose trace went past the history budget: the most probable
// logits, and per layer, head and query the attention's argmax key and entropy.
struct StepSummary {
    struct TopLogit {
        int token;
        float logit;
    };
    std::vector<TopLogit> topLogits;  // descending, kTopK of them
    float logSumExp = 0;              // of the full logits, so top-k probabilities stay exact
    int nLayer = 0, nHead = 0, firstQuery = 0, nQueries = 0;
    std::vector<int> attentionArgmax;     // [layer][head][query]: key position
    std::vector<float> attentionEntropy;  // [layer][head][query]: bits
    std::size_t droppedBytes = 0;         // what the full trace held
    static constexpr int kTopK = 20;
};

// Figures of one draw, as `generate --json` and exported transcripts report them; NaN (and
// rank 0) where a thinned step no longer knows them.
struct DrawFigures {
    float prob = 0;          // softmax at temperature 1
    float samplingProb = 0;  // under the sampling distribution actually used
    int rank = 0;            // 1 = most likely
    double entropyBits = 0;  // of the temperature-1 distribution
};

struct TranscriptFile;  // a transcript file read back (below)

// One step of the loop, immutable once made: the trace of the tokens it processed, the
// context after them, and the token drawn from its logits.
struct TranscriptStep {
    int index = 0;  // 0 = the prompt's prefill, 1.. = decode steps
    std::shared_ptr<const StepTrace> trace;
    // Every token in the context after this step's input was processed, positions
    // 0..trace->lastPosition(): the first contextLength tokens of the run's one context,
    // shared by all its steps (transcript_context.hpp). Each has a display text
    // (ts::tokenDisplays: read in context, so a token that splits a character shows "범 1/3";
    // whitespace already visible; "#id" without a tokenizer) and a byte span in the prompt
    // text where the token came from the prompt (-1 otherwise).
    std::shared_ptr<const TranscriptContext> context;
    int contextLength = 0;
    // The display texts of the last tailTexts.size() positions: later tokens may still change
    // how they read, so the step keeps them as they read at this step (at most three that hold
    // bytes); the context holds the settled ones before them.
    std::vector<std::string> tailTexts;
    // The token drawn from this step's logits and fed back in (-1 before sampling).
    int sampledToken = -1;
    SamplingParams params;
    // The uniform number of the draw, uniformAt(params.seed, lastPosition + 1); -1 when the
    // token was not drawn (greedy, or chosen by hand in a branch: see `chosen`).
    double uniform = -1;
    bool chosen = false;
    // Probability, rank and entropy of the token drawn (or chosen), computed when it was.
    DrawFigures figures;
    // Set when the history budget thinned this step: trace->logits, the attention rows,
    // embeddings and residuals are then empty, and the summary holds what is left.
    std::shared_ptr<const StepSummary> summary;
    // The distribution at `params` as the softmax and sampling stages show it, made on the
    // thread that ran the step when TranscriptOptions::describeSteps asks for it (null
    // otherwise, and once the step is thinned).
    std::shared_ptr<const StepDistribution> distribution;
    // Read from a transcript file, not run here (no model, or another one): the file, shared
    // by all its steps (null for a step run here). The trace then holds the tokens and
    // positions only (its cost is zero), `figures` and `uniform` are the file's. The views
    // say so instead of showing numbers they do not have.
    std::shared_ptr<const TranscriptFile> recorded;

    // The context as ids, positions 0..contextLength-1.
    std::span<const int> contextTokens() const;
    std::size_t contextSize() const { return static_cast<std::size_t>(contextLength); }
    // Display text at `position` (< contextSize(); "" past it).
    const std::string& tokenText(std::size_t position) const;
    // All of them, copied (exports and tests; views read tokenText).
    std::vector<std::string> tokenTexts() const;
    // Where prompt token `position` came from in promptText() (bytes), -1 otherwise.
    int promptByteStart(std::size_t position) const;
    int promptByteEnd(std::size_t position) const;
    // The prompt as typed (UTF-8), kept once in the context.
    const std::string& promptText() const;
    // Takes the context as its writer has it now: its length and unsettled texts.
    void setContext(const std::shared_ptr<TranscriptContext>& writerContext);

    bool fromFile() const { return recorded != nullptr; }
    // For a step read from a file: the drawn token as the file shows it ("" otherwise; the
    // loaded model's vocabulary, if any, may be another model's).
    const std::string& sampledDisplay() const;
    // For a step read from a file: the drawn token's bytes and the prompt's decoded bytes as
    // the file recorded them ("bytes", and "text" less the drawn tokens), so saving the
    // steps again without a tokenizer keeps the text ("" where the file had none).
    const std::string& sampledBytes() const;
    const std::string& promptBytes() const;

    bool thinned() const { return summary != nullptr; }
    // Bytes held by the trace (attention rows, logits, embeddings, residuals), summary and
    // distribution description.
    std::size_t traceBytes() const;
    // Everything the step holds but the shared context: traceBytes(), the step and trace
    // objects, the trace's token list and the tail texts.
    std::size_t keptBytes() const;
};
using TranscriptStepPtr = std::shared_ptr<const TranscriptStep>;

// Attention of query position `queryPos` for a layer and head, found in whichever step of
// `history` processed that position (causal attention: the prompt's full matrix is the stack
// of these rows). Empty if no step traced it (or its trace was thinned).
std::span<const float> attentionRow(const std::vector<TranscriptStepPtr>& history, int layer,
                                    int head, int queryPos);

// The one context check: throws ts::Error naming `what` and the model's context length.
void checkFitsContext(std::size_t tokens, int nCtx, const std::string& what);

// Prompts (PromptTokens, parsePrompt: the one way from text to ids) are in prompt.hpp.

struct TranscriptOptions {
    TraceOptions trace;            // what every step records (the app: all of it)
    bool ignoreEndOfText = false;  // keep going past the model's end tokens
    // Everything the history keeps (historyBytes()); only traces can be thinned to fit it.
    std::size_t historyBudgetBytes = std::size_t{1} << 30;
    // Describe each step's distribution at its settings (TranscriptStep::distribution) with
    // these rows and segments; u and the marked token are the step's own. The app asks for it
    // so its views never pass over the vocabulary on the GUI thread; the CLI does not.
    std::optional<DistributionRequest> describeSteps;
};

class Transcript {
  public:
    Transcript(std::shared_ptr<const Model> model, std::shared_ptr<const Tokenizer> tokenizer,
               TranscriptOptions options = {});
    // Any step source: a remote model (tokenscope/remote.hpp) or a local one. With a remote
    // source, model() throws (there are no weights) and the logit lens is not computed.
    Transcript(std::unique_ptr<StepSource> source, std::shared_ptr<const Tokenizer> tokenizer,
               TranscriptOptions options = {});

    // Resets, prefills the prompt and draws the first token: step 0. Throws ts::Error (the
    // transcript is then empty) or ts::Cancelled.
    const TranscriptStep& start(const PromptTokens& prompt, const SamplingParams& params);
    // The text through parsePrompt with `prompt` options (the model's start-token rule).
    const TranscriptStep& start(std::string_view promptText, const SamplingParams& params,
                                const PromptOptions& prompt = {});
    const TranscriptStep& startIds(std::span<const int> ids, const SamplingParams& params);
    // Feeds the last drawn token back in and draws the next one. Throws if there is no step
    // yet or the context is full; a failed or cancelled step leaves the transcript as it was.
    const TranscriptStep& step(const SamplingParams& params);
    // "What if": rewinds to the context of step `stepIndex` and makes `token` its sampled
    // token (a new step object, marked chosen); steps after it are dropped.
    const TranscriptStep& choose(int stepIndex, int token);
    // choose(stepIndex, token), then step(params): the branch's first new token.
    const TranscriptStep& branchFrom(int stepIndex, int token, const SamplingParams& params);
    // Draws the last step's token again from its stored logits with other parameters (the
    // temperature lanes fork one prefill and redraw it per temperature).
    const TranscriptStep& redraw(const SamplingParams& params);
    // Replays a transcript file with this transcript's model, as `generate --replay` and the
    // app's Open transcript do: refuses a file made by another model (replayRefusal's
    // message), starts the file's prompt (with its text and byte spans where the file has
    // them), re-runs every step with the file's settings and, where the file's token differs
    // from the draw (another CPU, a token chosen by hand), keeps the file's token, marked
    // chosen. `observer(step, rewound)` sees every step the history gains; rewound: the step
    // replaced the history from its index on (a kept token). `modelName` names the loaded
    // model in messages. Throws ts::Error or ts::Cancelled; the steps made so far stay.
    using ReplayObserver = std::function<void(const TranscriptStep& step, bool rewound)>;
    void replay(const TranscriptFile& file, const std::string& modelName = "the loaded model",
                const ReplayObserver& observer = {});
    // Keeps the first `keepSteps` steps (0 = empty) and rewinds the session to match.
    void truncate(int keepSteps);
    void reset();

    // An independent copy: a forked session (copy of the cache) and the same step list.
    Transcript fork() const;

    // True when the last drawn token is an end token and end of text is not ignored.
    bool finished() const;
    // True when one more step would not fit the context.
    bool contextFull() const;
    bool isEndToken(int token) const;
    const std::vector<int>& endTokens() const { return m_endTokens; }

    const std::vector<TranscriptStepPtr>& steps() const { return m_steps; }
    int size() const { return static_cast<int>(m_steps.size()); }
    bool empty() const { return m_steps.empty(); }
    const TranscriptStep& back() const { return *m_steps.back(); }
    // Prompt ids followed by every drawn token (the sequence `generate` prints).
    std::vector<int> tokens() const;
    const PromptTokens& prompt() const { return m_prompt; }
    // The local model; throws ts::Error for a remote source (isRemote()).
    const Model& model() const;
    bool isRemote() const { return m_model == nullptr; }
    // nVocab, nCtx and end tokens of the model behind the source, local or remote.
    const Config& config() const { return m_source->config(); }
    const StepSource& source() const { return *m_source; }
    const Tokenizer* tokenizer() const { return m_tokenizer.get(); }
    const TranscriptOptions& options() const { return m_options; }
    void setIgnoreEndOfText(bool ignore) { m_options.ignoreEndOfText = ignore; }
    void setHistoryBudget(std::size_t bytes);
    // The interventions the next prefill and steps run with (null: none). Steps already made
    // keep theirs: start again or truncate and step to see the new set (the app's replay).
    void setInterventions(std::shared_ptr<const Interventions> interventions) {
        m_options.trace.interventions = std::move(interventions);
    }
    // Bytes the history holds now: every step's keptBytes() (traces full or thinned) and each
    // context the steps hold, once (a branch's steps may hold an older one too).
    std::size_t historyBytes() const;
    // Steps whose traces were thinned by the budget since the last call (indices), so an
    // observer holding the old full steps can swap in the thinned ones.
    std::vector<int> takeThinnedSteps();

    // Polled between layers; a cancelled call throws ts::Cancelled and changes nothing.
    void setCancelFlag(const std::atomic<bool>* cancel);
    // Display text of a token as stored in steps ("#id" without a tokenizer).
    std::string tokenText(int token) const;

  private:
    const TranscriptStep& push(StepTrace trace, const SamplingParams& params);
    void draw(TranscriptStep& s, const SamplingParams& params) const;
    void describe(TranscriptStep& s) const;
    void enforceBudget();
    // Makes the context as long as the session (`length` tokens) before the next step is
    // appended: truncated in place when nobody else holds it, else a copy of its prefix, so
    // that steps still held elsewhere (the GUI's) never see their tokens overwritten.
    void rewindContext(std::size_t length);

    std::shared_ptr<const Model> m_model;  // null for a remote source
    std::shared_ptr<const Tokenizer> m_tokenizer;
    TranscriptOptions m_options;
    std::unique_ptr<StepSource> m_source;
    PromptTokens m_prompt;
    std::vector<TranscriptStepPtr> m_steps;
    std::shared_ptr<TranscriptContext> m_context;  // the one context the steps share
    std::vector<int> m_endTokens;
    std::vector<int> m_thinned;
    std::size_t m_firstFull = 0;  // steps before it are thinned
};

// The figures of `token` drawn from `logits` with `params` (full logits).
DrawFigures drawFigures(std::span<const float> logits, const SamplingParams& params, int token);

// Which model made a transcript, so that reopening the file can tell another model from it:
// the shape, and a fingerprint of the weights (a hash of two token embeddings as stored,
// widened to F32: the same folder or a copy gives the same one; other weights, another
// precision or a fine-tune give another). The name is for messages only (a folder name or a
// cache snapshot id, not an identity).
struct ModelIdentity {
    std::string name;
    std::string modelType;
    int nVocab = 0, nLayer = 0, nHead = 0, nEmbd = 0, nCtx = 0;
    std::string fingerprint;  // 16 hex digits
    // A model behind a server: its URL (no credentials) and kind ("llama-server", "vllm",
    // "sglang"); empty for a local model. A remote model's fingerprint hashes the kind and
    // name (its weights cannot be read).
    std::string server, serverKind;

    static ModelIdentity of(const Model& model, std::string name);
    // From the figures a step source gives (a remote model: vocabulary and context only).
    static ModelIdentity ofConfig(const Config& config, std::string name, std::string server = {},
                                  std::string serverKind = {});
    bool known() const { return nVocab > 0; }
    // Same shape and same fingerprint.
    bool sameModel(const ModelIdentity& other) const;
};

// The run as JSON, the fields of `tokenscope-cli generate --json` (ids, generated, text,
// steps[{id, text, display, prob, sampling_prob, rank, entropy_bits, position, uniform,
// chosen}], sampling, prompt{text, ids, displays}, model ...). The app's
// --export-transcript writes the same.
// `interventions`, when given and not empty, is recorded ("interventions", layers and heads
// from 1) so that a replay applies it again.
std::string transcriptJson(const std::vector<TranscriptStepPtr>& steps, const Tokenizer* tokenizer,
                           double decodeMs = 0, const ModelIdentity* model = nullptr,
                           const Interventions* interventions = nullptr);
// A transcript file read back: the prompt, the drawn tokens with their settings, and what
// the file recorded about each draw and the model.
struct TranscriptFile {
    std::string promptText;
    std::vector<int> promptIds;
    std::vector<std::string> promptDisplays;  // empty when the file has none
    // Where each prompt token came from in promptText (bytes), when the prompt was text;
    // empty otherwise.
    std::vector<int> promptByteStart, promptByteEnd;
    std::vector<int> generated;
    std::vector<SamplingParams> params;  // one per generated token
    std::vector<bool> chosen;
    std::vector<DrawFigures> figures;   // NaN / rank 0 where the file has no figure
    std::vector<double> uniforms;       // -1 where none was drawn
    std::vector<std::string> displays;  // the drawn tokens' display text ("" if none)
    std::vector<std::string> bytes;     // the drawn tokens' bytes ("bytes"; "" if none)
    std::string promptBytes;            // "text" less the drawn tokens' bytes ("" if not so)
    ModelIdentity model;                // !known() for files without a "model" entry
    std::optional<Interventions> interventions;  // what the run changed ("interventions")
};
// The most steps a transcript file may hold: twice the largest context of any supported
// model (2^17), so more than any run can record. A file that declares more is refused while
// it is read, before it costs memory.
inline constexpr std::size_t kMaxTranscriptSteps = std::size_t{1} << 18;
// And the largest file read (a full-context run of the largest model writes about 50 MiB).
inline constexpr std::uint64_t kMaxTranscriptFileBytes = std::uint64_t{128} << 20;
// Throws ts::Error naming the file (and the step) for anything that is not a transcript:
// not a regular file, larger than the limits above, token ids that are negative, past
// INT_MAX, or at least `nVocab` when it is given (> 0) or the file names its model.
TranscriptFile readTranscriptJson(const std::string& path, int nVocab = 0);
// Why `loaded` may not replay `file` ("" when it may): the file names another model (shape or
// weights fingerprint), or, for a file that names none, its ids do not fit the vocabulary.
// The message names both models.
std::string replayRefusal(const TranscriptFile& file, const ModelIdentity& loaded);
// What transcriptStepsFromFile holds for a file of `promptTokens` and `steps`: one shared
// context (an id and a display text per token) and per step the step and trace objects, so it
// grows linearly (before the context was shared, each step copied it: 4,000 steps took 350 MB).
// The reader refuses files whose steps would take more than kMaxRecordedStepsBytes, so that
// opening one as recorded cannot exhaust the machine (now only a prompt of millions of tokens
// comes near it).
std::uint64_t recordedStepsBytes(std::uint64_t promptTokens, std::uint64_t steps);
inline constexpr std::uint64_t kMaxRecordedStepsBytes = std::uint64_t{512} << 20;
// The file's steps as a history to look at when no model (or another one) is loaded: one
// step per drawn token, holding the file (fromFile()), with the tokens, positions, display texts,
// draw figures and uniform numbers the file recorded, and no trace numbers.
std::vector<TranscriptStepPtr> transcriptStepsFromFile(const TranscriptFile& file);

}  // namespace ts
