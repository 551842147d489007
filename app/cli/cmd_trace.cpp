// tokenscope-cli trace: one batched pass over the input. With --json, --attention or
// --full-logits: logits, attention and the top candidates as JSON (the contract
// conformance.py checks); otherwise a table of the top candidates for a person to read.
// Text is read by the engine's one prompt parser, so --text gives the ids generate --prompt
// gives.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "tokenscope/session.hpp"

namespace ts::cli {

namespace {

// The plain form: the input as the app shows its tokens, then rank, probability, logit, id
// and how each candidate reads after the input. Every text goes through the display rules
// (tokenscope/token_display.hpp), so the output is valid UTF-8 whatever the tokens' bytes; the
// token column is last, where wide (Hangul) characters cannot push the numbers out of line.
// "#42": a token without a tokenizer (built in two steps: GCC 12 warns falsely on "#" +
// std::to_string).
std::string idText(int id) {
    std::string text = "#";
    text += std::to_string(id);
    return text;
}

}  // namespace

// The readable table `trace` prints without --json: the input tokens, then the top candidates
// with their probability and `values` (the logit, or a server's logprob) under `valueName`.
void printTraceTable(const LoadedModel& model, const std::vector<int>& ids,
                     std::span<const float> values, const char* valueName,
                     const std::vector<float>& probs, int top, double entropy) {
    const std::vector<std::string> shown = tokenDisplays(model, ids);
    std::cout << "input (" << ids.size() << (ids.size() == 1 ? " token" : " tokens") << "):";
    for (std::size_t i = 0; i < ids.size(); ++i)
        std::cout << (i ? " | " : " ") << (model.tokenizer ? shown[i] : idText(ids[i]));
    char line[160];
    std::snprintf(line, sizeof line, "\nnext token: top %zu of %zu, entropy %.2f bits\n",
                  std::min(static_cast<std::size_t>(top), probs.size()), probs.size(), entropy);
    std::cout << line;
    std::snprintf(line, sizeof line, "rank   prob %%  %9s        id  token\n", valueName);
    std::cout << line;
    int rank = 0;
    for (const auto& c : topCandidates(probs, top)) {
        std::snprintf(line, sizeof line, "%4d  %7.3f  %9.4f  %8d  ", ++rank, 100.0 * c.prob,
                      static_cast<double>(values[static_cast<std::size_t>(c.token)]), c.token);
        std::cout << line
                  << (model.tokenizer ? tokenDisplayAfter(model, ids, c.token) : idText(c.token))
                  << '\n';
    }
}

int runTrace(const Args& args) {
    const Options opts = commandOptions("trace", args);
    applyThreads(opts);
    const int top = static_cast<int>(opts.integer("top", 10, 0, 1000));
    const LoadedModel model = loadModel(opts);
    const auto ids = inputIds(opts, model, "ids", "text", "text-file");
    const Config& cfg = model.model->config();
    checkFitsContext(ids.size(), cfg, "the input");

    // Any of the JSON options gives the JSON contract; otherwise the table.
    const bool json = opts.flag("json") || opts.flag("attention") || opts.flag("full-logits");

    Session session(model.model);
    TraceOptions traceOptions;
    traceOptions.attention = opts.flag("attention");
    traceOptions.allLogits = json;  // logsumexp is reported for every position
    // Interventions: the pass runs with all of them but the bans, so the logit arrays keep a
    // banned id's model logit; the bans apply to what is reported as probabilities (top,
    // entropy_bits, logsumexp), where a banned id has probability 0.
    const auto interventions = interventionsFrom(opts, model, ids);
    if (interventions) {
        auto pass = std::make_shared<Interventions>(*interventions);
        pass->banned.clear();
        traceOptions.interventions = pass;
    }
    const StepTrace trace = session.prefill(ids, traceOptions);
    const auto banned = [&](std::vector<float> row) {
        if (interventions) {
            Interventions bans;
            bans.banned = interventions->banned;
            applyLogitInterventions(bans, row);
        }
        return row;
    };
    const std::vector<float> lastLogits = banned(trace.logits);
    if (!json) {
        const auto probs = softmax(lastLogits);
        printTraceTable(model, ids, trace.logits, "logit", probs, top, entropyBits(probs));
        return 0;
    }

    Json j;
    j["ids"] = ids;
    Json lse = Json::array();
    for (const auto& row : trace.allLogits) lse.push_back(logSumExp(banned(row)));
    j["logsumexp"] = lse;
    j["last_logits"] = trace.logits;
    if (opts.flag("full-logits")) j["logits"] = trace.allLogits;
    if (traceOptions.attention) {
        const int t = static_cast<int>(ids.size());
        Json layers = Json::array();
        for (int l = 0; l < cfg.nLayer; ++l) {
            Json heads = Json::array();
            for (int h = 0; h < cfg.nHead; ++h) {
                Json rows = Json::array();
                for (int q = 0; q < t; ++q) {
                    std::vector<float> full(static_cast<std::size_t>(t), 0.0f);
                    const auto r = trace.attention.row(l, h, q);
                    std::copy(r.begin(), r.end(), full.begin());
                    rows.push_back(full);
                }
                heads.push_back(rows);
            }
            layers.push_back(heads);
        }
        j["attentions"] = layers;
    }
    const auto probs = softmax(lastLogits);
    Json topJson = Json::array();
    for (const auto& c : topCandidates(probs, top)) {
        if (std::isinf(lastLogits[static_cast<std::size_t>(c.token)])) continue;  // banned
        topJson.push_back({{"id", c.token},
                           {"text", tokenText(model, c.token)},
                           {"bytes", hexBytes(tokenBytesOf(model, c.token))},
                           {"display", tokenDisplayAfter(model, ids, c.token)},
                           {"prob", c.prob},
                           {"logit", trace.logits[static_cast<std::size_t>(c.token)]}});
    }
    j["top"] = topJson;
    j["entropy_bits"] = entropyBits(probs);
    if (interventions) {
        j["banned"] = interventions->banned;
        j["interventions"] = interventionsJson(*interventions);
    }
    j["tokens"] = Json::array();
    for (int id : ids) j["tokens"].push_back(tokenText(model, id));
    j["display"] = tokenDisplays(model, ids);
    printJson(j);
    return 0;
}

}  // namespace ts::cli
