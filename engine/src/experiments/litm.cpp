// Lost in the middle: how well the model retrieves a key-value record depending on where in
// a long context the record stands.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

#include "formats/json_file.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/session.hpp"

namespace ts {

namespace {

const std::vector<std::string> kKeyWords = {"Alpha", "Bravo", "Charlie", "Delta", "Echo",
                                            "Foxtrot", "Golf", "Hotel", "India", "Juliet",
                                            "Kilo", "Lima", "Mike", "Oscar", "Romeo", "Sierra",
                                            "Tango", "Victor", "Whiskey", "Zulu"};
const std::vector<std::string> kValues = {
    "tiger", "river", "apple", "stone", "cloud", "horse", "bread", "silver", "garden", "window",
    "candle", "forest", "eagle", "lemon", "anchor", "bridge", "copper", "desert", "violet",
    "harbor", "pepper", "marble", "falcon", "meadow", "rocket", "castle", "orange", "winter",
    "island", "dragon", "pencil", "basket"};

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
    const std::string probe = replaceAll(replaceAll(recordTemplate, "{key}", "K"), "{value}", "V");
    if (probe.rfind(replaceAll(queryTemplate, "{key}", "K"), 0) != 0)
        throw Error("the record template must start with the query template, so that the "
                    "record's value is what follows the query");
}

void applyLitmSpec(LitmOptions& options, const std::filesystem::path& file) {
    nlohmann::json j = readJsonFile(file, "record specification");
    if (!j.is_object()) throw Error("record specification " + file.string() + ": expected an object");
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
        if (!r.is_array() || r.size() != 2 || !r[0].is_number_integer() || !r[1].is_number_integer())
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

LitmResult runLostInTheMiddle(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                              const LitmOptions& o, const ExperimentProgress& progress,
                              const std::atomic<bool>* cancel) {
    o.validate();
    const auto& keyWords = o.keyWords.empty() ? kKeyWords : o.keyWords;
    const auto& values = o.values.empty() ? kValues : o.values;
    if (static_cast<int>(values.size()) < 2) throw Error("lost in the middle needs at least 2 values");
    const Config& cfg = model->config();
    Rng rng(o.seed);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng.next() % n); };

    LitmResult result;
    double totalTokens = 0;
    int runs = 0;
    const int total = o.positions * o.trials;
    for (int k = 0; k < o.positions; ++k) {
        const int gold = o.positions == 1
                             ? 1
                             : 1 + static_cast<int>(std::lround(double(k) * (o.records - 1) /
                                                                (o.positions - 1)));
        LitmPoint point;
        point.position = gold;
        std::vector<double> probs;
        double correct = 0, rankSum = 0, massSum = 0;
        for (int t = 0; t < o.trials; ++t) {
            if (cancel && cancel->load()) throw Cancelled();
            // distinct key numbers per context (so each key ends in a token of its own),
            // values drawn freely
            std::vector<int> numbers;
            const auto range = static_cast<std::size_t>(o.numberMax - o.numberMin) + 1;
            while (static_cast<int>(numbers.size()) < o.records) {
                const int n = o.numberMin + static_cast<int>(pick(range));
                if (std::find(numbers.begin(), numbers.end(), n) == numbers.end()) numbers.push_back(n);
            }
            std::vector<std::string> keys;
            for (const int n : numbers)
                keys.push_back(keyWords[pick(keyWords.size())] + "-" + std::to_string(n));
            std::vector<std::string> recordValues;
            for (int r = 0; r < o.records; ++r) recordValues.push_back(values[pick(values.size())]);
            const std::string goldKey = keys[static_cast<std::size_t>(gold - 1)];
            const std::string query = replaceAll(o.queryTemplate, "{key}", goldKey);

            std::string text;
            if (o.queryAware) text += query + " ?\n";
            std::size_t goldStart = 0, goldEnd = 0;
            for (int r = 0; r < o.records; ++r) {
                const auto ri = static_cast<std::size_t>(r);
                const std::string record = replaceAll(
                    replaceAll(o.recordTemplate, "{key}", keys[ri]), "{value}", recordValues[ri]);
                if (r == gold - 1) goldStart = text.size();
                text += record;
                if (r == gold - 1) goldEnd = text.size();
                text += o.separator;
            }
            text += query;
            const std::string goldRecord = replaceAll(
                replaceAll(o.recordTemplate, "{key}", goldKey), "{value}",
                recordValues[static_cast<std::size_t>(gold - 1)]);
            const auto answerIds = tokenizer.encodeIds(goldRecord.substr(query.size()));
            if (answerIds.empty()) throw Error("the record template leaves no answer after the query");
            const auto tokens = tokenizer.encode(text);
            if (static_cast<int>(tokens.size()) > cfg.nCtx)
                throw Error("a context of " + std::to_string(o.records) + " records takes " +
                            std::to_string(tokens.size()) +
                            " tokens, more than the model's context length of " +
                            std::to_string(cfg.nCtx) + ": use fewer records");
            std::vector<int> ids;
            for (const auto& tk : tokens) ids.push_back(tk.id);

            Session session(model);
            session.setCancelFlag(cancel);
            TraceOptions traceOptions;
            traceOptions.attention = true;
            const StepTrace trace = session.prefill(ids, traceOptions);
            const auto p = softmax(trace.logits);
            const int answer = answerIds[0];
            probs.push_back(p[static_cast<std::size_t>(answer)]);
            correct += argmax(trace.logits) == answer;
            rankSum += rankOf(trace.logits, answer);
            // attention from the final position onto the gold record's tokens
            const int last = static_cast<int>(ids.size()) - 1;
            double mass = 0;
            for (int l = 0; l < cfg.nLayer; ++l)
                for (int h = 0; h < cfg.nHead; ++h) {
                    const auto row = trace.attention.row(l, h, last);
                    for (std::size_t i = 0; i < tokens.size() && i < row.size(); ++i)
                        if (tokens[i].end > goldStart && tokens[i].start < goldEnd)
                            mass += row[i];
                }
            massSum += mass / (cfg.nLayer * cfg.nHead);
            totalTokens += static_cast<double>(ids.size());
            if (runs == 0) result.exampleContext = text;
            ++runs;
            if (progress) progress(double(runs) / total);
        }
        const double n = o.trials;
        point.trials = o.trials;
        point.accuracy = correct / n;
        std::tie(point.accuracyLow, point.accuracyHigh) = wilson(correct, n);
        point.meanProb = std::accumulate(probs.begin(), probs.end(), 0.0) / n;
        double var = 0;
        for (double q : probs) var += (q - point.meanProb) * (q - point.meanProb);
        const double sd = n > 1 ? std::sqrt(var / (n - 1)) : 0.0;
        point.probLow = std::max(0.0, point.meanProb - 1.96 * sd / std::sqrt(n));
        point.probHigh = std::min(1.0, point.meanProb + 1.96 * sd / std::sqrt(n));
        point.meanRank = rankSum / n;
        point.attentionMass = massSum / n;
        result.points.push_back(point);
    }
    result.contextTokens = runs ? static_cast<int>(totalTokens / runs) : 0;
    return result;
}

}  // namespace ts
