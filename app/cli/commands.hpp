#pragma once
#include <string>
#include <vector>

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

}  // namespace ts::cli
