// tokenscope-cli generate: the autoregressive loop. Prefill the prompt, then draw a token
// from the stored logits, feed it back, and repeat.
#include <iostream>

#include "chat_prompt.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

int runGenerate(const Args& args) {
    const Options opts(args,
                       {"model", "ids", "prompt", "prompt-file", "steps", "temperature", "top-k",
                        "top-p", "seed", "threads", "system", "user"},
                       {"json", "special", "stop-at-eos"});
    applyThreads(opts);
    const int steps = static_cast<int>(opts.integer("steps", 20, 0, 1 << 20));
    const SamplingParams params = samplingParams(opts, 1.0f);
    const LoadedModel model = loadModel(opts);
    const auto prompt = promptIds(opts, model);  // --ids, --prompt, or chat --system/--user
    const Config& cfg = model.model->config();
    checkFitsContext(prompt.size() + static_cast<std::size_t>(steps), cfg,
                     "the prompt plus --steps");
    const bool json = opts.flag("json");

    Session session(model.model);
    Rng rng(params.seed);
    StepTrace trace = session.prefill(prompt);
    std::vector<int> ids = prompt;
    Json stepsJson = Json::array();
    double decodeMs = 0.0;
    // Raw bytes to the terminal: it joins the parts of a split character itself.
    if (!json && model.tokenizer) std::cout << model.tokenizer->decode(prompt);
    for (int s = 0; s < steps; ++s) {
        const int token = sample(trace.logits, params, rng);
        const auto probs = softmax(trace.logits, 1.0f);
        const auto dist = samplingDistribution(trace.logits, params);
        const std::string shown = tokenDisplayAfter(model, ids, token);
        ids.push_back(token);
        stepsJson.push_back({{"id", token},
                             {"text", tokenText(model, token)},
                             {"bytes", hexBytes(tokenBytesOf(model, token))},
                             {"display", shown},
                             {"prob", probs[static_cast<std::size_t>(token)]},
                             {"sampling_prob", dist[static_cast<std::size_t>(token)]},
                             {"rank", rankOf(trace.logits, token)},
                             {"entropy_bits", entropyBits(probs)}});
        if (!json) std::cout << tokenBytesOf(model, token) << std::flush;
        if (opts.flag("stop-at-eos") && endsGeneration(model, token)) break;
        if (s + 1 < steps) {
            trace = session.step(token);
            decodeMs += trace.cost.wallMs;
        }
    }
    if (json) {
        Json j;
        j["ids"] = ids;
        j["generated"] = std::vector<int>(ids.begin() + static_cast<std::ptrdiff_t>(prompt.size()),
                                          ids.end());
        j["text"] = model.tokenizer ? bytesAsText(model.tokenizer->decode(ids)) : "";
        j["steps"] = stepsJson;
        j["sampling"] = {{"temperature", params.temperature}, {"top_k", params.topK},
                         {"top_p", params.topP}, {"seed", params.seed}};
        j["decode_ms"] = decodeMs;
        printJson(j);
    } else {
        std::cout << '\n';
    }
    return 0;
}

}  // namespace ts::cli
