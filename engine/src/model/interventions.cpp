// Interventions: validation, the JSON spelling, the logit adjustments and the forward pass's
// hook points (model/intervention_hooks.hpp).
#include "tokenscope/interventions.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "compute/size_cast.hpp"
#include "model/intervention_hooks.hpp"
#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/session.hpp"

namespace ts {
namespace {

bool allFinite(const std::vector<float>& v) {
    return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}

std::string headName(const HeadRef& h) {
    return std::to_string(h.layer + 1) + ":" + std::to_string(h.head + 1);
}

}  // namespace

bool Interventions::empty() const {
    return banned.empty() && logitBias.empty() && ablate.empty() && patches.empty() &&
           steerLayer < 0;
}

bool Interventions::changesLogitsOnly() const {
    return ablate.empty() && patches.empty() && steerLayer < 0;
}

void Interventions::validate(const Config& c) const {
    auto checkId = [&](int id, const char* what) {
        if (id < 0 || id >= c.nVocab)
            throw Error(std::string(what) + ": token id " + std::to_string(id) +
                        " is out of range (vocabulary size " + std::to_string(c.nVocab) + ")");
    };
    for (int id : banned) checkId(id, "--ban");
    if (!banned.empty() &&
        std::set<int>(banned.begin(), banned.end()).size() >= static_cast<std::size_t>(c.nVocab))
        throw Error("--ban: every token of the vocabulary is banned; nothing could be drawn");
    for (const auto& [id, value] : logitBias) {
        checkId(id, "--logit-bias");
        if (!std::isfinite(value))
            throw Error("--logit-bias: the bias of token " + std::to_string(id) +
                        " is not a finite number");
    }
    for (const HeadRef& h : ablate)
        if (h.layer < 0 || h.layer >= c.nLayer || h.head < 0 || h.head >= c.nHead)
            throw Error("--ablate: head " + headName(h) + " does not exist (the model has " +
                        std::to_string(c.nLayer) + " layers of " + std::to_string(c.nHead) +
                        " query heads, counted from 1)");
    if (ablateMode == AblateMode::Mean) {
        if (ablateMeans.size() != ablate.size())
            throw Error(
                "mean ablation needs each ablated head's mean output (from an "
                "unablated prefill of the prompt), and they were not computed");
        for (std::size_t i = 0; i < ablateMeans.size(); ++i)
            if (ablateMeans[i].size() != static_cast<std::size_t>(c.headDim()) ||
                !allFinite(ablateMeans[i]))
                throw Error("mean ablation: the mean of head " + headName(ablate[i]) +
                            " has the wrong size or a non-finite value");
    }
    for (const ResidualPatch& p : patches) {
        if (p.layer < 0 || p.layer >= c.nLayer)
            throw Error("patch: block " + std::to_string(p.layer + 1) + " does not exist (" +
                        std::to_string(c.nLayer) + " blocks)");
        if (p.position < 0 || p.position >= c.nCtx)
            throw Error("patch: position " + std::to_string(p.position) + " is out of range");
        if (p.value.size() != static_cast<std::size_t>(c.nEmbd) || !allFinite(p.value))
            throw Error("patch: the residual row has the wrong width or a non-finite value");
    }
    if (steerLayer >= 0) {
        if (steerLayer >= c.nLayer)
            throw Error("--steer-layer " + std::to_string(steerLayer + 1) +
                        " does not exist (the model has " + std::to_string(c.nLayer) +
                        " blocks, counted from 1)");
        if (steerDirection.size() != static_cast<std::size_t>(c.nEmbd) ||
            !allFinite(steerDirection) || !std::isfinite(steerStrength))
            throw Error("steering: the direction has the wrong width or a non-finite value");
    }
}

std::string interventionsToJson(const Interventions& iv) {
    nlohmann::json j = nlohmann::json::object();
    j["banned"] = iv.banned;
    nlohmann::json bias = nlohmann::json::array();
    for (const auto& [id, v] : iv.logitBias) bias.push_back({id, v});
    j["logit_bias"] = bias;
    nlohmann::json heads = nlohmann::json::array();
    for (const HeadRef& h : iv.ablate) heads.push_back({h.layer + 1, h.head + 1});
    j["ablate"] = heads;
    j["ablate_mode"] = iv.ablateMode == AblateMode::Mean ? "mean" : "zero";
    if (iv.steerLayer >= 0)
        j["steer"] = {{"layer", iv.steerLayer + 1},
                      {"strength", iv.steerStrength},
                      {"direction", iv.steerDirection}};
    return j.dump();
}

Interventions interventionsFromJson(const std::string& text, const std::string& where) {
    Interventions iv;
    try {
        const auto j = nlohmann::json::parse(text);
        if (!j.is_object()) throw Error(where + ": interventions must be a JSON object");
        if (j.contains("banned")) iv.banned = j.at("banned").get<std::vector<int>>();
        if (j.contains("logit_bias"))
            for (const auto& e : j.at("logit_bias"))
                iv.logitBias.emplace_back(e.at(0).get<int>(), e.at(1).get<float>());
        if (j.contains("ablate"))
            for (const auto& e : j.at("ablate"))
                iv.ablate.push_back({e.at(0).get<int>() - 1, e.at(1).get<int>() - 1});
        if (j.contains("ablate_mode")) {
            const auto mode = j.at("ablate_mode").get<std::string>();
            if (mode != "zero" && mode != "mean")
                throw Error(where + ": ablate_mode must be \"zero\" or \"mean\", not \"" + mode +
                            "\"");
            iv.ablateMode = mode == "mean" ? AblateMode::Mean : AblateMode::Zero;
        }
        if (j.contains("steer")) {
            const auto& s = j.at("steer");
            iv.steerLayer = s.at("layer").get<int>() - 1;
            iv.steerStrength = s.at("strength").get<float>();
            iv.steerDirection = s.at("direction").get<std::vector<float>>();
            if (iv.steerLayer < 0) throw Error(where + ": steer.layer counts from 1");
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(where + ": the interventions are not valid JSON of the expected shape (" +
                    e.what() + ")");
    }
    return iv;
}

std::vector<std::pair<int, float>> applyLogitInterventions(const Interventions& iv,
                                                           std::span<float> logits) {
    auto inRange = [&](int id) { return id >= 0 && static_cast<std::size_t>(id) < logits.size(); };
    std::vector<std::pair<int, float>> before;  // the model's logits of the banned ids
    for (int id : iv.banned) {
        const bool seen =
            std::any_of(before.begin(), before.end(), [&](const auto& b) { return b.first == id; });
        if (inRange(id) && !seen) before.emplace_back(id, logits[sz(id)]);
    }
    for (const auto& [id, v] : iv.logitBias)
        if (inRange(id)) logits[sz(id)] += v;
    for (const auto& b : before) logits[sz(b.first)] = -std::numeric_limits<float>::infinity();
    return before;
}

void prepareMeanAblation(const std::shared_ptr<const Model>& model, std::span<const int> prompt,
                         Interventions& iv) {
    if (iv.ablateMode != AblateMode::Mean || iv.ablate.empty()) return;
    const Config& c = model->config();
    if (prompt.empty() || static_cast<long long>(prompt.size()) > c.nCtx)
        throw Error("mean ablation needs a prompt of 1 to " + std::to_string(c.nCtx) + " tokens");
    Interventions check = iv;
    check.ablateMode = AblateMode::Zero;  // heads are checked before anything runs
    check.validate(c);
    Session session(model);
    TraceOptions options;
    options.headOutputMeans = true;
    const StepTrace trace = session.prefill(prompt, options);
    const int hd = c.headDim();
    iv.ablateMeans.clear();
    for (const HeadRef& h : iv.ablate) {
        const auto& layer = trace.headOutputMeans[sz(h.layer)];
        iv.ablateMeans.emplace_back(layer.begin() + h.head * hd, layer.begin() + (h.head + 1) * hd);
    }
}

namespace hooks {

void blockInput(const Interventions& iv, int layer, int p0, int T, int C, float* X) {
    for (const ResidualPatch& p : iv.patches)
        if (p.layer == layer && p.position >= p0 && p.position < p0 + T)
            std::memcpy(X + sz(p.position - p0) * sz(C), p.value.data(), sz(C) * 4);
    if (iv.steerLayer == layer && iv.steerStrength != 0.0f)
        for (int t = 0; t < T; ++t) {
            float* x = X + sz(t) * sz(C);
            for (int i = 0; i < C; ++i) x[i] += iv.steerStrength * iv.steerDirection[sz(i)];
        }
}

void attentionOutput(const Interventions& iv, int layer, int T, int Q, int headDim, float* A) {
    for (std::size_t i = 0; i < iv.ablate.size(); ++i) {
        const HeadRef& h = iv.ablate[i];
        if (h.layer != layer) continue;
        const bool mean = iv.ablateMode == AblateMode::Mean;
        for (int t = 0; t < T; ++t) {
            float* o = A + sz(t) * sz(Q) + sz(h.head) * sz(headDim);
            if (mean)
                std::memcpy(o, iv.ablateMeans[i].data(), sz(headDim) * 4);
            else
                std::fill(o, o + headDim, 0.0f);
        }
    }
}

}  // namespace hooks
}  // namespace ts
