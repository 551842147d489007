#pragma once
// Writes random-weight Hugging Face model folders (config.json + safetensors, optionally
// sharded with model.safetensors.index.json) with the tensor names and shapes the published
// checkpoints use: GPT-2 (Conv1D [in, out], "transformer." prefix) and the Llama family
// (llama, mistral, qwen2, qwen3: model.layers.N.self_attn.q_proj.weight ...). Used by the
// benchmark tool make_random_model and by engine tests that need configurations no fixture
// has (llama3 rope scaling, tied heads, head_dim != hidden/heads, BF16 storage). Tensors are
// generated and written one at a time, so a 1 GB folder needs little memory.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "formats/safetensors.hpp"

namespace ts_tools {

struct SplitMix {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    double uniform() {
        return (static_cast<double>(next() >> 11) + 0.5) * (1.0 / 9007199254740992.0);
    }
    void normals(float* out, std::size_t n, float mean, float sd) {
        for (std::size_t i = 0; i < n; i += 2) {
            const double r = std::sqrt(-2.0 * std::log(uniform()));
            const double a = 6.283185307179586 * uniform();
            out[i] = mean + sd * static_cast<float>(r * std::cos(a));
            if (i + 1 < n) out[i + 1] = mean + sd * static_cast<float>(r * std::sin(a));
        }
    }
};

struct RandomTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    float mean, sd;
    std::size_t numel() const {
        std::size_t n = 1;
        for (auto d : shape) n *= static_cast<std::size_t>(d);
        return n;
    }
};

struct RandomModelSpec {
    nlohmann::ordered_json config;  // written as config.json; model_type picks the names
    std::string dtype = "F32";      // storage: F32, F16 or BF16
    std::string roundTo;            // "F16"/"BF16": F32 storage of values rounded to that type
    std::uint64_t seed = 1;
    float weightScale = 0.02f;  // standard deviation of the projections
    int shards = 1;             // > 1 writes model-0000k-of-0000n.safetensors + index
    bool gpt2Prefix = true;     // GPT-2 names with "transformer."
};

inline int cfgInt(const nlohmann::ordered_json& c, const char* k, int fallback) {
    return c.contains(k) && c[k].is_number() ? c[k].get<int>() : fallback;
}
inline bool cfgBool(const nlohmann::ordered_json& c, const char* k, bool fallback) {
    return c.contains(k) && c[k].is_boolean() ? c[k].get<bool>() : fallback;
}

