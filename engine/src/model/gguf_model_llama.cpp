// The llama family from GGUF: `llama`, `qwen2`, `qwen3`, `exaone4`, `gemma3`, `exaone`, `granite`
// and `smollm3` files (familySwitches below), read into the same Config
// switches and LayerWeights as the Hugging Face path (model_load_llama.cpp), so one forward
// pass runs both. Hyper-parameters come from `{arch}.*` metadata, tensors by llama.cpp's names
// in the one tensor table (tensor_names.hpp: token_embd, blk.N.attn_q and the like), and
// `output` for the head (absent = tied).
//
// Two things differ from the safetensors checkpoint:
//   - llama.cpp's converter permutes a `llama` file's query and key rows (within each head,
//     row s * head_dim/2 + j moves to 2j + s) so that its RoPE can turn adjacent pairs.
//     Rotating adjacent pairs of the permuted rows turns exactly the pairs transformers'
//     rotate-half turns, and q.k is unchanged when q and k are permuted alike, so the model
//     runs as stored with Config::ropeAdjacentPairs. qwen2 and qwen3 files are not permuted
//     and keep the half-split pairing.
//   - one layer's projections may have different storage types (Q4_K_M); those stay separate
//     weights (LayerWeights::kW, vW, upW) instead of being fused.
#include <algorithm>
#include <cmath>

#include "compute/rope.hpp"
#include "model/gguf_loader.hpp"
#include "model/model_loader.hpp"
#include "model/tensor_names.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

using gguf::TensorInfo;

// The rope scaling keys: none, linear (factor), or refused by name.
void readRopeScaling(const gguf::File& f, const std::string& arch, Config& c) {
    std::string type = f.getString(arch + ".rope.scaling.type", "none");
    double factor = f.getFloat(arch + ".rope.scaling.factor", 0.0);
    if (const double old = f.getFloat(arch + ".rope.scale_linear", 0.0);
        old > 0 && type == "none") {
        type = "linear";  // the key older converters wrote
        factor = old;
    }
    if (type == "none") return;
    if (type != "linear")
        throw Error(
            f.where() + ": " + arch + ".rope.scaling.type '" + type +
            "' is not supported (supported: none, linear; llama3 scaling as rope_freqs.weight)");
    if (!(factor > 0) || !std::isfinite(factor))
        throw Error(f.where() + ": " + arch +
                    ".rope.scaling.factor must be positive for linear scaling");
    if (factor != 1.0) {
        c.ropeScaling.type = RopeScaling::Type::Linear;
        c.ropeScaling.factor = factor;
    }
}

// The sliding layers of a file: {arch}.attention.sliding_window_pattern as one flag per layer
// (what convert_hf_to_gguf.py writes from layer_types) or a period, else `defaultPeriod`
// (llama.cpp's constant for the architecture; 0 = no sliding layers): with period n, layer l
// slides when l % n < n - 1 (llama_hparams::set_swa_pattern).
std::vector<std::uint8_t> ggufSlidingLayers(const gguf::File& f, const std::string& a, int nLayer,
                                            int defaultPeriod) {
    std::vector<std::uint8_t> v(static_cast<std::size_t>(nLayer), 0);
    const std::string key = a + "attention.sliding_window_pattern";
    int period = defaultPeriod;
    if (const gguf::Value* p = f.find(key)) {
        if (p->type == gguf::ValueType::Array) {
            const auto* flags = f.intArray(key);
            if (flags->size() != static_cast<std::size_t>(nLayer))
                throw Error(f.where() + ": " + key + " has " + std::to_string(flags->size()) +
                            " entries for " + std::to_string(nLayer) + " layers");
            for (std::size_t i = 0; i < flags->size(); ++i) v[i] = (*flags)[i] != 0;
            return v;
        }
        period = ggufPositiveInt(f, key);
    }
    if (period <= 0) return {};
    for (int l = 0; l < nLayer; ++l) v[static_cast<std::size_t>(l)] = l % period < period - 1;
    return v;
}

