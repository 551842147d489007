// Decode and prefill throughput of the engine on a model folder.
//   engine_bench FOLDER [--threads 2] [--prefill 128] [--decode 128] [--attention]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/session.hpp"
#include "tokenscope/threads.hpp"

// CPU seconds this process has used: on a busy machine tokens per CPU second tells more about
// the engine than wall-clock rates do.
static double cpuSeconds() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: engine_bench FOLDER [--threads N] [--prefill N] [--decode N] [--attention] [--reps N]\n";
        return 2;
    }
    int threads = 2, prefillN = 128, decodeN = 128, reps = 3;
    bool attention = false;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--threads") threads = std::stoi(argv[++i]);
        else if (a == "--prefill") prefillN = std::stoi(argv[++i]);
        else if (a == "--decode") decodeN = std::stoi(argv[++i]);
        else if (a == "--reps") reps = std::stoi(argv[++i]);
        else if (a == "--attention") attention = true;
    }
    ts::setEngineThreads(threads);
    using clk = std::chrono::steady_clock;
    auto t0 = clk::now();
    auto model = ts::Model::loadFolder(argv[1]);
    std::printf("load: %.0f ms, %zu parameters\n",
                std::chrono::duration<double, std::milli>(clk::now() - t0).count(), model->parameterCount());
    const int V = model->config().nVocab;
    std::vector<int> prompt(static_cast<std::size_t>(prefillN));
    for (int i = 0; i < prefillN; ++i) prompt[static_cast<std::size_t>(i)] = (i * 7919 + 13) % V;
    ts::TraceOptions opt;
    opt.attention = attention;
    for (int r = 0; r < reps; ++r) {
        ts::Session s(model);
        auto a = clk::now();
        double c0 = cpuSeconds();
        auto tr = s.prefill(prompt, opt);
        double pms = std::chrono::duration<double, std::milli>(clk::now() - a).count();
        const double pcpu = cpuSeconds() - c0;
        int tok = 0;
        for (int i = 0; i < static_cast<int>(tr.logits.size()); ++i)
            if (tr.logits[static_cast<std::size_t>(i)] > tr.logits[static_cast<std::size_t>(tok)]) tok = i;
        a = clk::now();
        c0 = cpuSeconds();
        for (int i = 0; i < decodeN; ++i) {
            tr = s.step(tok, opt);
            tok = (tok + 31) % V;
        }
        double dms = std::chrono::duration<double, std::milli>(clk::now() - a).count();
        const double dcpu = cpuSeconds() - c0;
        std::printf("threads %d attention %s: prefill %d tokens %.1f tok/s (%.1f tok per CPU s), "
                    "decode %d tokens %.1f tok/s (%.1f tok per CPU s)\n",
                    threads, attention ? "on" : "off", prefillN, prefillN * 1000.0 / pms,
                    prefillN / pcpu, decodeN, decodeN * 1000.0 / dms, decodeN / dcpu);
    }
    return 0;
}
