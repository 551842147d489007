// The Llama family's tensor list (llama, mistral, qwen2, qwen3, and exaone4, gemma3, granite,
// hyperclovax, smollm3, exaone), with Hugging Face names: model.embed_tokens,
// model.layers.N.{input_layernorm, self_attn.{q,k,v,o}_proj, self_attn.{q,k}_norm,
// post_attention_layernorm, mlp.{gate,up,down}_proj}, model.norm and lm_head (EXAONE 3.5:
// transformer.wte, transformer.h.N.{ln_1, attn.attention.*, ln_2, mlp.c_fc_0/1, c_proj},
// transformer.ln_f; the norms' names per family in layerNames below). Projections are torch Linear
// weights stored [out, in]. Which biases and norms exist follows the config's switches, so a tensor
// the config does not expect is reported as unknown and one it expects is required.
#include <algorithm>
#include <cstring>

#include "model/model_loader.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

// Older checkpoints saved RoPE's frequency table as a buffer; it is recomputed from the config.
// A Gemma 3 with vision keeps its vision tower beside the text model: not ours to run.
bool isLlamaBuffer(const std::string& name) {
    const std::string tail = "rotary_emb.inv_freq";
    if (name.size() >= tail.size() &&
        name.compare(name.size() - tail.size(), tail.size(), tail) == 0)
        return true;
    for (const char* p : {"vision_tower.", "multi_modal_projector.", "model.vision_tower.",
                          "model.multi_modal_projector."})
        if (name.rfind(p, 0) == 0) return true;
    return false;
}

// Where the decoder's tensors live: "model." for a causal LM, "model.language_model." (or, in
// older files, "language_model.model.") for Gemma 3's text model inside its multimodal class.
std::string decoderPrefix(const st::Checkpoint& ckpt, const Config& c) {
    if (c.modelType == "gemma3")
        for (const char* p : {"model.language_model.", "language_model.model."})
            if (ckpt.find(std::string(p) + "embed_tokens.weight")) return p;
    return "model.";
}

// One layer's tensor names. The norms' names mean different things per family, so they are
// chosen by model_type, never guessed from what the file holds: post_attention_layernorm is
// Llama's norm before the MLP, but EXAONE 4's and Gemma 3's norm of the attention output.
struct LayerNames {
    std::string ln1, q, k, v, o, qNorm, kNorm, ln2, postAttn, postFfn, gate, up, down;
};

LayerNames layerNames(const Config& c, const std::string& m, int l) {
    LayerNames n;
    if (c.modelType == "exaone") {  // EXAONE 3.5: transformer.h.N.attn.attention.*
        const std::string p = "transformer.h." + std::to_string(l) + ".";
        n.ln1 = p + "ln_1.weight";
        n.q = p + "attn.attention.q_proj.weight";
        n.k = p + "attn.attention.k_proj.weight";
        n.v = p + "attn.attention.v_proj.weight";
        n.o = p + "attn.attention.out_proj.weight";
        n.ln2 = p + "ln_2.weight";
        n.gate = p + "mlp.c_fc_0.weight";  // c_fc_0 is the gate, c_fc_1 the up projection
        n.up = p + "mlp.c_fc_1.weight";
        n.down = p + "mlp.c_proj.weight";
        return n;
    }
    const std::string p = m + "layers." + std::to_string(l) + ".";
    n.ln1 = p + "input_layernorm.weight";
    n.q = p + "self_attn.q_proj.weight";
    n.k = p + "self_attn.k_proj.weight";
    n.v = p + "self_attn.v_proj.weight";
    n.o = p + "self_attn.o_proj.weight";
    n.qNorm = p + "self_attn.q_norm.weight";
    n.kNorm = p + "self_attn.k_norm.weight";
    n.ln2 = p + "post_attention_layernorm.weight";
    if (c.modelType == "gemma3") n.ln2 = p + "pre_feedforward_layernorm.weight";
    if (c.modelType == "hyperclovax") {  // Peri-LN: post_norm1 / post_norm2
        n.postAttn = p + "post_norm1.weight";
        n.postFfn = p + "post_norm2.weight";
    } else {  // exaone4, gemma3
        n.postAttn = p + "post_attention_layernorm.weight";
        n.postFfn = p + "post_feedforward_layernorm.weight";
    }
    n.gate = p + "mlp.gate_proj.weight";
    n.up = p + "mlp.up_proj.weight";
    n.down = p + "mlp.down_proj.weight";
    return n;
}

}  // namespace

