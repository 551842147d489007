#include "intervention_options.hpp"

#include "tokenscope/error.hpp"
#include "tokenscope/intervention_flags.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/what_if.hpp"

namespace ts::cli {

const std::set<std::string>& interventionOptionNames() {
    static const std::set<std::string> names = {
        "ban",         "logit-bias",     "ablate",         "ablate-mode",
        "steer-layer", "steer-positive", "steer-negative", "steer-strength"};
    return names;
}

std::set<std::string> withInterventionOptions(std::set<std::string> valued) {
    valued.insert(interventionOptionNames().begin(), interventionOptionNames().end());
    return valued;
}

std::shared_ptr<const Interventions> interventionsFrom(const Options& opts,
                                                       const LoadedModel& model,
                                                       std::span<const int> prompt) {
    bool any = false;
    for (const auto& name : interventionOptionNames()) any = any || opts.has(name);
    if (!any) return nullptr;
    // The text of --ban, --logit-bias, --ablate and --ablate-mode: the one parser the app's
    // command line uses too (tokenscope/intervention_flags.hpp).
    InterventionFlagText text;
    text.ban = opts.get("ban");
    text.logitBias = opts.get("logit-bias");
    text.ablate = opts.get("ablate");
    text.ablateMode = opts.get("ablate-mode");
    std::shared_ptr<Interventions> iv;
    try {
        iv = std::make_shared<Interventions>(parseInterventionFlags(text));
    } catch (const InterventionFlagError& e) {
        throw UsageError{e.what()};
    }

    const bool steer = opts.has("steer-layer") || opts.has("steer-positive") ||
                       opts.has("steer-negative") || opts.has("steer-strength");
    if (steer) {
        for (const char* o : {"steer-layer", "steer-positive", "steer-negative", "steer-strength"})
            if (!opts.has(o))
                throw UsageError{std::string("steering needs --steer-layer, --steer-positive, "
                                             "--steer-negative and --steer-strength; --") +
                                 o + " is missing"};
        const Config& cfg = model.model->config();
        const int layer = static_cast<int>(opts.integer("steer-layer", 1, 1, 1 << 20));
        if (layer > cfg.nLayer)
            throw Error("--steer-layer " + std::to_string(layer) + ": the model has " +
                        std::to_string(cfg.nLayer) + " blocks (counted from 1)");
        iv->steerStrength = static_cast<float>(opts.number("steer-strength", 0, -1e6, 1e6));
        // The one prompt path (text, or ids where the model has no tokenizer).
        const PromptOptions po = promptOptions(opts);
        const auto pos =
            parsePrompt(*opts.get("steer-positive"), model.tokenizer.get(), cfg.nVocab, po).ids();
        const auto neg =
            parsePrompt(*opts.get("steer-negative"), model.tokenizer.get(), cfg.nVocab, po).ids();
        iv->steerLayer = layer - 1;
        iv->steerDirection = steeringDirection(model.model, pos, neg, iv->steerLayer);
    }
    if (iv->ablateMode == AblateMode::Mean) {
        Interventions heads = *iv;  // heads checked before the means are computed
        heads.ablateMode = AblateMode::Zero;
        heads.validate(model.model->config());
        // No prompt: the means come from each prompt the command runs
        // (ts::interventionsForPrompt, as probe and litm do).
        if (prompt.empty()) return iv;
        prepareMeanAblation(model.model, prompt, *iv);
    }
    iv->validate(model.model->config());
    return iv;
}

std::shared_ptr<const Interventions> serverInterventionsFrom(const Options& opts,
                                                             const Config& config) {
    for (const char* o : {"ablate", "ablate-mode", "steer-layer", "steer-positive",
                          "steer-negative", "steer-strength"})
        if (opts.has(o))
            throw Error(std::string("--") + o +
                        ": a model server does not expose its attention heads or residual "
                        "stream; load the model locally with --model for head ablation and "
                        "steering (--ban and --logit-bias work with --server)");
    if (!opts.has("ban") && !opts.has("logit-bias")) return nullptr;
    InterventionFlagText text;
    text.ban = opts.get("ban");
    text.logitBias = opts.get("logit-bias");
    std::shared_ptr<Interventions> iv;
    try {
        iv = std::make_shared<Interventions>(parseInterventionFlags(text));
    } catch (const InterventionFlagError& e) {
        throw UsageError{e.what()};
    }
    iv->validate(config);  // ids within the server's vocabulary
    return iv;
}

Json interventionsJson(const Interventions& iv) {
    Json j = Json::parse(interventionsToJson(iv));
    if (j.contains("steer")) j["steer"].erase("direction");  // n_embd numbers: not for reports
    return j;
}

}  // namespace ts::cli
