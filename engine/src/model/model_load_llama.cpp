// The Llama family's weights (llama, mistral, qwen2, qwen3, and exaone4, gemma3, granite,
// hyperclovax, smollm3, exaone) from a Hugging Face checkpoint, under the names of the one tensor
// table (tensor_names.hpp; model.layers.N.self_attn.q_proj and the like, EXAONE 3.5's
// transformer.h.N.attn.attention.*), and lm_head outside the decoder's prefix. Projections are
// torch Linear weights stored [out, in]. Which biases and norms exist follows the config's
// switches, so a tensor the config does not expect is reported as unknown and one it expects is
// required.
#include <algorithm>
#include <cstring>

#include "model/model_loader.hpp"
#include "model/tensor_names.hpp"
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
            if (ckpt.find(tensorName(c.modelType, NameScheme::HuggingFace,
                                     TensorRole::TokenEmbedding, 0, p)))
                return p;
    return defaultHfPrefix(c.modelType);
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
    const std::string m = decoderPrefix(ckpt, c);
    auto names = [&](int l) {
        return layerTensorNames(c.modelType, NameScheme::HuggingFace, l, m);
    };
    const std::string embedName =
        tensorName(c.modelType, NameScheme::HuggingFace, TensorRole::TokenEmbedding, 0, m);
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
            const LayerTensorNames n = names(l);
            return c.preNorms ? n.attnNorm : n.q;
        },
        [&](const std::string& n) { return ckpt.find(n) != nullptr; }, where,
        "config.json (num_hidden_layers)");
    d.layers.resize(static_cast<std::size_t>(c.nLayer));
    for (int l = 0; l < c.nLayer; ++l) {
        const LayerTensorNames n = names(l);
        LayerWeights& w = d.layers[static_cast<std::size_t>(l)];
        if (c.preNorms) w.ln1W = norm(n.attnNorm, C);
        const auto& q = L.require(n.q, {Q, C});
        const auto& k = L.require(n.k, {K, C});
        const auto& v = L.require(n.v, {K, C});
        w.qkvW = L.packOutIn({&q, &k, &v}, static_cast<int>(C));
        if (c.qkvBias) {
            const auto& qb = L.require(biasName(n.q), {Q});
            const auto& kb = L.require(biasName(n.k), {K});
            const auto& vb = L.require(biasName(n.v), {K});
            w.qkvB = L.concatFloats(
                {&qb, &kb, &vb}, {static_cast<int>(Q), static_cast<int>(K), static_cast<int>(K)});
        }
        if (c.qkNorm) {
            w.qNormW = norm(n.qNorm, hd);
            w.kNormW = norm(n.kNorm, hd);
        }
        w.projW = L.packOutIn({&L.require(n.out, {C, Q})}, static_cast<int>(Q));
        if (c.outBias) w.projB = L.floats(L.require(biasName(n.out), {C}));
        if (c.postNorms) {
            w.postAttnW = norm(n.postAttnNorm, C);
            w.postFfnW = norm(n.postFfnNorm, C);
        }
        if (c.preNorms) w.ln2W = norm(n.ffnNorm, C);
        const auto& gate = L.require(n.gate, {I, C});
        const auto& up = L.require(n.up, {I, C});
        w.fcW = L.packOutIn({&gate, &up}, static_cast<int>(C));
        w.fc2W = L.packOutIn({&L.require(n.down, {C, I})}, static_cast<int>(I));
        if (c.mlpBias) {
            const auto& gb = L.require(biasName(n.gate), {I});
            const auto& ub = L.require(biasName(n.up), {I});
            w.fcB = L.concatFloats({&gb, &ub}, {static_cast<int>(I), static_cast<int>(I)});
            w.fc2B = L.floats(L.require(biasName(n.down), {C}));
        }
    }
    d.lnfW = norm(tensorName(c.modelType, NameScheme::HuggingFace, TensorRole::FinalNorm, 0, m), C);

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
