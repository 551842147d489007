// The step history's memory budget (issue 11 point 7). Long contexts make full traces
// expensive: every step keeps attention rows for all layers and heads over all keys, plus a
// vocabulary of logits. One budget covers all steps; past it the oldest steps are thinned
// to a summary (top-k logits; per layer, head and query the attention's argmax and entropy)
// so the newest steps, the ones a learner looks at, stay complete. The budget counts all the
// history keeps (the context, kept once, and the steps themselves too), but only traces can be
// thinned: what is left is linear in the steps and small (tens of bytes a token).
#include <algorithm>
#include <cmath>

#include "tokenscope/sampling.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {

namespace {

TranscriptStepPtr thin(const TranscriptStep& full) {
    auto summary = std::make_shared<StepSummary>();
    summary->droppedBytes = full.traceBytes();
    const StepTrace& t = *full.trace;

    // Top-k logits (topCandidates orders any values; here logits) and their log-sum-exp.
    const auto& logits = t.logits;
    summary->logSumExp = logSumExp(logits);
    for (const auto& c : topCandidates(logits, StepSummary::kTopK))
        summary->topLogits.push_back({c.token, c.prob});

    // Attention: argmax key and entropy (bits) per layer, head and query.
    const AttentionTrace& a = t.attention;
    summary->nLayer = a.nLayer;
    summary->nHead = a.nHead;
    summary->firstQuery = a.firstQuery;
    summary->nQueries = a.empty() ? 0 : a.nQueries;
    for (int l = 0; l < summary->nLayer && !a.empty(); ++l)
        for (int h = 0; h < a.nHead; ++h)
            for (int q = a.firstQuery; q < a.firstQuery + a.nQueries; ++q) {
                const auto row = a.row(l, h, q);
                summary->attentionArgmax.push_back(argmax(row));
                summary->attentionEntropy.push_back(static_cast<float>(entropyBits(row)));
            }

    auto trace = std::make_shared<StepTrace>();
    trace->firstPosition = t.firstPosition;
    trace->tokens = t.tokens;
    trace->cost = t.cost;
    trace->lens = t.lens;  // a few entries: the lens view keeps its column
    trace->attention.nLayer = a.nLayer;
    trace->attention.nHead = a.nHead;
    trace->attention.firstQuery = a.firstQuery;
    trace->attention.nQueries = 0;  // no rows: attentionRow() finds nothing here

    auto s = std::make_shared<TranscriptStep>(full);
    s->trace = std::move(trace);
    s->summary = std::move(summary);
    s->distribution.reset();  // the views show a thinned step's top logits, not its draw
    return s;
}

}  // namespace

std::size_t Transcript::historyBytes() const {
    std::size_t total = 0;
    // Each context once: the run's, and the older ones that steps before a branch still hold
    // (steps are in order, so a context's steps are consecutive).
    const TranscriptContext* counted = nullptr;
    for (const auto& s : m_steps) {
        total += s->keptBytes();
        if (s->context && s->context.get() != counted) {
            counted = s->context.get();
            total += counted->bytes();
        }
    }
    return total;
}

void Transcript::setHistoryBudget(std::size_t bytes) {
    m_options.historyBudgetBytes = bytes;
    enforceBudget();
}

void Transcript::enforceBudget() {
    std::size_t total = historyBytes();
    // The newest step always stays whole: it is the one being looked at and drawn from.
    while (total > m_options.historyBudgetBytes && m_firstFull + 1 < m_steps.size()) {
        auto& slot = m_steps[m_firstFull];
        if (!slot->thinned()) {
            const std::size_t before = slot->traceBytes();
            slot = thin(*slot);
            total -= before - slot->traceBytes();
            m_thinned.push_back(static_cast<int>(m_firstFull));
        }
        ++m_firstFull;
    }
}

}  // namespace ts
