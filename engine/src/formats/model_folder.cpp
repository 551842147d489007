#include "tokenscope/model_folder.hpp"

#include <cstdlib>
#include <system_error>

#include "formats/gguf.hpp"
#include "tokenscope/error.hpp"

namespace fs = std::filesystem;

namespace ts {

LoadedModel loadModelFolder(const fs::path& folder, const ProgressCallback& progress,
                            const std::atomic<bool>* cancel) {
    std::error_code ec;
    if (!fs::exists(folder, ec)) throw Error("model folder " + folder.string() + " does not exist");
    if (fs::is_regular_file(folder, ec) &&
        (folder.extension() == ".gguf" || gguf::looksLikeGguf(folder)))
        return loadGgufFile(folder, progress, cancel);
    if (!fs::is_directory(folder, ec))
        throw Error(folder.string() +
                    " is not a folder or a .gguf file: choose the folder that holds config.json "
                    "and model.safetensors, or a GGUF file");
    LoadedModel loaded;
    loaded.folder = folder;
    loaded.model = Model::loadFolder(folder, progress, cancel);
    loaded.tokenizer = Tokenizer::fromFolder(folder);
    loaded.warnings = loaded.model->warnings();
    if (loaded.tokenizer) {
        const int tokVocab = loaded.tokenizer->vocabSize();
        const int modelVocab = loaded.model->config().nVocab;
        if (tokVocab > modelVocab)
            throw Error("the tokenizer in " + folder.string() + " has " + std::to_string(tokVocab) +
                        " entries but the model's vocabulary (" +
                        "vocab_size in config.json) has only " + std::to_string(modelVocab) +
                        ": they do not belong together");
    } else {
        loaded.warnings.push_back("no tokenizer (vocab.json + merges.txt or tokenizer.json) in " +
                                  folder.string() + ": only token ids can be used as input");
    }
    if (progress) progress(1.0, "ready");
    return loaded;
}

fs::path bundledModelPath() {
    if (const char* env = std::getenv("TOKENSCOPE_MODEL_DIR"); env && *env) return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / "share/tokenscope/model";
        if (fs::exists(installed / "config.json", ec)) return installed;
    }
    return TOKENSCOPE_SOURCE_MODEL_DIR;
}

}  // namespace ts
