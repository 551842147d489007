// tokenscope-cli generate: the autoregressive loop, driven by ts::Transcript (the same code
// as the app's engine worker and the temperature lanes, so the same settings give the same
// tokens). Prefill the prompt, draw a token from the stored logits, feed it back, repeat;
// stop at the model's end tokens unless --ignore-eos.
#include <filesystem>
#include <iostream>

#include "chat_prompt.hpp"
#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::cli {

namespace {

// The model as the app names it: the last part of its folder or hub id.
std::string modelName(const Options& opts) {
    const auto spec = opts.get("model");
    const std::filesystem::path where = spec ? std::filesystem::path(*spec) : bundledModelPath();
    std::string name = where.filename().string();
    if (name.empty()) name = where.parent_path().filename().string();  // "folder/"
    return name;
}

// generate --replay FILE: with --model, the file's run again on that model (the engine's one
// replay, which the app's Open transcript runs too; another model's file is refused); without
// it, the file as recorded (its tokens and figures, no model read).
int replayTranscript(const Options& opts) {
    for (const char* o : {"ids", "prompt", "prompt-file", "system", "user", "steps", "temperature",
                          "top-k", "top-p", "seed", "bos", "no-bos", "special"})
        if (opts.has(o))
            throw UsageError{std::string("--replay runs the file's own prompt and settings: "
                                         "leave out --") +
                             o};
    for (const auto& o : interventionOptionNames())
        if (opts.has(o))
            throw UsageError{"--replay applies the interventions the file recorded: leave out --" +
                             o};
    const TranscriptFile file = readTranscriptJson(opts.require("replay"));
    std::string json;
    if (!opts.has("model")) {
        json = transcriptJson(transcriptStepsFromFile(file), nullptr, 0, &file.model,
                              file.interventions ? &*file.interventions : nullptr);
    } else {
        const LoadedModel model = loadModel(opts);
        TranscriptOptions options;
        options.ignoreEndOfText = true;  // the file says where its run ended
        Transcript transcript(model.model, model.tokenizer, options);
        const std::string name = modelName(opts);
        transcript.replay(file, name);
        const ModelIdentity identity = ModelIdentity::of(*model.model, name);
        json = transcriptJson(transcript.steps(), model.tokenizer.get(), 0, &identity,
                              transcript.options().trace.interventions.get());
    }
    if (opts.flag("json")) {
        std::cout << json << '\n';
    } else {
        std::cout << nlohmann::json::parse(json).value("text", std::string()) << '\n';
    }
    return 0;
}

}  // namespace

int runGenerate(const Args& args) {
    const Options opts = commandOptions("generate", args);
    applyThreads(opts);
    if (opts.has("replay")) return replayTranscript(opts);
    const int steps = static_cast<int>(opts.integer("steps", 20, 0, 1 << 20));
    const SamplingParams params = samplingParams(opts);  // SamplingParams{}: the app's defaults
    if (opts.flag("stop-at-eos") && opts.flag("ignore-eos"))
        throw UsageError{"give either --stop-at-eos (the default) or --ignore-eos, not both"};
    const LoadedModel model = loadModel(opts);
    // --ids, --prompt, or chat --system/--user, read by the engine's one prompt parser: a
    // text prompt keeps its text and byte spans (a start token added in front has an empty
    // span), as in the app.
    const PromptTokens prompt = generatePrompt(opts, model);
    const std::vector<int> ids = prompt.ids();
    const Config& cfg = model.model->config();
    checkFitsContext(ids.size() + static_cast<std::size_t>(steps), cfg, "the prompt plus --steps");
    const bool json = opts.flag("json");

    TranscriptOptions options;
    options.ignoreEndOfText = opts.flag("ignore-eos");
    // Interventions apply to every step; the transcript records them, and --replay again.
    const auto interventions = interventionsFrom(opts, model, ids);
    options.trace.interventions = interventions;
    Transcript transcript(model.model, model.tokenizer, options);
    // Plain text as it grows, always valid UTF-8: a character split across tokens is printed
    // once its last byte arrives, a byte that belongs to no character as <XX> (ts::bytesAsText).
    std::string held;
    const auto print = [&](const std::string& bytes) {
        std::cout << bytesAsTextSoFar(held + bytes, held) << std::flush;
    };
    if (!json && model.tokenizer) print(model.tokenizer->decode(ids));
    double decodeMs = 0.0;
    for (int s = 0; s < steps; ++s) {
        if (s == 0) {
            transcript.start(prompt, params);
        } else {
            if (transcript.finished()) break;
            decodeMs += transcript.step(params).trace->cost.wallMs;
        }
        // The end token itself is not text: the notice below says the model ended there.
        if (!json && !transcript.finished())
            print(tokenBytesOf(model, transcript.back().sampledToken));
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
            const ModelIdentity identity = ModelIdentity::of(*model.model, modelName(opts));
            std::cout << transcriptJson(transcript.steps(), model.tokenizer.get(), decodeMs,
                                        &identity, interventions.get())
                      << '\n';
        }
    } else {
        std::cout << bytesAsText(held) << '\n';
        if (transcript.finished()) {
            const int end = transcript.back().sampledToken;
            std::cerr << "tokenscope-cli generate: end of text: the model drew its end token "
                      << tokenDisplay(tokenBytesOf(model, end)) << " (id " << end << ") after "
                      << transcript.size() - 1 << (transcript.size() == 2 ? " token" : " tokens")
                      << " and the text stops there (--ignore-eos goes on)\n";
        }
    }
    return 0;
}

}  // namespace ts::cli