// The tensors of a checkpoint with this config, in the order the published files list them.
inline std::vector<RandomTensor> tensorList(const RandomModelSpec& spec) {
    const auto& c = spec.config;
    const std::string type = c.at("model_type").get<std::string>();
    const float s = spec.weightScale;
    std::vector<RandomTensor> t;
    if (type == "gpt2") {
        const std::int64_t C = cfgInt(c, "n_embd", 768), V = cfgInt(c, "vocab_size", 50257),
                           N = cfgInt(c, "n_positions", 1024), L = cfgInt(c, "n_layer", 12);
        const std::int64_t I =
            c.contains("n_inner") && c["n_inner"].is_number() ? c["n_inner"].get<int>() : 4 * C;
        const std::string p = spec.gpt2Prefix ? "transformer." : "";
        t.push_back({p + "wte.weight", {V, C}, 0, s});
        t.push_back({p + "wpe.weight", {N, C}, 0, s / 2});
        for (std::int64_t l = 0; l < L; ++l) {
            const std::string h = p + "h." + std::to_string(l) + ".";
            t.push_back({h + "ln_1.weight", {C}, 1, 0.05f});
            t.push_back({h + "ln_1.bias", {C}, 0, 0.02f});
            t.push_back({h + "attn.c_attn.weight", {C, 3 * C}, 0, s});
            t.push_back({h + "attn.c_attn.bias", {3 * C}, 0, 0.02f});
            t.push_back({h + "attn.c_proj.weight", {C, C}, 0, s});
            t.push_back({h + "attn.c_proj.bias", {C}, 0, 0.02f});
            t.push_back({h + "ln_2.weight", {C}, 1, 0.05f});
            t.push_back({h + "ln_2.bias", {C}, 0, 0.02f});
            t.push_back({h + "mlp.c_fc.weight", {C, I}, 0, s});
            t.push_back({h + "mlp.c_fc.bias", {I}, 0, 0.02f});
            t.push_back({h + "mlp.c_proj.weight", {I, C}, 0, s});
            t.push_back({h + "mlp.c_proj.bias", {C}, 0, 0.02f});
        }
        t.push_back({p + "ln_f.weight", {C}, 1, 0.05f});
        t.push_back({p + "ln_f.bias", {C}, 0, 0.02f});
        if (!cfgBool(c, "tie_word_embeddings", true)) t.push_back({"lm_head.weight", {V, C}, 0, s});
        return t;
    }
    const std::int64_t C = cfgInt(c, "hidden_size", 0), V = cfgInt(c, "vocab_size", 0),
                       L = cfgInt(c, "num_hidden_layers", 0),
                       H = cfgInt(c, "num_attention_heads", 0),
                       I = cfgInt(c, "intermediate_size", 0);
    const std::int64_t KVH = cfgInt(c, "num_key_value_heads", static_cast<int>(H));
    const std::int64_t hd = cfgInt(c, "head_dim", static_cast<int>(C / H));
    const bool qwen2 = type == "qwen2", qwen3 = type == "qwen3",
               gemma3 = type == "gemma3_text" || type == "gemma3";
    // Gemma 3 stores its norms' weights as w for a 1 + w scale: near 0, not near 1.
    const float normMean = gemma3 ? 0.0f : 1.0f;
    const bool attnBias = cfgBool(c, "attention_bias", false),
               mlpBias = cfgBool(c, "mlp_bias", false);
    t.push_back({"model.embed_tokens.weight", {V, C}, 0, s});
    for (std::int64_t l = 0; l < L; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        t.push_back({p + "input_layernorm.weight", {C}, normMean, 0.05f});
        t.push_back({p + "self_attn.q_proj.weight", {H * hd, C}, 0, s});
        if (qwen2 || attnBias) t.push_back({p + "self_attn.q_proj.bias", {H * hd}, 0, 0.1f});
        t.push_back({p + "self_attn.k_proj.weight", {KVH * hd, C}, 0, s});
        if (qwen2 || attnBias) t.push_back({p + "self_attn.k_proj.bias", {KVH * hd}, 0, 0.1f});
        t.push_back({p + "self_attn.v_proj.weight", {KVH * hd, C}, 0, s});
        if (qwen2 || attnBias) t.push_back({p + "self_attn.v_proj.bias", {KVH * hd}, 0, 0.1f});
        t.push_back({p + "self_attn.o_proj.weight", {C, H * hd}, 0, s});
        if (attnBias && !qwen2) t.push_back({p + "self_attn.o_proj.bias", {C}, 0, 0.1f});
        if (qwen3 || gemma3) {
            t.push_back({p + "self_attn.q_norm.weight", {hd}, normMean, 0.1f});
            t.push_back({p + "self_attn.k_norm.weight", {hd}, normMean, 0.1f});
        }
        // Gemma 3 norms the attention's output and both sides of the MLP.
        t.push_back({p + "post_attention_layernorm.weight", {C}, normMean, 0.05f});
        if (gemma3) {
            t.push_back({p + "pre_feedforward_layernorm.weight", {C}, 0, 0.05f});
            t.push_back({p + "post_feedforward_layernorm.weight", {C}, 0, 0.05f});
        }
        t.push_back({p + "mlp.gate_proj.weight", {I, C}, 0, s});
        t.push_back({p + "mlp.up_proj.weight", {I, C}, 0, s});
        t.push_back({p + "mlp.down_proj.weight", {C, I}, 0, s});
        if (mlpBias) {
            t.push_back({p + "mlp.gate_proj.bias", {I}, 0, 0.1f});
            t.push_back({p + "mlp.up_proj.bias", {I}, 0, 0.1f});
            t.push_back({p + "mlp.down_proj.bias", {C}, 0, 0.1f});
        }
    }
    t.push_back({"model.norm.weight", {C}, normMean, 0.05f});
    if (!cfgBool(c, "tie_word_embeddings", false)) t.push_back({"lm_head.weight", {V, C}, 0, s});
    return t;
}

