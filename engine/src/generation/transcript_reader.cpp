// File → Open transcript and readTranscriptJson: a transcript file read back, as a student
// may have e-mailed it, so nothing in it is trusted. The file is parsed in one pass and each
// step is turned into its TranscriptFile entry as soon as it is read, so the document is
// never held whole: a file that declares more steps than any run can record is refused
// while it is read (kMaxTranscriptSteps), and the parts of the document that are kept
// (the prompt, the model, the settings) have a budget of their own.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>

#include "tokenscope/error.hpp"
#include "tokenscope/input_file.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {

namespace {

using ReaderJson = nlohmann::json;

// Nesting of a transcript written by transcriptJson: root, "steps", a step, its "sampling",
// a value (and root, "prompt", "byte_spans", a span, a number). Anything deeper is not one.
constexpr int kTranscriptMaxDepth = 8;
// Values, keys and containers kept outside the steps (the prompt's ids, displays and spans
// at most 2^17 tokens each): far above any real file, far below a gigabyte.
constexpr std::size_t kTranscriptMaxKeptNodes = std::size_t{4} << 20;
// Values in one step (a real one has about fifteen).
constexpr std::size_t kTranscriptMaxStepNodes = 256;

// "EB B2 94" -> bytes; "" for anything else (the field is then treated as absent).
std::string transcriptBytesFromHex(const std::string& hex) {
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;
    };
    std::string out;
    for (std::size_t i = 0; i < hex.size();) {
        if (hex[i] == ' ') {
            ++i;
            continue;
        }
        if (i + 1 >= hex.size() || digit(hex[i]) < 0 || digit(hex[i + 1]) < 0) return {};
        out += static_cast<char>(digit(hex[i]) * 16 + digit(hex[i + 1]));
        i += 2;
    }
    return out;
}

// bytesAsText undone: each "<XX>" back to its byte (bytesAsText writes bytes that are not
// text that way).
std::string transcriptTextAsBytes(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '<' && i + 3 < text.size() && text[i + 3] == '>') {
            const std::string byte = transcriptBytesFromHex(text.substr(i + 1, 2));
            if (byte.size() == 1) {
                out += byte;
                i += 3;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

// A JSON integer as 64 bits; unsigned values past int64 saturate (out of every range
// below), non-integers are nullopt. nlohmann's get<int> would truncate 2^40 to 0.
std::optional<std::int64_t> integerOf(const ReaderJson& v) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        return u > static_cast<std::uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<std::int64_t>(u);
    }
    if (v.is_number_integer()) return v.get<std::int64_t>();
    return std::nullopt;
}

// A step's own "sampling", applied over the file's base settings once the whole file is
// read (the writer puts the base after the steps).
struct SamplingOverride {
    std::optional<float> temperature, topP;
    std::optional<int> topK;
    std::optional<std::uint64_t> seed;
    SamplingParams over(SamplingParams p) const {
        if (temperature) p.temperature = *temperature;
        if (topK) p.topK = *topK;
        if (topP) p.topP = *topP;
        if (seed) p.seed = *seed;
        return p;
    }
};

class TranscriptFileReader {
  public:
    TranscriptFileReader(std::string path, int nVocab)
        : m_path(std::move(path)), m_nVocab(nVocab) {}

    TranscriptFile read() {
        checkInputFile(m_path, "transcript file", kMaxTranscriptFileBytes);
        std::ifstream in(m_path, std::ios::binary);
        if (!in) throw Error("cannot open transcript file " + m_path);
        ReaderJson j;
        try {
            j = ReaderJson::parse(
                in, [this](int depth, ReaderJson::parse_event_t event, ReaderJson& parsed) {
                    return onEvent(depth, event, parsed);
                });
        } catch (const nlohmann::json::exception& e) {
            throw Error("transcript file " + m_path + " is not valid JSON: " + e.what());
        }
        finish(j);
        return std::move(m_file);
    }

  private:
    Error fail(const std::string& what) const {
        return Error("transcript file " + m_path + ": " + what);
    }
    Error stepFail(std::size_t step, const std::string& what) const {
        return fail("step " + std::to_string(step) + ": " + what);
    }

