// tokenscope-cli precision: one model in two or three precisions on the same prompt
// (tokenscope/precision_compare.hpp). --model is the reference (default: the bundled model);
// --with names the others (GGUF files, folders or hub ids), comma-separated.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/hf_cache.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/precision_compare.hpp"
#include "tokenscope/token_display.hpp"

namespace ts::cli {

namespace {

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream in(s);
    for (std::string item; std::getline(in, item, ',');)
        if (!item.empty()) out.push_back(item);
    return out;
}

std::string labelOf(const std::filesystem::path& p) {
    const std::string name = p.filename().string();
    return name.empty() ? p.parent_path().filename().string() : name;
}

}  // namespace

int runPrecision(const Args& args) {
    const Options opts(args, {"model", "with", "prompt", "prompt-file", "ids", "steps", "threads"},
                       {"json", "special", "bos", "no-bos", "ignore-eos"});
    applyThreads(opts);
    const int steps = static_cast<int>(opts.integer("steps", 20, 1, 1 << 16));
    const auto with = opts.get("with");
    if (!with)
        throw UsageError{
            "precision needs --with MODEL[,MODEL]: the same model in other precisions"};
    const auto others = splitList(*with);
    if (others.empty() || others.size() > 7) throw UsageError{"--with takes one to seven models"};

    const LoadedModel reference = loadModel(opts);
    const auto prompt = inputIds(opts, reference, "ids", "prompt", "prompt-file");
    std::vector<PrecisionModel> models{{labelOf(reference.folder), reference.model}};
    for (const auto& path : others) {
        LoadedModel m = loadModelFolder(hub::resolveModelSpec(path));
        for (const auto& w : m.warnings) std::cerr << "tokenscope-cli: warning: " << w << '\n';
        models.push_back({labelOf(m.folder), m.model});
    }
    // generate's end-of-text rule: a greedy run stops after the model's end token.
    std::vector<int> endTokens;
    if (reference.tokenizer && !opts.flag("ignore-eos"))
        endTokens = reference.tokenizer->endTokenIds();
    const PrecisionComparison c = comparePrecisions(models, prompt, steps, {}, nullptr, endTokens);

    Json j;
    j["ids"] = c.tokens;
    j["display"] = tokenDisplays(reference, c.tokens);
    j["prompt_length"] = c.promptLength;
    j["steps"] = steps;
    j["free_run_parts_at"] = c.freeRunPartsAt;
    j["lanes"] = Json::array();
    for (const auto& lane : c.lanes) {
        std::vector<int> all = prompt;
        all.insert(all.end(), lane.freeRun.begin(), lane.freeRun.end());
        j["lanes"].push_back(
            {{"label", lane.label},
             {"storage", lane.storage},
             {"decode_bytes_per_token", lane.decodeBytesPerToken},
             {"mean_nll", lane.meanNll},
             {"perplexity", std::exp(lane.meanNll)},
             {"max_abs_prob_diff", lane.maxAbsProbDiff},
             {"top1_agreement", lane.top1Agreement},
             {"token_prob", lane.tokenProb},
             {"top_token", lane.topToken},
             {"top_prob", lane.topProb},
             {"kl_bits", lane.klBits},
             {"free_run", lane.freeRun},
             {"free_run_text",
              reference.tokenizer ? bytesAsText(reference.tokenizer->decode(lane.freeRun)) : ""}});
    }
    if (opts.flag("json")) {
        printJson(j);
        return 0;
    }
    std::printf("%-32s %-10s %10s %10s %12s %10s\n", "model", "storage", "MB/token", "perplexity",
                "max |dp|", "top-1 same");
    for (const auto& lane : c.lanes)
        std::printf("%-32s %-10s %10.1f %10.3f %12.5f %9.1f%%\n", lane.label.c_str(),
                    lane.storage.c_str(), static_cast<double>(lane.decodeBytesPerToken) / 1e6,
                    std::exp(lane.meanNll), lane.maxAbsProbDiff, 100.0 * lane.top1Agreement);
    if (c.freeRunPartsAt < 0)
        std::cout << "Free runs: all " << c.lanes[0].freeRun.size() << " generated tokens agree.\n";
    else
        std::cout << "Free runs part at generated token " << c.freeRunPartsAt + 1 << ".\n";
    for (const auto& lane : j["lanes"])
        std::cout << lane["label"].get<std::string>() << ": "
                  << lane["free_run_text"].get<std::string>() << '\n';
    return 0;
}

}  // namespace ts::cli
