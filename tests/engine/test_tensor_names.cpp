// The one tensor table (engine/src/model/tensor_names.hpp) names each role as transformers'
// modeling files and llama.cpp's converter do (llama.cpp's gguf-py tensor_mapping lists both
// names side by side); the loaders of both formats and gguf_from_hf read their names from it.
#include "catch.hpp"
#include "model/tensor_names.hpp"
#include "tokenscope/error.hpp"

using ts::NameScheme;
using ts::tensorName;
using ts::TensorRole;

TEST_CASE("the tensor table names a Llama layer in both schemes", "[engine][tensor-names]") {
    const auto hf = ts::layerTensorNames("qwen3", NameScheme::HuggingFace, 7, "model.");
    const auto gg = ts::layerTensorNames("qwen3", NameScheme::Gguf, 7);
    CHECK(hf.q == "model.layers.7.self_attn.q_proj.weight");
    CHECK(gg.q == "blk.7.attn_q.weight");
    CHECK(hf.kNorm == "model.layers.7.self_attn.k_norm.weight");
    CHECK(gg.kNorm == "blk.7.attn_k_norm.weight");
    CHECK(hf.out == "model.layers.7.self_attn.o_proj.weight");
    CHECK(gg.out == "blk.7.attn_output.weight");
    // Llama's post_attention_layernorm is the norm before the MLP: ffn_norm in GGUF.
    CHECK(hf.ffnNorm == "model.layers.7.post_attention_layernorm.weight");
    CHECK(gg.ffnNorm == "blk.7.ffn_norm.weight");
    CHECK(hf.down == "model.layers.7.mlp.down_proj.weight");
    CHECK(gg.down == "blk.7.ffn_down.weight");
    CHECK(tensorName("llama", NameScheme::Gguf, TensorRole::TokenEmbedding) == "token_embd.weight");
    CHECK(tensorName("llama", NameScheme::HuggingFace, TensorRole::FinalNorm, 0, "model.") ==
          "model.norm.weight");
    CHECK(ts::biasName(gg.q) == "blk.7.attn_q.bias");
    CHECK(ts::biasName(hf.v) == "model.layers.7.self_attn.v_proj.bias");
}

TEST_CASE("families that name their norms their own way", "[engine][tensor-names]") {
    // EXAONE 4 and Gemma 3: post_attention_layernorm is the norm of the attention's output.
    const auto exaone4 = ts::layerTensorNames("exaone4", NameScheme::HuggingFace, 0, "model.");
    CHECK(exaone4.postAttnNorm == "model.layers.0.post_attention_layernorm.weight");
    CHECK(exaone4.postFfnNorm == "model.layers.0.post_feedforward_layernorm.weight");
    const auto gemma =
        ts::layerTensorNames("gemma3", NameScheme::HuggingFace, 2, "model.language_model.");
    CHECK(gemma.ffnNorm == "model.language_model.layers.2.pre_feedforward_layernorm.weight");
    CHECK(gemma.postAttnNorm == "model.language_model.layers.2.post_attention_layernorm.weight");
    const auto gemmaGguf = ts::layerTensorNames("gemma3", NameScheme::Gguf, 2);
    CHECK(gemmaGguf.postAttnNorm == "blk.2.post_attention_norm.weight");
    CHECK(gemmaGguf.postFfnNorm == "blk.2.post_ffw_norm.weight");
    // HyperCLOVA X's Peri-LN
    const auto clova = ts::layerTensorNames("hyperclovax", NameScheme::HuggingFace, 1, "model.");
    CHECK(clova.postAttnNorm == "model.layers.1.post_norm1.weight");
    CHECK(clova.postFfnNorm == "model.layers.1.post_norm2.weight");
    // EXAONE 3.5: GPT-2-like names, c_fc_0 the gate
    CHECK(ts::defaultHfPrefix("exaone") == "transformer.");
    const auto exaone = ts::layerTensorNames("exaone", NameScheme::HuggingFace, 3, "transformer.");
    CHECK(exaone.q == "transformer.h.3.attn.attention.q_proj.weight");
    CHECK(exaone.out == "transformer.h.3.attn.attention.out_proj.weight");
    CHECK(exaone.gate == "transformer.h.3.mlp.c_fc_0.weight");
    CHECK(exaone.up == "transformer.h.3.mlp.c_fc_1.weight");
    CHECK(tensorName("exaone", NameScheme::HuggingFace, TensorRole::TokenEmbedding, 0,
                     "transformer.") == "transformer.wte.weight");
    CHECK(ts::layerTensorNames("exaone", NameScheme::Gguf, 3).gate == "blk.3.ffn_gate.weight");
}

TEST_CASE("GPT-2's table: a fused projection and learned positions", "[engine][tensor-names]") {
    CHECK(tensorName("gpt2", NameScheme::HuggingFace, TensorRole::Qkv, 4) ==
          "h.4.attn.c_attn.weight");
    CHECK(tensorName("gpt2", NameScheme::Gguf, TensorRole::Qkv, 4) == "blk.4.attn_qkv.weight");
    CHECK(tensorName("gpt2", NameScheme::HuggingFace, TensorRole::Up, 0) == "h.0.mlp.c_fc.weight");
    CHECK(tensorName("gpt2", NameScheme::Gguf, TensorRole::PositionEmbedding) ==
          "position_embd.weight");
    CHECK(tensorName("gpt2", NameScheme::HuggingFace, TensorRole::FinalNorm) == "ln_f.weight");
    // Roles GPT-2 does not have are refused, not invented.
    CHECK_THROWS_AS(tensorName("gpt2", NameScheme::Gguf, TensorRole::Gate, 0), ts::Error);
    CHECK_THROWS_AS(tensorName("gpt2", NameScheme::HuggingFace, TensorRole::QNorm, 0), ts::Error);
    CHECK_THROWS_AS(tensorName("llama", NameScheme::Gguf, TensorRole::Qkv, 0), ts::Error);
}
