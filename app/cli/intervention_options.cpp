#include "intervention_options.hpp"

#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/what_if.hpp"

namespace ts::cli {
namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::string item;
    for (char ch : text + ",") {
        if (ch == ',') {
            if (!item.empty()) out.push_back(item);
            item.clear();
        } else {
            item += ch;
        }
    }
    return out;
}

// "A:B" into its two halves; a usage error naming the option otherwise.
std::pair<std::string, std::string> pairOf(const std::string& item, const std::string& option,
                                           const std::string& shape) {
    const auto colon = item.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == item.size() ||
        item.find(':', colon + 1) != std::string::npos)
        throw UsageError{"--" + option + ": '" + item + "' is not " + shape};
    return {item.substr(0, colon), item.substr(colon + 1)};
}

int intOf(const std::string& text, const std::string& option) {
    try {
        return static_cast<int>(parseInteger(text, "--" + option));
    } catch (const Error& e) {
        throw UsageError{e.what()};
    }
}

}  // namespace

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
    auto iv = std::make_shared<Interventions>();
    if (opts.has("ban"))
        for (const auto& item : splitList(*opts.get("ban")))
            iv->banned.push_back(intOf(item, "ban"));
    if (opts.has("logit-bias"))
        for (const auto& item : splitList(*opts.get("logit-bias"))) {
            const auto [id, value] = pairOf(item, "logit-bias", "ID:VALUE");
            double v = 0;
            try {
                v = parseNumber(value, "--logit-bias");
            } catch (const Error& e) {
                throw UsageError{e.what()};
            }
            iv->logitBias.emplace_back(intOf(id, "logit-bias"), static_cast<float>(v));
        }
    if (opts.has("ablate"))
        for (const auto& item : splitList(*opts.get("ablate"))) {
            const auto [l, h] = pairOf(item, "ablate", "LAYER:HEAD (both from 1)");
            const int layer = intOf(l, "ablate"), head = intOf(h, "ablate");
            if (layer < 1 || head < 1)
                throw UsageError{"--ablate: layers and heads count from 1 ('" + item + "')"};
            iv->ablate.push_back({layer - 1, head - 1});
        }
    const std::string mode = opts.getOr("ablate-mode", "zero");
    if (mode != "zero" && mode != "mean")
        throw UsageError{"--ablate-mode is zero or mean, not '" + mode + "'"};
    if (opts.has("ablate-mode") && !opts.has("ablate"))
        throw UsageError{"--ablate-mode needs --ablate L:H"};
    iv->ablateMode = mode == "mean" ? AblateMode::Mean : AblateMode::Zero;

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
        prepareMeanAblation(model.model, prompt, *iv);
    }
    iv->validate(model.model->config());
    return iv;
}

Json interventionsJson(const Interventions& iv) {
    Json j = Json::parse(interventionsToJson(iv));
    if (j.contains("steer")) j["steer"].erase("direction");  // n_embd numbers: not for reports
    return j;
}

}  // namespace ts::cli
