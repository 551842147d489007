// tokenscope-cli trace: one batched pass over the input, with logits, attention and the
// top candidates as JSON (the contract conformance.py checks). Text is read by the engine's
// one prompt parser, so --text gives the ids generate --prompt gives.
#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/session.hpp"

namespace ts::cli {

int runTrace(const Args& args) {
    const Options opts(args, {"model", "ids", "text", "text-file", "top", "threads"},
                       {"attention", "full-logits", "special", "bos", "no-bos", "json"});
    applyThreads(opts);
    const int top = static_cast<int>(opts.integer("top", 10, 0, 1000));
    const LoadedModel model = loadModel(opts);
    const auto ids = inputIds(opts, model, "ids", "text", "text-file");
    const Config& cfg = model.model->config();
    checkFitsContext(ids.size(), cfg, "the input");

    Session session(model.model);
    TraceOptions traceOptions;
    traceOptions.attention = opts.flag("attention");
    traceOptions.allLogits = true;  // logsumexp is reported for every position
    const StepTrace trace = session.prefill(ids, traceOptions);

    Json j;
    j["ids"] = ids;
    Json lse = Json::array();
    for (const auto& row : trace.allLogits) lse.push_back(logSumExp(row));
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
    const auto probs = softmax(trace.logits);
    Json topJson = Json::array();
    for (const auto& c : topCandidates(probs, top))
        topJson.push_back({{"id", c.token},
                           {"text", tokenText(model, c.token)},
                           {"bytes", hexBytes(tokenBytesOf(model, c.token))},
                           {"display", tokenDisplayAfter(model, ids, c.token)},
                           {"prob", c.prob},
                           {"logit", trace.logits[static_cast<std::size_t>(c.token)]}});
    j["top"] = topJson;
    j["entropy_bits"] = entropyBits(probs);
    j["tokens"] = Json::array();
    for (int id : ids) j["tokens"].push_back(tokenText(model, id));
    j["display"] = tokenDisplays(model, ids);
    printJson(j);
    return 0;
}

}  // namespace ts::cli
