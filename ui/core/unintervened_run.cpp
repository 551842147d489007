// The before/after comparison's "before" (see unintervened_run.hpp).
#include "core/unintervened_run.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/stage_distribution.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::ui {

std::vector<TranscriptStepPtr> unintervenedSteps(
    const std::shared_ptr<const ts::Model>& model,
    const std::shared_ptr<const ts::Tokenizer>& tokenizer,
    std::span<const TranscriptStepPtr> history, const std::atomic<bool>* cancel) {
    if (!model) throw ts::Error("no model is loaded");
    if (history.empty()) return {};
    for (const auto& r : history)
        if (!r || r->fromFile() || r->index != static_cast<int>(&r - history.data()))
            throw ts::Error("the steps are not a run of the loaded model");
    // The settings the engine worker's transcript describes its steps with: the views read the
    // same kind of description. No interventions: that is the point.
    ts::TranscriptOptions options;
    options.describeSteps = stageDistributionRequest();
    options.ignoreEndOfText = true;  // the run's own tokens, wherever it went on
    ts::Transcript transcript(model, tokenizer, options);
    std::vector<TranscriptStepPtr> out;
    out.reserve(history.size());
    transcript.startIds(history.front()->contextTokens(), history.front()->params);
    out.push_back(transcript.steps().back());
    for (std::size_t i = 1; i < history.size(); ++i) {
        if (cancel && cancel->load()) throw ts::Cancelled();
        // The run's token at the previous step (drawn, chosen, or drawn under a ban), then
        // this step with its own settings.
        const int token = history[i - 1]->sampledToken;
        if (transcript.back().sampledToken != token)
            transcript.choose(static_cast<int>(i) - 1, token);
        transcript.step(history[i]->params);
        out.push_back(transcript.steps().back());
    }
    return out;
}

TranscriptStepPtr UnintervenedRun::beforeOf(const TranscriptStepPtr& record) const {
    for (const Pair& p : m_made)
        if (p.after == record) return p.before;
    return nullptr;
}

void UnintervenedRun::clear() {
    m_task.cancel();
    m_made.clear();
    m_pending.reset();
    m_model.reset();
}

void UnintervenedRun::request(const ModelInfo& info, std::vector<TranscriptStepPtr> history) {
    if (history.empty() || !info.model) return;
    if (info.model != m_model) {
        m_made.clear();
        m_model = info.model;
    }
    if (m_task.isRunning() && m_pending == history.back()) return;  // on its way
    m_pending = history.back();
    auto model = info.model;
    auto tokenizer = info.tokenizer;
    using Out = std::vector<TranscriptStepPtr>;
    m_task.start<Out>(
        this,
        [model, tokenizer, history](const std::atomic<bool>& cancel) {
            return unintervenedSteps(model, tokenizer, history, &cancel);
        },
        [this, history, model](Out made) {
            if (model != m_model) return;  // another model since
            // Every step of the history made on the way is kept: stepping back shows at once.
            for (std::size_t i = 0; i < made.size() && i < history.size(); ++i)
                if (!beforeOf(history[i])) m_made.push_back({history[i], made[i]});
            if (m_made.size() > kMostKept)
                m_made.erase(m_made.begin(), m_made.begin() + static_cast<std::ptrdiff_t>(
                                                                  m_made.size() - kMostKept));
            m_pending.reset();
            if (!made.empty()) emit ready(history.back(), made.back());
        },
        [this](const QString& message) {
            m_pending.reset();
            emit failed(message);
        });
}

}  // namespace ts::ui
