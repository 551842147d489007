// Mean-ablation means, steering directions, activation patching and head kinds
// (tokenscope/what_if.hpp): experiments that run the one forward pass with its intervention
// hooks and capture options, never a second implementation of the maths.
#include "tokenscope/what_if.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "compute/size_cast.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/session.hpp"

namespace ts {
namespace {

void checkPrompt(std::span<const int> ids, const Config& c, const std::string& what) {
    if (ids.empty()) throw Error(what + " is empty");
    if (static_cast<long long>(ids.size()) > c.nCtx)
        throw Error(what + " has " + std::to_string(ids.size()) +
                    " tokens, more than the model's context of " + std::to_string(c.nCtx));
}

// Mean over the positions from `from` of block `layer`'s input rows ([T * C]).
std::vector<double> meanRows(const std::vector<float>& rows, int C, int from) {
    const int T = static_cast<int>(rows.size() / sz(C));
    std::vector<double> mean(sz(C), 0.0);
    for (int t = from; t < T; ++t)
        for (int i = 0; i < C; ++i) mean[sz(i)] += rows[sz(t) * sz(C) + sz(i)];
    for (double& m : mean) m /= static_cast<double>(T - from);
    return mean;
}

double answerDiff(const std::vector<float>& logits, int answer, int wrong) {
    return static_cast<double>(logits[sz(answer)]) - static_cast<double>(logits[sz(wrong)]);
}

}  // namespace

std::vector<float> steeringDirection(const std::shared_ptr<const Model>& model,
                                     std::span<const int> positive, std::span<const int> negative,
                                     int layer) {
    const Config& c = model->config();
    if (layer < 0 || layer >= c.nLayer)
        throw Error("--steer-layer " + std::to_string(layer + 1) +
                    " does not exist (the model has " + std::to_string(c.nLayer) +
                    " blocks, counted from 1)");
    auto meanOf = [&](std::span<const int> ids, const std::string& what) {
        checkPrompt(ids, c, what);
        const int from = ids.size() > 1 && ids[0] == c.bosTokenId ? 1 : 0;
        Session session(model);
        TraceOptions options;
        options.blockInputs = true;
        const StepTrace trace = session.prefill(ids, options);
        return meanRows(trace.blockInputs[sz(layer)], c.nEmbd, from);
    };
    const auto pos = meanOf(positive, "the positive steering prompt");
    const auto neg = meanOf(negative, "the negative steering prompt");
    std::vector<float> direction(sz(c.nEmbd));
    for (std::size_t i = 0; i < direction.size(); ++i)
        direction[i] = static_cast<float>(pos[i] - neg[i]);
    return direction;
}

PatchingResult patchResidualStream(const std::shared_ptr<const Model>& model,
                                   std::span<const int> clean, std::span<const int> corrupt,
                                   int answer, int wrong,
                                   const std::function<void(int, int)>& progress,
                                   const std::atomic<bool>* cancel) {
    const Config& c = model->config();
    checkPrompt(clean, c, "the clean prompt");
    checkPrompt(corrupt, c, "the corrupted prompt");
    if (clean.size() != corrupt.size())
        throw Error("the clean prompt has " + std::to_string(clean.size()) +
                    " tokens and the corrupted one " + std::to_string(corrupt.size()) +
                    ": patching needs prompts of the same length, position by position");
    for (int id : {answer, wrong})
        if (id < 0 || id >= c.nVocab)
            throw Error("the answer or wrong token id " + std::to_string(id) +
                        " is outside the vocabulary (" + std::to_string(c.nVocab) + ")");
    if (answer == wrong) throw Error("the answer and the wrong token are the same token");

    const int T = static_cast<int>(clean.size()), C = c.nEmbd, nL = c.nLayer;
    TraceOptions capture;
    capture.blockInputs = true;
    Session cleanRun(model);
    cleanRun.setCancelFlag(cancel);
    const StepTrace cleanTrace = cleanRun.prefill(clean, capture);
    Session corruptRun(model);
    corruptRun.setCancelFlag(cancel);
    const StepTrace corruptTrace = corruptRun.prefill(corrupt, capture);

    PatchingResult r;
    r.forwardPasses = 2;
    r.tokenBlocks = 2LL * T * nL;
    r.cleanDiff = answerDiff(cleanTrace.logits, answer, wrong);
    r.corruptDiff = answerDiff(corruptTrace.logits, answer, wrong);
    const double span = r.cleanDiff - r.corruptDiff;
    if (std::fabs(span) < 1e-6)
        throw Error(
            "the answer and wrong tokens do not separate the prompts: logit(answer) - "
            "logit(wrong) is the same on both (" +
            std::to_string(r.cleanDiff) + "); choose another pair");

    r.restored.assign(sz(nL), std::vector<double>(sz(T), 0.0));
    const int total = nL * T;
    int done = 0;
    for (int p = 0; p < T; ++p) {
        const std::span<const int> rest = corrupt.subspan(sz(p));
        for (int l = 0; l < nL; ++l) {
            if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
            // The corrupted run's cache up to p (and, for blocks before l, up to the end:
            // a patch at block l changes none of them), then the blocks from l again.
            Session run = corruptRun.fork();
            run.truncate(p);
            const float* patched = cleanTrace.blockInputs[sz(l)].data() + sz(p) * sz(C);
            TraceOptions options;
            if (l == 0) {
                auto iv = std::make_shared<Interventions>();
                iv->patches.push_back({0, p, std::vector<float>(patched, patched + C)});
                options.interventions = iv;
            } else {
                const auto& in = corruptTrace.blockInputs[sz(l)];
                options.resumeAtBlock = l;
                options.resumeResidual.assign(in.begin() + sz(p) * sz(C), in.end());
                std::copy(patched, patched + C, options.resumeResidual.begin());
            }
            const StepTrace t = run.prefill(rest, options);
            r.restored[sz(l)][sz(p)] = (answerDiff(t.logits, answer, wrong) - r.corruptDiff) / span;
            ++r.forwardPasses;
            r.tokenBlocks += static_cast<long long>(T - p) * (nL - l);
            if (progress) progress(++done, total);
        }
    }
    return r;
}

HeadKinds headKinds(const std::shared_ptr<const Model>& model, std::span<const int> prompt,
                    std::uint64_t seed, const HeadKindThresholds& thresholds) {
    const Config& c = model->config();
    HeadKinds out;
    out.thresholds = thresholds;
    // The random sequence: [start token] r_1..r_n r_1..r_n, ids drawn with `seed`; n = 32, or
    // what a shorter context holds.
    std::vector<int> repeated;
    const int lead = c.bosTokenId >= 0 && c.bosTokenId < c.nVocab ? 1 : 0;
    out.repeatTokens = std::min(out.repeatTokens, (c.nCtx - lead) / 2);
    const int n = out.repeatTokens;
    if (n < 2)
        throw Error("the model's context of " + std::to_string(c.nCtx) +
                    " tokens is too short to measure induction on a repeated sequence");
    if (lead) repeated.push_back(c.bosTokenId);
    Rng rng(seed);
    std::vector<int> half;
    for (int i = 0; i < n; ++i)
        half.push_back(static_cast<int>(rng.uniform() * c.nVocab) % c.nVocab);
    repeated.insert(repeated.end(), half.begin(), half.end());
    repeated.insert(repeated.end(), half.begin(), half.end());
    checkPrompt(repeated, c, "the repeated random sequence for induction");

    TraceOptions withAttention;
    withAttention.attention = true;
    Session s1(model);
    const StepTrace rep = s1.prefill(repeated, withAttention);
    StepTrace own;
    const std::vector<int> promptIds(prompt.begin(), prompt.end());
    const bool usePrompt = promptIds.size() >= 2;
    if (usePrompt) {
        checkPrompt(promptIds, c, "the prompt");
        Session s2(model);
        own = s2.prefill(promptIds, withAttention);
    }
    const StepTrace& measured = usePrompt ? own : rep;
    const int T = static_cast<int>(measured.tokens.size());
    out.promptTokens = usePrompt ? T : 0;

    for (int l = 0; l < c.nLayer; ++l)
        for (int h = 0; h < c.nHead; ++h) {
            HeadKindRow row;
            row.layer = l;
            row.head = h;
            for (int i = 1; i < T; ++i) {
                const auto a = measured.attention.row(l, h, i);
                row.previous += a[sz(i - 1)];
                row.first += a[0];
            }
            row.previous /= T - 1;
            row.first /= T - 1;
            // Query at lead + n + j (the second copy's j-th token) attends to lead + j + 1,
            // the token that followed the same token the first time.
            int counted = 0;
            for (int j = 0; j + 1 < n; ++j) {
                const int q = lead + n + j;
                row.induction += rep.attention.row(l, h, q)[sz(lead + j + 1)];
                ++counted;
            }
            row.induction /= counted;
            if (row.induction >= thresholds.induction)
                row.kind = "induction";
            else if (row.previous >= thresholds.previous)
                row.kind = "previous";
            else if (row.first >= thresholds.first)
                row.kind = "first";
            out.heads.push_back(row);
        }
    return out;
}

}  // namespace ts
