// tokenscope-cli litm: the lost-in-the-middle lab on a local model (--model) or a model server
// (--server URL), the one engine path for both (ts::runLostInTheMiddle over a ts::StepSource),
// with the intervention flags applied to every forward pass. A server does not expose
// attention: the attention mass is then null and listed under "server_does_not_expose".
#include <algorithm>
#include <chrono>
#include <iostream>

#include "command_options.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "interrupt.hpp"
#include "intervention_options.hpp"
#include "remote_model.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"

namespace ts::cli {

namespace {

// --estimate on a server: its speed is not known in FLOPs, so the estimate is the run's
// requests (one per prefill, one per question on top of a shared context) times the mean
// time of a request, measured on the first trial's first question (a context request and a
// question request, as the run makes them).
Json serverEstimate(const Target& target, const Tokenizer& tokenizer, const LitmOptions& o,
                    const LitmPlan& plan) {
    using Clock = std::chrono::steady_clock;
    const auto started = Clock::now();
    LitmOptions one = o;
    one.trials = 1;
    one.positions = 1;
    const auto source = target.source();
    const LitmResult timed = runLostInTheMiddle(*source, tokenizer, one, {}, &interruptFlag());
    const int measuredRequests = timed.timing.prefills + (timed.timing.questionTokens > 0);
    const double perRequest = timed.timing.seconds / std::max(1, measuredRequests);
    const long long requests = static_cast<long long>(plan.prefills) + plan.questions;
    Json j;
    j["requests"] = requests;
    j["request_seconds"] = perRequest;
    j["estimated_seconds"] = perRequest * static_cast<double>(requests);
    j["measure_seconds"] = std::chrono::duration<double>(Clock::now() - started).count();
    return j;
}

}  // namespace

int runLitm(const Args& args) {
    const Options opts = commandOptions("litm", args);
    LitmOptions o;
    o.records = static_cast<int>(opts.integer("records", 20, 1, 10000));
    o.positions = static_cast<int>(opts.integer("positions", 5, 1, 10000));
    o.trials = static_cast<int>(opts.integer("trials", 10, 1, 100000));
    o.seed = opts.unsignedInteger("seed", 1);
    o.queryAware = opts.flag("query-aware");
    o.sharePrefill = !opts.flag("naive");
    const Target target = openTarget(opts);
    // The records default to the format the model was trained on, where the folder says.
    const auto defaultSpec = target.loaded.folder / "eval" / "kv_records.json";
    if (opts.has("spec"))
        applyLitmSpec(o, inputFilePath(opts, "spec", kMaxTextFileBytes));
    else if (!target.server && std::filesystem::exists(defaultSpec))
        applyLitmSpec(o, defaultSpec);
    o.recordTemplate = opts.getOr("record-template", o.recordTemplate);
    o.queryTemplate = opts.getOr("query-template", o.queryTemplate);
    try {
        o.validate();
    } catch (const Error& e) {
        throw UsageError{e.what()};
    }
    if (!target.loaded.tokenizer)
        throw Error(target.server
                        ? "the " + remote::kindName(target.server->info().kind) +
                              " server has no tokenizer endpoint to write the records with"
                        : "the model in " + target.loaded.folder.string() + " has no tokenizer");
    requireFullDistribution(target, "litm");
    requireTokenSpans(target, "litm");
    const Tokenizer& tokenizer = *target.loaded.tokenizer;
    const auto interventions = targetInterventions(opts, target, {});
    if (opts.flag("estimate")) {
        // What the lab shows before a long run: the work, the measured speed and the time it
        // adds up to.
        const LitmPlan plan = planLostInTheMiddle(tokenizer, o);
        Json j;
        j["prefills"] = plan.prefills;
        j["context_tokens"] = plan.contextTokens;
        j["questions"] = plan.questions;
        j["question_tokens"] = plan.questionTokens;
        j["prompt_tokens"] = plan.promptTokens;
        if (target.server) {
            j["prefill_gflops_per_second"] = nullptr;
            j["question_gflops_per_second"] = nullptr;
            j.update(serverEstimate(target, tokenizer, o, plan));
            j["server"] = serverJson(target);
            j["server_does_not_expose"] = {"prefill_gflops_per_second",
                                           "question_gflops_per_second"};
        } else {
            const LitmSpeed speed = measureLitmSpeed(target.loaded.model, tokenizer, o);
            j["prefill_gflops_per_second"] = speed.prefillFlopsPerSecond / 1e9;
            j["question_gflops_per_second"] = speed.questionFlopsPerSecond / 1e9;
            j["measure_seconds"] = speed.seconds;
            j["estimated_seconds"] =
                estimateLitmSeconds(target.loaded.model->config(), plan, speed);
        }
        printJson(j);
        return 0;
    }
    LitmRun run;
    run.model = target.name;
    if (target.server) run.server = target.server->describe();
    if (interventions) run.interventions = *interventions;
    run.options = o;
    run.options.keyWords.clear();  // the file records the settings, not the vocabulary
    run.options.values.clear();
    const auto source = target.source();
    run.result = runLostInTheMiddle(*source, tokenizer, o, {}, &interruptFlag(), interventions);
    if (opts.has("out")) saveLitmRun(run, opts.require("out"));
    if (opts.flag("json")) {
        std::cout << litmRunToJson(run) << '\n';
    } else {
        for (const auto& p : run.result.points) {
            std::cout << "position " << p.position << ": accuracy " << p.accuracy << "  P(correct) "
                      << p.meanProb << "  attention ";
            if (run.result.attentionMeasured)
                std::cout << p.attentionMass << '\n';
            else
                std::cout << "(not exposed by the server)\n";
        }
        const auto& t = run.result.timing;
        std::cout << (t.sharedPrefill ? "shared prefill: " : "naive: ") << t.prefills
                  << " prefills of " << t.contextTokens << " tokens, " << t.questionTokens
                  << " question tokens on top, " << t.seconds << " s\n";
    }
    return 0;
}

}  // namespace ts::cli
