// Continuation scoring and fact probes (the hallucination lens): how probable the model finds
// a true and some false continuations of a prompt, and what it would say itself.
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/input_file.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {

ContinuationScore scoreContinuation(std::shared_ptr<const Model> model,
                                    const std::vector<int>& prompt,
                                    const std::vector<int>& continuation) {
    LocalStepSource source(std::move(model));
    return scoreContinuation(source, prompt, continuation);
}

ContinuationScore scoreContinuation(StepSource& source, const std::vector<int>& prompt,
                                    const std::vector<int>& continuation,
                                    const TraceOptions& traceOptions) {
    if (prompt.empty()) throw Error("cannot score a continuation of an empty prompt");
    if (continuation.empty()) throw Error("the continuation to score is empty");
    std::vector<int> ids = prompt;
    ids.insert(ids.end(), continuation.begin(), continuation.end() - 1);
    checkFitsContext(ids.size(), source.config().nCtx, "the prompt plus the continuation");
    source.reset();
    TraceOptions options = traceOptions;
    options.allLogits = true;
    options.allLogitsFrom = static_cast<int>(prompt.size()) - 1;  // the rows read below
    const StepTrace trace = source.prefill(ids, options);
    ContinuationScore score;
    for (std::size_t i = 0; i < continuation.size(); ++i) {
        const auto& logits = trace.allLogits[prompt.size() - 1 + i];
        const double lp = static_cast<double>(logits[static_cast<std::size_t>(continuation[i])]) -
                          logSumExp(logits);
        score.tokenLogProbs.push_back(lp);
        score.logProb += lp;
        if (i == 0) score.firstTokenRank = rankOf(logits, continuation[0]);
    }
    return score;
}

namespace {

// Reads a probe file in one pass, each probe turned into a FactProbe as soon as it is read
// and dropped from the document, so a file of many probes costs what its probes hold, not
// a JSON tree of it (about ten times more).
class ProbeFileReader {
  public:
    explicit ProbeFileReader(std::filesystem::path file) : m_file(std::move(file)) {}

    std::vector<FactProbe> read() {
        checkInputFile(m_file, "probe file", kMaxProbeFileBytes);
        std::ifstream in(m_file, std::ios::binary);
        if (!in) throw Error("cannot open probe file " + m_file.string());
        try {
            // What is left of the document (the probes were taken out as they were read).
            [[maybe_unused]] const auto rest = nlohmann::json::parse(
                in, [this](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
                    return onEvent(depth, event, parsed);
                });
        } catch (const nlohmann::json::exception& e) {
            throw Error("probe file " + m_file.string() + " is not valid JSON: " + e.what());
        }
        if (m_listDepth < 0)
            throw Error("probe file " + m_file.string() + ": expected a list of probes");
        return std::move(m_probes);
    }

  private:
    std::string where() const {
        return m_file.string() + ": probe " + std::to_string(m_probes.size());
    }

    bool onEvent(int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using E = nlohmann::json::parse_event_t;
        // In the list: a probe, its "false" list, a string, nothing deeper. Elsewhere (an
        // atlas beside the probes) nothing is kept, so only absurd nesting is refused.
        const bool inList = m_listDepth >= 0 && !m_listDone && depth >= m_listDepth;
        if (depth > (inList ? m_listDepth + 2 : kProbeFileMaxDepth))
            throw Error(where() + " is nested deeper than any probe");
        if (event == E::array_end && !inList && m_listDepth >= 0 && !m_listDone &&
            depth == m_listDepth - 1) {
            m_listDone = true;
            return true;
        }
        if (event == E::key && depth == 1) {  // a key of the root object
            m_topKey = parsed.get<std::string>();
            // The list is kept (and emptied as it is read); the description, an atlas and
            // anything else are not.
            return m_topKey == "probes" && m_listDepth < 0;
        }
        if (event == E::array_start && m_listDepth < 0 &&
            (depth == 0 || (depth == 1 && m_topKey == "probes"))) {
            m_listDepth = depth + 1;
            return true;
        }
        if (!inList) return true;
        if (depth == m_listDepth && (event == E::value || event == E::array_start))
            throw Error(where() + " needs string fields \"prompt\" and \"truth\"");
        if (event == E::key && depth == m_listDepth + 1) {
            const auto key = parsed.get<std::string>();
            return key == "prompt" || key == "truth" || key == "false" || key == "group" ||
                   key == "fact";
        }
        if (event == E::object_end && depth == m_listDepth) {
            m_probes.push_back(probeOf(parsed));
            return false;  // read: the document does not keep it
        }
        return true;
    }

    FactProbe probeOf(const nlohmann::json& p) const {
        const std::string at = where();
        if (!p.contains("prompt") || !p["prompt"].is_string() || !p.contains("truth") ||
            !p["truth"].is_string())
            throw Error(at + " needs string fields \"prompt\" and \"truth\"");
        FactProbe probe;
        probe.prompt = p["prompt"].get<std::string>();
        probe.truth = p["truth"].get<std::string>();
        if (p.contains("false")) {
            if (!p["false"].is_array()) throw Error(at + ": \"false\" must be a list of strings");
            for (const auto& f : p["false"]) {
                if (!f.is_string()) throw Error(at + ": \"false\" must be a list of strings");
                probe.falsehoods.push_back(f.get<std::string>());
            }
        }
        if (p.contains("group") && p["group"].is_string()) probe.group = p["group"];
        if (p.contains("fact")) {
            if (!p["fact"].is_string()) throw Error(at + ": \"fact\" must be a string");
            probe.fact = p["fact"].get<std::string>();
            checkUtf8(probe.fact, at);
        }
        // Refused here, before any probe runs, rather than by runFactProbe half-way through.
        if (probe.truth.empty()) throw Error(at + " has an empty \"truth\"");
        for (const auto& f : probe.falsehoods)
            if (f.empty()) throw Error(at + " has an empty \"false\" answer");
        checkUtf8(probe.prompt, at);
        checkUtf8(probe.truth, at);
        return probe;
    }

    std::filesystem::path m_file;
    std::vector<FactProbe> m_probes;
    std::string m_topKey;
    int m_listDepth = -1;  // depth of the probes in the document, once the list is found
    bool m_listDone = false;
    static constexpr int kProbeFileMaxDepth = 64;
};

}  // namespace

std::vector<FactProbe> loadFactProbes(const std::filesystem::path& file) {
    return ProbeFileReader(file).read();
}

void saveFactProbes(const std::vector<FactProbe>& probes, const std::filesystem::path& file) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& p : probes) {
        list.push_back({{"prompt", p.prompt},
                        {"truth", p.truth},
                        {"false", p.falsehoods},
                        {"group", p.group}});
        if (!p.fact.empty()) list.back()["fact"] = p.fact;
    }
    std::ofstream out(file);
    if (!out) throw Error("cannot write probe file " + file.string());
    out << nlohmann::ordered_json{{"probes", list}}.dump(1) << '\n';
}

