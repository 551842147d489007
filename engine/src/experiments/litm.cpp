// Lost in the middle: the record specification, the contexts built from it and the run that
// asks the model about every position of each context. One context serves every position:
// its tokens are computed once and each question only on top of them (see litm.hpp).
#include "tokenscope/litm.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

#include "io/json_file.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/input_file.hpp"
#include "tokenscope/prompt.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/step_source.hpp"

namespace ts {

namespace {

const std::vector<std::string> kKeyWords = {"Alpha",   "Bravo", "Charlie", "Delta",   "Echo",
                                            "Foxtrot", "Golf",  "Hotel",   "India",   "Juliet",
                                            "Kilo",    "Lima",  "Mike",    "Oscar",   "Romeo",
                                            "Sierra",  "Tango", "Victor",  "Whiskey", "Zulu"};
const std::vector<std::string> kValues = {
    "tiger",  "river",  "apple",  "stone",  "cloud",  "horse",  "bread",  "silver",
    "garden", "window", "candle", "forest", "eagle",  "lemon",  "anchor", "bridge",
    "copper", "desert", "violet", "harbor", "pepper", "marble", "falcon", "meadow",
    "rocket", "castle", "orange", "winter", "island", "dragon", "pencil", "basket"};

std::string replaceAll(std::string s, const std::string& what, const std::string& with) {
    for (std::size_t at = s.find(what); at != std::string::npos;
         at = s.find(what, at + with.size()))
        s.replace(at, what.size(), with);
    return s;
}

// Wilson score interval: honest bounds for a proportion even at 0 or 100 %.
std::pair<double, double> wilson(double successes, double n) {
    if (n <= 0) return {0, 0};
    const double z = 1.96, p = successes / n;
    const double denom = 1 + z * z / n;
    const double centre = (p + z * z / (2 * n)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace

namespace {

std::uint64_t occurrences(const std::string& text, const std::string& what) {
    std::uint64_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size()))
        ++n;
    return n;
}

std::uint64_t longestOf(const std::vector<std::string>& words, std::uint64_t builtIn) {
    std::uint64_t longest = words.empty() ? builtIn : 0;
    for (const auto& w : words) longest = std::max<std::uint64_t>(longest, w.size());
    return longest;
}

// Bytes of the longest context `o` can write: each record its template with every {key}
// (a key word, "-" and up to nine digits) and {value} filled in, then the separator. In 64
// bits: the factors come from a file.
std::uint64_t longestLitmContextBytes(const LitmOptions& o) {
    const std::uint64_t key = longestOf(o.keyWords, 16) + 10, value = longestOf(o.values, 16);
    const std::uint64_t record = o.recordTemplate.size() +
                                 occurrences(o.recordTemplate, "{key}") * key +
                                 occurrences(o.recordTemplate, "{value}") * value;
    return static_cast<std::uint64_t>(o.records) * (record + o.separator.size()) +
           o.queryTemplate.size() + occurrences(o.queryTemplate, "{key}") * key;
}

}  // namespace

void LitmOptions::validate() const {
    if (records < 1 || records > 10000) throw Error("--records must be between 1 and 10000");
    if (positions < 1 || positions > records)
        throw Error("--positions must be between 1 and the number of records");
    if (trials < 1 || trials > 100000) throw Error("--trials must be between 1 and 100000");
    if (numberMin < 0 || numberMax < numberMin || numberMax > 999999999)
        throw Error("the key numbers must be a range within 0 .. 999999999");
    if (records > numberMax - numberMin + 1)
        throw Error("--records (" + std::to_string(records) + ") is more than the " +
                    std::to_string(numberMax - numberMin + 1) +
                    " distinct key numbers of the record specification (" +
                    std::to_string(numberMin) + " .. " + std::to_string(numberMax) + ")");
    if (recordTemplate.find("{key}") == std::string::npos ||
        recordTemplate.find("{value}") == std::string::npos)
        throw Error("the record template must contain {key} and {value}");
    if (queryTemplate.find("{key}") == std::string::npos)
        throw Error("the query template must contain {key}");
    // The longest text the records can make, counted before any is built: a 1 MiB template
    // with {key} in it 100,000 times, for 10,000 records, would be terabytes.
    if (const std::uint64_t bytes = longestLitmContextBytes(*this); bytes > kMaxLitmContextBytes)
        throw Error("the records would make up to " + sizeText(bytes) +
                    " of text, more than any model's context holds (at most " +
                    sizeText(kMaxLitmContextBytes) +
                    "): shorten the templates, key words or values, or ask for fewer records");
    const std::string probe = replaceAll(replaceAll(recordTemplate, "{key}", "K"), "{value}", "V");
    if (probe.rfind(replaceAll(queryTemplate, "{key}", "K"), 0) != 0)
        throw Error(
            "the record template must start with the query template, so that the "
            "record's value is what follows the query");
}

void applyLitmSpec(LitmOptions& options, const std::filesystem::path& file) {
    // A few templates and word lists: the kilobytes of a real one, a mebibyte at most.
    checkInputFile(file, "record specification", std::uint64_t{1} << 20);
    nlohmann::json j = readJsonFile(file, "record specification");
    if (!j.is_object())
        throw Error("record specification " + file.string() + ": expected an object");
    auto text = [&](const char* name, std::string& out) {
        if (!j.contains(name)) return;
        if (!j[name].is_string())
            throw Error("record specification " + file.string() + ": \"" + name +
                        "\" must be a string");
        out = j[name].get<std::string>();
    };
    auto list = [&](const char* name, std::vector<std::string>& out) {
        if (!j.contains(name)) return;
        const auto& a = j[name];
        if (!a.is_array() || a.empty())
            throw Error("record specification " + file.string() + ": \"" + name +
                        "\" must be a non-empty list of strings");
        out.clear();
        for (const auto& v : a) {
            if (!v.is_string())
                throw Error("record specification " + file.string() + ": \"" + name +
                            "\" must be a non-empty list of strings");
            out.push_back(v.get<std::string>());
        }
    };
    text("record_template", options.recordTemplate);
    text("query_template", options.queryTemplate);
    text("separator", options.separator);
    list("key_words", options.keyWords);
    list("values", options.values);
    if (j.contains("number_range")) {
        const auto& r = j["number_range"];
        if (!r.is_array() || r.size() != 2 || !r[0].is_number_integer() ||
            !r[1].is_number_integer())
            throw Error("record specification " + file.string() +
                        ": \"number_range\" must be two integers [lowest, highest]");
        const auto lo = r[0].get<long long>(), hi = r[1].get<long long>();
        if (lo < 0 || hi < lo || hi > 999999999)
            throw Error("record specification " + file.string() +
                        ": \"number_range\" must satisfy 0 <= lowest <= highest <= 999999999");
        options.numberMin = static_cast<int>(lo);
        options.numberMax = static_cast<int>(hi);
    }
    options.validate();
}

std::vector<ReferencePoint> liuEtAl2023Reference() {
    return {{1, 75.8}, {5, 57.2}, {10, 53.8}, {15, 55.4}, {20, 63.2}};
}

std::vector<int> litmPositions(const LitmOptions& o) {
    std::vector<int> out;
    for (int k = 0; k < o.positions; ++k)
        out.push_back(o.positions == 1 ? 1
                                       : 1 + static_cast<int>(std::lround(
                                                 double(k) * (o.records - 1) / (o.positions - 1))));
    return out;
}

namespace {

// One question of a trial: the whole prompt (context, then the query for one gold record)
// as text and tokens, where the gold record stands in it, and the token that answers it.
struct Question {
    int gold = 0;  // 1-based
    std::string text;
    std::vector<Token> tokens;  // with the start token first where the model adds one
    std::vector<int> ids;
    std::size_t goldStart = 0, goldEnd = 0;  // byte span of the gold record in `text`
    int answer = 0;
};

// The records of one trial and every question asked about them. The random draws depend on
// the seed and the trial only, never on the mode, so both modes see the same records.
std::vector<Question> makeTrial(Rng& rng, const LitmOptions& o, const std::vector<int>& golds,
                                const Tokenizer& tokenizer) {
    const auto& keyWords = o.keyWords.empty() ? kKeyWords : o.keyWords;
    const auto& values = o.values.empty() ? kValues : o.values;
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng.next() % n); };
    // distinct key numbers per context (so each key ends in a token of its own), values
    // drawn freely
    std::vector<int> numbers;
    const auto range = static_cast<std::size_t>(o.numberMax - o.numberMin) + 1;
    while (static_cast<int>(numbers.size()) < o.records) {
        const int n = o.numberMin + static_cast<int>(pick(range));
        if (std::find(numbers.begin(), numbers.end(), n) == numbers.end()) numbers.push_back(n);
    }
    std::vector<std::string> keys, recordValues;
    for (const int n : numbers)
        keys.push_back(keyWords[pick(keyWords.size())] + "-" + std::to_string(n));
    for (int r = 0; r < o.records; ++r) recordValues.push_back(values[pick(values.size())]);