    // Called by the parser for every event; returns whether to keep what was parsed.
    bool onEvent(int depth, ReaderJson::parse_event_t event, ReaderJson& parsed) {
        using E = ReaderJson::parse_event_t;
        if (depth > kTranscriptMaxDepth)
            throw fail("nested deeper than any transcript (" + std::to_string(depth) + " levels)");
        if (event == E::object_end || event == E::array_end) {
            if (depth == 2 && m_inSteps && event == E::object_end) {
                readStep(parsed);
                m_stepNodes = 0;
                return false;  // read: the document does not keep it
            }
            if (depth == 1 && m_inSteps) m_inSteps = false;
            return true;
        }
        countNode(depth, event);
        if (event == E::object_start && depth == 0) return true;
        if (depth == 0) throw fail("expected an object with \"prompt\" and \"steps\"");
        if (event == E::array_start && depth == 1 && m_topKey == "steps") {
            if (m_sawSteps) throw fail("has \"steps\" twice");
            m_sawSteps = m_inSteps = true;
        }
        if (event == E::key) return keepKey(depth, parsed.get<std::string>());
        return true;
    }

    // Counts what an event adds (a value, a key, a container): steps against
    // kMaxTranscriptSteps, the rest against its budget, while the parser is still reading.
    void countNode(int depth, ReaderJson::parse_event_t event) {
        using E = ReaderJson::parse_event_t;
        const bool stepLevel = m_inSteps && depth == 2;
        if (stepLevel) {
            if (++m_steps > kMaxTranscriptSteps)
                throw fail("declares more than " + std::to_string(kMaxTranscriptSteps) +
                           " steps; no model's context holds that many, so no run recorded "
                           "this file");
            if (event != E::object_start) throw stepFail(m_steps - 1, "needs an integer \"id\"");
        } else if (m_inSteps && depth > 2) {
            if (++m_stepNodes > kTranscriptMaxStepNodes)
                throw stepFail(m_steps - 1, "holds more values than any step (" +
                                                std::to_string(kTranscriptMaxStepNodes) + ")");
        } else if (++m_keptNodes > kTranscriptMaxKeptNodes) {
            throw fail("holds more than " + std::to_string(kTranscriptMaxKeptNodes) +
                       " values outside its steps; no transcript is that large");
        }
    }

    // Keeps the fields the reader uses; the rest ("ids", "generated", each step's "text"
    // and "position", anything unknown) is parsed and dropped.
    bool keepKey(int depth, const std::string& key) {
        if (depth == 1) {
            m_topKey = key;
            return key == "prompt" || key == "steps" || key == "sampling" || key == "text" ||
                   key == "model" || key == "interventions";
        }
        if (depth == 2 && m_topKey == "prompt")
            return key == "ids" || key == "text" || key == "byte_spans" || key == "displays";
        if (depth == 3 && m_inSteps)
            return key == "id" || key == "sampling" || key == "chosen" || key == "prob" ||
                   key == "sampling_prob" || key == "rank" || key == "entropy_bits" ||
                   key == "uniform" || key == "display" || key == "bytes";
        return true;
    }

    // A token id of the file: an integer in 0..INT_MAX, and below the vocabulary's size
    // where one is known.
    int tokenId(const ReaderJson& v, const std::string& where) const {
        const auto id = integerOf(v);
        if (!id) throw fail(where + ": token ids must be integers");
        const std::string asWritten = v.dump();  // 2^64-1 too, which integerOf saturates
        if (*id < 0) throw fail(where + ": token id " + asWritten + " is negative");
        if (*id > INT_MAX)
            throw fail(where + ": token id " + asWritten + " is larger than any vocabulary");
        if (m_nVocab > 0 && *id >= m_nVocab)
            throw fail(where + ": token id " + asWritten +
                       " is outside this model's vocabulary (0.." + std::to_string(m_nVocab - 1) +
                       ")");
        return static_cast<int>(*id);
    }

    SamplingOverride readSampling(const ReaderJson& s, const std::string& where) const {
        if (!s.is_object()) throw fail(where + "\"sampling\" must be an object");
        SamplingOverride o;
        auto number = [&](const char* key) -> std::optional<float> {
            if (!s.contains(key)) return std::nullopt;
            if (!s[key].is_number()) throw fail(where + "\"" + key + "\" must be a number");
            return static_cast<float>(s[key].get<double>());
        };
        o.temperature = number("temperature");
        o.topP = number("top_p");
        if (s.contains("top_k")) {
            const auto k = integerOf(s["top_k"]);
            if (!k || *k < 0 || *k > INT_MAX)
                throw fail(where + "\"top_k\" must be a whole number from 0 to " +
                           std::to_string(INT_MAX));
            o.topK = static_cast<int>(*k);
        }
        if (s.contains("seed")) {
            if (!s["seed"].is_number_unsigned())
                throw fail(where + "\"seed\" must be a whole number >= 0");
            o.seed = s["seed"].get<std::uint64_t>();
        }
        return o;
    }