// Writes the folder; returns the bytes of weights written.
inline std::size_t writeRandomModel(const std::filesystem::path& dir, const RandomModelSpec& spec) {
    namespace fs = std::filesystem;
    fs::create_directories(dir);
    const auto tensors = tensorList(spec);
    const std::size_t es = spec.dtype == "F32" ? 4 : 2;
    const int shards = std::max(1, spec.shards);
    // tensors in order, split into `shards` runs of about equal size
    std::size_t total = 0;
    for (const auto& t : tensors) total += t.numel() * es;
    std::vector<int> shardOf;
    {
        std::size_t acc = 0;
        for (const auto& t : tensors) {
            shardOf.push_back(
                std::min(shards - 1, static_cast<int>(acc * static_cast<std::size_t>(shards) /
                                                      std::max<std::size_t>(total, 1))));
            acc += t.numel() * es;
        }
    }
    auto shardName = [&](int k) {
        if (shards == 1) return std::string("model.safetensors");
        char b[64];
        std::snprintf(b, sizeof b, "model-%05d-of-%05d.safetensors", k + 1, shards);
        return std::string(b);
    };
    SplitMix rng{spec.seed};
    nlohmann::ordered_json weightMap;
    for (int k = 0; k < shards; ++k) {
        nlohmann::ordered_json header;
        header["__metadata__"] = {{"format", "pt"}};
        std::size_t offset = 0;
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            if (shardOf[i] != k) continue;
            const std::size_t n = tensors[i].numel() * es;
            header[tensors[i].name] = {{"dtype", spec.dtype},
                                       {"shape", tensors[i].shape},
                                       {"data_offsets", {offset, offset + n}}};
            weightMap[tensors[i].name] = shardName(k);
            offset += n;
        }
        std::string hs = header.dump();
        while (hs.size() % 8) hs.push_back(' ');
        std::ofstream f(dir / shardName(k), std::ios::binary);
        unsigned char lb[8];
        for (int b = 0; b < 8; ++b)
            lb[b] = static_cast<unsigned char>(static_cast<std::uint64_t>(hs.size()) >> (8 * b));
        f.write(reinterpret_cast<const char*>(lb), 8);
        f.write(hs.data(), static_cast<std::streamsize>(hs.size()));
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            if (shardOf[i] != k) continue;
            const std::size_t n = tensors[i].numel();
            std::vector<float> v(n);
            rng.normals(v.data(), n, tensors[i].mean, tensors[i].sd);
            if (spec.dtype == "F32") {
                if (!spec.roundTo.empty())
                    for (float& x : v) {
                        const std::uint16_t h =
                            spec.roundTo == "F16" ? ts::st::f32ToF16(x) : ts::st::f32ToBf16(x);
                        x = spec.roundTo == "F16" ? ts::st::f16ToF32(h) : ts::st::bf16ToF32(h);
                    }
                f.write(reinterpret_cast<const char*>(v.data()),
                        static_cast<std::streamsize>(n * 4));
            } else {
                std::vector<std::uint16_t> h(n);
                for (std::size_t j = 0; j < n; ++j)
                    h[j] = spec.dtype == "F16" ? ts::st::f32ToF16(v[j]) : ts::st::f32ToBf16(v[j]);
                f.write(reinterpret_cast<const char*>(h.data()),
                        static_cast<std::streamsize>(n * 2));
            }
        }
        if (!f) throw std::runtime_error("error writing " + (dir / shardName(k)).string());
    }
    if (shards > 1) {
        nlohmann::ordered_json index = {{"metadata", {{"total_size", total}}},
                                        {"weight_map", weightMap}};
        std::ofstream(dir / "model.safetensors.index.json") << index.dump(2) << "\n";
    }
    std::ofstream(dir / "config.json") << spec.config.dump(2) << "\n";
    return total;
}

// The configs of published checkpoints, field for field (random weights only).
inline nlohmann::ordered_json qwen25HalfBConfig() {
    return {{"architectures", {"Qwen2ForCausalLM"}},
            {"attention_dropout", 0.0},
            {"bos_token_id", 151643},
            {"eos_token_id", 151645},
            {"hidden_act", "silu"},
            {"hidden_size", 896},
            {"initializer_range", 0.02},
            {"intermediate_size", 4864},
            {"max_position_embeddings", 32768},
            {"max_window_layers", 21},
            {"model_type", "qwen2"},
            {"num_attention_heads", 14},
            {"num_hidden_layers", 24},
            {"num_key_value_heads", 2},
            {"rms_norm_eps", 1e-06},
            {"rope_theta", 1000000.0},
            {"sliding_window", 32768},
            {"tie_word_embeddings", true},
            {"torch_dtype", "bfloat16"},
            {"transformers_version", "4.43.1"},
            {"use_cache", true},
            {"use_sliding_window", false},
            {"vocab_size", 151936}};
}

