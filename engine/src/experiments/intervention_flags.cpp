#include "tokenscope/intervention_flags.hpp"

#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <utility>
#include <vector>

namespace ts {
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

// "A:B" into its two halves; an error naming the flag otherwise.
std::pair<std::string, std::string> pairOf(const std::string& item, const std::string& flag,
                                           const std::string& shape) {
    const auto colon = item.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == item.size() ||
        item.find(':', colon + 1) != std::string::npos)
        throw InterventionFlagError("--" + flag + ": '" + item + "' is not " + shape);
    return {item.substr(0, colon), item.substr(colon + 1)};
}

int intOf(const std::string& text, const std::string& flag) {
    long long v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || v < INT_MIN || v > INT_MAX)
        throw InterventionFlagError("--" + flag + " must be a whole number, got '" + text + "'");
    return static_cast<int>(v);
}

float numberOf(const std::string& text, const std::string& flag) {
    errno = 0;
    char* end = nullptr;
    const double v = text.empty() ? 0.0 : std::strtod(text.c_str(), &end);
    if (text.empty() || errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v) ||
        std::fabs(v) > 1e30)
        throw InterventionFlagError("--" + flag + " must be a finite number, got '" + text + "'");
    return static_cast<float>(v);
}

}  // namespace

Interventions parseInterventionFlags(const InterventionFlagText& flags) {
    Interventions iv;
    if (flags.ban)
        for (const auto& item : splitList(*flags.ban)) iv.banned.push_back(intOf(item, "ban"));
    if (flags.logitBias)
        for (const auto& item : splitList(*flags.logitBias)) {
            const auto [id, value] = pairOf(item, "logit-bias", "ID:VALUE");
            iv.logitBias.emplace_back(intOf(id, "logit-bias"), numberOf(value, "logit-bias"));
        }
    if (flags.ablate)
        for (const auto& item : splitList(*flags.ablate)) {
            const auto [l, h] = pairOf(item, "ablate", "LAYER:HEAD (both from 1)");
            const int layer = intOf(l, "ablate"), head = intOf(h, "ablate");
            if (layer < 1 || head < 1)
                throw InterventionFlagError("--ablate: layers and heads count from 1 ('" + item +
                                            "')");
            iv.ablate.push_back({layer - 1, head - 1});
        }
    const std::string mode = flags.ablateMode.value_or("zero");
    if (mode != "zero" && mode != "mean")
        throw InterventionFlagError("--ablate-mode is zero or mean, not '" + mode + "'");
    if (flags.ablateMode && !flags.ablate)
        throw InterventionFlagError("--ablate-mode needs --ablate L:H");
    iv.ablateMode = mode == "mean" ? AblateMode::Mean : AblateMode::Zero;
    return iv;
}

}  // namespace ts
