// The one autoregressive loop (see tokenscope/transcript.hpp for the rules it follows):
// prefill, draw with the (seed, position) policy, feed back, branch, truncate, and keep the
// step history inside its memory budget.
#include "tokenscope/transcript.hpp"

#include <algorithm>
#include <cmath>

#include "tokenscope/analysis.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/token_display.hpp"

namespace ts {

std::size_t TranscriptStep::traceBytes() const {
    if (!trace) return 0;
    const auto& t = *trace;
    std::size_t floats = t.attention.data.size() + t.logits.size();
    for (const auto& v : t.tokenEmbedding) floats += v.size();
    for (const auto& v : t.positionEmbedding) floats += v.size();
    for (const auto& v : t.residuals) floats += v.size();
    for (const auto& v : t.allLogits) floats += v.size();
    std::size_t bytes = floats * sizeof(float);
    if (summary)
        bytes += summary->topLogits.size() * sizeof(StepSummary::TopLogit) +
                 summary->attentionArgmax.size() * sizeof(int) +
                 summary->attentionEntropy.size() * sizeof(float);
    if (distribution) bytes += distribution->bytes();
    return bytes;
}

std::size_t TranscriptStep::keptBytes() const {
    std::size_t bytes = sizeof(*this) + traceBytes();
    if (trace) bytes += sizeof(StepTrace) + trace->tokens.capacity() * sizeof(int);
    for (const auto& t : tailTexts) bytes += sizeof(std::string) + t.capacity();
    return bytes;
}

std::span<const int> TranscriptStep::contextTokens() const {
    return context ? context->tokens(contextSize()) : std::span<const int>();
}

namespace {
const std::string kNoText;
}  // namespace

const std::string& TranscriptStep::tokenText(std::size_t position) const {
    if (!context || position >= contextSize()) return kNoText;
    // The last tailTexts.size() positions read as they did at this step; the rest settled.
    const std::size_t settled = contextSize() - std::min(tailTexts.size(), contextSize());
    return position < settled ? context->settledText(position) : tailTexts[position - settled];
}

std::vector<std::string> TranscriptStep::tokenTexts() const {
    std::vector<std::string> out;
    out.reserve(contextSize());
    for (std::size_t p = 0; p < contextSize(); ++p) out.push_back(tokenText(p));
    return out;
}

int TranscriptStep::promptByteStart(std::size_t position) const {
    return context && position < contextSize() ? context->promptByteStart(position) : -1;
}

int TranscriptStep::promptByteEnd(std::size_t position) const {
    return context && position < contextSize() ? context->promptByteEnd(position) : -1;
}

const std::string& TranscriptStep::promptText() const {
    return context ? context->promptText() : kNoText;
}

void TranscriptStep::setContext(const std::shared_ptr<TranscriptContext>& writerContext) {
    context = writerContext;
    contextLength = writerContext ? static_cast<int>(writerContext->size()) : 0;
    tailTexts = writerContext ? writerContext->tail() : std::vector<std::string>();
}

const std::string& TranscriptStep::sampledDisplay() const {
    const auto i = static_cast<std::size_t>(index);
    return recorded && i < recorded->displays.size() ? recorded->displays[i] : kNoText;
}

const std::string& TranscriptStep::sampledBytes() const {
    const auto i = static_cast<std::size_t>(index);
    return recorded && i < recorded->bytes.size() ? recorded->bytes[i] : kNoText;
}

const std::string& TranscriptStep::promptBytes() const {
    return recorded ? recorded->promptBytes : kNoText;
}

std::span<const float> attentionRow(const std::vector<TranscriptStepPtr>& history, int layer,
                                    int head, int queryPos) {
    for (const auto& r : history) {
        if (!r || !r->trace) continue;
        const auto& a = r->trace->attention;
        if (!a.empty() && queryPos >= a.firstQuery && queryPos < a.firstQuery + a.nQueries)
            return a.row(layer, head, queryPos);
    }
    return {};
}

void checkFitsContext(std::size_t tokens, int nCtx, const std::string& what) {
    if (tokens > static_cast<std::size_t>(nCtx))
        throw Error("the context is full: " + what + " needs " + std::to_string(tokens) +
                    " positions but the model's context length (n_positions) is " +
                    std::to_string(nCtx) +
                    "; reset, shorten the input or branch from an earlier step");
}

Transcript::Transcript(std::shared_ptr<const Model> model,
                       std::shared_ptr<const Tokenizer> tokenizer, TranscriptOptions options)
    : Transcript(std::make_unique<LocalStepSource>(std::move(model)), std::move(tokenizer),
                 options) {}

Transcript::Transcript(std::unique_ptr<StepSource> source,
                       std::shared_ptr<const Tokenizer> tokenizer, TranscriptOptions options)
    : m_model(source ? source->localModel() : nullptr),
      m_tokenizer(std::move(tokenizer)),
      m_options(options),
      m_source(std::move(source)) {
    if (!m_source) throw Error("a transcript needs a model");
    // The model's end tokens: config.json's eos list (instruct models list several) and the
    // tokenizer's end-of-text token, those inside the vocabulary.
    const Config& cfg = m_source->config();
    std::vector<int> candidates = cfg.eosTokenIds;
    if (cfg.eosTokenId >= 0) candidates.push_back(cfg.eosTokenId);
    if (m_tokenizer)
        if (auto eos = m_tokenizer->endOfTextId()) candidates.push_back(*eos);
    for (int id : candidates)
        if (id >= 0 && id < cfg.nVocab && !isEndToken(id)) m_endTokens.push_back(id);
}

void Transcript::setCancelFlag(const std::atomic<bool>* cancel) { m_source->setCancelFlag(cancel); }

const Model& Transcript::model() const {
    if (!m_model)
        throw Error("the model is served by " + m_source->describe() +
                    ": its weights and internals are not here");
    return *m_model;
}

std::string Transcript::tokenText(int token) const {
    if (m_tokenizer && token >= 0 && token < m_tokenizer->vocabSize())
        return toValidUtf8(m_tokenizer->tokenBytes(token));
    std::string text = "#";  // (not "#" + to_string: GCC 12 warns falsely on that)
    text += std::to_string(token);
    return text;
}

bool Transcript::isEndToken(int token) const {
    return std::find(m_endTokens.begin(), m_endTokens.end(), token) != m_endTokens.end();
}

bool Transcript::finished() const {
    return !m_steps.empty() && !m_options.ignoreEndOfText && !back().chosen &&
           isEndToken(back().sampledToken);
}

bool Transcript::contextFull() const { return m_source->position() >= m_source->config().nCtx; }

std::vector<int> Transcript::tokens() const {
    std::vector<int> out = m_prompt.ids();
    for (const auto& s : m_steps) out.push_back(s->sampledToken);
    return out;
}

void Transcript::draw(TranscriptStep& s, const SamplingParams& params) const {
    params.validate();
    s.params = params;
    s.chosen = false;
    const int position = s.trace->lastPosition() + 1;
    s.uniform = params.temperature > 0.0f ? uniformAt(params.seed, position) : -1.0;
    s.sampledToken =
        s.uniform < 0 ? argmax(s.trace->logits) : sampleAt(s.trace->logits, params, s.uniform);
    s.figures = drawFigures(s.trace->logits, params, s.sampledToken);
    // A top-K answer: the probability at temperature 1 is the server's own, the K renormalised
    // would overstate it by the tail's share.
    if (s.trace->tailMass > 0) s.figures.prob *= static_cast<float>(1.0 - s.trace->tailMass);
    describe(s);
}

void Transcript::describe(TranscriptStep& s) const {
    s.distribution.reset();
    if (!m_options.describeSteps || !s.trace || s.trace->logits.empty()) return;
    DistributionRequest r = *m_options.describeSteps;
    // The number the seed policy gives this position: the step's own, and for a token chosen
    // by hand the one its draw would have used.
    r.u =
        s.params.temperature > 0.0f ? uniformAt(s.params.seed, s.trace->lastPosition() + 1) : -1.0;
    r.markToken = s.sampledToken;
    s.distribution = std::make_shared<const StepDistribution>(
        describeDistribution(s.trace->logits, s.params, r));
}

const TranscriptStep& Transcript::push(StepTrace trace, const SamplingParams& params) {
    auto s = std::make_shared<TranscriptStep>();
    s->index = static_cast<int>(m_steps.size());
    // Only the tokens this step processed are appended to the one context (and only the last
    // few displays read again): the steps before it share what is already there.
    const std::vector<int>& sessionTokens = m_source->tokens();
    rewindContext(std::min(m_context->size(), sessionTokens.size()));
    if (sessionTokens.size() > m_context->capacity()) {
        // Full: go on in a copy twice as large; the steps so far keep this one.
        const std::size_t nCtx = static_cast<std::size_t>(std::max(m_source->config().nCtx, 0));
        m_context = m_context->prefix(
            m_context->size(),
            std::max(sessionTokens.size(), std::min(2 * m_context->capacity(), nCtx)));
    }
    for (std::size_t p = m_context->size(); p < sessionTokens.size(); ++p) {
        const int id = sessionTokens[p];
        if (!m_tokenizer) {
            m_context->appendGiven(id, tokenText(id));
            continue;
        }
        // Display text read in context (a token holding part of a Hangul syllable names it).
        std::string bytes;
        try {
            if (id < m_tokenizer->vocabSize()) bytes = m_tokenizer->tokenBytes(id);
        } catch (const Error&) {
            bytes.clear();  // a hole in the vocabulary
        }
        m_context->appendBytes(id, bytes);
    }
    s->setContext(m_context);
    if (m_model && m_options.trace.logitLens && !trace.residuals.empty())
        trace.lens = logitLens(*m_model, trace);
    s->trace = std::make_shared<const StepTrace>(std::move(trace));
    draw(*s, params);
    m_steps.push_back(std::move(s));
    enforceBudget();
    return *m_steps.back();
}

const TranscriptStep& Transcript::start(const PromptTokens& prompt, const SamplingParams& params) {
    params.validate();
    if (prompt.tokens.empty()) throw Error("the prompt is empty: give at least one token");
    checkFitsContext(prompt.tokens.size(), m_source->config().nCtx, "the prompt");
    reset();
    m_prompt = prompt;
    std::vector<int> byteStart, byteEnd;
    if (!m_prompt.fromIds)
        for (const auto& t : m_prompt.tokens) {
            byteStart.push_back(static_cast<int>(t.start));
            byteEnd.push_back(static_cast<int>(t.end));
        }
    // Room for the model's whole context up to 65,536 tokens (256 KB of ids); a longer run
    // moves to a larger copy when it gets there (see push()).
    const auto nCtx = static_cast<std::size_t>(std::max(m_source->config().nCtx, 0));
    m_context = std::make_shared<TranscriptContext>(
        std::max(m_prompt.tokens.size(), std::min(nCtx, std::size_t{1} << 16)),
        m_tokenizer ? TranscriptContext::Texts::FromBytes : TranscriptContext::Texts::Given,
        m_prompt.text, std::move(byteStart), std::move(byteEnd));
    try {
        return push(m_source->prefill(m_prompt.ids(), m_options.trace), params);
    } catch (...) {
        reset();
        throw;
    }
}

const TranscriptStep& Transcript::start(std::string_view promptText, const SamplingParams& params,
                                        const PromptOptions& prompt) {
    return start(parsePrompt(promptText, m_tokenizer.get(), m_source->config().nVocab, prompt),
                 params);
}

const TranscriptStep& Transcript::startIds(std::span<const int> ids, const SamplingParams& params) {
    return start(promptFromIds({ids.begin(), ids.end()}, m_source->config().nVocab, "the prompt"),
                 params);
}

const TranscriptStep& Transcript::step(const SamplingParams& params) {
    if (m_steps.empty()) throw Error("there is no prompt yet: start the transcript first");
    params.validate();
    checkFitsContext(static_cast<std::size_t>(m_source->position()) + 1, m_source->config().nCtx,
                     "the next step");
    return push(m_source->step(back().sampledToken, m_options.trace), params);
}

const TranscriptStep& Transcript::choose(int stepIndex, int token) {
    if (stepIndex < 0 || stepIndex >= size())
        throw Error("there is no step " + std::to_string(stepIndex) + " to branch from");
    if (token < 0 || token >= m_source->config().nVocab)
        throw Error("token " + std::to_string(token) + " is outside the vocabulary (0.." +
                    std::to_string(m_source->config().nVocab - 1) + ")");
    const auto base = m_steps[static_cast<std::size_t>(stepIndex)];
    m_steps.resize(static_cast<std::size_t>(stepIndex));
    m_firstFull = std::min(m_firstFull, m_steps.size());
    m_source->truncate(base->trace->lastPosition() + 1);
    rewindContext(static_cast<std::size_t>(m_source->position()));
    auto changed = std::make_shared<TranscriptStep>(*base);
    changed->sampledToken = token;
    changed->chosen = true;
    changed->uniform = -1;
    if (!base->thinned()) {
        changed->figures = drawFigures(base->trace->logits, base->params, token);
        if (base->trace->tailMass > 0)
            changed->figures.prob *= static_cast<float>(1.0 - base->trace->tailMass);
        describe(*changed);  // the chosen token's segment of the draw bar
    } else {
        // Only the top logits are left: the probability is known for those, the rest not.
        changed->figures = {std::nanf(""), std::nanf(""), 0, std::nan("")};
        const auto& top = base->summary->topLogits;
        for (std::size_t r = 0; r < top.size(); ++r)
            if (top[r].token == token) {
                changed->figures.prob = std::exp(top[r].logit - base->summary->logSumExp);
                changed->figures.rank = static_cast<int>(r) + 1;
            }
    }
    m_steps.push_back(std::move(changed));
    return back();
}

const TranscriptStep& Transcript::branchFrom(int stepIndex, int token,
                                             const SamplingParams& params) {
    choose(stepIndex, token);
    return step(params);
}

const TranscriptStep& Transcript::redraw(const SamplingParams& params) {
    if (m_steps.empty()) throw Error("there is no step to draw again");
    if (back().thinned())
        throw Error("step " + std::to_string(back().index) +
                    " keeps only its top logits (history budget): it cannot be drawn again");
    auto s = std::make_shared<TranscriptStep>(back());
    draw(*s, params);
    m_steps.back() = std::move(s);
    return back();
}

namespace {

std::string describeModel(const ModelIdentity& m) {
    return m.name + " (" + m.modelType + ", " + std::to_string(m.nLayer) + " layers, vocabulary " +
           std::to_string(m.nVocab) + ", weights " + m.fingerprint + ")";
}

// The file's prompt as recorded: its text and byte spans where the file has both (the
// reader checked the spans against the text), else its ids.
PromptTokens recordedPrompt(const TranscriptFile& file) {
    PromptTokens p;
    const bool spans = !file.promptText.empty() &&
                       file.promptByteStart.size() == file.promptIds.size() &&
                       file.promptByteEnd.size() == file.promptIds.size();
    for (std::size_t i = 0; i < file.promptIds.size(); ++i)
        p.tokens.push_back({file.promptIds[i],
                            spans ? static_cast<std::size_t>(file.promptByteStart[i]) : 0,
                            spans ? static_cast<std::size_t>(file.promptByteEnd[i]) : 0});
    if (spans) {
        p.text = file.promptText;
    } else {
        p.fromIds = true;
        for (int id : file.promptIds) {
            if (!p.text.empty()) p.text += ' ';
            p.text += std::to_string(id);
        }
    }
    return p;
}

}  // namespace

std::string replayRefusal(const TranscriptFile& file, const ModelIdentity& loaded) {
    if (file.model.known() && !file.model.sameModel(loaded))
        return "the transcript was made with " + describeModel(file.model) +
               ", not with the loaded model " + describeModel(loaded) +
               ", which would give other numbers: load the model it names to replay it, or show "
               "it as recorded (generate --replay without --model)";
    auto fits = [&](int id) { return id >= 0 && id < loaded.nVocab; };
    // Files written before transcripts named their model: the ids fitting is all we know.
    if (!std::all_of(file.promptIds.begin(), file.promptIds.end(), fits) ||
        !std::all_of(file.generated.begin(), file.generated.end(), fits))
        return "the transcript holds token ids outside the vocabulary of the loaded model " +
               describeModel(loaded) + ": it was made with another model";
    return "";
}

void Transcript::replay(const TranscriptFile& file, const std::string& modelName,
                        const ReplayObserver& observer) {
    const ModelIdentity loaded = m_model ? ModelIdentity::of(*m_model, modelName)
                                         : ModelIdentity::ofConfig(m_source->config(), modelName);
    const std::string refusal = replayRefusal(file, loaded);
    if (!refusal.empty()) throw Error(refusal);
    if (file.params.size() < file.generated.size() || file.chosen.size() < file.generated.size())
        throw Error("the transcript lists " + std::to_string(file.generated.size()) +
                    " tokens but settings for fewer");
    checkFitsContext(file.promptIds.size() + file.generated.size(), m_source->config().nCtx,
                     "the transcript");
    auto seen = [&](bool rewound) {
        if (observer) observer(back(), rewound);
    };
    // The run's interventions again (mean ablation's means from the recorded prompt, as the
    // run computed them); a file without any runs without any.
    const PromptTokens prompt = recordedPrompt(file);
    m_options.trace.interventions.reset();
    if (file.interventions && !file.interventions->empty()) {
        auto iv = std::make_shared<Interventions>(*file.interventions);
        if (iv->ablateMode == AblateMode::Mean && !iv->ablate.empty()) {
            if (!m_model)
                throw Error(
                    "the transcript silenced heads by their mean output, which needs the "
                    "model's weights; a server does not expose them");
            prepareMeanAblation(m_model, prompt.ids(), *iv);
        }
        iv->validate(m_source->config());
        m_options.trace.interventions = iv;
    }
    start(prompt, file.params.empty() ? SamplingParams{} : file.params[0]);
    seen(false);
    // Each step re-runs (so it has its trace); where the file's token differs from the draw,
    // the file's token is kept, marked chosen.
    for (std::size_t i = 0; i < file.generated.size(); ++i) {
        if (back().sampledToken != file.generated[i] || file.chosen[i]) {
            choose(static_cast<int>(i), file.generated[i]);
            seen(true);
        }
        if (i + 1 < file.generated.size()) {
            step(file.params[i + 1]);
            seen(false);
        }
    }
}

void Transcript::truncate(int keepSteps) {
    keepSteps = std::clamp(keepSteps, 0, size());
    m_steps.resize(static_cast<std::size_t>(keepSteps));
    m_firstFull = std::min(m_firstFull, m_steps.size());
    if (m_steps.empty()) {
        m_source->reset();
        m_context.reset();
    } else {
        m_source->truncate(back().trace->lastPosition() + 1);
        rewindContext(static_cast<std::size_t>(m_source->position()));
    }
}

void Transcript::rewindContext(std::size_t length) {
    if (!m_context || length >= m_context->size()) return;
    // Steps cut from the history may still be held (the GUI's model, a view): their tokens
    // past `length` must stay as they were. Only a context nobody else holds is cut in place
    // (a use count of 1 read on this thread cannot grow behind our back: only this
    // Transcript hands the context out); otherwise the branch gets its own copy of the prefix,
    // once per branch.
    if (m_context.use_count() == 1)
        m_context->truncate(length);
    else
        m_context = m_context->prefix(length);
}

void Transcript::reset() {
    m_source->reset();
    m_context.reset();
    m_steps.clear();
    m_prompt = {};
    m_firstFull = 0;
    m_thinned.clear();
}

Transcript Transcript::fork() const {
    Transcript t(m_source->fork(), m_tokenizer, m_options);
    t.m_prompt = m_prompt;
    t.m_steps = m_steps;
    // The fork appends its own tokens at the same positions as this transcript: its own
    // copy of the context (the steps it shares keep pointing at this one).
    if (m_context) t.m_context = m_context->prefix(m_context->size());
    t.m_endTokens = m_endTokens;
    t.m_firstFull = m_firstFull;
    return t;
}

std::vector<int> Transcript::takeThinnedSteps() {
    std::vector<int> out;
    out.swap(m_thinned);
    return out;
}

DrawFigures drawFigures(std::span<const float> logits, const SamplingParams& params, int token) {
    DrawFigures f;
    const auto t = static_cast<std::size_t>(token);
    const auto probs = softmax(logits, 1.0f);
    f.prob = probs[t];
    f.samplingProb = samplingDistribution(logits, params)[t];
    f.rank = rankOf(logits, token);
    f.entropyBits = entropyBits(probs);
    return f;
}

}  // namespace ts
