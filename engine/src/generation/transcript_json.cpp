// Transcripts as files: the JSON that `tokenscope-cli generate --json` prints and the app's
// --export-transcript / File → Save writes, and its reader for File → Open transcript. One
// writer, so docs and tests can compare the app with the CLI field by field. The file also
// names the model that made it (ModelIdentity), so the app can show a file's steps as
// recorded when another model (or none) is loaded, and replay them with the right one.
// The reader is transcript_reader.cpp: files come from anywhere, and it trusts nothing.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

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

// FNV-1a over the bytes of `values`, continuing from `hash`.
std::uint64_t fnv1a(std::uint64_t hash, const std::vector<float>& values) {
    for (float v : values) {
        unsigned char b[sizeof(float)];
        std::memcpy(b, &v, sizeof b);
        for (unsigned char c : b) hash = (hash ^ c) * 1099511628211ULL;
    }
    return hash;
}

// "#id", as a step shows a token without a tokenizer.
std::string idText(int id) {
    std::string text = "#";  // (not "#" + to_string: GCC 12 warns falsely on that)
    text += std::to_string(id);
    return text;
}

// A drawn token's bytes: from the tokenizer, or, without one, as a file recorded them.
std::string stepBytes(const Tokenizer* tokenizer, const TranscriptStep& s) {
    if (tokenizer) return bytesOf(tokenizer, s.sampledToken);
    return s.sampledBytes();
}

}  // namespace

ModelIdentity ModelIdentity::of(const Model& model, std::string name) {
    const Config& c = model.config();
    ModelIdentity m;
    m.name = std::move(name);
    m.modelType = c.modelType;
    m.nVocab = c.nVocab;
    m.nLayer = c.nLayer;
    m.nHead = c.nHead;
    m.nEmbd = c.nEmbd;
    m.nCtx = c.nCtx;
    // Two rows of the embedding table: reading them costs microseconds, and weights that
    // differ anywhere in training differ there too.
    std::uint64_t h = 14695981039346656037ULL;
    h = fnv1a(h, model.tokenEmbedding(0));
    h = fnv1a(h, model.tokenEmbedding(c.nVocab - 1));
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    m.fingerprint = hex;
    return m;
}

ModelIdentity ModelIdentity::ofConfig(const Config& c, std::string name, std::string server,
                                      std::string serverKind) {
    ModelIdentity m;
    m.name = std::move(name);
    m.modelType = c.modelType;
    m.nVocab = c.nVocab;
    m.nLayer = c.nLayer;
    m.nHead = c.nHead;
    m.nEmbd = c.nEmbd;
    m.nCtx = c.nCtx;
    m.server = std::move(server);
    m.serverKind = std::move(serverKind);
    std::uint64_t h = 14695981039346656037ULL;
    for (const std::string* part : {&m.serverKind, &m.name})
        for (unsigned char ch : *part) h = (h ^ ch) * 1099511628211ULL;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    m.fingerprint = hex;
    return m;
}

bool ModelIdentity::sameModel(const ModelIdentity& o) const {
    return modelType == o.modelType && nVocab == o.nVocab && nLayer == o.nLayer &&
           nHead == o.nHead && nEmbd == o.nEmbd && nCtx == o.nCtx && fingerprint == o.fingerprint;
}

