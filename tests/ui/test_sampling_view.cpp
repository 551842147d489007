// The sampling stage draws a step from the description the engine worker attaches
// (TranscriptStep::distribution) and makes its own only when the slider leaves the step's
// settings: either way the draw, where u lands and the token the slider's settings would
// pick are the engine's own sampleAt() for the stored logits.
#include <catch2/catch.hpp>
#include <random>

#include "canned_record.hpp"
#include "stages/sampling_view.hpp"
#include "stages/stage_distribution.hpp"
#include "tokenscope/sampling.hpp"

using ts::ui::SamplingView;

namespace {

std::vector<float> gpt2SizedLogits() {
    std::mt19937 gen(21);
    std::normal_distribution<float> normal(0.0f, 3.0f);
    std::vector<float> logits(50257);
    for (auto& l : logits) l = normal(gen);
    return logits;
}

// A step as the engine draws it: u from the seed policy, the token where u lands; with the
// worker's description attached or not.
ts::ui::StepRecordPtr drawnRecord(const std::vector<float>& logits, const ts::SamplingParams& p,
                                  bool described, int chosen = -1) {
    auto base = ts_test::cannedRecord(logits, 0);
    auto rec = std::make_shared<ts::ui::StepRecord>(*base);
    rec->params = p;
    const double u = ts::uniformAt(p.seed, rec->trace->lastPosition() + 1);
    rec->uniform = chosen >= 0 ? -1.0 : u;
    rec->chosen = chosen >= 0;
    rec->sampledToken = chosen >= 0 ? chosen : ts::sampleAt(logits, p, u);
    if (described) {
        ts::DistributionRequest r = ts::ui::stageDistributionRequest();
        r.u = u;
        r.markToken = rec->sampledToken;
        rec->distribution = std::make_shared<const ts::StepDistribution>(ts::describeDistribution(logits, p, r));
    }
    return rec;
}

}  // namespace

TEST_CASE("the sampling stage shows the engine's draw, with or without the worker's description",
          "[ui][sampling]") {
    const auto logits = gpt2SizedLogits();
    ts::SamplingParams p;
    p.temperature = 0.8f;
    p.topK = 40;
    p.topP = 0.9f;
    p.seed = 4;
    for (bool described : {true, false}) {
        INFO((described ? "described by the worker" : "made by the view"));
        SamplingView view;
        view.resize(900, 600);
        view.setAnimationMs(0);
        const auto rec = drawnRecord(logits, p, described);
        view.setRecord(rec);
        view.setParams(p);
        const double u = ts::uniformAt(p.seed, rec->trace->lastPosition() + 1);
        CHECK(view.draw().u == u);
        CHECK(view.draw().landed == rec->sampledToken);
        CHECK_FALSE(view.draw().byHand);
        CHECK(view.tokenAtCurrentSettings() == rec->sampledToken);
        (void)view.grab();  // paints from segments and rows without touching missing data
        // The slider off the step's settings: the same u under the new settings.
        for (float t : {0.3f, 1.0f, 1.7f})
            for (int k : {0, 5}) {
                ts::SamplingParams q = p;
                q.temperature = t;
                q.topK = k;
                q.topP = 1.0f;
                view.setParams(q);
                INFO("T " << t << " k " << k);
                CHECK(view.tokenAtCurrentSettings() == ts::sampleAt(logits, q, u));
                CHECK(view.draw().landed == rec->sampledToken);  // the step's own draw stays
            }
        ts::SamplingParams greedy = p;
        greedy.temperature = 0.0f;
        view.setParams(greedy);
        CHECK(view.tokenAtCurrentSettings() == ts::argmax(logits));
        (void)view.grab();
    }
}

TEST_CASE("a token chosen by hand shows where the step's u had landed", "[ui][sampling]") {
    const auto logits = gpt2SizedLogits();
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 9;
    const int other = ts::argmax(logits) == 7 ? 8 : 7;
    for (bool described : {true, false}) {
        INFO((described ? "described by the worker" : "made by the view"));
        SamplingView view;
        view.resize(900, 600);
        const auto rec = drawnRecord(logits, p, described, other);
        view.setRecord(rec);
        view.setParams(p);
        const double u = ts::uniformAt(p.seed, rec->trace->lastPosition() + 1);
        CHECK(view.draw().u == u);
        CHECK(view.draw().landed == ts::sampleAt(logits, p, u));
        CHECK(view.draw().byHand == (view.draw().landed != other));
        (void)view.grab();
    }
}
