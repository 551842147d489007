// What a run's history costs as it grows (issue #42 point 4): a random GPT-2-shaped model with
// a context of 4,224 positions and 256 byte tokens (the bundled tokenizer reads them), run for
// 4,096 steps; at 1,024, 2,048 and 4,096 steps it prints the resident peak's growth since the
// start, Transcript::historyBytes() and the time so far. Uses only the API that existed before
// the context was shared, so the same file measures both (docs/performance.md has the command).
//   measure_history <scratch folder> <bundled model folder>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "tokenscope/model.hpp"
#include "tokenscope/tokenizer.hpp"
#include "tokenscope/transcript.hpp"
#include "tools/random_model.hpp"

namespace {

long long statusBytes(const char* field) {
    std::ifstream in("/proc/self/status");
    const std::string key = std::string(field) + ":";
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key, 0) == 0) return std::stoll(line.substr(key.size())) * 1024;
    return -1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: measure_history <scratch folder> <bundled model folder>\n");
        return 2;
    }
    const auto spec = ts_tools::longContextByteGpt2Spec();
    ts_tools::writeRandomModel(argv[1], spec);
    const auto model = ts::Model::loadFolder(argv[1]);
    const auto tokenizer = ts::Tokenizer::fromFolder(argv[2]);
    ts::TranscriptOptions o;
    o.ignoreEndOfText = true;
    ts::Transcript t(model, tokenizer, o);
    ts::SamplingParams p;
    p.temperature = 1.0f;
    p.seed = 8;
    { std::ofstream("/proc/self/clear_refs") << "5"; }  // resets the peak (VmHWM)
    const long long before = statusBytes("VmRSS");
    const auto start = std::chrono::steady_clock::now();
    t.startIds(std::vector<int>{'T', 'h', 'e'}, p);
    for (const int mark : {1024, 2048, 4096}) {
        while (t.size() < mark) t.step(p);
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%d steps: resident +%.1f MB (peak +%.1f MB), historyBytes %.2f MB, %.2f s\n",
                    mark, (statusBytes("VmRSS") - before) / 1048576.0,
                    (statusBytes("VmHWM") - before) / 1048576.0, t.historyBytes() / 1048576.0, s);
    }
    return 0;
}