// google/gemma-3-270m: a 262,144-entry vocabulary, 4 query heads of 256 over one key/value
// head, five sliding (512) layers to one global.
inline nlohmann::ordered_json gemma3_270mConfig() {
    nlohmann::ordered_json layerTypes = nlohmann::ordered_json::array();
    for (int l = 0; l < 18; ++l)
        layerTypes.push_back(l % 6 < 5 ? "sliding_attention" : "full_attention");
    return {{"architectures", {"Gemma3ForCausalLM"}},
            {"attention_bias", false},
            {"attention_dropout", 0.0},
            {"attn_logit_softcapping", nullptr},
            {"bos_token_id", 2},
            {"eos_token_id", 1},
            {"final_logit_softcapping", nullptr},
            {"head_dim", 256},
            {"hidden_activation", "gelu_pytorch_tanh"},
            {"hidden_size", 640},
            {"initializer_range", 0.02},
            {"intermediate_size", 2048},
            {"layer_types", layerTypes},
            {"max_position_embeddings", 32768},
            {"model_type", "gemma3_text"},
            {"num_attention_heads", 4},
            {"num_hidden_layers", 18},
            {"num_key_value_heads", 1},
            {"pad_token_id", 0},
            {"query_pre_attn_scalar", 256},
            {"rms_norm_eps", 1e-06},
            {"rope_local_base_freq", 10000.0},
            {"rope_scaling", nullptr},
            {"rope_theta", 1000000.0},
            {"sliding_window", 512},
            {"tie_word_embeddings", true},
            {"torch_dtype", "bfloat16"},
            {"use_cache", true},
            {"vocab_size", 262144}};
}

inline nlohmann::ordered_json gpt2SmallConfig() {
    return {{"activation_function", "gelu_new"},
            {"architectures", {"GPT2LMHeadModel"}},
            {"bos_token_id", 50256},
            {"eos_token_id", 50256},
            {"layer_norm_epsilon", 1e-5},
            {"model_type", "gpt2"},
            {"n_ctx", 1024},
            {"n_embd", 768},
            {"n_head", 12},
            {"n_inner", nullptr},
            {"n_layer", 12},
            {"n_positions", 1024},
            {"scale_attn_by_inverse_layer_idx", false},
            {"tie_word_embeddings", true},
            {"vocab_size", 50257}};
}

// A one-layer GPT-2 shape, 32 wide, with a context of 4,224 positions and a vocabulary of the
// 256 single bytes (read with the bundled model's tokenizer, whose first 256 ids they are): the
// long runs of the history test and tests/tools/measure_history.cpp, cheap per step.
inline RandomModelSpec longContextByteGpt2Spec() {
    auto cfg = gpt2SmallConfig();
    cfg["n_embd"] = 32;
    cfg["n_head"] = 2;
    cfg["n_layer"] = 1;
    cfg["n_positions"] = 4224;
    cfg["n_ctx"] = 4224;
    cfg["vocab_size"] = 256;
    cfg["bos_token_id"] = 255;
    cfg["eos_token_id"] = 255;
    RandomModelSpec spec;
    spec.config = cfg;
    spec.seed = 11;
    return spec;
}

inline nlohmann::ordered_json smolLm2Config() {  // SmolLM2-135M(-Instruct)
    return {{"architectures", {"LlamaForCausalLM"}},
            {"attention_bias", false},
            {"attention_dropout", 0.0},
            {"bos_token_id", 1},
            {"eos_token_id", 2},
            {"hidden_act", "silu"},
            {"hidden_size", 576},
            {"initializer_range", 0.041666666666666664},
            {"intermediate_size", 1536},
            {"max_position_embeddings", 8192},
            {"mlp_bias", false},
            {"model_type", "llama"},
            {"num_attention_heads", 9},
            {"num_hidden_layers", 30},
            {"num_key_value_heads", 3},
            {"pretraining_tp", 1},
            {"rms_norm_eps", 1e-05},
            {"rope_scaling", nullptr},
            {"rope_theta", 100000},
            {"tie_word_embeddings", true},
            {"torch_dtype", "bfloat16"},
            {"transformers_version", "4.42.3"},
            {"use_cache", true},
            {"vocab_size", 49152}};
}

}  // namespace ts_tools
