// GPT-2's weights from a Hugging Face checkpoint: Conv1D weights stored [in, out], learned
// positions, LayerNorms with biases, a fused c_attn for queries, keys and values, and a head tied
// to wte unless the file brings a different lm_head. Names from the one tensor table
// (tensor_names.hpp), with or without the "transformer." prefix.
#include <algorithm>
#include <cstring>

#include "model/model_loader.hpp"
#include "model/tensor_names.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

bool isGpt2Buffer(const std::string& name) {
    auto ends = [&](const char* s) {
        const std::size_t n = std::strlen(s);
        return name.size() >= n && name.compare(name.size() - n, n, s) == 0;
    };
    return ends(".attn.bias") || ends(".attn.masked_bias");
}

}  // namespace

void loadGpt2Weights(ModelData& d, const st::Checkpoint& ckpt, const ProgressCallback& progress,
                     const std::atomic<bool>* cancel) {
    const Config& c = d.config;
    const std::int64_t C = c.nEmbd, V = c.nVocab, N = c.nCtx, I = c.nInner;
    const std::string where = ckpt.path().string();
    // The number of progress steps; the layer count is checked against the tensors below.
    const int total =
        static_cast<int>(std::min<std::int64_t>(4 + 12 * std::int64_t{c.nLayer} + 1, 1 << 30));
    Loader L(d, ckpt, progress, cancel, total, "transformer.");
    auto name = [&](TensorRole role, int layer = 0) {
        return tensorName("gpt2", NameScheme::HuggingFace, role, layer);
    };
    using R = TensorRole;

    // Embeddings first, with specific messages for the common config/weights mix-ups.
    {
        const st::TensorInfo* wte = L.lookup(name(R::TokenEmbedding));
        if (wte && wte->shape.size() == 2 && wte->shape[1] == C && wte->shape[0] != V)
            throw Error(where + ": vocabulary size mismatch: config.json says vocab_size " +
                        std::to_string(V) + " but '" + wte->name + "' has " +
                        std::to_string(wte->shape[0]) + " rows (shape " + wte->shapeString() +
                        ", expected " + st::shapeString({V, C}) + ")");
        const st::TensorInfo* wpe = L.lookup(name(R::PositionEmbedding));
        if (wpe && wpe->shape.size() == 2 && wpe->shape[1] == C && wpe->shape[0] != N)
            throw Error(where + ": context length mismatch: config.json says n_positions " +
                        std::to_string(N) + " but '" + wpe->name + "' has " +
                        std::to_string(wpe->shape[0]) + " rows (shape " + wpe->shapeString() +
                        ", expected " + st::shapeString({N, C}) + ")");
    }
    const st::TensorInfo& wte = L.require(name(R::TokenEmbedding), {V, C});
    d.wpe = L.floats(L.require(name(R::PositionEmbedding), {N, C}));

    requireDeclaredLayers(
        c.nLayer, ckpt.tensors().size(), 12, [&](int l) { return name(R::AttnNorm, l); },
        [&](const std::string& n) { return ckpt.find("transformer." + n) || ckpt.find(n); }, where,
        "config.json (n_layer)");
    d.layers.resize(static_cast<std::size_t>(c.nLayer));
    for (int l = 0; l < c.nLayer; ++l) {
        LayerWeights& w = d.layers[static_cast<std::size_t>(l)];
        const std::string ln1 = name(R::AttnNorm, l), qkv = name(R::Qkv, l), proj = name(R::Out, l),
                          ln2 = name(R::FfnNorm, l), fc = name(R::Up, l), fc2 = name(R::Down, l);
        w.ln1W = L.floats(L.require(ln1, {C}));
        w.ln1B = L.floats(L.require(biasName(ln1), {C}));
        w.qkvW = L.packInOut(L.require(qkv, {C, 3 * C}));
        w.qkvB = L.floats(L.require(biasName(qkv), {3 * C}));
        w.projW = L.packInOut(L.require(proj, {C, C}));
        w.projB = L.floats(L.require(biasName(proj), {C}));
        w.ln2W = L.floats(L.require(ln2, {C}));
        w.ln2B = L.floats(L.require(biasName(ln2), {C}));
        w.fcW = L.packInOut(L.require(fc, {C, I}));
        w.fcB = L.floats(L.require(biasName(fc), {I}));
        w.fc2W = L.packInOut(L.require(fc2, {I, C}));
        w.fc2B = L.floats(L.require(biasName(fc2), {C}));
    }
    const std::string lnf = name(R::FinalNorm);
    d.lnfW = L.floats(L.require(lnf, {C}));
    d.lnfB = L.floats(L.require(biasName(lnf), {C}));

    // Tied unless the file has its own, different lm_head. Many checkpoints store the tied
    // head as a copy of wte; it is kept once then.
    const st::TensorInfo* head = &wte;
    d.tiedLmHead = true;
    if (ckpt.find("lm_head.weight")) {
        const st::TensorInfo& t = L.require("lm_head.weight", {V, C});
        const bool sameAsWte =
            t.dtype == wte.dtype && std::memcmp(t.data, wte.data, wte.end - wte.begin) == 0;
        if (sameAsWte) {
            d.parameterCount -= t.numel;
        } else {
            head = &t;
            d.tiedLmHead = false;
        }
    }
    // Every decode step streams the whole head (50257 x 768 for GPT-2, a third of its
    // weights), so it gets the packed layout; a tied embedding reads its rows from there.
    L.headAndEmbedding(*head, wte, static_cast<int>(C));
    L.warnUnused(&isGpt2Buffer);
}

}  // namespace ts
