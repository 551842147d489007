// Writes a random-weight model folder with the exact config fields and tensor names of a
// published checkpoint, for benchmarks and loader checks at real shapes (no real weights can
// be fetched here). Never commit its output.
//
//   make_random_model OUT_DIR --preset gpt2|qwen2.5-0.5b|smollm2-135m|gemma3-270m
//                     [--dtype F32|F16|BF16] [--seed N] [--shards N] [--layers N]
#include <iostream>
#include <string>

#include "tools/random_model.hpp"

namespace {

int usage() {
    std::cerr
        << "usage: make_random_model OUT_DIR --preset gpt2|qwen2.5-0.5b|smollm2-135m|gemma3-270m "
           "[--dtype F32|F16|BF16] [--seed N] [--shards N] [--layers N]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    const std::filesystem::path out = argv[1];
    std::string preset, dtype;
    ts_tools::RandomModelSpec spec;
    int layers = 0;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (i + 1 >= argc) return usage();
        const std::string v = argv[++i];
        try {
            if (a == "--preset")
                preset = v;
            else if (a == "--dtype")
                dtype = v;
            else if (a == "--seed")
                spec.seed = std::stoull(v);
            else if (a == "--shards")
                spec.shards = std::stoi(v);
            else if (a == "--layers")
                layers = std::stoi(v);
            else
                return usage();
        } catch (const std::exception&) {
            return usage();
        }
    }
    if (preset == "gpt2") {
        spec.config = ts_tools::gpt2SmallConfig();
        spec.dtype = dtype.empty() ? "F32" : dtype;
    } else if (preset == "qwen2.5-0.5b") {
        spec.config = ts_tools::qwen25HalfBConfig();
        spec.dtype = dtype.empty() ? "BF16" : dtype;
    } else if (preset == "gemma3-270m") {
        spec.config = ts_tools::gemma3_270mConfig();
        spec.dtype = dtype.empty() ? "BF16" : dtype;
    } else if (preset == "smollm2-135m") {
        spec.config = ts_tools::smolLm2Config();
        spec.dtype = dtype.empty() ? "BF16" : dtype;
    } else {
        return usage();
    }
    if (spec.dtype != "F32" && spec.dtype != "F16" && spec.dtype != "BF16") return usage();
    if (layers > 0) spec.config[preset == "gpt2" ? "n_layer" : "num_hidden_layers"] = layers;
    try {
        const std::size_t bytes = ts_tools::writeRandomModel(out, spec);
        std::cout << "wrote " << out.string() << " (" << preset << ", " << spec.dtype << ", "
                  << bytes << " bytes of weights)\n";
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 1;
    }
    return 0;
}
