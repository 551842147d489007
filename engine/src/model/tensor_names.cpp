// The tensor tables (see tensor_names.hpp). "#" stands for the layer number.
#include "model/tensor_names.hpp"

#include "tokenscope/error.hpp"

namespace ts {
namespace {

struct Naming {
    TensorRole role;
    const char* hf;
    const char* gguf;
};

constexpr Naming kGpt2[] = {
    {TensorRole::TokenEmbedding, "wte", "token_embd"},
    {TensorRole::PositionEmbedding, "wpe", "position_embd"},
    {TensorRole::AttnNorm, "h.#.ln_1", "blk.#.attn_norm"},
    {TensorRole::Qkv, "h.#.attn.c_attn", "blk.#.attn_qkv"},
    {TensorRole::Out, "h.#.attn.c_proj", "blk.#.attn_output"},
    {TensorRole::FfnNorm, "h.#.ln_2", "blk.#.ffn_norm"},
    {TensorRole::Up, "h.#.mlp.c_fc", "blk.#.ffn_up"},
    {TensorRole::Down, "h.#.mlp.c_proj", "blk.#.ffn_down"},
    {TensorRole::FinalNorm, "ln_f", "output_norm"},
};

constexpr Naming kLlama[] = {
    {TensorRole::TokenEmbedding, "embed_tokens", "token_embd"},
    {TensorRole::AttnNorm, "layers.#.input_layernorm", "blk.#.attn_norm"},
    {TensorRole::Q, "layers.#.self_attn.q_proj", "blk.#.attn_q"},
    {TensorRole::K, "layers.#.self_attn.k_proj", "blk.#.attn_k"},
    {TensorRole::V, "layers.#.self_attn.v_proj", "blk.#.attn_v"},
    {TensorRole::Out, "layers.#.self_attn.o_proj", "blk.#.attn_output"},
    {TensorRole::QNorm, "layers.#.self_attn.q_norm", "blk.#.attn_q_norm"},
    {TensorRole::KNorm, "layers.#.self_attn.k_norm", "blk.#.attn_k_norm"},
    {TensorRole::FfnNorm, "layers.#.post_attention_layernorm", "blk.#.ffn_norm"},
    {TensorRole::PostAttnNorm, "layers.#.post_attention_layernorm", "blk.#.post_attention_norm"},
    {TensorRole::PostFfnNorm, "layers.#.post_feedforward_layernorm", "blk.#.post_ffw_norm"},
    {TensorRole::Gate, "layers.#.mlp.gate_proj", "blk.#.ffn_gate"},
    {TensorRole::Up, "layers.#.mlp.up_proj", "blk.#.ffn_up"},
    {TensorRole::Down, "layers.#.mlp.down_proj", "blk.#.ffn_down"},
    {TensorRole::FinalNorm, "norm", "output_norm"},
};

// Families that name some Hugging Face tensors their own way (their GGUF names are Llama's).
struct Rename {
    const char* modelType;
    TensorRole role;
    const char* hf;
};

constexpr Rename kRenames[] = {
    // Gemma 3: four norms a layer; the one before the MLP is the "pre" feed-forward norm.
    {"gemma3", TensorRole::FfnNorm, "layers.#.pre_feedforward_layernorm"},
    // HyperCLOVA X (Peri-LN): the output norms are post_norm1 and post_norm2.
    {"hyperclovax", TensorRole::PostAttnNorm, "layers.#.post_norm1"},
    {"hyperclovax", TensorRole::PostFfnNorm, "layers.#.post_norm2"},
    // EXAONE 3.5: GPT-2-like names; c_fc_0 is the gate, c_fc_1 the up projection.
    {"exaone", TensorRole::TokenEmbedding, "wte"},
    {"exaone", TensorRole::AttnNorm, "h.#.ln_1"},
    {"exaone", TensorRole::Q, "h.#.attn.attention.q_proj"},
    {"exaone", TensorRole::K, "h.#.attn.attention.k_proj"},
    {"exaone", TensorRole::V, "h.#.attn.attention.v_proj"},
    {"exaone", TensorRole::Out, "h.#.attn.attention.out_proj"},
    {"exaone", TensorRole::FfnNorm, "h.#.ln_2"},
    {"exaone", TensorRole::Gate, "h.#.mlp.c_fc_0"},
    {"exaone", TensorRole::Up, "h.#.mlp.c_fc_1"},
    {"exaone", TensorRole::Down, "h.#.mlp.c_proj"},
    {"exaone", TensorRole::FinalNorm, "ln_f"},
};

std::string withLayer(const char* pattern, int layer) {
    std::string s(pattern);
    if (const auto at = s.find('#'); at != std::string::npos)
        s.replace(at, 1, std::to_string(layer));
    return s + ".weight";
}

}  // namespace

std::string tensorName(const std::string& modelType, NameScheme scheme, TensorRole role, int layer,
                       const std::string& hfPrefix) {
    const bool gpt2 = modelType == "gpt2";
    if (scheme == NameScheme::HuggingFace && !gpt2)
        for (const Rename& r : kRenames)
            if (r.role == role && modelType == r.modelType)
                return hfPrefix + withLayer(r.hf, layer);
    auto find = [&](const auto& table) -> std::string {
        for (const Naming& n : table)
            if (n.role == role)
                return scheme == NameScheme::Gguf ? withLayer(n.gguf, layer)
                                                  : hfPrefix + withLayer(n.hf, layer);
        throw Error("internal: " + modelType + " has no tensor of role " +
                    std::to_string(static_cast<int>(role)));
    };
    return gpt2 ? find(kGpt2) : find(kLlama);
}

LayerTensorNames layerTensorNames(const std::string& modelType, NameScheme scheme, int layer,
                                  const std::string& hfPrefix) {
    auto name = [&](TensorRole role) {
        return tensorName(modelType, scheme, role, layer, hfPrefix);
    };
    using R = TensorRole;
    return {name(R::AttnNorm),     name(R::Q),           name(R::K),     name(R::V),
            name(R::Out),          name(R::QNorm),       name(R::KNorm), name(R::FfnNorm),
            name(R::PostAttnNorm), name(R::PostFfnNorm), name(R::Gate),  name(R::Up),
            name(R::Down)};
}

std::string biasName(const std::string& weightName) {
    const std::string tail = ".weight";
    if (weightName.size() > tail.size() &&
        weightName.compare(weightName.size() - tail.size(), tail.size(), tail) == 0)
        return weightName.substr(0, weightName.size() - tail.size()) + ".bias";
    return weightName + ".bias";
}

std::string defaultHfPrefix(const std::string& modelType) {
    if (modelType == "gpt2") return "";
    return modelType == "exaone" ? "transformer." : "model.";
}

}  // namespace ts