// EXAONE 4, Granite, SmolLM3 and Gemma 3 (llama.cpp's src/models/exaone4.cpp, granite.cpp,
// smollm3.cpp, gemma3.cpp); exaone (EXAONE 3.5) is Llama's graph with neox RoPE.
void familySwitches(const gguf::File& f, const std::string& arch, Config& c) {
    const std::string a = arch + ".";
    const std::int64_t w64 = f.getInt(a + "attention.sliding_window", 0);
    const int window = w64 > 0 ? static_cast<int>(std::min<std::int64_t>(w64, 1 << 30)) : 0;
    if (arch == "exaone4") {
        c.qkNorm = true;
        c.preNorms = false;
        c.postNorms = true;
        // The converter writes the window and one flag per layer when the config has a
        // window; the global layers then turn without RoPE. (llama.cpp itself only reads them
        // for a 64-layer file, the 32B: see docs/models.md.)
        if (window > 0 && f.find(a + "attention.sliding_window_pattern")) {
            c.slidingWindow = window;
            c.layerSliding = ggufSlidingLayers(f, a, c.nLayer, 4);
            c.layerNoRope.assign(c.layerSliding.size(), 0);
            for (std::size_t i = 0; i < c.layerSliding.size(); ++i)
                c.layerNoRope[i] = !c.layerSliding[i];
        }
    } else if (arch == "granite") {
        // llama.cpp's granite: the converter's *_scale keys (0 or absent: no scaling), and
        // the logits divided by logit_scale
        const double e = f.getFloat(a + "embedding_scale", 0.0),
                     r = f.getFloat(a + "residual_scale", 0.0),
                     s = f.getFloat(a + "attention.scale", 0.0),
                     l = f.getFloat(a + "logit_scale", 1.0);
        if (e < 0 || r < 0 || s < 0 || !(l > 0))
            throw Error(f.where() + ": granite scales must be positive");
        if (e > 0) c.embeddingMultiplier = e;
        if (r > 0) c.residualMultiplier = r;
        if (s > 0) c.attentionScale = s;
        c.logitMultiplier = 1.0 / l;
    } else if (arch == "smollm3") {
        // llama.cpp hard-codes SmolLM3's NoPE layers: every fourth (n_no_rope_layer_step = 4)
        c.layerNoRope.assign(static_cast<std::size_t>(c.nLayer), 0);
        for (int l = 0; l < c.nLayer; ++l)
            c.layerNoRope[static_cast<std::size_t>(l)] = (l + 1) % 4 == 0;
    } else if (arch == "gemma3") {
        c.qkNorm = true;
        c.preNorms = c.postNorms = true;  // norms stored as 1 + w by the converter
        c.activation = Activation::GeluTanh;
        c.embeddingMultiplier = std::sqrt(static_cast<float>(c.nEmbd));  // in fp32 (ggml_scale)
        // llama.cpp: 1/sqrt(n_embd / n_head) for the 27B (62 layers), 1/sqrt(head_dim) for
        // every other size; query_pre_attn_scalar is not in the file.
        c.attentionScale = c.nLayer == 62 ? 1.0 / std::sqrt(static_cast<float>(c.nEmbd / c.nHead))
                                          : 1.0 / std::sqrt(static_cast<float>(c.headDim()));
        c.finalSoftcap = f.getFloat(a + "final_logit_softcapping", 0.0);
        if (window > 0) {
            c.slidingWindow = window;
            c.layerSliding = ggufSlidingLayers(f, a, c.nLayer, 6);
            c.ropeLocalTheta = f.getFloat(a + "rope.freq_base_swa", 10000.0);
        }
    }
}

