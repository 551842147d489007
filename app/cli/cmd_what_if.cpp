// tokenscope-cli patch and heads: activation patching between two prompts and the kinds of
// attention heads (tokenscope/what_if.hpp). Blocks, layers and heads count from 1 in flags and
// JSON; positions from 0.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "common.hpp"
#include "interrupt.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/what_if.hpp"

namespace ts::cli {
namespace {

// --answer TOKEN / --answer-id ID (and --wrong): exactly one token. Text is tokenized as the
// continuation of the clean prompt when that is text (so " 수진" after a word is the token the
// model would write there), on its own otherwise.
int oneToken(const Options& opts, const LoadedModel& model, const std::string& name,
             const std::optional<std::string>& cleanText) {
    const std::string idOption = name + "-id";
    if (opts.has(name) == opts.has(idOption))
        throw UsageError{"give either --" + name + " TOKEN or --" + idOption + " ID"};
    const int nVocab = model.model->config().nVocab;
    if (opts.has(idOption)) {
        const int id = static_cast<int>(opts.integer(idOption, 0, 0, 1LL << 31));
        checkIdsInVocabulary({id}, nVocab, "--" + idOption);
        return id;
    }
    if (!model.tokenizer)
        throw Error("--" + name + " is text and the model has no tokenizer: give --" + idOption);
    const std::string text = *opts.get(name);
    std::vector<int> ids;
    if (cleanText) {
        ids = parsePromptWithContinuation(*cleanText, text, *model.tokenizer, nVocab,
                                          promptOptions(opts))
                  .continuation;
    } else {
        PromptOptions alone = promptOptions(opts);
        alone.startToken = false;
        ids = parsePrompt(text, model.tokenizer.get(), nVocab, alone).ids();
    }
    if (ids.size() != 1)
        throw Error("--" + name + " '" + text + "' is " + std::to_string(ids.size()) +
                    " tokens, and patching compares the logits of one token; give a text "
                    "that is one token (mind the leading space) or --" +
                    idOption);
    return ids[0];
}

}  // namespace

int runPatch(const Args& args) {
    const Options opts(args,
                       {"model", "clean", "clean-ids", "clean-file", "corrupt", "corrupt-ids",
                        "corrupt-file", "answer", "answer-id", "wrong", "wrong-id", "threads"},
                       {"json", "special", "bos", "no-bos"});
    applyThreads(opts);
    const LoadedModel model = loadModel(opts);
    const PromptTokens clean = inputPrompt(opts, model, "clean-ids", "clean", "clean-file");
    const PromptTokens corrupt = inputPrompt(opts, model, "corrupt-ids", "corrupt", "corrupt-file");
    const auto cleanIds = clean.ids(), corruptIds = corrupt.ids();
    if (cleanIds.size() != corruptIds.size())
        throw Error("the clean prompt is " + std::to_string(cleanIds.size()) +
                    " tokens and the corrupted one " + std::to_string(corruptIds.size()) +
                    ": patching needs prompts of the same length in tokens (change a word for "
                    "one of the same token count)");
    const std::optional<std::string> cleanText =
        clean.fromIds ? std::nullopt : std::optional<std::string>(clean.text);
    const int answer = oneToken(opts, model, "answer", cleanText);
    const int wrong = oneToken(opts, model, "wrong", cleanText);
    const Config& cfg = model.model->config();

    const auto t0 = std::chrono::steady_clock::now();
    int lastShown = -1;
    const auto progress = [&](int done, int total) {
        const int percent = 100 * done / total;
        if (percent / 10 != lastShown / 10 || done == total) {
            std::cerr << "\rpatching: " << done << " of " << total << " runs" << std::flush;
            lastShown = percent;
        }
    };
    const PatchingResult r = patchResidualStream(model.model, cleanIds, corruptIds, answer, wrong,
                                                 progress, &interruptFlag());
    std::cerr << '\n';
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    Json j;
    j["clean_diff"] = r.cleanDiff;
    j["corrupt_diff"] = r.corruptDiff;
    j["resid_pre"] = r.restored;  // [block 1..n][position 0..T-1]
    j["tokens"] = tokenDisplays(model, corruptIds);
    j["clean_tokens"] = tokenDisplays(model, cleanIds);
    j["clean_ids"] = cleanIds;
    j["corrupt_ids"] = corruptIds;
    j["answer"] = {{"id", answer}, {"text", tokenText(model, answer)}};
    j["wrong"] = {{"id", wrong}, {"text", tokenText(model, wrong)}};
    j["blocks"] = cfg.nLayer;
    j["forward_passes"] = r.forwardPasses;
    j["full_pass_equivalents"] =
        static_cast<double>(r.tokenBlocks) / (static_cast<double>(cleanIds.size()) * cfg.nLayer);
    j["seconds"] = seconds;
    if (opts.flag("json")) {
        printJson(j);
        return 0;
    }
    // The table: one row per block, one column per position, restored fraction in percent.
    const auto shown = tokenDisplays(model, corruptIds);
    std::cout << "restored share of logit(" << tokenText(model, answer) << ") - logit("
              << tokenText(model, wrong) << "), clean " << r.cleanDiff << ", corrupted "
              << r.corruptDiff << "\n";
    for (std::size_t p = 0; p < corruptIds.size(); ++p)
        std::cout << "position " << p << ": " << shown[p] << "\n";
    char cell[32];
    std::cout << "block";
    for (std::size_t p = 0; p < corruptIds.size(); ++p) {
        std::snprintf(cell, sizeof cell, " %6zu", p);
        std::cout << cell;
    }
    std::cout << '\n';
    for (int l = 0; l < cfg.nLayer; ++l) {
        std::snprintf(cell, sizeof cell, "%5d", l + 1);
        std::cout << cell;
        for (double v : r.restored[static_cast<std::size_t>(l)]) {
            std::snprintf(cell, sizeof cell, " %5.0f%%", 100.0 * v);
            std::cout << cell;
        }
        std::cout << '\n';
    }
    std::cout << r.forwardPasses << " forward passes (" << j["full_pass_equivalents"].get<double>()
              << " full-pass equivalents) in " << seconds << " s\n";
    return 0;
}

int runHeads(const Args& args) {
    const Options opts(args, {"model", "ids", "text", "text-file", "seed", "threads"},
                       {"json", "special", "bos", "no-bos"});
    applyThreads(opts);
    const LoadedModel model = loadModel(opts);
    std::vector<int> prompt;
    if (opts.has("ids") || opts.has("text") || opts.has("text-file"))
        prompt = inputIds(opts, model, "ids", "text", "text-file");
    const std::uint64_t seed = opts.unsignedInteger("seed", 0);
    const HeadKinds kinds = headKinds(model.model, prompt, seed);
    Json j;
    Json heads = Json::array();
    for (const HeadKindRow& h : kinds.heads)
        heads.push_back({{"layer", h.layer + 1},
                         {"head", h.head + 1},
                         {"previous", h.previous},
                         {"first", h.first},
                         {"induction", h.induction},
                         {"kind", h.kind.empty() ? Json(nullptr) : Json(h.kind)}});
    j["heads"] = heads;
    j["thresholds"] = {{"previous", kinds.thresholds.previous},
                       {"first", kinds.thresholds.first},
                       {"induction", kinds.thresholds.induction}};
    j["measured_on"] = {{"prompt_tokens", kinds.promptTokens},
                        {"repeat_tokens", kinds.repeatTokens},
                        {"seed", seed}};
    if (opts.flag("json")) {
        printJson(j);
        return 0;
    }
    std::cout << "layer head  previous  first  induction  kind\n";
    char line[96];
    for (const HeadKindRow& h : kinds.heads) {
        std::snprintf(line, sizeof line, "%5d %4d  %8.3f  %5.3f  %9.3f  %s\n", h.layer + 1,
                      h.head + 1, h.previous, h.first, h.induction,
                      h.kind.empty() ? "-" : h.kind.c_str());
        std::cout << line;
    }
    std::cout << "a kind is given only above its threshold: previous >= "
              << kinds.thresholds.previous << ", first >= " << kinds.thresholds.first
              << ", induction >= " << kinds.thresholds.induction << '\n';
    return 0;
}

}  // namespace ts::cli
