#pragma once
// Lost in the middle: how well a model retrieves a key-value record depending on where in a
// long context the record stands (Liu et al. 2023). Shared by `tokenscope-cli litm` and the
// app's lab. One context of N records serves every asked-for position: the context is
// prefilled once and only each question's tokens are computed on top of the cached context,
// which gives the numbers of one full prefill per question (the "naive" mode, kept for the
// comparison test and the benchmark) many times faster. Results are saved and read as one
// JSON format, so a sweep measured at home on a large model can be shown in class without it.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tokenscope/interventions.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/step_source.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

struct LitmOptions {
    int records = 20;   // key-value records in each context
    int positions = 5;  // evenly spaced gold positions, first .. last
    int trials = 10;    // contexts (fresh records each); every position is
                        // asked in every context
    std::uint64_t seed = 1;
    bool queryAware = false;  // also state the query before the records
    std::string recordTemplate = "Code {key}: {value}.";
    std::string queryTemplate = "Code {key}:";
    std::vector<std::string> keyWords;     // empty = built-in NATO words
    int numberMin = 100, numberMax = 999;  // key = word + "-" + number; numbers are distinct
                                           // within a context, so a key's last token is unique
    std::vector<std::string> values;       // empty = built-in nouns
    std::string separator = " ";           // between records (the bundled model saw spaces)
    // Prefill the context once and compute only the questions on top of it (false: one full
    // prefill per question, the same numbers within float rounding, for comparison).
    bool sharePrefill = true;
    // Throws ts::Error for values out of range, templates without their fields, and records
    // that would make more than kMaxLitmContextBytes of text (counted before any is built).
    void validate() const;
};
// Far more text than any model's context holds (2^17 tokens are well under 1 MiB).
inline constexpr std::uint64_t kMaxLitmContextBytes = std::uint64_t{16} << 20;
// Reads a record specification (record_template, query_template, key_words, number_range,
// values) as written next to the bundled model in eval/kv_records.json, so the lab asks the
// model in the format it was trained on. Fields absent from the file keep their values.
void applyLitmSpec(LitmOptions& options, const std::filesystem::path& file);

// The 1-based gold positions asked: `positions` evenly spaced from the first record to the last.
std::vector<int> litmPositions(const LitmOptions& options);

struct LitmPoint {
    int position = 0;  // 1-based index of the gold record
    int trials = 0;
    double accuracy = 0, accuracyLow = 0, accuracyHigh = 0;  // top-1, Wilson 95% interval
    double meanProb = 0, probLow = 0, probHigh = 0;          // P(correct first token), 95% CI
    double meanRank = 0;
    double attentionMass = 0;  // last position's attention on the gold record,
                               // averaged over layers and heads (NaN where not measured:
                               // a model server does not expose attention)
};
// What the run cost: how many tokens went through the model and how long it took.
struct LitmTiming {
    bool sharedPrefill = true;
    double seconds = 0;
    int prefills = 0;              // passes that started from an empty cache
    long long contextTokens = 0;   // tokens computed in those passes
    long long questionTokens = 0;  // tokens computed on top of a cached context
};
struct LitmResult {
    std::vector<LitmPoint> points;
    int contextTokens = 0;  // mean tokens of a question's whole prompt
    std::string exampleContext;
    LitmTiming timing;
    // False when the source gave no attention (a model server): every point's attentionMass
    // is then NaN, and the results file writes null and lists "attention_mass" under
    // "server_does_not_expose".
    bool attentionMeasured = true;
};
using ExperimentProgress = std::function<void(double fraction)>;
LitmResult runLostInTheMiddle(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                              const LitmOptions& options, const ExperimentProgress& progress = {},
                              const std::atomic<bool>* cancel = nullptr,
                              std::shared_ptr<const Interventions> interventions = nullptr);
// The one implementation, over any step source: the local model (LocalStepSource, what the
// overload above runs) or a model server (remote::RemoteSession: no attention, so the
// attention mass is not measured). `interventions` apply to every pass; a mean ablation
// given without its means takes, in each trial, the means over that trial's first question
// (the same in both modes, so --naive still agrees).
LitmResult runLostInTheMiddle(StepSource& source, const Tokenizer& tokenizer,
                              const LitmOptions& options, const ExperimentProgress& progress = {},
                              const std::atomic<bool>* cancel = nullptr,
                              std::shared_ptr<const Interventions> interventions = nullptr);

// ---- the time a run will take, before it starts ------------------------------------------
// The work of a run, from the first trial's contexts (tokenizing only, no model call).
struct LitmPlan {
    int prefills = 0;        // passes from an empty cache
    int contextTokens = 0;   // tokens per such pass (the cached part)
    int questions = 0;       // questions asked on top of a cached context
    int questionTokens = 0;  // tokens per question (rounded up mean)
    int promptTokens = 0;    // longest whole prompt, for the context-length check
};
LitmPlan planLostInTheMiddle(const Tokenizer& tokenizer, const LitmOptions& options);
// This computer's speed on this model, measured with a short prefill and a question-sized
// pass on top of it (FLOPs per second, by ts::forwardFlops).
struct LitmSpeed {
    double prefillFlopsPerSecond = 0;
    double questionFlopsPerSecond = 0;
    double seconds = 0;  // what the measurement itself took
};
LitmSpeed measureLitmSpeed(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                           const LitmOptions& options, const std::atomic<bool>* cancel = nullptr);
double estimateLitmSeconds(const Config& config, const LitmPlan& plan, const LitmSpeed& speed);

// ---- saved results -------------------------------------------------------------------------
// One run as it is saved: the model it ran on, the settings and what came out.
struct LitmRun {
    std::string model;    // the model's name as shown (folder or repository)
    LitmOptions options;  // key words and values are not saved (kept empty)
    LitmResult result;
    // Where it ran, for a model server ("llama-server at http://HOST:PORT"; "" for a local
    // model), and the interventions it ran with ("interventions", as transcripts spell them).
    std::string server;
    std::optional<Interventions> interventions;
};
// The JSON text of a run (format "tokenscope-litm-results", version 1), with the
// reference curve of Liu et al. for whoever reads the file without Tokenscope.
std::string litmRunToJson(const LitmRun& run);
// Reads a run back; throws ts::Error naming `source` and the field that is wrong. Also reads
// the output of `tokenscope-cli litm --json` from before the format had a name.
LitmRun litmRunFromJson(std::string_view text, const std::string& source);
void saveLitmRun(const LitmRun& run, const std::filesystem::path& file);
LitmRun loadLitmRun(const std::filesystem::path& file);

// Liu et al. 2023, "Lost in the Middle", GPT-3.5-Turbo, 20 documents: accuracy (%) with
// the answer at positions 1, 5, 10, 15, 20.
struct ReferencePoint {
    int position;
    double accuracyPercent;
};
std::vector<ReferencePoint> liuEtAl2023Reference();

}  // namespace ts
