#pragma once
#include <span>
#include <string>
#include <vector>

namespace ts {
struct LoadedModel;
}

namespace ts::cli {

using Args = std::vector<std::string>;

int runTokenize(const Args& args);
int runTrace(const Args& args);
int runGenerate(const Args& args);
int runScore(const Args& args);
int runBench(const Args& args);
int runCompare(const Args& args);
int runProbe(const Args& args);
int runLitm(const Args& args);
int runDownload(const Args& args);
int runPrecision(const Args& args);
int runPatch(const Args& args);
int runHeads(const Args& args);

// `trace`'s readable table (without --json), for a local model and a server alike: the input's
// tokens, then the `top` candidates by `probs` with `values` (logits, or a server's logprobs)
// in a column named `valueName`, and the entropy given.
void printTraceTable(const LoadedModel& model, const std::vector<int>& ids,
                     std::span<const float> values, const char* valueName,
                     const std::vector<float>& probs, int top, double entropy);

}  // namespace ts::cli