ProbeResult runFactProbe(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe, const PromptOptions& promptOptions,
                         std::shared_ptr<const Interventions> interventions) {
    LocalStepSource source(std::move(model));
    return runFactProbe(source, tokenizer, probe, promptOptions, std::move(interventions));
}

std::shared_ptr<const Interventions> interventionsForPrompt(
    const StepSource& source, std::shared_ptr<const Interventions> interventions,
    std::span<const int> prompt) {
    if (!interventions || interventions->ablateMode != AblateMode::Mean ||
        interventions->ablate.empty() || !interventions->ablateMeans.empty())
        return interventions;
    const auto model = source.localModel();
    if (!model)
        throw Error(
            "head ablation needs the model's internals, which a model server does not "
            "expose: load the model locally with --model");
    auto withMeans = std::make_shared<Interventions>(*interventions);
    prepareMeanAblation(model, prompt, *withMeans);
    return withMeans;
}

ProbeResult runFactProbe(StepSource& source, const Tokenizer& tokenizer, const FactProbe& probe,
                         const PromptOptions& promptOptions,
                         std::shared_ptr<const Interventions> interventions) {
    // The prompt as every command reads it (parsePrompt), and each answer tokenized together
    // with it, so " Paris" gets the ids it has after the prompt's last word.
    const int nVocab = source.config().nVocab;
    const auto prompt = parsePrompt(probe.prompt, &tokenizer, nVocab, promptOptions).ids();
    TraceOptions options;
    options.interventions = interventionsForPrompt(source, std::move(interventions), prompt);
    auto scoreAnswer = [&](const std::string& answer, const char* what) {
        if (answer.empty()) throw Error("fact probe '" + probe.prompt + "' has an empty " + what);
        const auto split =
            parsePromptWithContinuation(probe.prompt, answer, tokenizer, nVocab, promptOptions);
        return std::make_pair(
            scoreContinuation(source, split.prompt.ids(), split.continuation, options), split);
    };
    ProbeResult r;
    const auto [truthScore, truthSplit] = scoreAnswer(probe.truth, "truth");
    r.logPTrue = truthScore.logProb;
    for (const auto& f : probe.falsehoods)
        r.logPFalse.push_back(scoreAnswer(f, "false answer").first.logProb);
    // The model's own answer: the greedy first step of the one loop every caller uses.
    source.reset();
    TranscriptOptions transcriptOptions;
    transcriptOptions.trace = options;
    Transcript transcript(source.fork(), nullptr, transcriptOptions);
    SamplingParams greedy;
    greedy.temperature = 0.0f;
    const auto& first = transcript.startIds(prompt, greedy);
    const auto& logits = first.trace->logits;
    const auto probs = softmax(logits);
    r.topToken = first.sampledToken;
    r.topProb = probs[static_cast<std::size_t>(r.topToken)];
    // P(the truth's first token) after the prompt, when the truth leaves the prompt's tokens
    // as they are (else the truth's score above is the figure that holds).
    r.truthFirstTokenProb = truthSplit.prompt.ids() == prompt
                                ? probs[static_cast<std::size_t>(truthSplit.continuation[0])]
                                : static_cast<float>(std::exp(truthScore.tokenLogProbs[0]));
    r.truthWins = true;
    for (double lp : r.logPFalse) r.truthWins = r.truthWins && r.logPTrue > lp;
    r.answer = modelAnswer(source, tokenizer, prompt, 16, options);
    return r;
}

