#pragma once
// Hyper-parameters named as in the checkpoint, plus architecture switches, so that GPT-2,
// Llama (SmolLM2, TinyLlama, Mistral without its sliding window), Qwen2 and Qwen3 are all
// one forward pass with different settings (as zeux/calm does) rather than a class
// hierarchy. The parser reads a Hugging Face config.json and refuses, by name, any field
// value the forward pass does not implement.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace ts {

enum class Activation { GeluTanh, GeluExact, Relu, Silu };
enum class NormKind { LayerNorm, RmsNorm };
enum class PositionKind { Learned, Rope };

// How RoPE's inverse frequencies are derived from rope_theta (rope_scaling / rope_parameters).
struct RopeScaling {
    // Factors: GGUF's rope_freqs.weight, one divisor per frequency (llama.cpp's converter
    // writes Llama 3.x's llama3 scaling this way instead of its four numbers).
    enum class Type { None, Linear, Llama3, Factors };
    Type type = Type::None;
    double factor = 1.0;
    double lowFreqFactor = 1.0;   // llama3
    double highFreqFactor = 4.0;  // llama3
    int originalContext = 8192;   // llama3: original_max_position_embeddings
    std::vector<float> factors;   // Factors: [head_dim / 2] divisors of the inverse frequencies
};

struct Config {
    // gpt2, llama, qwen2, qwen3 (mistral reads as llama), exaone4, gemma3 (gemma3_text and a
    // gemma3 with text_config read as gemma3), exaone, granite, smollm3
    std::string modelType = "gpt2";
    int nVocab = 0;
    int nCtx = 0;     // n_positions / max_position_embeddings
    int nEmbd = 0;    // hidden_size
    int nHead = 0;    // query heads
    int nKvHead = 0;  // key/value heads (grouped-query attention); 0 = nHead
    int nLayer = 0;
    int nInner = 0;              // MLP width; 4 * nEmbd when a GPT-2 checkpoint says null
    int headDimension = 0;       // head_dim from the config; 0 = nEmbd / nHead
    float layerNormEps = 1e-5f;  // layer_norm_epsilon or rms_norm_eps
    Activation activation = Activation::GeluTanh;
    bool scaleAttnByInverseLayerIdx = false;
    int bosTokenId = -1;
    int eosTokenId = -1;           // the first of eosTokenIds
    std::vector<int> eosTokenIds;  // all of them (instruct models list several)

    // Architecture switches (GPT-2 defaults).
    NormKind norm = NormKind::LayerNorm;
    PositionKind positions = PositionKind::Learned;
    bool gatedMlp = false;       // SwiGLU: down(act(gate(x)) * up(x))
    bool qkvBias = true;         // biases on the query/key/value projections
    bool outBias = true;         // bias on the attention output projection
    bool mlpBias = true;         // biases on the MLP projections
    bool qkNorm = false;         // per-head RMSNorm on queries and keys (Qwen3)
    bool tiedEmbeddings = true;  // output head = token embedding
    double ropeTheta = 10000.0;
    RopeScaling ropeScaling;
    // RoPE pairs dimensions (2i, 2i+1) of a head instead of (i, i + head_dim/2). Set for
    // GGUF `llama` files: llama.cpp's converter permuted their query/key rows so that the
    // adjacent pairing computes exactly what transformers' rotate-half pairing computes on
    // the original rows (attention scores only need q and k in the same order).
    bool ropeAdjacentPairs = false;

    // Where a layer's norms sit (keyed on model_type, never on tensor names: EXAONE 4 and
    // Gemma 3 both reuse Llama's name post_attention_layernorm for another norm).
    //   preNorms:  norm the residual before attention and before the MLP (GPT-2, Llama,
    //              Gemma 3); false for EXAONE 4, which has no input norms.
    //   postNorms: RMSNorm on the attention output and on the MLP output before each is added
    //              to the residual (EXAONE 4; Gemma 3 has both, four norms a layer).
    bool preNorms = true;
    bool postNorms = false;
    // Gemma's RMSNorm multiplies by (1 + w): Hugging Face files store w (the loader adds 1 in
    // fp32, as Gemma3RMSNorm does), llama.cpp's converter stores 1 + w already.
    bool normAddsOne = false;
    // The embedding row times this (Gemma: sqrt(hidden_size), rounded to the weight type as
    // transformers does; Granite / HyperCLOVA X: embedding_multiplier).
    double embeddingMultiplier = 1.0;
    // Attention scores are q.k times this; 0 = 1/sqrt(head_dim). Gemma 3:
    // query_pre_attn_scalar^-0.5; Granite: attention_multiplier.
    double attentionScale = 0.0;
    double attnSoftcap = 0.0;         // scores -> cap * tanh(scores / cap) when > 0 (Gemma 2 style)
    double finalSoftcap = 0.0;        // logits -> cap * tanh(logits / cap) when > 0
    double residualMultiplier = 1.0;  // each sublayer's output times this (Granite μP)
    double logitMultiplier = 1.0;     // logits times this (Granite: 1 / logits_scaling)
    // Sliding-window layers: a query at position i sees keys j with i - W < j <= i.
    int slidingWindow = 0;                   // W; 0 = no layer slides
    std::vector<std::uint8_t> layerSliding;  // [nLayer] 1 = local (sliding) layer; empty = none
    std::vector<std::uint8_t> layerNoRope;   // [nLayer] 1 = no rotation (NoPE); empty = none
    double ropeLocalTheta = 0.0;  // RoPE base of the sliding layers (0 = rope_theta, same scaling)

    bool isSliding(int layer) const {
        return slidingWindow > 0 && layer >= 0 &&
               static_cast<std::size_t>(layer) < layerSliding.size() &&
               layerSliding[static_cast<std::size_t>(layer)] != 0;
    }
    bool usesRope(int layer) const {
        return positions == PositionKind::Rope &&
               !(layer >= 0 && static_cast<std::size_t>(layer) < layerNoRope.size() &&
                 layerNoRope[static_cast<std::size_t>(layer)] != 0);
    }

    int headDim() const { return headDimension > 0 ? headDimension : nEmbd / nHead; }
    int kvHeads() const { return nKvHead > 0 ? nKvHead : nHead; }
    int qDim() const { return nHead * headDim(); }       // width of all queries
    int kvDim() const { return kvHeads() * headDim(); }  // width of all keys (or values)
    bool isGpt2() const { return modelType == "gpt2"; }

    // Parses a Hugging Face config.json; throws ts::Error naming the file and the field.
    static Config fromJsonFile(const std::filesystem::path& path);
    static Config fromJsonText(const std::string& text, const std::string& whereForErrors);
    // Throws ts::Error when fields contradict each other (heads not dividing the width...).
    void validate(const std::string& whereForErrors) const;
};

// The FLOPs (multiply-adds counted as 2) of one forward pass over `tokens` tokens that start at
// position `startPosition` with only the last position's logits: what a trace reports in
// cost.flops, without running the model (for time estimates from a measured FLOP rate).
double forwardFlops(const Config& config, int tokens, int startPosition);

}  // namespace ts
