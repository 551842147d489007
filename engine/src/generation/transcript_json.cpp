// Transcripts as files: the JSON that `tokenscope-cli generate --json` prints and the app's
// --export-transcript / File → Save writes, and its reader for File → Open transcript. One
// writer, so docs and tests can compare the app with the CLI field by field.
#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "formats/json_file.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {

namespace {

using Json = nlohmann::ordered_json;

Json samplingJson(const SamplingParams& p) {
    return {{"temperature", p.temperature}, {"top_k", p.topK}, {"top_p", p.topP}, {"seed", p.seed}};
}

bool sameParams(const SamplingParams& a, const SamplingParams& b) {
    return a.temperature == b.temperature && a.topK == b.topK && a.topP == b.topP &&
           a.seed == b.seed;
}

std::string bytesOf(const Tokenizer* tokenizer, int id) {
    if (!tokenizer || id < 0 || id >= tokenizer->vocabSize()) return "";
    try {
        return tokenizer->tokenBytes(id);
    } catch (const Error&) {
        return "";  // a hole in the vocabulary
    }
}

}  // namespace

std::string transcriptJson(const std::vector<TranscriptStepPtr>& steps, const Tokenizer* tokenizer,
                           double decodeMs) {
    Json j;
    std::vector<int> prompt, generated;
    if (!steps.empty()) prompt = steps.front()->contextTokens;
    for (const auto& s : steps)
        if (s->sampledToken >= 0) generated.push_back(s->sampledToken);
    std::vector<int> ids = prompt;
    ids.insert(ids.end(), generated.begin(), generated.end());
    const SamplingParams base = steps.empty() ? SamplingParams{} : steps.front()->params;

    j["ids"] = ids;
    j["generated"] = generated;
    j["text"] = tokenizer ? bytesAsText(tokenizer->decode(ids)) : "";
    Json stepsJson = Json::array();
    std::string tail;  // the last bytes before each drawn token, to read it in context
    for (int id : prompt) tail += bytesOf(tokenizer, id);
    for (const auto& s : steps) {
        if (s->sampledToken < 0) continue;
        const std::string bytes = bytesOf(tokenizer, s->sampledToken);
        const std::string display =
            tokenizer ? tokenDisplayAfter(tail.size() > 3 ? tail.substr(tail.size() - 3) : tail, bytes)
                      : "";
        tail += bytes;
        const DrawFigures& f = s->figures;
        auto number = [](double v) { return std::isfinite(v) ? Json(v) : Json(); };
        Json e = {{"id", s->sampledToken},
                  {"text", tokenizer ? bytesAsText(bytes) : ""},
                  {"bytes", hexBytes(bytes)},
                  {"display", display},
                  {"prob", number(f.prob)},
                  {"sampling_prob", number(f.samplingProb)},
                  {"rank", f.rank > 0 ? Json(f.rank) : Json()},
                  {"entropy_bits", number(f.entropyBits)},
                  {"position", s->trace->lastPosition() + 1},
                  {"uniform", s->uniform}};
        if (s->chosen) e["chosen"] = true;
        if (s->summary) e["thinned"] = true;
        if (!sameParams(s->params, base)) e["sampling"] = samplingJson(s->params);
        stepsJson.push_back(std::move(e));
    }
    j["steps"] = stepsJson;
    j["sampling"] = samplingJson(base);
    j["prompt"] = {{"text", steps.empty() ? std::string() : steps.front()->promptText},
                   {"ids", prompt}};
    j["decode_ms"] = decodeMs;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

TranscriptFile readTranscriptJson(const std::string& path) {
    const nlohmann::json j = readJsonFile(path, "transcript file");
    auto fail = [&](const std::string& what) -> Error {
        return Error("transcript file " + path + ": " + what);
    };
    if (!j.is_object() || !j.contains("steps") || !j["steps"].is_array() ||
        !j.contains("prompt") || !j["prompt"].is_object())
        throw fail("expected an object with \"prompt\" and \"steps\" (as written by "
                   "generate --json or --export-transcript)");
    TranscriptFile f;
    const auto& prompt = j["prompt"];
    if (!prompt.contains("ids") || !prompt["ids"].is_array())
        throw fail("\"prompt\" needs a list of \"ids\"");
    for (const auto& id : prompt["ids"]) {
        if (!id.is_number_integer()) throw fail("prompt ids must be integers");
        f.promptIds.push_back(id.get<int>());
    }
    if (f.promptIds.empty()) throw fail("the prompt has no tokens");
    if (prompt.contains("text") && prompt["text"].is_string()) f.promptText = prompt["text"];
    auto readParams = [&](const nlohmann::json& s, SamplingParams p) {
        if (!s.is_object()) throw fail("\"sampling\" must be an object");
        if (s.contains("temperature")) p.temperature = s["temperature"].get<float>();
        if (s.contains("top_k")) p.topK = s["top_k"].get<int>();
        if (s.contains("top_p")) p.topP = s["top_p"].get<float>();
        if (s.contains("seed")) p.seed = s["seed"].get<std::uint64_t>();
        try {
            p.validate();
        } catch (const Error& e) {
            throw fail(e.what());
        }
        return p;
    };
    SamplingParams base;
    try {
        if (j.contains("sampling")) base = readParams(j["sampling"], base);
        for (std::size_t i = 0; i < j["steps"].size(); ++i) {
            const auto& s = j["steps"][i];
            if (!s.is_object() || !s.contains("id") || !s["id"].is_number_integer())
                throw fail("step " + std::to_string(i) + " needs an integer \"id\"");
            f.generated.push_back(s["id"].get<int>());
            f.params.push_back(s.contains("sampling") ? readParams(s["sampling"], base) : base);
            f.chosen.push_back(s.contains("chosen") && s["chosen"].is_boolean() &&
                               s["chosen"].get<bool>());
        }
    } catch (const nlohmann::json::exception& e) {
        throw fail(std::string("a field has the wrong type (") + e.what() + ")");
    }
    return f;
}

}  // namespace ts
