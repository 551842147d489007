// Classroom experiments from the command line: temperature lanes (compare); fact probes are
// in cmd_probe.cpp, lost in the middle in cmd_litm.cpp.
#include <iostream>
#include <map>

#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "remote_model.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/remote_experiments.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

int runCompare(const Args& args) {
    const Options opts = commandOptions("compare", args);
    const int steps = static_cast<int>(opts.integer("steps", 20, 0, 1 << 20));
    std::vector<float> temperatures;
    for (double t : opts.numberList("temperatures", 0.0, 100.0))
        temperatures.push_back(static_cast<float>(t));
    if (temperatures.size() > 16) throw UsageError{"--temperatures takes at most 16 values"};
    const SamplingParams base = samplingParams(opts, 1.0f);
    // A local model or a model server (--server): the same lanes over either step source.
    const Target target = openTarget(opts);
    const LoadedModel& model = target.loaded;
    const auto prompt = targetPrompt(opts, target, "ids", "prompt", "prompt-file").ids();
    // The lanes follow generate's end-of-text rule: a lane stops after an end token.
    const auto interventions = targetInterventions(opts, target, prompt);
    const auto lanes = runTemperatureLanes(target.source(), prompt, temperatures, steps, base,
                                           model.tokenizer, opts.flag("ignore-eos"), interventions);

    Json j;
    j["prompt_ids"] = prompt;
    j["seed"] = base.seed;
    if (interventions) j["interventions"] = interventionsJson(*interventions);
    j["lanes"] = Json::array();
    for (const auto& lane : lanes) {
        Json tokens = Json::array();
        std::vector<int> ids;
        double entropySum = 0;
        std::vector<int> laneIds = prompt;
        for (const auto& t : lane.tokens) laneIds.push_back(t.token);
        const auto shown = tokenDisplays(model, laneIds);
        std::size_t k = prompt.size();
        for (const auto& t : lane.tokens) {
            ids.push_back(t.token);
            entropySum += t.entropyBits;
            tokens.push_back({{"id", t.token},
                              {"text", tokenText(model, t.token)},
                              {"bytes", hexBytes(tokenBytesOf(model, t.token))},
                              {"display", shown[k++]},
                              {"prob", t.prob},
                              {"raw_prob", t.rawProb},
                              {"entropy_bits", t.entropyBits}});
        }
        j["lanes"].push_back(
            {{"temperature", lane.params.temperature},
             {"ids", ids},
             {"text", model.tokenizer ? bytesAsText(model.tokenizer->decode(ids)) : ""},
             {"mean_entropy_bits",
              lane.tokens.empty() ? 0.0 : entropySum / static_cast<double>(lane.tokens.size())},
             {"tokens", tokens}});
    }
    if (target.server) j["server"] = serverJson(target);
    if (opts.flag("json")) {
        printJson(j);
    } else {
        for (const auto& lane : j["lanes"])
            std::cout << "T=" << lane["temperature"].get<double>() << ": "
                      << bytesAsText(model.tokenizer ? model.tokenizer->decode(
                                                           lane["ids"].get<std::vector<int>>())
                                                     : "")
                      << '\n';
    }
    return 0;
}

}  // namespace ts::cli