    void readStep(const ReaderJson& s) {
        const std::size_t i = m_steps - 1;
        if (!s.contains("id")) throw stepFail(i, "needs an integer \"id\"");
        m_file.generated.push_back(tokenId(s["id"], "step " + std::to_string(i)));
        m_stepSampling.push_back(
            s.contains("sampling")
                ? std::optional(readSampling(s["sampling"], "step " + std::to_string(i) + ": "))
                : std::nullopt);
        m_file.chosen.push_back(s.contains("chosen") && s["chosen"].is_boolean() &&
                                s["chosen"].get<bool>());
        // What the file recorded about the draw (null where a thinned step lost it).
        auto number = [&](const char* key) {
            return s.contains(key) && s[key].is_number() ? s[key].get<double>()
                                                         : std::numeric_limits<double>::quiet_NaN();
        };
        DrawFigures fig;
        fig.prob = static_cast<float>(number("prob"));
        fig.samplingProb = static_cast<float>(number("sampling_prob"));
        const auto rank = s.contains("rank") ? integerOf(s["rank"]) : std::nullopt;
        fig.rank = rank && *rank > 0 && *rank <= INT_MAX ? static_cast<int>(*rank) : 0;
        fig.entropyBits = number("entropy_bits");
        m_file.figures.push_back(fig);
        const double u = number("uniform");
        m_file.uniforms.push_back(std::isfinite(u) ? u : -1.0);
        m_file.displays.push_back(s.contains("display") && s["display"].is_string()
                                      ? s["display"].get<std::string>()
                                      : std::string());
        m_file.bytes.push_back(s.contains("bytes") && s["bytes"].is_string()
                                   ? transcriptBytesFromHex(s["bytes"].get<std::string>())
                                   : std::string());
    }

    void readPrompt(const ReaderJson& prompt) {
        if (!prompt.contains("ids") || !prompt["ids"].is_array())
            throw fail("\"prompt\" needs a list of \"ids\"");
        const auto& ids = prompt["ids"];
        for (std::size_t i = 0; i < ids.size(); ++i)
            m_file.promptIds.push_back(tokenId(ids[i], "prompt token " + std::to_string(i)));
        if (m_file.promptIds.empty()) throw fail("the prompt has no tokens");
        if (prompt.contains("text") && prompt["text"].is_string())
            m_file.promptText = prompt["text"].get<std::string>();
        if (prompt.contains("byte_spans") && prompt["byte_spans"].is_array() &&
            prompt["byte_spans"].size() == m_file.promptIds.size()) {
            const auto textSize = static_cast<std::int64_t>(m_file.promptText.size());
            for (const auto& span : prompt["byte_spans"]) {
                // Checked against the text: a span outside it is dropped, not trusted.
                const auto from =
                    span.is_array() && span.size() == 2 ? integerOf(span[0]) : std::nullopt;
                const auto to =
                    span.is_array() && span.size() == 2 ? integerOf(span[1]) : std::nullopt;
                if (!from || !to || *from < 0 || *from > *to || *to > textSize) {
                    m_file.promptByteStart.clear();
                    m_file.promptByteEnd.clear();
                    break;
                }
                m_file.promptByteStart.push_back(static_cast<int>(*from));
                m_file.promptByteEnd.push_back(static_cast<int>(*to));
            }
        }
        if (prompt.contains("displays") && prompt["displays"].is_array() &&
            prompt["displays"].size() == m_file.promptIds.size())
            for (const auto& d : prompt["displays"])
                m_file.promptDisplays.push_back(d.is_string() ? d.get<std::string>()
                                                              : std::string());
    }

