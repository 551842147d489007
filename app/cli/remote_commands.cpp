// generate, trace, score and compare with --server (probe and litm take either target in
// cmd_probe.cpp and cmd_litm.cpp): the same loop (ts::Transcript over a
// RemoteSession), the same JSON as with --model, less what a server cannot give (attention,
// embeddings, raw logits), which `trace` lists under "not_given".
#include <algorithm>
#include <cmath>
#include <iostream>

#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "remote_model.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/sampling.hpp"
#include "tokenscope/transcript.hpp"

namespace ts::cli {

namespace {

ModelIdentity identityOf(const Target& t) {
    const auto& i = t.server->info();
    return ModelIdentity::ofConfig(t.server->config(), i.model, i.url, remote::kindName(i.kind));
}

// Entropy of a distribution given as logprobs with -infinity for what is not itemised, plus
// the tail as one more outcome (exact when the tail is 0, a lower bound otherwise).
double entropyWithTail(const std::vector<float>& logits, double tail) {
    if (tail <= 0) return entropyBits(softmax(logits));
    double h = 0;
    for (float lp : logits)
        if (std::isfinite(lp)) h -= std::exp(static_cast<double>(lp)) * lp / std::log(2.0);
    if (tail > 0) h -= tail * std::log2(tail);
    return h;
}

int remoteGenerate(const Args& args) {
    const Options opts = commandOptions("generate", args);
    for (const char* o : {"system", "user", "replay"})
        if (opts.has(o))
            throw UsageError{std::string("--") + o +
                             " is not available with --server yet: give --prompt or --ids"};
    const int steps = static_cast<int>(opts.integer("steps", 20, 0, 1 << 20));
    const SamplingParams params = samplingParams(opts, 1.0f);
    if (opts.flag("stop-at-eos") && opts.flag("ignore-eos"))
        throw UsageError{"give either --stop-at-eos (the default) or --ignore-eos, not both"};
    const Target t = connectServer(opts);
    const PromptTokens prompt = targetPrompt(opts, t, "ids", "prompt", "prompt-file");
    const std::vector<int> ids = prompt.ids();
    ts::checkFitsContext(ids.size() + static_cast<std::size_t>(steps), t.server->config().nCtx,
                         "the prompt plus --steps");
    const bool json = opts.flag("json");
    TranscriptOptions options;
    options.ignoreEndOfText = opts.flag("ignore-eos");
    // --ban and --logit-bias on the server's logprobs (remote::RemoteSession), every step.
    const auto interventions = serverInterventionsFrom(opts, t.server->config());
    options.trace.interventions = interventions;
    Transcript transcript(std::make_unique<remote::RemoteSession>(t.server), t.loaded.tokenizer,
                          options);
    if (!json && t.loaded.tokenizer) std::cout << t.loaded.tokenizer->decode(ids);
    double decodeMs = 0.0;
    for (int s = 0; s < steps; ++s) {
        if (s == 0) {
            transcript.start(prompt, params);
        } else {
            if (transcript.finished()) break;
            decodeMs += transcript.step(params).trace->cost.wallMs;
        }
        if (!json)
            std::cout << tokenBytesOf(t.loaded, transcript.back().sampledToken) << std::flush;
    }
    if (!json) {
        std::cout << '\n';
        return 0;
    }
    if (steps == 0) {
        Json j;
        j["ids"] = ids;
        j["generated"] = Json::array();
        j["text"] = t.loaded.tokenizer ? bytesAsText(t.loaded.tokenizer->decode(ids)) : "";
        j["steps"] = Json::array();
        printJson(j);
        return 0;
    }
    const ModelIdentity identity = identityOf(t);
    std::cout << transcriptJson(transcript.steps(), t.loaded.tokenizer.get(), decodeMs, &identity,
                                interventions.get())
              << '\n';
    return 0;
}

int remoteTrace(const Args& args) {
    const Options opts = commandOptions("trace", args);
    const int top = static_cast<int>(opts.integer("top", 10, 0, 1000));
    for (const char* f : {"attention", "full-logits"})
        if (opts.flag(f))
            throw Error(std::string("--") + f +
                        ": a model server does not expose attention or raw logits; load the "
                        "model locally with --model for them");
    const Target t = connectServer(opts);
    const auto ids = targetPrompt(opts, t, "ids", "text", "text-file").ids();
    ts::checkFitsContext(ids.size(), t.server->config().nCtx, "the input");
    double ms = 0;
    const auto interventions = serverInterventionsFrom(opts, t.server->config());
    const remote::Distribution d = t.server->next(ids, &ms);
    std::vector<float> logits = remote::logitsOf(d, t.server->config().nVocab);
    std::vector<std::pair<int, float>> banned;
    if (interventions) {
        // Bans and biases on the server's logprobs, renormalised over what it itemised (the
        // tail keeps its mass): exact for a full vocabulary.
        banned = applyLogitInterventions(*interventions, logits);
        const float shift = static_cast<float>(logSumExp(logits) - std::log1p(-d.tailMass));
        for (float& lp : logits) lp -= shift;
    }
    // The server's probabilities as they are (not renormalised over a top K).
    std::vector<float> probs(logits.size(), 0.0f);
    for (std::size_t i = 0; i < logits.size(); ++i)
        if (std::isfinite(logits[i])) probs[i] = std::exp(logits[i]);
    if (!opts.flag("json")) {
        // The same table as with --model, the server's logprobs in the logit column's place.
        printTraceTable(t.loaded, ids, logits, "logprob", probs, top,
                        entropyWithTail(logits, d.tailMass));
        const auto itemised =
            std::count_if(logits.begin(), logits.end(), [](float x) { return std::isfinite(x); });
        if (d.tailMass > 0)
            std::cout << "the server itemised the top " << itemised << " tokens; the rest hold "
                      << 100.0 * d.tailMass << " % together (the entropy counts them as one)\n";
        return 0;
    }
    Json j;
    j["ids"] = ids;
    Json topJson = Json::array();
    for (const auto& c : topCandidates(probs, top))
        topJson.push_back({{"id", c.token},
                           {"text", tokenText(t.loaded, c.token)},
                           {"bytes", hexBytes(tokenBytesOf(t.loaded, c.token))},
                           {"display", tokenDisplayAfter(t.loaded, ids, c.token)},
                           {"prob", c.prob},
                           {"logprob", logits[static_cast<std::size_t>(c.token)]}});
    j["top"] = topJson;
    j["entropy_bits"] = entropyWithTail(logits, d.tailMass);
    j["entropy_exact"] = d.tailMass <= 0;
    j["tail_mass"] = d.tailMass;
    j["tokens"] = Json::array();
    for (int id : ids) j["tokens"].push_back(tokenText(t.loaded, id));
    j["display"] = tokenDisplays(t.loaded, ids);
    if (interventions) {
        j["interventions"] = interventionsJson(*interventions);
        j["banned"] = Json::array();
        for (const auto& b : banned) j["banned"].push_back(b.first);
    }
    j["not_given"] = {"logsumexp", "last_logits", "logits", "attentions"};
    j["server"] = serverJson(t);
    j["server"]["request_ms"] = ms;
    printJson(j);
    return 0;
}

int remoteScore(const Args& args) {
    const Options opts = commandOptions("score", args);
    auto text = readText(opts, "text", "text-file");
    if (!text) throw UsageError{"give the text as --text STR or --text-file FILE"};
    const Target t = connectServer(opts);
    if (!t.loaded.tokenizer)
        throw Error("the " + remote::kindName(t.server->info().kind) +
                    " server has no tokenizer endpoint to score text with");
    const PromptTokens prompt = parsePrompt(*text, t.loaded.tokenizer.get(),
                                            t.server->config().nVocab, promptOptions(opts));
    const std::vector<int> ids = prompt.ids();
    if (ids.size() < 2)
        throw Error(
            "the text is a single token with nothing before it, so nothing is scored"
            " (--bos puts the model's start token in front)");
    const int window = t.server->config().nCtx;
    if (ids.size() > static_cast<std::size_t>(window))
        throw Error("the text is " + std::to_string(ids.size()) +
                    " tokens, longer than the server's context of " + std::to_string(window) +
                    "; sliding windows are not done over --server yet: shorten the text");
    const int stride = static_cast<int>(opts.integer("stride", std::max(1, window / 2), 1, window));
    const auto interventions = serverInterventionsFrom(opts, t.server->config());
    remote::PromptScores s = t.server->scorePrompt(ids);
    if (interventions)  // bans and biases on each position's logprobs, renormalised
        for (std::size_t i = 1; i < ids.size(); ++i) {
            if (s.logits[i].empty())
                throw Error(
                    "--ban and --logit-bias need each position's distribution, which "
                    "the server did not give for scoring");
            applyLogitInterventions(*interventions, s.logits[i]);
            s.logprob[i] = static_cast<double>(s.logits[i][static_cast<std::size_t>(ids[i])]) -
                           logSumExp(s.logits[i]);
        }
    const auto shown = tokenDisplays(t.loaded, ids);
    Json perToken = Json::array();
    double nllSum = 0.0;
    std::size_t scoredBytes = 0;
    const int n = static_cast<int>(ids.size());
    for (int i = 1; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        const double logProb = s.logprob[ui];
        const auto& tok = prompt.tokens[ui];
        nllSum -= logProb;
        scoredBytes += tok.end - tok.start;
        const auto& logits = s.logits[ui];
        perToken.push_back(
            {{"id", ids[ui]},
             {"text", tokenText(t.loaded, ids[ui])},
             {"bytes", hexBytes(tokenBytesOf(t.loaded, ids[ui]))},
             {"display", shown[ui]},
             {"start", tok.start},
             {"end", tok.end},
             {"logprob", logProb},
             {"prob", std::exp(logProb)},
             {"rank", logits.empty() ? 0 : rankOf(logits, ids[ui])},
             {"entropy_bits",
              logits.empty() ? std::nan("") : entropyWithTail(logits, s.tailMass[ui])},
             {"context", i}});
    }
    const int scored = n - 1;
    const double meanNll = nllSum / static_cast<double>(scored);
    Json j;
    j["ids"] = ids;
    j["bos"] = prompt.startAdded;
    j["tokens"] = perToken;
    j["scored_tokens"] = scored;
    j["unscored_tokens"] = 0;
    j["scored_bytes"] = scoredBytes;
    j["mean_nll"] = meanNll;
    j["perplexity"] = std::exp(meanNll);
    j["bits_per_byte"] =
        scoredBytes ? nllSum / std::log(2.0) / static_cast<double>(scoredBytes) : std::nan("");
    j["window"] = window;
    j["stride"] = stride;
    j["windows"] = 1;
    if (interventions) j["interventions"] = interventionsJson(*interventions);
    j["scoring_path"] = s.path;
    j["requests"] = s.requests;
    j["server"] = serverJson(t);
    printJson(j);
    return 0;
}

}  // namespace

int runRemote(const std::string& command, const Args& args) {
    if (command == "generate") return remoteGenerate(args);
    if (command == "trace") return remoteTrace(args);
    if (command == "score") return remoteScore(args);
    // compare and the experiments take either target themselves (Target, remote_model.hpp).
    if (command == "compare") return runCompare(args);
    if (command == "probe") return runProbe(args);
    if (command == "litm") return runLitm(args);
    throw UsageError{"--server works with generate, trace, score, compare, probe and litm (" +
                     command + " needs a local model: give --model)"};
}

}  // namespace ts::cli