    std::vector<Question> questions;
    for (const int gold : golds) {
        Question q;
        q.gold = gold;
        const auto gi = static_cast<std::size_t>(gold - 1);
        const std::string query = replaceAll(o.queryTemplate, "{key}", keys[gi]);
        if (o.queryAware) q.text += query + " ?\n";
        for (int r = 0; r < o.records; ++r) {
            const auto ri = static_cast<std::size_t>(r);
            const std::string record = replaceAll(replaceAll(o.recordTemplate, "{key}", keys[ri]),
                                                  "{value}", recordValues[ri]);
            if (r == gold - 1) q.goldStart = q.text.size();
            q.text += record;
            if (r == gold - 1) q.goldEnd = q.text.size();
            q.text += o.separator;
        }
        q.text += query;
        const std::string goldRecord = replaceAll(replaceAll(o.recordTemplate, "{key}", keys[gi]),
                                                  "{value}", recordValues[gi]);
        // The question as every command reads a prompt, and the answer tokenized together
        // with it (the ids it has after the query's last word).
        const std::string answerText = goldRecord.substr(query.size());
        if (answerText.empty()) throw Error("the record template leaves no answer after the query");
        const auto split =
            parsePromptWithContinuation(q.text, answerText, tokenizer, tokenizer.vocabSize());
        q.answer = split.continuation[0];
        q.tokens = split.prompt.tokens;
        for (const auto& tk : q.tokens) q.ids.push_back(tk.id);
        questions.push_back(std::move(q));
    }
    return questions;
}

// Tokens every question of a trial begins with: the context computed once. At least one
// token of each question stays to be computed, since its logits are the answer.
int sharedPrefix(const std::vector<Question>& questions) {
    std::size_t n = questions.front().ids.size();
    for (const auto& q : questions) {
        n = std::min(n, q.ids.size() - 1);
        const auto& first = questions.front().ids;
        std::size_t i = 0;
        while (i < n && q.ids[i] == first[i]) ++i;
        n = i;
    }
    return static_cast<int>(n);
}

void checkLength(const Question& q, const LitmOptions& o, int nCtx) {
    if (static_cast<int>(q.ids.size()) > nCtx)
        throw Error("a context of " + std::to_string(o.records) + " records takes " +
                    std::to_string(q.ids.size()) +
                    " tokens, more than the model's context length of " + std::to_string(nCtx) +
                    ": use fewer records");
}

struct PointSums {
    std::vector<double> probs;
    double correct = 0, rankSum = 0, massSum = 0;
};

LitmPoint finishPoint(int position, const PointSums& s, bool measured) {
    LitmPoint point;
    const double n = static_cast<double>(s.probs.size());
    point.position = position;
    point.trials = static_cast<int>(s.probs.size());
    point.accuracy = s.correct / n;
    std::tie(point.accuracyLow, point.accuracyHigh) = wilson(s.correct, n);
    point.meanProb = std::accumulate(s.probs.begin(), s.probs.end(), 0.0) / n;
    double var = 0;
    for (double q : s.probs) var += (q - point.meanProb) * (q - point.meanProb);
    const double sd = n > 1 ? std::sqrt(var / (n - 1)) : 0.0;
    point.probLow = std::max(0.0, point.meanProb - 1.96 * sd / std::sqrt(n));
    point.probHigh = std::min(1.0, point.meanProb + 1.96 * sd / std::sqrt(n));
    point.meanRank = s.rankSum / n;
    point.attentionMass = measured ? s.massSum / n : std::nan("");
    return point;
}

}  // namespace

