#pragma once
// A model folder as people have it on disk: weights, config and (optionally) tokenizer.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tokenscope/model.hpp"
#include "tokenscope/tokenizer.hpp"

namespace ts {

struct LoadedModel {
    std::filesystem::path folder;
    std::shared_ptr<const Model> model;
    std::shared_ptr<const Tokenizer> tokenizer;  // null when the folder has none
    std::vector<std::string> warnings;
};

// `folder` may also be a .gguf file (then loadGgufFile).
LoadedModel loadModelFolder(const std::filesystem::path& folder,
                            const ProgressCallback& progress = {},
                            const std::atomic<bool>* cancel = nullptr);

// A GGUF file: model and tokenizer from the one file (or split set).
LoadedModel loadGgufFile(const std::filesystem::path& file, const ProgressCallback& progress = {},
                         const std::atomic<bool>* cancel = nullptr);

// The parts of a file name NAME-0000k-of-0000N.gguf (a model split into N files; k counts
// from 1), or nothing for any other name. Digits are exactly five, as llama.cpp writes them.
struct GgufSplitName {
    std::string prefix;  // NAME
    int part = 0;        // k
    int count = 0;       // N
};
std::optional<GgufSplitName> parseGgufSplitName(std::string_view fileName);

// The bundled default model: $TOKENSCOPE_MODEL_DIR if set, else the installed copy next to
// the executable (../share/tokenscope/model), else the source tree's resources/model.
std::filesystem::path bundledModelPath();

}  // namespace ts
