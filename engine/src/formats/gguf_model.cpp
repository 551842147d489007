// Builds the engine's ModelData from a GGUF file (see gguf_model.hpp). Every tensor is
// checked for presence and shape, with the expected and found shape in the message.
#include "formats/gguf_model.hpp"

#include <cmath>
#include <set>

#include "compute/packed_linear.hpp"
#include "model/model_data.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts {
namespace {

using gguf::TensorInfo;
using Dims = std::vector<std::int64_t>;

std::string dimsString(const Dims& d) {
    std::string s = "[";
    for (std::size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
    return s + "]";
}

class GgufLoader {
public:
    GgufLoader(ModelData& d, const gguf::File& f, const ProgressCallback& progress,
               const std::atomic<bool>* cancel, int total)
        : m_d(d), m_f(f), m_progress(progress), m_cancel(cancel), m_total(total) {}

    const TensorInfo& require(const std::string& name, const Dims& dims) {
        if (m_cancel && m_cancel->load(std::memory_order_relaxed)) throw Error("loading cancelled");
        if (m_progress) m_progress(static_cast<double>(m_done++) / m_total, "loading " + name);
        const TensorInfo* t = m_f.tensor(name);
        if (!t)
            throw Error(m_f.where() + ": missing tensor '" + name + "', expected shape " +
                        dimsString(dims) + " (innermost first)");
        if (t->dims != dims)
            throw Error(m_f.where() + ": tensor '" + name + "' has shape " + t->shapeString() +
                        ", expected " + dimsString(dims) + " (innermost first)");
        if (m_used.insert(name).second) m_d.parameterCount += t->numel;
        return *t;
    }

    // A small vector (norm weights, biases, positions), widened to F32.
    const float* vec(const TensorInfo& t) {
        std::vector<float> v(t.numel);
        quant::dequantizeRow(t.type, t.data, v.data(), t.numel);
        checkFinite(t.name, v.data(), t.numel);
        return m_d.ownFloats(v);
    }

    // A [out rows][in] weight. F32/F16/BF16 are packed in panels like safetensors weights
    // (the same numbers and kernels); block types stay as stored, read in place from the
    // mapping (PackedWeight's Blocks type).
    kernels::PackedWeight linear(const TensorInfo& t) {
        const int in = static_cast<int>(t.dims[0]);
        const int out = static_cast<int>(t.rows());
        if (t.type == quant::Type::F32 || t.type == quant::Type::F16 || t.type == quant::Type::BF16) {
            const kernels::WeightType wt = t.type == quant::Type::F32   ? kernels::WeightType::F32
                                           : t.type == quant::Type::F16 ? kernels::WeightType::F16
                                                                        : kernels::WeightType::BF16;
            if (t.type == quant::Type::F32) checkFinite(t.name, reinterpret_cast<const float*>(t.data), t.numel);
            const std::size_t es = kernels::weightTypeSize(wt);
            std::vector<kernels::RowSource> rows;
            rows.reserve(static_cast<std::size_t>(out));
            for (int o = 0; o < out; ++o)
                rows.push_back({t.data + static_cast<std::size_t>(o) * static_cast<std::size_t>(in) * es, 1, wt});
            const std::size_t bytes = kernels::packedSize(out, in) * es;
            void* dst = m_d.packed.allocate(bytes);
            kernels::packRows(rows, in, wt, dst);
            return kernels::PackedWeight{dst, out, in, wt};
        }
        kernels::PackedWeight w{t.data, out, in, kernels::WeightType::Blocks};
        w.blockType = static_cast<std::uint32_t>(t.type);
        w.rowBytes = quant::rowBytes(t.type, static_cast<std::size_t>(in));
        m_types.insert(quant::typeName(w.blockType));
        return w;
    }

    std::string typeNames(const std::vector<const kernels::PackedWeight*>& ws) {
        for (const auto* w : ws)
            if (w->type != kernels::WeightType::Blocks) m_types.insert(kernels::weightTypeName(w->type));
        std::string s;
        for (const auto& n : m_types) s += (s.empty() ? "" : "+") + n;
        return s;
    }

    bool used(const std::string& n) const { return m_used.count(n) != 0; }

private:
    void checkFinite(const std::string& name, const float* p, std::size_t n) {
        std::size_t bad = 0;
        for (std::size_t i = 0; i < n; ++i) bad += !std::isfinite(p[i]);
        if (bad)
            m_d.warnings.push_back("tensor '" + name + "' has " + std::to_string(bad) +
                                   " NaN or infinite values out of " + std::to_string(n));
    }

    ModelData& m_d;
    const gguf::File& m_f;
    const ProgressCallback& m_progress;
    const std::atomic<bool>* m_cancel;
    int m_total;
    int m_done = 0;
    std::set<std::string> m_used;
    std::set<std::string> m_types;
};

int positiveInt(const gguf::File& f, const std::string& key) {
    const std::int64_t v = f.requireInt(key);
    if (v <= 0 || v > (1 << 24))
        throw Error(f.where() + ": metadata key '" + key + "' is " + std::to_string(v) +
                    ", expected a positive size below 2^24");
    return static_cast<int>(v);
}

}  // namespace

std::shared_ptr<const Model> modelFromGguf(std::shared_ptr<const gguf::File> file,
                                           const ProgressCallback& progress,
                                           const std::atomic<bool>* cancel) {
    const gguf::File& f = *file;
    const std::string arch = f.requireString("general.architecture");
    if (arch != "gpt2")
        throw Error(f.where() + ": architecture '" + arch + "' is not supported for GGUF files "
                                "yet (supported: gpt2)");
    auto d = std::make_unique<ModelData>();
    d->folder = f.path();
    for (const auto& m : f.mappings()) d->mappings.push_back(m);
    Config& c = d->config;
    c.modelType = arch;
    c.nCtx = positiveInt(f, arch + ".context_length");
    c.nEmbd = positiveInt(f, arch + ".embedding_length");
    c.nLayer = positiveInt(f, arch + ".block_count");
    c.nHead = positiveInt(f, arch + ".attention.head_count");
    c.nInner = positiveInt(f, arch + ".feed_forward_length");
    c.layerNormEps = static_cast<float>(f.getFloat(arch + ".attention.layer_norm_epsilon", 1e-5));
    c.activation = Activation::GeluTanh;
    const TensorInfo* embd = f.tensor("token_embd.weight");  // its rows give the vocabulary
    if (!embd || embd->dims.size() != 2)
        throw Error(f.where() + ": missing tensor 'token_embd.weight' (2 dimensions: width, vocabulary)");
    if (embd->dims[1] <= 0 || embd->dims[1] > (1 << 24))
        throw Error(f.where() + ": 'token_embd.weight' has " + std::to_string(embd->dims[1]) +
                    " rows, not a vocabulary size");
    c.nVocab = static_cast<int>(embd->dims[1]);
    c.bosTokenId = static_cast<int>(f.getInt("tokenizer.ggml.bos_token_id", -1));
    c.eosTokenId = static_cast<int>(f.getInt("tokenizer.ggml.eos_token_id", -1));
    c.validate(f.where());

    const std::int64_t C = c.nEmbd, V = c.nVocab, N = c.nCtx, I = c.nInner;
    GgufLoader L(*d, f, progress, cancel, 4 + 12 * c.nLayer + 1);
    const TensorInfo& wte = L.require("token_embd.weight", {C, V});
    d->wpe = L.vec(L.require("position_embd.weight", {C, N}));
    d->layers.resize(static_cast<std::size_t>(c.nLayer));
    for (int l = 0; l < c.nLayer; ++l) {
        const std::string p = "blk." + std::to_string(l) + ".";
        LayerWeights& w = d->layers[static_cast<std::size_t>(l)];
        w.ln1W = L.vec(L.require(p + "attn_norm.weight", {C}));
        w.ln1B = L.vec(L.require(p + "attn_norm.bias", {C}));
        const TensorInfo& qkv = L.require(p + "attn_qkv.weight", {C, 3 * C});
        w.qkvW = L.linear(qkv);  // [3C rows][C]: queries, keys, values
        w.qkvB = L.vec(L.require(p + "attn_qkv.bias", {3 * C}));
        const TensorInfo& proj = L.require(p + "attn_output.weight", {C, C});
        w.projW = L.linear(proj);
        w.projB = L.vec(L.require(p + "attn_output.bias", {C}));
        w.ln2W = L.vec(L.require(p + "ffn_norm.weight", {C}));
        w.ln2B = L.vec(L.require(p + "ffn_norm.bias", {C}));
        const TensorInfo& up = L.require(p + "ffn_up.weight", {C, I});
        w.fcW = L.linear(up);
        w.fcB = L.vec(L.require(p + "ffn_up.bias", {I}));
        const TensorInfo& down = L.require(p + "ffn_down.weight", {I, C});
        w.fc2W = L.linear(down);
        w.fc2B = L.vec(L.require(p + "ffn_down.bias", {C}));
    }
    d->lnfW = L.vec(L.require("output_norm.weight", {C}));
    d->lnfB = L.vec(L.require("output_norm.bias", {C}));
    // llama.cpp's converter writes output.weight only when the head is not tied. A tied
    // head is the embedding itself: token rows are read (and widened) from it.
    d->embedding.width = static_cast<int>(C);
    if (f.tensor("output.weight")) {
        d->lmHead = L.linear(L.require("output.weight", {C, V}));
        d->tiedLmHead = false;
        std::vector<float> rows(wte.numel);
        quant::dequantizeRow(wte.type, wte.data, rows.data(), wte.numel);
        d->embedding.rows = d->ownFloats(rows);
        d->embedding.type = kernels::WeightType::F32;
    } else {
        d->lmHead = L.linear(wte);
        d->tiedLmHead = true;
        d->embedding.packed = &d->lmHead;
    }
    // What a decode step reads: every layer weight once, and the head.
    std::vector<const kernels::PackedWeight*> all{&d->lmHead};
    d->streamedPerToken = d->lmHead.bytes();
    for (const LayerWeights& w : d->layers) {
        d->streamedPerToken += w.qkvW.bytes() + w.projW.bytes() + w.fcW.bytes() + w.fc2W.bytes();
        for (const auto* p : {&w.qkvW, &w.projW, &w.fcW, &w.fc2W}) all.push_back(p);
    }
    d->weightBytes += d->streamedPerToken;
    d->storageTypes = L.typeNames(all);

    std::vector<std::string> unknown;
    for (const auto& t : f.tensors())
        if (!L.used(t.name)) unknown.push_back(t.name);
    if (!unknown.empty()) {
        std::string list;
        for (std::size_t i = 0; i < unknown.size() && i < 10; ++i) list += (i ? ", " : "") + unknown[i];
        d->warnings.push_back(f.where() + ": ignored " + std::to_string(unknown.size()) +
                              " unknown tensor(s): " + list);
    }
    if (progress) progress(1.0, "loaded");
    return std::make_shared<Model>(std::move(d));
}

}  // namespace ts

