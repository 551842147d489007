// tokenscope-cli generate: the autoregressive loop, driven by ts::Transcript (the same code
// as the app's engine worker and the temperature lanes, so the same settings give the same
// tokens). Prefill the prompt, draw a token from the stored logits, feed it back, repeat;
// stop at the model's end tokens unless --ignore-eos.
#include <filesystem>
#include <iostream>

#include "chat_prompt.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::cli {

int runGenerate(const Args& args) {
    const Options opts(args,
                       {"model", "ids", "prompt", "prompt-file", "steps", "temperature", "top-k",
                        "top-p", "seed", "threads", "system", "user"},
                       {"json", "special", "stop-at-eos", "ignore-eos"});
    applyThreads(opts);
    const int steps = static_cast<int>(opts.integer("steps", 20, 0, 1 << 20));
    const SamplingParams params = samplingParams(opts, 1.0f);
    if (opts.flag("stop-at-eos") && opts.flag("ignore-eos"))
        throw UsageError{"give either --stop-at-eos (the default) or --ignore-eos, not both"};
    const LoadedModel model = loadModel(opts);
    const auto ids = promptIds(opts, model);  // --ids, --prompt, or chat --system/--user
    const Config& cfg = model.model->config();
    checkFitsContext(ids.size() + static_cast<std::size_t>(steps), cfg, "the prompt plus --steps");
    const bool json = opts.flag("json");

    TranscriptOptions options;
    options.ignoreEndOfText = opts.flag("ignore-eos");
    Transcript transcript(model.model, model.tokenizer, options);
    // A text prompt keeps its text and byte spans, as in the app.
    PromptTokens prompt;
    const auto text = opts.has("user") ? std::nullopt : readText(opts, "prompt", "prompt-file");
    if (text && model.tokenizer->encodeIds(*text, opts.flag("special")) == ids) {
        prompt.text = *text;
        prompt.tokens = model.tokenizer->encode(*text, opts.flag("special"));
    } else {
        for (int id : ids) prompt.tokens.push_back({id, 0, 0});
        prompt.fromIds = true;
    }
    // Raw bytes to the terminal: it joins the parts of a split character itself.
    if (!json && model.tokenizer) std::cout << model.tokenizer->decode(ids);
    double decodeMs = 0.0;
    for (int s = 0; s < steps; ++s) {
        if (s == 0) {
            transcript.start(prompt, params);
        } else {
            if (transcript.finished()) break;
            decodeMs += transcript.step(params).trace->cost.wallMs;
        }
        if (!json) std::cout << tokenBytesOf(model, transcript.back().sampledToken) << std::flush;
    }
    if (json) {
        if (steps == 0) {
            Json j;
            j["ids"] = ids;
            j["generated"] = Json::array();
            j["text"] = model.tokenizer ? bytesAsText(model.tokenizer->decode(ids)) : "";
            j["steps"] = Json::array();
            printJson(j);
        } else {
            // The engine's one writer: the app's --export-transcript writes the same fields.
            // The model is named as the app names it: the last part of its folder or hub id.
            const auto spec = opts.get("model");
            const std::filesystem::path where =
                spec ? std::filesystem::path(*spec) : bundledModelPath();
            std::string name = where.filename().string();
            if (name.empty()) name = where.parent_path().filename().string();  // "folder/"
            const ModelIdentity identity = ModelIdentity::of(*model.model, name);
            std::cout << transcriptJson(transcript.steps(), model.tokenizer.get(), decodeMs,
                                        &identity)
                      << '\n';
        }
    } else {
        std::cout << '\n';
    }
    return 0;
}

}  // namespace ts::cli