void loadLlamaWeights(ModelData& d, const st::Checkpoint& ckpt, const ProgressCallback& progress,
                      const std::atomic<bool>* cancel) {
    const Config& c = d.config;
    const std::int64_t C = c.nEmbd, V = c.nVocab, I = c.nInner, Q = c.qDim(), K = c.kvDim(),
                       hd = c.headDim();
    const std::string where = ckpt.path().string();
    // At least the norms and the q, k, v, o, gate, up and down projections: 9 per layer.
    // The number of progress steps; the layer count is checked against the tensors below.
    const int total =
        static_cast<int>(std::min<std::int64_t>(3 + 14 * std::int64_t{c.nLayer} + 1, 1 << 30));
    Loader L(d, ckpt, progress, cancel, total);
    const std::string m = c.modelType == "exaone" ? "transformer." : decoderPrefix(ckpt, c);
    const std::string embedName =
        m + (c.modelType == "exaone" ? "wte.weight" : "embed_tokens.weight");
    // Gemma's norms multiply by (1 + w), computed in fp32 (Gemma3RMSNorm): add the 1 here.
    auto norm = [&](const std::string& name, std::int64_t n) {
        const float* w = L.floats(L.require(name, {n}));
        if (!c.normAddsOne) return w;
        std::vector<float> v(w, w + n);
        for (float& x : v) x = 1.0f + x;
        return d.ownFloats(v);
    };

    {
        const st::TensorInfo* e = L.lookup(embedName);
        if (e && e->shape.size() == 2 && e->shape[1] == C && e->shape[0] != V)
            throw Error(where + ": vocabulary size mismatch: config.json says vocab_size " +
                        std::to_string(V) + " but '" + e->name + "' has " +
                        std::to_string(e->shape[0]) + " rows (shape " + e->shapeString() + ")");
    }
    const st::TensorInfo& embed = L.require(embedName, {V, C});
    if (c.modelType == "gemma3") {
        // Gemma3TextScaledWordEmbedding: embed_scale (fp32 sqrt(hidden_size)) cast to the
        // weight's type before the product
        float scale = static_cast<float>(c.embeddingMultiplier);
        if (embed.dtype == st::DType::BF16) scale = st::bf16ToF32(st::f32ToBf16(scale));
        if (embed.dtype == st::DType::F16) scale = st::f16ToF32(st::f32ToF16(scale));
        d.config.embeddingMultiplier = scale;
    }

    requireDeclaredLayers(
        c.nLayer, ckpt.tensors().size(), 9,
        [&](int l) {
            const LayerNames n = layerNames(c, m, l);
            return c.preNorms ? n.ln1 : n.q;
        },
        [&](const std::string& n) { return ckpt.find(n) != nullptr; }, where,
        "config.json (num_hidden_layers)");
    d.layers.resize(static_cast<std::size_t>(c.nLayer));
    for (int l = 0; l < c.nLayer; ++l) {
        const LayerNames n = layerNames(c, m, l);
        LayerWeights& w = d.layers[static_cast<std::size_t>(l)];
        if (c.preNorms) w.ln1W = norm(n.ln1, C);
        const auto& q = L.require(n.q, {Q, C});
        const auto& k = L.require(n.k, {K, C});
        const auto& v = L.require(n.v, {K, C});
        w.qkvW = L.packOutIn({&q, &k, &v}, static_cast<int>(C));
        auto bias = [](const std::string& weight) {
            return weight.substr(0, weight.size() - 6) + "bias";
        };
        if (c.qkvBias) {
            const auto& qb = L.require(bias(n.q), {Q});
            const auto& kb = L.require(bias(n.k), {K});
            const auto& vb = L.require(bias(n.v), {K});
            w.qkvB = L.concatFloats(
                {&qb, &kb, &vb}, {static_cast<int>(Q), static_cast<int>(K), static_cast<int>(K)});
        }
        if (c.qkNorm) {
            w.qNormW = norm(n.qNorm, hd);
            w.kNormW = norm(n.kNorm, hd);
        }
        w.projW = L.packOutIn({&L.require(n.o, {C, Q})}, static_cast<int>(Q));
        if (c.outBias) w.projB = L.floats(L.require(bias(n.o), {C}));
        if (c.postNorms) {
            w.postAttnW = norm(n.postAttn, C);
            w.postFfnW = norm(n.postFfn, C);
        }
        if (c.preNorms) w.ln2W = norm(n.ln2, C);
        const auto& gate = L.require(n.gate, {I, C});
        const auto& up = L.require(n.up, {I, C});
        w.fcW = L.packOutIn({&gate, &up}, static_cast<int>(C));
        w.fc2W = L.packOutIn({&L.require(n.down, {C, I})}, static_cast<int>(I));
        if (c.mlpBias) {
            const auto& gb = L.require(bias(n.gate), {I});
            const auto& ub = L.require(bias(n.up), {I});
            w.fcB = L.concatFloats({&gb, &ub}, {static_cast<int>(I), static_cast<int>(I)});
            w.fc2B = L.floats(L.require(bias(n.down), {C}));
        }
    }
    d.lnfW = norm(m + (c.modelType == "exaone" ? "ln_f.weight" : "norm.weight"), C);

    // transformers ties the head to the embedding when the config says so, whatever the
    // file holds; an untied config without lm_head.weight falls back to tying (with a note).
    const st::TensorInfo* head = &embed;
    d.tiedLmHead = true;
    std::string lmName = "lm_head.weight";
    if (m == "language_model.model.") lmName = "language_model.lm_head.weight";
    const st::TensorInfo* lm = ckpt.find(lmName);
    if (c.tiedEmbeddings) {
        if (lm) {
            L.require(lmName, {V, C});
            d.parameterCount -= lm->numel;
            if (lm->dtype != embed.dtype ||
                std::memcmp(lm->data, embed.data, embed.end - embed.begin) != 0)
                d.warnings.push_back(where +
                                     ": lm_head.weight differs from model.embed_tokens.weight "
                                     "but config.json ties them (tie_word_embeddings); the "
                                     "embedding is used as the head, as transformers does");
        }
    } else if (lm) {
        head = &L.require(lmName, {V, C});
        d.tiedLmHead = false;
    } else {
        d.warnings.push_back(where +
                             ": config.json says tie_word_embeddings=false but there is "
                             "no lm_head.weight; the embedding is used as the head");
    }
    L.headAndEmbedding(*head, embed, static_cast<int>(C));
    L.warnUnused(&isLlamaBuffer);
}

}  // namespace ts