std::string transcriptJson(const std::vector<TranscriptStepPtr>& steps, const Tokenizer* tokenizer,
                           double decodeMs, const ModelIdentity* model,
                           const Interventions* interventions) {
    Json j;
    if (interventions && !interventions->empty())
        j["interventions"] = Json::parse(interventionsToJson(*interventions));
    std::vector<int> prompt, generated;
    if (!steps.empty()) {
        const auto first = steps.front()->contextTokens();
        prompt.assign(first.begin(), first.end());
    }
    for (const auto& s : steps)
        if (s->sampledToken >= 0) generated.push_back(s->sampledToken);
    std::vector<int> ids = prompt;
    ids.insert(ids.end(), generated.begin(), generated.end());
    const SamplingParams base = steps.empty() ? SamplingParams{} : steps.front()->params;

    j["ids"] = ids;
    j["generated"] = generated;
    if (tokenizer) {
        j["text"] = bytesAsText(tokenizer->decode(ids));
    } else {
        // Steps read from a file keep the file's bytes: saved again without a model, the
        // text stays (the prompt's bytes and each drawn token's, as the file had them).
        std::string all = steps.empty() ? std::string() : steps.front()->promptBytes();
        for (const auto& s : steps)
            if (s->sampledToken >= 0) all += stepBytes(nullptr, *s);
        j["text"] = bytesAsText(all);
    }
    Json stepsJson = Json::array();
    std::string tail;  // the last bytes before each drawn token, to read it in context
    for (int id : prompt) tail += bytesOf(tokenizer, id);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const auto& s = steps[i];
        if (s->sampledToken < 0) continue;
        const std::string bytes = stepBytes(tokenizer, *s);
        std::string display =
            tokenizer
                ? tokenDisplayAfter(tail.size() > 3 ? tail.substr(tail.size() - 3) : tail, bytes)
                : "";
        // Steps read from a file keep the file's text: the next step's context names the token.
        const auto position = static_cast<std::size_t>(s->trace->lastPosition() + 1);
        if (!tokenizer && s->fromFile())
            display = i + 1 < steps.size() && position < steps[i + 1]->contextSize()
                          ? steps[i + 1]->tokenText(position)
                          : s->sampledDisplay();
        tail += bytes;
        const DrawFigures& f = s->figures;
        auto number = [](double v) { return std::isfinite(v) ? Json(v) : Json(); };
        Json e = {{"id", s->sampledToken},
                  {"text", bytesAsText(bytes)},
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
    j["prompt"] = {{"text", steps.empty() ? std::string() : steps.front()->promptText()},
                   {"ids", prompt}};
    // Each prompt token as the views show it, so the file reads without a tokenizer.
    if (!steps.empty() && steps.front()->contextSize() >= prompt.size()) {
        std::vector<std::string> displays;
        displays.reserve(prompt.size());
        for (std::size_t i = 0; i < prompt.size(); ++i)
            displays.push_back(steps.front()->tokenText(i));
        j["prompt"]["displays"] = displays;
    }
    // And where it came from in the prompt text, so the token view reads the file alone.
    if (!steps.empty() && !prompt.empty()) {
        const TranscriptStep& first = *steps.front();
        bool spans = true;
        for (std::size_t i = 0; i < prompt.size() && spans; ++i)
            spans = first.promptByteStart(i) >= 0;
        if (spans) {
            Json list = Json::array();
            for (std::size_t i = 0; i < prompt.size(); ++i)
                list.push_back({first.promptByteStart(i), first.promptByteEnd(i)});
            j["prompt"]["byte_spans"] = list;
        }
    }
    if (model && model->known())
        j["model"] = {{"name", model->name},    {"type", model->modelType},
                      {"vocab", model->nVocab}, {"layers", model->nLayer},
                      {"heads", model->nHead},  {"embd", model->nEmbd},
                      {"context", model->nCtx}, {"fingerprint", model->fingerprint}};
    if (model && model->known() && !model->serverKind.empty()) {
        j["model"]["server"] = model->server;
        j["model"]["server_kind"] = model->serverKind;
    }
    j["decode_ms"] = decodeMs;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::uint64_t recordedStepsBytes(std::uint64_t promptTokens, std::uint64_t steps) {
    // One context for all steps: an id, a display text and a byte span per token; per step
    // the step and trace objects and the token it fed; and the file itself, kept once (its
    // vectors per drawn token: id, settings, figures, uniform, display and bytes).
    const std::uint64_t perToken = 3 * sizeof(int) + sizeof(std::string);
    const std::uint64_t n = std::max<std::uint64_t>(1, steps);
    const std::uint64_t perStep = sizeof(TranscriptStep) + sizeof(StepTrace) + sizeof(int) +
                                  sizeof(int) + sizeof(SamplingParams) + sizeof(DrawFigures) +
                                  sizeof(double) + 2 * sizeof(std::string) + 1;
    return (promptTokens + n) * (perToken + sizeof(int)) + n * (perToken + perStep) +
           sizeof(TranscriptFile);
}

std::vector<TranscriptStepPtr> transcriptStepsFromFile(const TranscriptFile& file) {
    // The file once (the steps' recorded draws), the context once (its display texts are the
    // file's: there may be no tokenizer, or another model's).
    const auto recorded = std::make_shared<const TranscriptFile>(file);
    const std::size_t count = std::max<std::size_t>(1, file.generated.size());
    const bool spans = file.promptByteStart.size() == file.promptIds.size();
    auto context = std::make_shared<TranscriptContext>(
        file.promptIds.size() + count - 1, TranscriptContext::Texts::Given, file.promptText,
        spans ? file.promptByteStart : std::vector<int>(),
        spans ? file.promptByteEnd : std::vector<int>());
    for (std::size_t i = 0; i < file.promptIds.size(); ++i)
        context->appendGiven(file.promptIds[i],
                             i < file.promptDisplays.size() && !file.promptDisplays[i].empty()
                                 ? file.promptDisplays[i]
                                 : idText(file.promptIds[i]));
    std::vector<TranscriptStepPtr> steps;
    steps.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        auto s = std::make_shared<TranscriptStep>();
        s->index = static_cast<int>(i);
        s->recorded = recorded;
        auto trace = std::make_shared<StepTrace>();
        if (i == 0) {
            trace->firstPosition = 0;
            trace->tokens = file.promptIds;
        } else {
            const int fed = file.generated[i - 1];
            trace->firstPosition = static_cast<int>(context->size());
            trace->tokens = {fed};
            context->appendGiven(fed, i - 1 < file.displays.size() && !file.displays[i - 1].empty()
                                          ? file.displays[i - 1]
                                          : idText(fed));
        }
        s->trace = std::move(trace);
        s->setContext(context);
        if (i < file.generated.size()) {
            s->sampledToken = file.generated[i];
            s->params = file.params[i];
            s->chosen = file.chosen[i];
            if (i < file.figures.size()) s->figures = file.figures[i];
            if (i < file.uniforms.size()) s->uniform = file.uniforms[i];
        }
        steps.push_back(std::move(s));
    }
    return steps;
}

}  // namespace ts
