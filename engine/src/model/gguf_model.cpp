// Builds the engine's ModelData from a GGUF file (see gguf_model.hpp): picks the tensor
// list by general.architecture (gpt2 here, the llama family in gguf_model_llama.cpp).
// Every tensor is checked for presence and shape, with the expected and found shape in the
// message.
#include "model/gguf_model.hpp"

#include <sys/mman.h>

#include <cmath>
#include <set>
#include <tuple>
#include <utility>

#include "compute/packed_linear.hpp"
#include "formats/safetensors.hpp"
#include "model/gguf_loader.hpp"
#include "model/model_data.hpp"
#include "model/model_loader.hpp"
#include "model/tensor_names.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts {
namespace {

using gguf::TensorInfo;

// GPT-2: learned positions, LayerNorm with biases, one fused attn_qkv, GELU MLP.
void loadGgufGpt2(ModelData& dd, const gguf::File& f, const ProgressCallback& progress,
                  const std::atomic<bool>* cancel) {
    ModelData* d = &dd;
    const std::string arch = "gpt2";
    Config& c = d->config;
    c.modelType = arch;
    c.nCtx = ggufPositiveInt(f, arch + ".context_length");
    c.nEmbd = ggufPositiveInt(f, arch + ".embedding_length");
    c.nLayer = ggufPositiveInt(f, arch + ".block_count");
    c.nHead = ggufPositiveInt(f, arch + ".attention.head_count");
    c.nInner = ggufPositiveInt(f, arch + ".feed_forward_length");
    c.layerNormEps = static_cast<float>(f.getFloat(arch + ".attention.layer_norm_epsilon", 1e-5));
    c.activation = Activation::GeluTanh;
    readGgufVocabulary(f, c);
    c.validate(f.where());

    const std::int64_t C = c.nEmbd, V = c.nVocab, N = c.nCtx, I = c.nInner;
    GgufLoader L(*d, f, progress, cancel, 4 + 12 * c.nLayer + 1);
    auto name = [&](TensorRole role, int layer = 0) {
        return tensorName(arch, NameScheme::Gguf, role, layer);
    };
    using R = TensorRole;
    const TensorInfo& wte = L.require(name(R::TokenEmbedding), {C, V});
    d->wpe = L.vec(L.require(name(R::PositionEmbedding), {C, N}));
    requireDeclaredLayers(
        c.nLayer, f.tensors().size(), 12, [&](int l) { return name(R::AttnNorm, l); },
        [&](const std::string& n) { return f.tensor(n) != nullptr; }, f.where(),
        arch + ".block_count");
    d->layers.resize(static_cast<std::size_t>(c.nLayer));
    // A weight and the bias beside it, as floats.
    auto vecs = [&](TensorRole role, int l, std::int64_t n) {
        const std::string weight = name(role, l);
        return std::pair{L.vec(L.require(weight, {n})), L.vec(L.require(biasName(weight), {n}))};
    };
    for (int l = 0; l < c.nLayer; ++l) {
        LayerWeights& w = d->layers[static_cast<std::size_t>(l)];
        std::tie(w.ln1W, w.ln1B) = vecs(R::AttnNorm, l, C);
        // [3C rows][C]: q, k, v
        w.qkvW = L.linear(L.require(name(R::Qkv, l), {C, 3 * C}));
        w.qkvB = L.vec(L.require(biasName(name(R::Qkv, l)), {3 * C}));
        w.projW = L.linear(L.require(name(R::Out, l), {C, C}));
        w.projB = L.vec(L.require(biasName(name(R::Out, l)), {C}));
        std::tie(w.ln2W, w.ln2B) = vecs(R::FfnNorm, l, C);
        w.fcW = L.linear(L.require(name(R::Up, l), {C, I}));
        w.fcB = L.vec(L.require(biasName(name(R::Up, l)), {I}));
        w.fc2W = L.linear(L.require(name(R::Down, l), {I, C}));
        w.fc2B = L.vec(L.require(biasName(name(R::Down, l)), {C}));
    }
    std::tie(d->lnfW, d->lnfB) = vecs(R::FinalNorm, 0, C);
    L.embeddingAndHead(wte, C, V);
    L.finish();
}

}  // namespace

std::shared_ptr<const Model> modelFromGguf(std::shared_ptr<const gguf::File> file,
                                           const ProgressCallback& progress,
                                           const std::atomic<bool>* cancel) {
    const gguf::File& f = *file;
    const std::string arch = f.requireString("general.architecture");
    auto d = std::make_unique<ModelData>();
    d->folder = f.path();
    for (const auto& m : f.mappings()) d->mappings.push_back(m);
    if (arch == "gpt2")
        loadGgufGpt2(*d, f, progress, cancel);
    else if (arch == "llama" || arch == "qwen2" || arch == "qwen3" || arch == "exaone4" ||
             arch == "gemma3" || arch == "exaone" || arch == "granite" || arch == "smollm3")
        loadGgufLlama(*d, f, arch, progress, cancel);
    else
        throw Error(f.where() + ": general.architecture '" + arch +
                    "' is not supported for GGUF files (supported: gpt2, llama, qwen2, qwen3, "
                    "exaone4, gemma3, exaone, granite, smollm3)");
    // The plain-type weights now live in packed copies and the block types are read from
    // the mapping when a step needs them: drop the pages read while loading from this
    // process's resident memory (a read-only file mapping refaults them from the page cache).
    for (const auto& m : d->mappings)
        if (m->size() > 0)
            ::madvise(const_cast<std::uint8_t*>(m->data()), m->size(), MADV_DONTNEED);
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
    // A tokenizer the engine cannot rebuild (an unknown tokenizer.ggml.pre, say) leaves the
    // model usable with token ids, as a file without a tokenizer is.
    std::string tokenizerProblem;
    try {
        loaded.tokenizer = tokenizerFromGguf(*f);
    } catch (const Error& e) {
        tokenizerProblem = e.what();
    }
    loaded.model = modelFromGguf(f, progress, cancel);
    loaded.warnings = loaded.model->warnings();
    if (!tokenizerProblem.empty())
        loaded.warnings.push_back(tokenizerProblem +
                                  "; the model loads without a tokenizer: only token ids can "
                                  "be used as input");
    if (loaded.tokenizer) {
        if (loaded.tokenizer->vocabSize() > loaded.model->config().nVocab)
            throw Error(file.string() + ": the tokenizer has " +
                        std::to_string(loaded.tokenizer->vocabSize()) +
                        " entries but token_embd.weight only " +
                        std::to_string(loaded.model->config().nVocab) + " rows");
    } else if (tokenizerProblem.empty()) {
        loaded.warnings.push_back(file.string() +
                                  " has no tokenizer (tokenizer.ggml.*): only "
                                  "token ids can be used as input");
    }
    if (progress) progress(1.0, "ready");
    return loaded;
}

}  // namespace ts
