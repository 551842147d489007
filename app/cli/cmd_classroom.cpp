// Classroom experiments from the command line: temperature lanes (compare), fact probes
// (probe) and lost in the middle (litm).
#include <iostream>
#include <map>

#include "commands.hpp"
#include "common.hpp"
#include "intervention_options.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

namespace {
const Tokenizer& requireTokenizer(const LoadedModel& model) {
    if (!model.tokenizer)
        throw Error("the model in " + model.folder.string() + " has no tokenizer");
    return *model.tokenizer;
}
}  // namespace

int runCompare(const Args& args) {
    const Options opts(
        args,
        withInterventionOptions({"model", "prompt", "prompt-file", "ids", "temperatures", "steps",
                                 "seed", "top-k", "top-p", "threads"}),
        {"json", "special", "bos", "no-bos", "ignore-eos"});
    applyThreads(opts);
    const int steps = static_cast<int>(opts.integer("steps", 20, 0, 1 << 20));
    std::vector<float> temperatures;
    for (double t : opts.numberList("temperatures", 0.0, 100.0))
        temperatures.push_back(static_cast<float>(t));
    if (temperatures.size() > 16) throw UsageError{"--temperatures takes at most 16 values"};
    const SamplingParams base = samplingParams(opts, 1.0f);
    const LoadedModel model = loadModel(opts);
    const auto prompt = inputIds(opts, model, "ids", "prompt", "prompt-file");
    // The lanes follow generate's end-of-text rule: a lane stops after an end token.
    const auto interventions = interventionsFrom(opts, model, prompt);
    const auto lanes = runTemperatureLanes(model.model, prompt, temperatures, steps, base,
                                           model.tokenizer, opts.flag("ignore-eos"), interventions);

    Json j;
    j["prompt_ids"] = prompt;
    j["seed"] = base.seed;
    if (interventions) j["interventions"] = interventionsJson(*interventions);
    j["lanes"] = Json::array();
    for (const auto& lane : lanes) {
        Json tokens = Json::array();
        std::vector<int> ids;
        double entropySum = 0;
        std::vector<int> laneIds = prompt;
        for (const auto& t : lane.tokens) laneIds.push_back(t.token);
        const auto shown = tokenDisplays(model, laneIds);
        std::size_t k = prompt.size();
        for (const auto& t : lane.tokens) {
            ids.push_back(t.token);
            entropySum += t.entropyBits;
            tokens.push_back({{"id", t.token},
                              {"text", tokenText(model, t.token)},
                              {"bytes", hexBytes(tokenBytesOf(model, t.token))},
                              {"display", shown[k++]},
                              {"prob", t.prob},
                              {"raw_prob", t.rawProb},
                              {"entropy_bits", t.entropyBits}});
        }
        j["lanes"].push_back(
            {{"temperature", lane.params.temperature},
             {"ids", ids},
             {"text", model.tokenizer ? bytesAsText(model.tokenizer->decode(ids)) : ""},
             {"mean_entropy_bits",
              lane.tokens.empty() ? 0.0 : entropySum / static_cast<double>(lane.tokens.size())},
             {"tokens", tokens}});
    }
    if (opts.flag("json")) {
        printJson(j);
    } else {
        for (const auto& lane : j["lanes"])
            std::cout << "T=" << lane["temperature"].get<double>() << ": "
                      << bytesAsText(model.tokenizer ? model.tokenizer->decode(
                                                           lane["ids"].get<std::vector<int>>())
                                                     : "")
                      << '\n';
    }
    return 0;
}

