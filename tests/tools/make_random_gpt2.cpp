// Writes a random-weight GPT-2-shaped Hugging Face folder (config.json + model.safetensors),
// for benchmarks and loader tests. Weights ~ N(0, 0.02) like GPT-2's initialisation; layer
// norms near 1. Never commit its output.
//
//   make_random_gpt2 OUT_DIR [--f16|--bf16] [--seed N] [--layers 12] [--embd 768]
//                    [--heads 12] [--vocab 50257] [--ctx 1024] [--untied] [--no-prefix]
//                    [--sd-scale X]   (multiplies every standard deviation: peakier outputs)
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "formats/safetensors.hpp"
#include "tools/random_model.hpp"

namespace {

int usage() {
    std::cerr << "usage: make_random_gpt2 OUT_DIR [--f16|--bf16] [--seed N] [--layers N] "
                 "[--embd N] [--heads N] [--vocab N] [--ctx N] [--untied] [--no-prefix]\n";
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return usage();
    std::filesystem::path out = argv[1];
    std::string dtype = "F32";
    std::uint64_t seed = 1;
    int layers = 12, embd = 768, heads = 12, vocab = 50257, ctx = 1024;
    bool untied = false, prefix = true;
    float sdScale = 1.0f;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        auto num = [&]() -> long long {
            if (i + 1 >= argc) {
                usage();
                std::exit(2);
            }
            return std::stoll(argv[++i]);
        };
        if (a == "--f16")
            dtype = "F16";
        else if (a == "--bf16")
            dtype = "BF16";
        else if (a == "--seed")
            seed = static_cast<std::uint64_t>(num());
        else if (a == "--layers")
            layers = static_cast<int>(num());
        else if (a == "--embd")
            embd = static_cast<int>(num());
        else if (a == "--heads")
            heads = static_cast<int>(num());
        else if (a == "--vocab")
            vocab = static_cast<int>(num());
        else if (a == "--ctx")
            ctx = static_cast<int>(num());
        else if (a == "--untied")
            untied = true;
        else if (a == "--no-prefix")
            prefix = false;
        else if (a == "--sd-scale" && i + 1 < argc)
            sdScale = std::stof(argv[++i]);
        else
            return usage();
    }
    std::filesystem::create_directories(out);
    const std::int64_t C = embd, I = 4 * embd;
    std::vector<ts_tools::RandomTensor> ts;
    const std::string p = prefix ? "transformer." : "";
    ts.push_back({p + "wte.weight", {vocab, C}, 0, 0.02f});
    ts.push_back({p + "wpe.weight", {ctx, C}, 0, 0.01f});
    for (int l = 0; l < layers; ++l) {
        const std::string h = p + "h." + std::to_string(l) + ".";
        ts.push_back({h + "ln_1.weight", {C}, 1, 0.05f});
        ts.push_back({h + "ln_1.bias", {C}, 0, 0.02f});
        ts.push_back({h + "attn.c_attn.weight", {C, 3 * C}, 0, 0.02f});
        ts.push_back({h + "attn.c_attn.bias", {3 * C}, 0, 0.02f});
        ts.push_back({h + "attn.c_proj.weight", {C, C}, 0, 0.02f});
        ts.push_back({h + "attn.c_proj.bias", {C}, 0, 0.02f});
        ts.push_back({h + "ln_2.weight", {C}, 1, 0.05f});
        ts.push_back({h + "ln_2.bias", {C}, 0, 0.02f});
        ts.push_back({h + "mlp.c_fc.weight", {C, I}, 0, 0.02f});
        ts.push_back({h + "mlp.c_fc.bias", {I}, 0, 0.02f});
        ts.push_back({h + "mlp.c_proj.weight", {I, C}, 0, 0.02f});
        ts.push_back({h + "mlp.c_proj.bias", {C}, 0, 0.02f});
    }
    ts.push_back({p + "ln_f.weight", {C}, 1, 0.05f});
    ts.push_back({p + "ln_f.bias", {C}, 0, 0.02f});
    if (untied) ts.push_back({"lm_head.weight", {vocab, C}, 0, 0.02f});

    const std::size_t esize = dtype == "F32" ? 4 : 2;
    nlohmann::ordered_json header;
    header["__metadata__"] = {{"format", "pt"}};
    std::size_t offset = 0;
    for (const auto& t : ts) {
        std::size_t n = 1;
        for (auto d : t.shape) n *= static_cast<std::size_t>(d);
        header[t.name] = {
            {"dtype", dtype}, {"shape", t.shape}, {"data_offsets", {offset, offset + n * esize}}};
        offset += n * esize;
    }
    std::string hs = header.dump();
    while ((hs.size() + 8) % 8) hs.push_back(' ');
    std::ofstream f(out / "model.safetensors", std::ios::binary);
    std::uint64_t hl = hs.size();
    unsigned char lb[8];
    for (int i = 0; i < 8; ++i) lb[i] = static_cast<unsigned char>(hl >> (8 * i));
    f.write(reinterpret_cast<const char*>(lb), 8);
    f.write(hs.data(), static_cast<std::streamsize>(hs.size()));
    ts_tools::SplitMix rng{seed};  // the generator make_random_model uses
    for (const auto& t : ts) {
        std::size_t n = 1;
        for (auto d : t.shape) n *= static_cast<std::size_t>(d);
        std::vector<float> v(n);
        rng.normals(v.data(), n, t.mean, t.sd * sdScale);
        if (dtype == "F32") {
            f.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(n * 4));
        } else {
            std::vector<std::uint16_t> h(n);
            for (std::size_t i = 0; i < n; ++i)
                h[i] = dtype == "F16" ? ts::st::f32ToF16(v[i]) : ts::st::f32ToBf16(v[i]);
            f.write(reinterpret_cast<const char*>(h.data()), static_cast<std::streamsize>(n * 2));
        }
    }
    if (!f) {
        std::cerr << "error writing " << (out / "model.safetensors") << "\n";
        return 1;
    }
    nlohmann::ordered_json cfg = {{"activation_function", "gelu_new"},
                                  {"architectures", {"GPT2LMHeadModel"}},
                                  {"bos_token_id", 50256},
                                  {"eos_token_id", 50256},
                                  {"layer_norm_epsilon", 1e-5},
                                  {"model_type", "gpt2"},
                                  {"n_embd", embd},
                                  {"n_head", heads},
                                  {"n_inner", nullptr},
                                  {"n_layer", layers},
                                  {"n_positions", ctx},
                                  {"scale_attn_by_inverse_layer_idx", false},
                                  {"tie_word_embeddings", !untied},
                                  {"vocab_size", vocab}};
    std::ofstream(out / "config.json") << cfg.dump(2) << "\n";
    std::cout << "wrote " << out.string() << " (" << dtype << ", " << offset
              << " bytes of weights)\n";
    return 0;
}
