// Temperature lanes: one prompt prefilled once, then continued side by side at several
// temperatures. Each lane is a fork of one Transcript, so a lane draws exactly what the app
// and `generate` draw with the same settings (the same uniform number at each position).
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/remote_experiments.hpp"
#include "tokenscope/step_source.hpp"
#include "tokenscope/transcript.hpp"

namespace ts {

std::vector<Lane> runTemperatureLanes(std::unique_ptr<StepSource> source,
                                      const std::vector<int>& prompt,
                                      const std::vector<float>& temperatures, int steps,
                                      const SamplingParams& base,
                                      std::shared_ptr<const Tokenizer> tokenizer,
                                      bool ignoreEndOfText,
                                      std::shared_ptr<const Interventions> interventions) {
    if (!source) throw Error("temperature lanes need a model");
    if (prompt.empty()) throw Error("temperature lanes need a non-empty prompt");
    if (temperatures.empty()) throw Error("temperature lanes need at least one temperature");
    if (steps < 0) throw Error("steps must be >= 0");
    checkFitsContext(prompt.size() + static_cast<std::size_t>(steps), source->config().nCtx,
                     "the prompt plus the lane's steps");
    for (float t : temperatures) {
        SamplingParams p = base;
        p.temperature = t;
        p.validate();
    }
    TranscriptOptions options;
    options.ignoreEndOfText = ignoreEndOfText;
    options.trace.interventions = std::move(interventions);  // every lane runs with them
    Transcript shared(std::move(source), std::move(tokenizer), options);
    if (steps > 0) shared.startIds(prompt, base);
    std::vector<Lane> lanes;
    for (float t : temperatures) {
        Lane lane;
        lane.params = base;
        lane.params.temperature = t;
        if (steps > 0) {
            Transcript transcript = shared.fork();  // every lane continues the one prefill
            transcript.redraw(lane.params);
            for (int s = 0; s < steps; ++s) {
                if (s > 0) {
                    if (transcript.finished()) break;
                    transcript.step(lane.params);
                }
                const auto& step = transcript.back();
                const auto dist = samplingDistribution(step.trace->logits, lane.params);
                const auto& f = step.figures;
                lane.tokens.push_back({step.sampledToken, f.samplingProb, f.prob,
                                       static_cast<float>(entropyBits(dist))});
            }
            lane.endedAtEndOfText = transcript.finished();
        }
        lanes.push_back(std::move(lane));
    }
    return lanes;
}

std::vector<Lane> runTemperatureLanes(std::shared_ptr<const Model> model,
                                      const std::vector<int>& prompt,
                                      const std::vector<float>& temperatures, int steps,
                                      const SamplingParams& base,
                                      std::shared_ptr<const Tokenizer> tokenizer,
                                      bool ignoreEndOfText,
                                      std::shared_ptr<const Interventions> interventions) {
    return runTemperatureLanes(std::make_unique<LocalStepSource>(std::move(model)), prompt,
                               temperatures, steps, base, std::move(tokenizer), ignoreEndOfText,
                               std::move(interventions));
}

}  // namespace ts