namespace {
// One probe's figures as `probe --json` writes them.
Json probeFigures(const LoadedModel& model, const FactProbe& p, const ProbeResult& r) {
    return {{"logp_true", r.logPTrue},
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
}
}  // namespace

int runProbe(const Args& args) {
    const Options opts(args, {"model", "probes", "threads"},
                       {"json", "special", "bos", "no-bos", "with-fact"});
    applyThreads(opts);
    const auto probes = loadFactProbes(inputFilePath(opts, "probes", kMaxProbeFileBytes));
    const LoadedModel model = loadModel(opts);
    const Tokenizer& tok = requireTokenizer(model);
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
            withFact ? runFactRemedy(model.model, tok, p, promptOptions(opts))
                     : FactRemedy{runFactProbe(model.model, tok, p, promptOptions(opts)), {}};
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
        entry.update(probeFigures(model, p, r));
        if (withFact) {
            entry["fact"] = factSentence(p);
            entry["with_fact"] = probeFigures(model, p, remedy.after);
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
        Json groups = Json::object();
        for (const auto& [group, c] : byGroup) groups[group] = counts(c);
        std::cout << "],\"groups\":"
                  << groups.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        if (withFact) {
            Json languages = Json::object();
            for (const auto& [language, c] : byLanguage) languages[language] = counts(c);
            std::cout << ",\"languages\":" << languages.dump(-1, ' ', false);
        }
        std::cout << "}\n";
    } else if (withFact) {
        for (const auto& [language, c] : byLanguage)
            std::cout << language << ": " << c.flipped << " of " << c.wrongBefore
                      << " wrong probes right with the fact (" << c.rightAfter << " of " << c.probes
                      << " right with it, " << c.truthWins << " without)\n";
    }
    return 0;
}

int runLitm(const Args& args) {
    const Options opts(args,
                       {"model", "records", "positions", "trials", "seed", "record-template",
                        "query-template", "spec", "threads", "out"},
                       {"json", "query-aware", "naive", "estimate"});
    applyThreads(opts);
    LitmOptions o;
    o.records = static_cast<int>(opts.integer("records", 20, 1, 10000));
    o.positions = static_cast<int>(opts.integer("positions", 5, 1, 10000));
    o.trials = static_cast<int>(opts.integer("trials", 10, 1, 100000));
    o.seed = opts.unsignedInteger("seed", 1);
    o.queryAware = opts.flag("query-aware");
    o.sharePrefill = !opts.flag("naive");
    const LoadedModel model = loadModel(opts);
    // The records default to the format the model was trained on, where the folder says.
    const auto defaultSpec = model.folder / "eval" / "kv_records.json";
    if (opts.has("spec"))
        applyLitmSpec(o, inputFilePath(opts, "spec", kMaxTextFileBytes));
    else if (std::filesystem::exists(defaultSpec))
        applyLitmSpec(o, defaultSpec);
    o.recordTemplate = opts.getOr("record-template", o.recordTemplate);
    o.queryTemplate = opts.getOr("query-template", o.queryTemplate);
    try {
        o.validate();
    } catch (const Error& e) {
        throw UsageError{e.what()};
    }
    const Tokenizer& tokenizer = requireTokenizer(model);
    if (opts.flag("estimate")) {
        // What the lab shows before a long run: the work, this computer's measured speed
        // and the time it adds up to.
        const LitmPlan plan = planLostInTheMiddle(tokenizer, o);
        const LitmSpeed speed = measureLitmSpeed(model.model, tokenizer, o);
        Json j;
        j["prefills"] = plan.prefills;
        j["context_tokens"] = plan.contextTokens;
        j["questions"] = plan.questions;
        j["question_tokens"] = plan.questionTokens;
        j["prompt_tokens"] = plan.promptTokens;
        j["prefill_gflops_per_second"] = speed.prefillFlopsPerSecond / 1e9;
        j["question_gflops_per_second"] = speed.questionFlopsPerSecond / 1e9;
        j["measure_seconds"] = speed.seconds;
        j["estimated_seconds"] = estimateLitmSeconds(model.model->config(), plan, speed);
        printJson(j);
        return 0;
    }
    LitmRun run;
    run.model = opts.has("model") ? opts.require("model") : std::string("bundled");
    run.options = o;
    run.options.keyWords.clear();  // the file records the settings, not the vocabulary
    run.options.values.clear();
    run.result = runLostInTheMiddle(model.model, tokenizer, o);
    if (opts.has("out")) saveLitmRun(run, opts.require("out"));
    if (opts.flag("json")) {
        std::cout << litmRunToJson(run) << '\n';
    } else {
        for (const auto& p : run.result.points)
            std::cout << "position " << p.position << ": accuracy " << p.accuracy << "  P(correct) "
                      << p.meanProb << "  attention " << p.attentionMass << '\n';
        const auto& t = run.result.timing;
        std::cout << (t.sharedPrefill ? "shared prefill: " : "naive: ") << t.prefills
                  << " prefills of " << t.contextTokens << " tokens, " << t.questionTokens
                  << " question tokens on top, " << t.seconds << " s\n";
    }
    return 0;
}

}  // namespace ts::cli