std::string factSentence(const FactProbe& probe) {
    if (!probe.fact.empty()) return probe.fact;
    std::string sentence = probe.prompt + probe.truth;
    while (!sentence.empty() && sentence.back() == ' ') sentence.pop_back();
    return sentence + ".";
}

FactProbe withFact(const FactProbe& probe) {
    FactProbe given = probe;
    given.prompt = factSentence(probe) + " " + probe.prompt;
    return given;
}

FactRemedy runFactRemedy(std::shared_ptr<const Model> model, const Tokenizer& tokenizer,
                         const FactProbe& probe, const PromptOptions& promptOptions,
                         std::shared_ptr<const Interventions> interventions) {
    LocalStepSource source(std::move(model));
    return runFactRemedy(source, tokenizer, probe, promptOptions, std::move(interventions));
}

FactRemedy runFactRemedy(StepSource& source, const Tokenizer& tokenizer, const FactProbe& probe,
                         const PromptOptions& promptOptions,
                         std::shared_ptr<const Interventions> interventions) {
    return {runFactProbe(source, tokenizer, probe, promptOptions, interventions),
            runFactProbe(source, tokenizer, withFact(probe), promptOptions, interventions)};
}

bool hasHangul(std::string_view text) {
    // Hangul syllables U+AC00..U+D7A3 are EA B0 80 .. ED 9E A3 in UTF-8; jamo U+1100..U+11FF
    // are E1 84 80 .. E1 87 BF; compatibility jamo U+3130..U+318F are E3 84 B0 .. E3 86 8F.
    for (std::size_t i = 0; i + 2 < text.size(); ++i) {
        const auto b0 = static_cast<unsigned char>(text[i]);
        const auto b1 = static_cast<unsigned char>(text[i + 1]);
        if ((b0 >= 0xEA && b0 <= 0xEC) || (b0 == 0xED && b1 <= 0x9E)) {
            if (b0 == 0xEA && b1 < 0xB0) continue;
            return true;
        }
        if (b0 == 0xE1 && b1 >= 0x84 && b1 <= 0x87) return true;
        if (b0 == 0xE3 &&
            ((b1 == 0x84 && static_cast<unsigned char>(text[i + 2]) >= 0xB0) || b1 == 0x85 ||
             (b1 == 0x86 && static_cast<unsigned char>(text[i + 2]) <= 0x8F)))
            return true;
    }
    return false;
}

}  // namespace ts