    void readModel(const ReaderJson& m) {
        auto text = [&](const char* key) {
            return m.contains(key) && m[key].is_string() ? m[key].get<std::string>()
                                                         : std::string();
        };
        auto count = [&](const char* key) {
            if (!m.contains(key) || !m[key].is_number_integer()) return 0;
            const auto n = integerOf(m[key]);
            if (!n || *n < 0 || *n > INT_MAX)
                throw fail(std::string("the model's \"") + key + "\" is out of range");
            return static_cast<int>(*n);
        };
        m_file.model.name = text("name");
        m_file.model.modelType = text("type");
        m_file.model.fingerprint = text("fingerprint");
        m_file.model.server = text("server");
        m_file.model.serverKind = text("server_kind");
        m_file.model.nVocab = count("vocab");
        m_file.model.nLayer = count("layers");
        m_file.model.nHead = count("heads");
        m_file.model.nEmbd = count("embd");
        m_file.model.nCtx = count("context");
    }

    // The parts read after the parse: the prompt, the settings, the model and the checks
    // that need all of them.
    void finish(const ReaderJson& j) {
        if (!j.is_object() || !j.contains("steps") || !j["steps"].is_array() ||
            !j.contains("prompt") || !j["prompt"].is_object())
            throw fail(
                "expected an object with \"prompt\" and \"steps\" (as written by "
                "generate --json or --export-transcript)");
        readPrompt(j["prompt"]);
        // Shown as recorded, each step keeps its own context (recordedStepsBytes).
        const std::uint64_t recorded =
            recordedStepsBytes(m_file.promptIds.size(), m_file.generated.size());
        if (recorded > kMaxRecordedStepsBytes)
            throw fail(std::to_string(m_file.generated.size()) + " steps after a prompt of " +
                       std::to_string(m_file.promptIds.size()) + " tokens would take about " +
                       sizeText(recorded) + " to show as recorded, more than the " +
                       sizeText(kMaxRecordedStepsBytes) + " allowed; open a shorter transcript");
        SamplingParams base;
        auto validated = [&](const SamplingParams& p, const std::string& where) {
            try {
                p.validate();
            } catch (const Error& e) {
                throw fail(where + e.what());
            }
            return p;
        };
        if (j.contains("sampling"))
            base = validated(readSampling(j["sampling"], "").over(base), "");
        m_file.params.reserve(m_stepSampling.size());
        for (std::size_t i = 0; i < m_stepSampling.size(); ++i)
            m_file.params.push_back(
                m_stepSampling[i]
                    ? validated(m_stepSampling[i]->over(base), "step " + std::to_string(i) + ": ")
                    : base);
        if (j.contains("model") && j["model"].is_object()) readModel(j["model"]);
        if (j.contains("interventions")) try {
                m_file.interventions =
                    interventionsFromJson(j["interventions"].dump(), "\"interventions\"");
            } catch (const Error& e) {
                throw fail(e.what());
            }
        // Ids the file's own model could not have made.
        if (m_file.model.nVocab > 0) {
            const int n = m_file.model.nVocab;
            for (std::size_t i = 0; i < m_file.promptIds.size(); ++i)
                if (m_file.promptIds[i] >= n)
                    throw fail("prompt token " + std::to_string(i) + ": token id " +
                               std::to_string(m_file.promptIds[i]) +
                               " is outside the vocabulary of the model the file names (" +
                               std::to_string(n) + " tokens)");
            for (std::size_t i = 0; i < m_file.generated.size(); ++i)
                if (m_file.generated[i] >= n)
                    throw stepFail(i, "token id " + std::to_string(m_file.generated[i]) +
                                          " is outside the vocabulary of the model the file "
                                          "names (" +
                                          std::to_string(n) + " tokens)");
        }
        // The prompt's decoded bytes: the whole text less what the drawn tokens added (only
        // when it ends with exactly those bytes).
        if (j.contains("text") && j["text"].is_string()) {
            const std::string all = transcriptTextAsBytes(j["text"].get<std::string>());
            std::string drawn;
            for (const auto& b : m_file.bytes) drawn += b;
            if (all.size() >= drawn.size() &&
                all.compare(all.size() - drawn.size(), drawn.size(), drawn) == 0)
                m_file.promptBytes = all.substr(0, all.size() - drawn.size());
        }
    }

    std::string m_path;
    int m_nVocab = 0;
    TranscriptFile m_file;
    std::vector<std::optional<SamplingOverride>> m_stepSampling;
    std::string m_topKey;  // the root's key being read
    bool m_sawSteps = false, m_inSteps = false;
    std::size_t m_steps = 0, m_stepNodes = 0, m_keptNodes = 0;
};

}  // namespace

TranscriptFile readTranscriptJson(const std::string& path, int nVocab) {
    return TranscriptFileReader(path, nVocab).read();
}

}  // namespace ts
