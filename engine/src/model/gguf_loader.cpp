// GgufLoader (gguf_loader.hpp): the checks and conversions every GGUF architecture's
// tensor list goes through, so that each list reads as names and shapes only.
#include "model/gguf_loader.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "compute/packed_linear.hpp"
#include "tokenscope/error.hpp"

namespace ts {
namespace {

std::string dimsString(const GgufLoader::Dims& d) {
    std::string s = "[";
    for (std::size_t i = 0; i < d.size(); ++i) s += (i ? ", " : "") + std::to_string(d[i]);
    return s + "]";
}

kernels::WeightType plainType(quant::Type t) {
    return t == quant::Type::F32   ? kernels::WeightType::F32
           : t == quant::Type::F16 ? kernels::WeightType::F16
                                   : kernels::WeightType::BF16;
}

bool isPlain(quant::Type t) {
    return t == quant::Type::F32 || t == quant::Type::F16 || t == quant::Type::BF16;
}

}  // namespace

int ggufPositiveInt(const gguf::File& f, const std::string& key) {
    const std::int64_t v = f.requireInt(key);
    if (v <= 0 || v > (1 << 24))
        throw Error(f.where() + ": metadata key '" + key + "' is " + std::to_string(v) +
                    ", expected a positive size below 2^24");
    return static_cast<int>(v);
}

int ggufTokenId(const gguf::File& f, const std::string& key) {
    const std::int64_t id = f.getInt(key, -1);
    // A cast to int made 2^32 + 5 token 5. llama.cpp ignores an id outside the vocabulary
    // (with a warning); consumers here check ids against the vocabulary, so one that does
    // not fit an int is simply not used.
    return id >= 0 && id <= std::numeric_limits<int>::max() ? static_cast<int>(id) : -1;
}

void readGgufVocabulary(const gguf::File& f, Config& c) {
    const gguf::TensorInfo* embd = f.tensor("token_embd.weight");  // its rows give the vocabulary
    if (!embd || embd->dims.size() != 2)
        throw Error(f.where() +
                    ": missing tensor 'token_embd.weight' (2 dimensions: width, vocabulary)");
    if (embd->dims[1] <= 0 || embd->dims[1] > (1 << 24))
        throw Error(f.where() + ": 'token_embd.weight' has " + std::to_string(embd->dims[1]) +
                    " rows, not a vocabulary size");
    c.nVocab = static_cast<int>(embd->dims[1]);
    c.bosTokenId = ggufTokenId(f, "tokenizer.ggml.bos_token_id");
    c.eosTokenId = ggufTokenId(f, "tokenizer.ggml.eos_token_id");
    c.eosTokenIds.clear();
    if (c.eosTokenId >= 0) c.eosTokenIds.push_back(c.eosTokenId);
}

void GgufLoader::tick(const std::string& what) {
    if (m_cancel && m_cancel->load(std::memory_order_relaxed)) throw Cancelled("loading cancelled");
    if (m_progress) m_progress(static_cast<double>(m_done) / m_total, "loading " + what);
    ++m_done;
}

const gguf::TensorInfo& GgufLoader::require(const std::string& name, const Dims& dims) {
    tick(name);
    const gguf::TensorInfo* t = m_f.tensor(name);
    if (!t)
        throw Error(m_f.where() + ": missing tensor '" + name + "', expected shape " +
                    dimsString(dims) + " (innermost first)");
    if (t->dims != dims)
        throw Error(m_f.where() + ": tensor '" + name + "' has shape " + t->shapeString() +
                    ", expected " + dimsString(dims) + " (innermost first)");
    if (m_used.insert(name).second) m_d.parameterCount += t->numel;
    return *t;
}

const gguf::TensorInfo* GgufLoader::optional(const std::string& name, const Dims& dims) {
    if (!m_f.tensor(name)) return nullptr;
    return &require(name, dims);
}

void GgufLoader::checkFinite(const std::string& name, const float* p, std::size_t n) {
    std::size_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad += !std::isfinite(p[i]);
    if (bad)
        m_d.warnings.push_back("tensor '" + name + "' has " + std::to_string(bad) +
                               " NaN or infinite values out of " + std::to_string(n));
}

const float* GgufLoader::vec(const gguf::TensorInfo& t) { return vecs({&t}); }

const float* GgufLoader::vecs(const std::vector<const gguf::TensorInfo*>& parts) {
    std::vector<float> v;
    for (const auto* t : parts) {
        const std::size_t at = v.size();
        v.resize(at + t->numel);
        quant::dequantizeRow(t->type, t->data, v.data() + at, t->numel);
        checkFinite(t->name, v.data() + at, t->numel);
    }
    return m_d.ownFloats(v);
}

kernels::PackedWeight GgufLoader::linear(const gguf::TensorInfo& t) { return fused({&t}); }

bool GgufLoader::fusable(const std::vector<const gguf::TensorInfo*>& parts) {
    for (const auto* t : parts)
        if (t->type != parts.front()->type || t->dims[0] != parts.front()->dims[0]) return false;
    return true;
}

kernels::PackedWeight GgufLoader::fused(const std::vector<const gguf::TensorInfo*>& parts) {
    if (!fusable(parts))
        throw Error("internal: GgufLoader::fused given tensors of different types");
    const gguf::TensorInfo& first = *parts.front();
    const int in = static_cast<int>(first.dims[0]);
    std::int64_t rows = 0;
    for (const auto* t : parts) rows += t->rows();
    const int out = static_cast<int>(rows);
    if (isPlain(first.type)) {
        const kernels::WeightType wt = plainType(first.type);
        const std::size_t es = kernels::weightTypeSize(wt);
        std::vector<kernels::RowSource> src;
        src.reserve(static_cast<std::size_t>(out));
        for (const auto* t : parts) {
            if (t->type == quant::Type::F32)
                checkFinite(t->name, reinterpret_cast<const float*>(t->data), t->numel);
            for (std::int64_t o = 0; o < t->rows(); ++o)
                src.push_back(
                    {t->data + static_cast<std::size_t>(o) * static_cast<std::size_t>(in) * es, 1,
                     wt});
        }
        const std::size_t bytes = kernels::packedSize(out, in) * es;
        void* dst = m_d.packed.allocate(bytes);
        kernels::packRows(src, in, wt, dst);
        return kernels::PackedWeight{dst, out, in, wt};
    }
    kernels::PackedWeight w{first.data, out, in, kernels::WeightType::Blocks};
    w.blockType = static_cast<std::uint32_t>(first.type);
    w.rowBytes = quant::rowBytes(first.type, static_cast<std::size_t>(in));
    m_types.insert(quant::typeName(w.blockType));
    if (first.type == quant::Type::Q8_0) {
        // Q8_0 is rewritten into the planar decode layout (same bytes; quant_types.hpp).
        auto* dst = static_cast<std::uint8_t*>(m_d.packed.allocate(w.bytes()));
        std::size_t at = 0;
        for (const auto* t : parts) {
            quant::repackQ8_0Planar(t->data, static_cast<std::size_t>(t->rows()),
                                    static_cast<std::size_t>(in), dst + at);
            at += t->bytes;
        }
        w.data = dst;
        w.planar = true;
        return w;
    }
    bool inPlace = true;
    for (std::size_t i = 1; i < parts.size(); ++i)
        inPlace = inPlace && parts[i]->part == parts[i - 1]->part &&
                  parts[i]->data == parts[i - 1]->data + parts[i - 1]->bytes;
    if (!inPlace) {
        auto* dst = static_cast<std::uint8_t*>(m_d.packed.allocate(w.bytes()));
        std::size_t at = 0;
        for (const auto* t : parts) {
            std::memcpy(dst + at, t->data, t->bytes);
            at += t->bytes;
        }
        w.data = dst;
    }
    return w;
}

void GgufLoader::embeddingAndHead(const gguf::TensorInfo& wte, std::int64_t C, std::int64_t V) {
    m_d.embedding.width = static_cast<int>(C);
    if (m_f.tensor("output.weight")) {
        m_d.lmHead = linear(require("output.weight", {C, V}));
        m_d.tiedLmHead = false;
        if (isPlain(wte.type)) {  // rows read from the mapping, widened when a token needs one
            if (wte.type == quant::Type::F32)
                checkFinite(wte.name, reinterpret_cast<const float*>(wte.data), wte.numel);
            m_d.embedding.rows = wte.data;
            m_d.embedding.type = plainType(wte.type);
        } else {  // rows dequantized one at a time from the mapped blocks
            m_d.embeddingBlocks = linear(wte);
            m_d.embedding.packed = &m_d.embeddingBlocks;
        }
        m_d.weightBytes += wte.bytes;
    } else {
        m_d.lmHead = linear(wte);
        m_d.tiedLmHead = true;
        m_d.embedding.packed = &m_d.lmHead;
    }
}

void GgufLoader::finish() {
    // What a decode step reads: every layer weight once, and the head.
    std::vector<const kernels::PackedWeight*> all{&m_d.lmHead};
    for (const LayerWeights& w : m_d.layers)
        for (const auto* p : w.streamed()) all.push_back(p);
    m_d.streamedPerToken = 0;
    for (const auto* w : all) {
        m_d.streamedPerToken += w->bytes();
        if (w->type != kernels::WeightType::Blocks)
            m_types.insert(kernels::weightTypeName(w->type));
    }
    m_d.weightBytes += m_d.streamedPerToken;
    m_d.storageTypes.clear();
    for (const auto& n : m_types) m_d.storageTypes += (m_d.storageTypes.empty() ? "" : "+") + n;

    std::vector<std::string> unknown;
    for (const auto& t : m_f.tensors())
        if (!used(t.name)) unknown.push_back(t.name);
    if (unknown.empty()) return;
    std::string list;
    for (std::size_t i = 0; i < unknown.size() && i < 10; ++i) list += (i ? ", " : "") + unknown[i];
    if (unknown.size() > 10) list += ", ... (" + std::to_string(unknown.size() - 10) + " more)";
    m_d.warnings.push_back(m_f.where() + ": ignored " + std::to_string(unknown.size()) +
                           " unknown tensor(s): " + list);
}

}  // namespace ts