LitmResult runLostInTheMiddle(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                              const LitmOptions& o, const ExperimentProgress& progress,
                              const std::atomic<bool>* cancel,
                              std::shared_ptr<const Interventions> interventions) {
    LocalStepSource source(std::move(model));
    return runLostInTheMiddle(source, tokenizer, o, progress, cancel, std::move(interventions));
}

LitmResult runLostInTheMiddle(StepSource& session, const Tokenizer& tokenizer, const LitmOptions& o,
                              const ExperimentProgress& progress, const std::atomic<bool>* cancel,
                              std::shared_ptr<const Interventions> interventions) {
    o.validate();
    if ((o.values.empty() ? kValues.size() : o.values.size()) < 2)
        throw Error("lost in the middle needs at least 2 values");
    const auto started = std::chrono::steady_clock::now();
    const Config& cfg = session.config();
    const std::vector<int> golds = litmPositions(o);
    Rng rng(o.seed);
    session.setCancelFlag(cancel);
    // Attention where the source has it (a local model; a server does not expose it).
    const bool local = session.localModel() != nullptr;
    TraceOptions plain, withAttention;
    withAttention.attention = local;
    plain.interventions = withAttention.interventions = interventions;
    LitmResult result;
    result.timing.sharedPrefill = o.sharePrefill;
    std::vector<PointSums> sums(golds.size());
    double totalTokens = 0;
    for (int t = 0; t < o.trials; ++t) {
        if (cancel && cancel->load()) throw Cancelled();
        const std::vector<Question> questions = makeTrial(rng, o, golds, tokenizer);
        for (const auto& q : questions) checkLength(q, o, cfg.nCtx);
        if (t == 0) result.exampleContext = questions.front().text;
        // A mean ablation's means: over this trial's first question, in both modes.
        plain.interventions = withAttention.interventions =
            interventionsForPrompt(session, interventions, questions.front().ids);
        const int shared = o.sharePrefill ? sharedPrefix(questions) : 0;
        // Progress in tokens computed, so a long context prefill moves the bar as it should.
        double trialWork = shared, done = 0;
        for (const auto& q : questions) trialWork += static_cast<double>(q.ids.size()) - shared;
        auto report = [&](double tokens) {
            done += tokens;
            if (progress) progress((t + done / trialWork) / o.trials);
        };
        if (shared > 0) {
            session.reset();
            session.prefill(
                std::span<const int>(questions.front().ids).first(static_cast<std::size_t>(shared)),
                plain);
            ++result.timing.prefills;
            result.timing.contextTokens += shared;
            report(shared);
        }
        for (std::size_t k = 0; k < questions.size(); ++k) {
            const Question& q = questions[k];
            const auto computed =
                std::span<const int>(q.ids).subspan(static_cast<std::size_t>(shared));
            if (shared == 0) session.reset();
            const StepTrace trace = session.prefill(computed, withAttention);
            if (shared > 0) {
                result.timing.questionTokens += static_cast<long long>(computed.size());
                session.truncate(shared);
            } else {
                ++result.timing.prefills;
                result.timing.contextTokens += static_cast<long long>(computed.size());
            }
            PointSums& s = sums[k];
            const auto p = softmax(trace.logits);
            s.probs.push_back(p[static_cast<std::size_t>(q.answer)]);
            s.correct += argmax(trace.logits) == q.answer;
            s.rankSum += rankOf(trace.logits, q.answer);
            // attention from the final position onto the gold record's tokens
            const int last = static_cast<int>(q.ids.size()) - 1;
            double mass = 0;
            if (trace.attention.empty()) result.attentionMeasured = false;
            for (int l = 0; l < cfg.nLayer && !trace.attention.empty(); ++l)
                for (int h = 0; h < cfg.nHead; ++h) {
                    const auto row = trace.attention.row(l, h, last);
                    for (std::size_t i = 0; i < q.tokens.size() && i < row.size(); ++i)
                        if (q.tokens[i].end > q.goldStart && q.tokens[i].start < q.goldEnd)
                            mass += row[i];
                }
            if (!trace.attention.empty()) s.massSum += mass / (cfg.nLayer * cfg.nHead);
            totalTokens += static_cast<double>(q.ids.size());
            report(static_cast<double>(computed.size()));
        }
    }
    for (std::size_t k = 0; k < golds.size(); ++k)
        result.points.push_back(finishPoint(golds[k], sums[k], result.attentionMeasured));
    const double asked = static_cast<double>(o.trials) * static_cast<double>(golds.size());
    result.contextTokens = static_cast<int>(std::lround(totalTokens / asked));
    result.timing.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

LitmPlan planLostInTheMiddle(const Tokenizer& tokenizer, const LitmOptions& o) {
    o.validate();
    Rng rng(o.seed);
    const auto questions = makeTrial(rng, o, litmPositions(o), tokenizer);
    LitmPlan plan;
    const int shared = o.sharePrefill ? sharedPrefix(questions) : 0;
    double rest = 0;
    for (const auto& q : questions) {
        rest += static_cast<double>(q.ids.size()) - shared;
        plan.promptTokens = std::max(plan.promptTokens, static_cast<int>(q.ids.size()));
    }
    const int perQuestion =
        static_cast<int>(std::ceil(rest / static_cast<double>(questions.size())));
    if (shared > 0) {
        plan.prefills = o.trials;
        plan.contextTokens = shared;
        plan.questions = o.trials * static_cast<int>(questions.size());
        plan.questionTokens = perQuestion;
    } else {
        plan.prefills = o.trials * static_cast<int>(questions.size());
        plan.contextTokens = perQuestion;
    }
    return plan;
}

LitmSpeed measureLitmSpeed(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                           const LitmOptions& o, const std::atomic<bool>* cancel) {
    o.validate();
    const auto started = std::chrono::steady_clock::now();
    Rng rng(o.seed);
    const auto questions = makeTrial(rng, o, litmPositions(o), tokenizer);
    const Config& cfg = model->config();
    const auto& ids = questions.front().ids;
    // A context-like pass of up to 64 tokens and a question-like pass of up to 8 on top of
    // it; the first pass also pages the weights in, so it is run once untimed.
    const int n0 =
        std::clamp(static_cast<int>(ids.size()) - 8, 1, std::max(1, std::min(64, cfg.nCtx - 8)));
    const int q = std::clamp(static_cast<int>(ids.size()) - n0, 1, 8);
    Session session(model);
    session.setCancelFlag(cancel);
    const std::span<const int> all(ids);
    using clock = std::chrono::steady_clock;
    auto seconds = [](clock::time_point a) {
        return std::chrono::duration<double>(clock::now() - a).count();
    };
    session.prefill(all.first(static_cast<std::size_t>(n0)));
    TraceOptions withAttention;
    withAttention.attention = true;
    double best0 = 1e30, bestQ = 1e30;
    for (int rep = 0; rep < 2; ++rep) {
        session.reset();
        auto t0 = clock::now();
        session.prefill(all.first(static_cast<std::size_t>(n0)));
        best0 = std::min(best0, seconds(t0));
        for (int r = 0; r < 2; ++r) {
            t0 = clock::now();
            // with the attention rows the run records for each question
            session.prefill(all.subspan(static_cast<std::size_t>(n0), static_cast<std::size_t>(q)),
                            withAttention);
            bestQ = std::min(bestQ, seconds(t0));
            session.truncate(n0);
        }
    }
    LitmSpeed speed;
    speed.prefillFlopsPerSecond = forwardFlops(cfg, n0, 0) / std::max(best0, 1e-6);
    speed.questionFlopsPerSecond = forwardFlops(cfg, q, n0) / std::max(bestQ, 1e-6);
    speed.seconds = seconds(started);
    return speed;
}

double estimateLitmSeconds(const Config& cfg, const LitmPlan& plan, const LitmSpeed& speed) {
    if (speed.prefillFlopsPerSecond <= 0 || speed.questionFlopsPerSecond <= 0) return 0;
    double s =
        plan.prefills * forwardFlops(cfg, plan.contextTokens, 0) / speed.prefillFlopsPerSecond;
    if (plan.questions > 0)
        s += plan.questions * forwardFlops(cfg, plan.questionTokens, plan.contextTokens) /
             speed.questionFlopsPerSecond;
    return s;
}

}  // namespace ts