Config configFromMetadata(const gguf::File& f, const std::string& arch) {
    Config c;
    c.modelType = arch;
    const std::string a = arch + ".";
    c.nCtx = ggufPositiveInt(f, a + "context_length");
    c.nEmbd = ggufPositiveInt(f, a + "embedding_length");
    c.nLayer = ggufPositiveInt(f, a + "block_count");
    c.nHead = ggufPositiveInt(f, a + "attention.head_count");
    c.nKvHead = f.find(a + "attention.head_count_kv")
                    ? ggufPositiveInt(f, a + "attention.head_count_kv")
                    : c.nHead;
    c.nInner = ggufPositiveInt(f, a + "feed_forward_length");
    if (f.find(a + "attention.key_length"))
        c.headDimension = ggufPositiveInt(f, a + "attention.key_length");
    if (f.find(a + "attention.value_length") &&
        ggufPositiveInt(f, a + "attention.value_length") != c.headDim())
        throw Error(f.where() + ": " + a + "attention.value_length differs from the key length " +
                    std::to_string(c.headDim()) + " (not supported)");
    if (f.find(a + "rope.dimension_count") &&
        ggufPositiveInt(f, a + "rope.dimension_count") != c.headDim())
        throw Error(f.where() + ": " + a + "rope.dimension_count is " +
                    std::to_string(f.requireInt(a + "rope.dimension_count")) + " but a head has " +
                    std::to_string(c.headDim()) +
                    " dimensions: partial rotary embeddings are not supported");
    if (!f.find(a + "attention.layer_norm_rms_epsilon"))
        throw Error(f.where() + ": metadata key '" + a +
                    "attention.layer_norm_rms_epsilon' is missing");
    const double eps = f.getFloat(a + "attention.layer_norm_rms_epsilon", 0.0);
    if (!(eps > 0) || eps > 1)
        throw Error(f.where() + ": " + a + "attention.layer_norm_rms_epsilon must be in (0, 1]");
    c.layerNormEps = static_cast<float>(eps);
    c.ropeTheta = f.getFloat(a + "rope.freq_base", 10000.0);
    if (!(c.ropeTheta > 0) || !std::isfinite(c.ropeTheta))
        throw Error(f.where() + ": " + a + "rope.freq_base must be positive");
    readRopeScaling(f, arch, c);

    c.norm = NormKind::RmsNorm;
    c.positions = PositionKind::Rope;
    c.gatedMlp = true;
    c.activation = Activation::Silu;
    // llama.cpp's "norm" RoPE, rows permuted by the converter; the others are "neox"
    c.ropeAdjacentPairs = arch == "llama" || arch == "granite" || arch == "smollm3";
    // Which biases and norms exist: fixed for qwen2 (q/k/v biases, none on the output) and
    // qwen3 (per-head q/k norms); for llama, as the file holds them (attention_bias, mlp_bias).
    const LayerTensorNames first = layerTensorNames(arch, NameScheme::Gguf, 0);
    const bool qBias = f.tensor(biasName(first.q)) != nullptr;
    c.qkvBias = arch == "qwen2" || qBias;
    c.outBias = arch != "qwen2" && f.tensor(biasName(first.out)) != nullptr;
    c.mlpBias = f.tensor(biasName(first.up)) != nullptr;
    c.qkNorm = arch == "qwen3";
    c.tiedEmbeddings = f.tensor("output.weight") == nullptr;
    familySwitches(f, arch, c);

    readGgufVocabulary(f, c);
    const int eot = ggufTokenId(f, "tokenizer.ggml.eot_token_id");
    if (eot >= 0 && eot != c.eosTokenId)
        c.eosTokenIds.push_back(eot);  // chat models end turns with it
    if (c.eosTokenId < 0 && eot >= 0) c.eosTokenId = eot;
    c.validate(f.where());
    return c;
}

}  // namespace

