// tokenscope-cli probe: fact probes (hallucination) on a local model (--model) or a model
// server (--server URL), the one engine path for both (ts::runFactProbe over a ts::StepSource),
// with the intervention flags applied to every forward pass.
#include <iostream>
#include <map>

#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "remote_model.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

namespace {

// One probe's figures as `probe --json` writes them. `textKnown` false: the server's
// tokenizer gives ids without their bytes (vLLM), so the texts are null.
Json probeFigures(const LoadedModel& model, const FactProbe& p, const ProbeResult& r,
                  bool textKnown) {
    Json j = {{"logp_true", r.logPTrue},
              {"logp_false", r.logPFalse},
              {"truth_wins", r.truthWins},
              {"truth_first_token_prob", r.truthFirstTokenProb},
              {"top_token", tokenText(model, r.topToken)},
              {"top_token_display", tokenDisplay(tokenBytesOf(model, r.topToken))},
              {"top_prob", r.topProb},
              // the model's own answer read as a word (see ts::modelAnswer)
              {"answer", bytesAsText(r.answer.text)},
              {"answer_display", visibleWhitespace(bytesAsText(r.answer.text))},
              {"answer_word", bytesAsText(r.answer.word)},
              {"answer_prob", r.answer.prob},
              {"answer_is_truth", answerMatches(r.answer.word, p.truth)}};
    if (!textKnown)
        for (const char* f : {"top_token", "top_token_display", "answer", "answer_display",
                              "answer_word", "answer_is_truth"})
            j[f] = nullptr;
    return j;
}

// What a server cannot give of probe's fields: nothing where its tokenizer gives the tokens'
// bytes (llama-server), the texts of the model's own answer where it gives ids only (vLLM).
std::vector<std::string> probeNotExposed(const Target& t) {
    if (t.server->info().kind == remote::ServerKind::LlamaServer) return {};
    return {"top_token",      "top_token_display", "answer",
            "answer_display", "answer_word",       "answer_is_truth"};
}

}  // namespace

int runProbe(const Args& args) {
    const Options opts = commandOptions("probe", args);
    const auto probes = loadFactProbes(inputFilePath(opts, "probes", kMaxProbeFileBytes));
    const Target target = openTarget(opts);
    if (!target.loaded.tokenizer)
        throw Error(target.server
                        ? "the " + remote::kindName(target.server->info().kind) +
                              " server has no tokenizer endpoint to read the probes with"
                        : "the model in " + target.loaded.folder.string() + " has no tokenizer");
    requireFullDistribution(target, "probe");
    requireTokenSpans(target, "probe");
    const Tokenizer& tok = *target.loaded.tokenizer;
    // The flags (--ban, --logit-bias, --ablate, --steer-*) apply to every pass; a mean
    // ablation takes its means from each probe's prompt.
    const auto interventions = targetInterventions(opts, target, {});
    const auto source = target.source();
    const bool textKnown = !target.server || probeNotExposed(target).empty();
    const bool json = opts.flag("json");
    // --with-fact: every probe also runs with its fact in front (ts::withFact, as retrieval
    // puts a document into the context), and the counts say how many went from wrong to right.
    const bool withFact = opts.flag("with-fact");
    // Each probe is scored and written out before the next one runs, so memory stays that
    // of one probe however many the file holds; the JSON is the one object
    // {"probes": [...], "groups": {...}}, written a probe at a time.
    struct Counts {
        int truthWins = 0, probes = 0, wrongBefore = 0, flipped = 0, rightAfter = 0;
    };
    std::map<std::string, Counts> byGroup, byLanguage;
    if (json) std::cout << "{\"probes\":[";
    for (std::size_t i = 0; i < probes.size(); ++i) {
        const FactProbe& p = probes[i];
        const FactRemedy remedy =
            withFact
                ? runFactRemedy(*source, tok, p, promptOptions(opts), interventions)
                : FactRemedy{runFactProbe(*source, tok, p, promptOptions(opts), interventions), {}};
        const ProbeResult& r = remedy.before;
        for (Counts* c : {&byGroup[p.group], &byLanguage[hasHangul(p.prompt) ? "ko" : "en"]}) {
            c->truthWins += r.truthWins;
            c->probes += 1;
            c->wrongBefore += !r.truthWins;
            c->flipped += remedy.flipped();
            c->rightAfter += remedy.after.truthWins;
        }
        if (!json) {
            std::cout << (r.truthWins ? "TRUE " : "false") << "  answer "
                      << bytesAsText(r.answer.text) << " (" << r.answer.prob << ")  ";
            if (withFact)
                std::cout << "with the fact: " << (remedy.after.truthWins ? "TRUE " : "false")
                          << " answer " << bytesAsText(remedy.after.answer.text) << " ("
                          << remedy.after.answer.prob << ")  ";
            std::cout << p.prompt << '\n' << std::flush;
            continue;
        }
        Json entry = {
            {"prompt", p.prompt}, {"group", p.group}, {"truth", p.truth}, {"false", p.falsehoods}};
        entry.update(probeFigures(target.loaded, p, r, textKnown));
        if (withFact) {
            entry["fact"] = factSentence(p);
            entry["with_fact"] = probeFigures(target.loaded, p, remedy.after, textKnown);
            entry["flipped"] = remedy.flipped();
        }
        std::cout << (i ? "," : "")
                  << entry.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
                  << std::flush;
    }
    if (json) {
        auto counts = [withFact](const Counts& c) {
            Json j = {{"truth_wins", c.truthWins}, {"probes", c.probes}};
            if (withFact) {
                j["wrong_before"] = c.wrongBefore;
                j["flipped"] = c.flipped;
                j["truth_wins_with_fact"] = c.rightAfter;
            }
            return j;
        };
        Json tail = Json::object();
        Json groups = Json::object();
        for (const auto& [group, c] : byGroup) groups[group] = counts(c);
        tail["groups"] = groups;
        if (withFact) {
            Json languages = Json::object();
            for (const auto& [language, c] : byLanguage) languages[language] = counts(c);
            tail["languages"] = languages;
        }
        if (interventions) tail["interventions"] = interventionsJson(*interventions);
        if (target.server) {
            tail["server"] = serverJson(target);
            tail["scoring_path"] =
                target.server->info().promptLogprobs
                    ? "prompt logprobs (one request per answer)"
                    : "one request per scored position (cache_prompt; the server has no prompt "
                      "logprobs)";
            tail["server_does_not_expose"] = probeNotExposed(target);
        }
        // The tail's fields after the probes: {"probes":[...],"groups":{...},...}
        const std::string rest =
            tail.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        std::cout << "]," << rest.substr(1) << '\n';
    } else if (withFact) {
        for (const auto& [language, c] : byLanguage)
            std::cout << language << ": " << c.flipped << " of " << c.wrongBefore
                      << " wrong probes right with the fact (" << c.rightAfter << " of " << c.probes
                      << " right with it, " << c.truthWins << " without)\n";
    }
    return 0;
}

}  // namespace ts::cli
