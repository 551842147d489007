#pragma once
// One list of each architecture's tensors, named in both schemes a model comes in: Hugging Face's
// safetensors names and llama.cpp's GGUF names. The loaders of both formats (model_load_*.cpp,
// gguf_model*.cpp) and the test tool that converts one into the other (tests/tools/gguf_from_hf)
// all take their names from here, so a family added or renamed is one table's change.
//
// Two tables: GPT-2 (its Hugging Face names after the optional "transformer." prefix) and the
// Llama family (llama, mistral, qwen2, qwen3, exaone, exaone4, gemma3, granite, hyperclovax,
// smollm3), whose Hugging Face names follow the decoder's prefix ("model.", Gemma 3's
// "model.language_model.", EXAONE 3.5's "transformer."). Where a family names a norm its own way
// the table says so by model_type, never by guessing from what a file holds: Llama's
// post_attention_layernorm is the norm before the MLP, EXAONE 4's and Gemma 3's the norm of the
// attention output.
#include <string>

namespace ts {

// What a tensor is, whatever it is called. Per layer unless noted.
enum class TensorRole {
    TokenEmbedding,     // outside the layers
    PositionEmbedding,  // outside the layers (GPT-2)
    AttnNorm,           // the norm before attention
    Qkv,                // GPT-2's fused query, key and value projection
    Q,
    K,
    V,
    Out,    // the attention's output projection
    QNorm,  // per-head norms of queries and keys (Qwen 3, EXAONE 4, Gemma 3)
    KNorm,
    FfnNorm,       // the norm before the MLP
    PostAttnNorm,  // the norm of the attention's output (EXAONE 4, Gemma 3, HyperCLOVA X)
    PostFfnNorm,   // the norm of the MLP's output
    Gate,
    Up,  // GPT-2's c_fc
    Down,
    FinalNorm,  // outside the layers
};

enum class NameScheme { HuggingFace, Gguf };

// The name of the role's weight tensor in `layer` (ignored outside the layers) for a model of
// `modelType` ("gpt2" or a Llama-family type). Hugging Face names start with `hfPrefix` (the
// decoder's prefix; "" for GPT-2, whose prefix the loader tries both ways). Throws ts::Error for a
// role the architecture does not have.
std::string tensorName(const std::string& modelType, NameScheme scheme, TensorRole role,
                       int layer = 0, const std::string& hfPrefix = std::string());

// A Llama-family layer's weight names in one scheme, one per role (the roles a config does not
// switch on are named all the same, and never looked up).
struct LayerTensorNames {
    std::string attnNorm, q, k, v, out, qNorm, kNorm, ffnNorm, postAttnNorm, postFfnNorm, gate, up,
        down;
};
LayerTensorNames layerTensorNames(const std::string& modelType, NameScheme scheme, int layer,
                                  const std::string& hfPrefix = std::string());

// The bias beside a weight: "x.weight" -> "x.bias" (both schemes end names so).
std::string biasName(const std::string& weightName);

// The decoder's Hugging Face prefix when the file does not say otherwise: "transformer." for
// EXAONE 3.5, "" for GPT-2 (tried with and without "transformer."), "model." for the rest.
std::string defaultHfPrefix(const std::string& modelType);

}  // namespace ts