void loadGgufLlama(ModelData& d, const gguf::File& f, const std::string& arch,
                   const ProgressCallback& progress, const std::atomic<bool>* cancel) {
    d.config = configFromMetadata(f, arch);
    Config& c = d.config;
    const std::int64_t C = c.nEmbd, V = c.nVocab, I = c.nInner, Q = c.qDim(), K = c.kvDim(),
                       hd = c.headDim();
    GgufLoader L(d, f, progress, cancel, 3 + 16 * c.nLayer + 1);
    const TensorInfo& wte =
        L.require(tensorName(arch, NameScheme::Gguf, TensorRole::TokenEmbedding), {C, V});
    if (const TensorInfo* freqs = L.optional("rope_freqs.weight", {hd / 2})) {
        // llama3 scaling, as llama.cpp's converter stores it: one divisor per frequency
        std::vector<float> factors(static_cast<std::size_t>(hd / 2));
        quant::dequantizeRow(freqs->type, freqs->data, factors.data(), factors.size());
        for (float x : factors)
            if (!(x > 0) || !std::isfinite(x))
                throw Error(f.where() + ": rope_freqs.weight holds " + std::to_string(x) +
                            ", expected positive frequency factors");
        c.ropeScaling.type = RopeScaling::Type::Factors;
        c.ropeScaling.factors = std::move(factors);
    }

    requireDeclaredLayers(
        c.nLayer, f.tensors().size(), 9,
        [&](int l) {
            const LayerTensorNames n = layerTensorNames(arch, NameScheme::Gguf, l);
            return c.preNorms ? n.attnNorm : n.q;
        },
        [&](const std::string& n) { return f.tensor(n) != nullptr; }, f.where(),
        arch + ".block_count");
    d.layers.resize(static_cast<std::size_t>(c.nLayer));
    for (int l = 0; l < c.nLayer; ++l) {
        const LayerTensorNames n = layerTensorNames(arch, NameScheme::Gguf, l);
        LayerWeights& w = d.layers[static_cast<std::size_t>(l)];
        if (c.preNorms) w.ln1W = L.vec(L.require(n.attnNorm, {C}));
        const TensorInfo& q = L.require(n.q, {C, Q});
        const TensorInfo& k = L.require(n.k, {C, K});
        const TensorInfo& v = L.require(n.v, {C, K});
        if (GgufLoader::fusable({&q, &k, &v})) {
            w.qkvW = L.fused({&q, &k, &v});
        } else {
            w.qkvW = L.linear(q);
            w.kW = L.linear(k);
            w.vW = L.linear(v);
        }
        if (c.qkvBias)
            w.qkvB = L.vecs({&L.require(biasName(n.q), {Q}), &L.require(biasName(n.k), {K}),
                             &L.require(biasName(n.v), {K})});
        if (c.qkNorm) {
            w.qNormW = L.vec(L.require(n.qNorm, {hd}));
            w.kNormW = L.vec(L.require(n.kNorm, {hd}));
        }
        w.projW = L.linear(L.require(n.out, {Q, C}));
        if (c.outBias) w.projB = L.vec(L.require(biasName(n.out), {C}));
        if (c.preNorms) w.ln2W = L.vec(L.require(n.ffnNorm, {C}));
        if (c.postNorms) {
            w.postAttnW = L.vec(L.require(n.postAttnNorm, {C}));
            w.postFfnW = L.vec(L.require(n.postFfnNorm, {C}));
        }
        const TensorInfo& gate = L.require(n.gate, {C, I});
        const TensorInfo& up = L.require(n.up, {C, I});
        if (GgufLoader::fusable({&gate, &up})) {
            w.fcW = L.fused({&gate, &up});
        } else {
            w.fcW = L.linear(gate);
            w.upW = L.linear(up);
        }
        w.fc2W = L.linear(L.require(n.down, {I, C}));
        if (c.mlpBias) {
            w.fcB = L.vecs({&L.require(biasName(n.gate), {I}), &L.require(biasName(n.up), {I})});
            w.fc2B = L.vec(L.require(biasName(n.down), {C}));
        }
    }
    d.lnfW = L.vec(L.require(tensorName(arch, NameScheme::Gguf, TensorRole::FinalNorm), {C}));
    L.embeddingAndHead(wte, C, V);
    d.ropeInvFreq = kernels::ropeInverseFrequencies(c);
    d.ropeInvFreqLocal = kernels::ropeLocalInverseFrequencies(c);
    L.finish();
}

}  // namespace ts