namespace ts {

std::shared_ptr<const Model> Model::loadGguf(const std::filesystem::path& file,
                                             const ProgressCallback& progress,
                                             const std::atomic<bool>* cancel) {
    if (progress) progress(0.0, "opening " + file.filename().string());
    auto f = std::make_shared<const gguf::File>(gguf::File::open(file));
    return modelFromGguf(std::move(f), progress, cancel);
}

LoadedModel loadGgufFile(const std::filesystem::path& file, const ProgressCallback& progress,
                         const std::atomic<bool>* cancel) {
    if (progress) progress(0.0, "opening " + file.filename().string());
    auto f = std::make_shared<const gguf::File>(gguf::File::open(file));
    LoadedModel loaded;
    loaded.folder = file;
    loaded.tokenizer = tokenizerFromGguf(*f);
    loaded.model = modelFromGguf(f, progress, cancel);
    loaded.warnings = loaded.model->warnings();
    if (loaded.tokenizer) {
        if (loaded.tokenizer->vocabSize() > loaded.model->config().nVocab)
            throw Error(file.string() + ": the tokenizer has " +
                        std::to_string(loaded.tokenizer->vocabSize()) +
                        " entries but token_embd.weight only " +
                        std::to_string(loaded.model->config().nVocab) + " rows");
    } else {
        loaded.warnings.push_back(file.string() + " has no tokenizer (tokenizer.ggml.*): only "
                                                  "token ids can be used as input");
    }
    if (progress) progress(1.0, "ready");
    return loaded;
}

}  // namespace ts
