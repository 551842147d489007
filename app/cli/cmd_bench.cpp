// tokenscope-cli bench: prefill and decode speed on random prompt ids, medians of repeats.
// A benchmark that prints figures, not a timed test.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/threads.hpp"

namespace ts::cli {

namespace {
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
// Process CPU time: on a shared machine, tokens per CPU-second say more about the code than
// tokens per wall-second do.
double cpuSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }
// Resident memory of this process (VmRSS), in bytes; 0 where /proc is not there.
std::size_t residentBytes() {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
    return 0;
}
// Bytes of the weight files: a folder's safetensors files (all shards), or a GGUF file with
// the other parts of a split NAME-0000K-of-0000N.gguf.
std::size_t weightFileBytes(const std::filesystem::path& folder) {
    std::size_t n = 0;
    std::error_code ec;
    if (std::filesystem::is_regular_file(folder, ec)) {
        const auto split = parseGgufSplitName(folder.filename().string());
        if (!split) return std::filesystem::file_size(folder, ec);
        for (const auto& e : std::filesystem::directory_iterator(folder.parent_path(), ec)) {
            const auto other = parseGgufSplitName(e.path().filename().string());
            if (other && other->prefix == split->prefix && other->count == split->count)
                n += e.file_size(ec);
        }
        return n;
    }
    for (const auto& e : std::filesystem::directory_iterator(folder, ec))
        if (e.path().extension() == ".safetensors") n += e.file_size(ec);
    return n;
}
double msSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

int runBench(const Args& args) {
    const Options opts(args, {"model", "prompt-tokens", "gen-tokens", "threads", "trace", "repeat"},
                       {"json"});
    applyThreads(opts);
    const int promptTokens = static_cast<int>(opts.integer("prompt-tokens", 128, 1, 1 << 20));
    const int genTokens = static_cast<int>(opts.integer("gen-tokens", 128, 0, 1 << 20));
    const int repeat = static_cast<int>(opts.integer("repeat", 3, 1, 1000));
    const std::string traceWhat = opts.getOr("trace", "none");
    if (traceWhat != "none" && traceWhat != "attention" && traceWhat != "all")
        throw UsageError{"--trace must be none, attention or all, got '" + traceWhat + "'"};
    TraceOptions traceOptions;
    traceOptions.attention = traceWhat != "none";
    traceOptions.embeddings = traceOptions.residuals = traceWhat == "all";

    const auto loadStart = std::chrono::steady_clock::now();
    const LoadedModel model = loadModel(opts);
    const double loadMs = msSince(loadStart);
    const std::size_t residentAfterLoad = residentBytes();
    const Config& cfg = model.model->config();
    checkFitsContext(static_cast<std::size_t>(promptTokens + genTokens), cfg,
                     "--prompt-tokens plus --gen-tokens");
    Rng rng(1);
    std::vector<int> prompt(static_cast<std::size_t>(promptTokens));
    for (auto& id : prompt)
        id = static_cast<int>(rng.next() % static_cast<std::uint64_t>(cfg.nVocab));

    // A decode step reads every layer weight and the head once, in their stored precision;
    // the probe reads as many bytes with a bare loop, timed right after each decode run, so
    // the ratio holds while the bandwidth swings. It means something only for weights far
    // bigger than the caches (GPT-2, not the bundled model, whose weights stay in cache).
    const StreamProbe probe(model.model->decodeBytesPerToken());
    std::vector<double> prefillRates, decodeRates, msPerToken, prefillCpuRates, decodeCpuRates,
        ceilingRates;
    for (int r = 0; r < repeat; ++r) {
        Session session(model.model);
        auto t0 = std::chrono::steady_clock::now();
        double c0 = cpuSeconds();
        StepTrace trace = session.prefill(prompt, traceOptions);
        prefillRates.push_back(promptTokens / (msSince(t0) / 1000.0));
        prefillCpuRates.push_back(promptTokens / (cpuSeconds() - c0));
        if (genTokens == 0) continue;
        t0 = std::chrono::steady_clock::now();
        c0 = cpuSeconds();
        for (int s = 0; s < genTokens; ++s)
            trace = session.step(argmax(trace.logits), traceOptions);
        const double ms = msSince(t0);
        decodeCpuRates.push_back(genTokens / (cpuSeconds() - c0));
        decodeRates.push_back(genTokens / (ms / 1000.0));
        msPerToken.push_back(ms / genTokens);
        ceilingRates.push_back(1.0 / probe.seconds(5));
    }
    Json j;
    j["model"] = model.folder.string();
    j["parameters"] = model.model->parameterCount();
    j["model_type"] = cfg.modelType;
    j["weight_storage"] = model.model->weightStorage();
    j["weight_bytes"] = model.model->weightBytes();
    j["decode_bytes_per_token"] = model.model->decodeBytesPerToken();
    j["kv_cache_bytes_per_token"] = model.model->kvCacheBytesPerToken();
    j["weight_file_bytes"] = weightFileBytes(model.folder);
    j["resident_bytes_after_load"] = residentAfterLoad;
    j["load_ms"] = loadMs;
    j["threads"] = opts.integer("threads", 2, 1, 256);
    j["trace"] = traceWhat;
    j["prompt_tokens"] = promptTokens;
    j["gen_tokens"] = genTokens;
    j["repeat"] = repeat;
    j["prefill_tok_s"] = median(prefillRates);
    j["decode_tok_s"] = decodeRates.empty() ? 0.0 : median(decodeRates);
    j["ms_per_token"] = msPerToken.empty() ? 0.0 : median(msPerToken);
    j["prefill_tok_per_cpu_s"] = median(prefillCpuRates);
    j["decode_tok_per_cpu_s"] = decodeCpuRates.empty() ? 0.0 : median(decodeCpuRates);
    j["stream_ceiling_tok_s"] = ceilingRates.empty() ? 0.0 : median(ceilingRates);
    j["decode_vs_ceiling"] =
        ceilingRates.empty() ? 0.0 : median(decodeRates) / median(ceilingRates);
    j["prefill_tok_s_all"] = prefillRates;
    j["decode_tok_s_all"] = decodeRates;
    if (opts.flag("json")) {
        printJson(j);
    } else {
        std::cout << "prefill " << j["prefill_tok_s"].get<double>() << " tok/s, decode "
                  << j["decode_tok_s"].get<double>() << " tok/s ("
                  << j["ms_per_token"].get<double>() << " ms/token), median of " << repeat
                  << "; a bare read of all weights: " << j["stream_ceiling_tok_s"].get<double>()
                  << " per second; resident after load "
                  << static_cast<double>(residentAfterLoad) / 1048576.0 << " MiB for "
                  << j["weight_file_bytes"].get<double>() / 1048576.0 << " MiB of weight files\n";
    }
    return 0;
}

}  // namespace ts::cli
