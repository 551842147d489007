// Loader (model_loader.hpp): the checks and conversions every architecture's tensor list
// goes through, so that each list reads as names and shapes only.
#include "model/model_loader.hpp"

#include <cmath>
#include <cstring>

#include "tokenscope/error.hpp"

namespace ts {
namespace {

std::size_t countNonFinite(const st::TensorInfo& t, std::size_t& infs) {
    std::size_t nan = 0;
    infs = 0;
    for (std::size_t i = 0; i < t.numel; ++i) {
        if (t.dtype == st::DType::F32) {
            std::uint32_t b;
            std::memcpy(&b, t.data + 4 * i, 4);
            if ((b & 0x7f800000u) == 0x7f800000u) ((b & 0x7fffffu) ? nan : infs) += 1;
        } else {
            std::uint16_t h;
            std::memcpy(&h, t.data + 2 * i, 2);
            const bool half = t.dtype == st::DType::F16;
            const std::uint16_t expMask = half ? 0x7c00u : 0x7f80u;
            const std::uint16_t mantMask = half ? 0x03ffu : 0x007fu;
            if ((h & expMask) == expMask) ((h & mantMask) ? nan : infs) += 1;
        }
    }
    return nan;
}

}  // namespace

kernels::WeightType weightTypeOf(st::DType d) {
    switch (d) {
        case st::DType::F32:
            return kernels::WeightType::F32;
        case st::DType::F16:
            return kernels::WeightType::F16;
        case st::DType::BF16:
            return kernels::WeightType::BF16;
    }
    return kernels::WeightType::F32;
}

void requireDeclaredLayers(int nLayer, std::size_t tensorsHeld, int tensorsPerLayer,
                           const std::function<std::string(int)>& firstTensor,
                           const std::function<bool(const std::string&)>& has,
                           const std::string& where, const std::string& declaredBy) {
    // Layer by layer while the tensor count leaves room, so a file short of a layer or two
    // names the first missing tensor; the count alone refuses the rest without a loop. One
    // layer past the count is let through, for the tensor list to name what it lacks.
    const std::size_t room = tensorsHeld / static_cast<std::size_t>(tensorsPerLayer);
    for (int l = 0; l < nLayer && static_cast<std::size_t>(l) <= room; ++l)
        if (!has(firstTensor(l)))
            throw Error(where + ": missing tensor '" + firstTensor(l) + "': " + declaredBy +
                        " declares " + std::to_string(nLayer) + " layers, but the weights hold " +
                        std::to_string(l));
    if (static_cast<std::size_t>(nLayer) > room + 1)
        throw Error(where + ": " + declaredBy + " declares " + std::to_string(nLayer) +
                    " layers, but the weights hold only " + std::to_string(tensorsHeld) +
                    " tensors, too few for more than " + std::to_string(room) + " layers of " +
                    std::to_string(tensorsPerLayer) + " tensors each");
}

const float* ModelData::ownFloats(const std::vector<float>& v) {
    ByteBuffer b(v.size() * sizeof(float));
    if (!v.empty()) std::memcpy(b.data(), v.data(), v.size() * sizeof(float));
    const float* p = reinterpret_cast<const float*>(b.data());
    owned.push_back(std::move(b));
    weightBytes += v.size() * sizeof(float);
    return p;
}

const st::TensorInfo* Loader::lookup(const std::string& base) const {
    if (!m_prefix.empty())
        if (auto* t = m_ckpt.find(m_prefix + base)) return t;
    return m_ckpt.find(base);
}

void Loader::tick(const std::string& what) {
    if (m_cancel && m_cancel->load(std::memory_order_relaxed)) throw Cancelled("loading cancelled");
    if (m_progress) m_progress(static_cast<double>(m_done) / m_total, "loading " + what);
    ++m_done;
}

const st::TensorInfo& Loader::require(const std::string& base, const Shape& expected) {
    tick(base);
    const st::TensorInfo* t = lookup(base);
    if (!t) {
        if (!m_prefix.empty())
            throw Error(where() + ": missing tensor '" + m_prefix + base + "' (or '" + base +
                        "'), expected shape " + st::shapeString(expected));
        throw Error(where() + ": missing tensor '" + base + "', expected shape " +
                    st::shapeString(expected));
    }
    m_used.insert(t->name);
    if (t->shape != expected)
        throw Error(m_ckpt.fileOf(t->name).path().string() + ": tensor '" + t->name +
                    "' has the wrong shape: expected " + st::shapeString(expected) + ", found " +
                    t->shapeString());
    m_d.parameterCount += t->numel;
    return *t;
}

const st::TensorInfo* Loader::optional(const std::string& base, const Shape& expected) {
    if (!lookup(base)) return nullptr;
    return &require(base, expected);
}

void Loader::headAndEmbedding(const st::TensorInfo& head, const st::TensorInfo& embedding,
                              int width) {
    m_d.lmHead = packOutIn({&head}, width);
    m_d.embedding.width = width;
    m_d.embedding.packed = &m_d.lmHead;
    if (!m_d.tiedLmHead) {
        checkFinite(embedding);
        m_d.embedding.rows = embedding.data;
        m_d.embedding.type = weightTypeOf(embedding.dtype);
        m_d.weightBytes += embedding.end - embedding.begin;
    }
}

void Loader::checkFinite(const st::TensorInfo& t) {
    std::size_t inf = 0;
    const std::size_t nan = countNonFinite(t, inf);
    if (nan || inf)
        m_d.warnings.push_back("tensor '" + t.name + "' has " + std::to_string(nan) + " NaN and " +
                               std::to_string(inf) + " infinite values out of " +
                               std::to_string(t.numel));
}

const float* Loader::floats(const st::TensorInfo& t) {
    checkFinite(t);
    std::vector<float> v(t.numel);
    st::toFloat32(t.dtype, t.data, v.data(), t.numel);
    return m_d.ownFloats(v);
}

const float* Loader::concatFloats(const std::vector<const st::TensorInfo*>& parts,
                                  const std::vector<int>& sizes) {
    std::vector<float> v;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::size_t at = v.size();
        v.resize(at + static_cast<std::size_t>(sizes[i]), 0.0f);
        if (parts[i]) {
            checkFinite(*parts[i]);
            st::toFloat32(parts[i]->dtype, parts[i]->data, v.data() + at, parts[i]->numel);
        }
    }
    return m_d.ownFloats(v);
}

kernels::PackedWeight Loader::pack(const std::vector<kernels::RowSource>& rows, int in,
                                   kernels::WeightType type) {
    const int out = static_cast<int>(rows.size());
    const std::size_t bytes = kernels::packedSize(out, in) * kernels::weightTypeSize(type);
    void* dst = m_d.packed.allocate(bytes);
    kernels::packRows(rows, in, type, dst);
    const kernels::PackedWeight w{dst, out, in, type};
    m_d.weightBytes += bytes;
    return w;
}

kernels::PackedWeight Loader::packOutIn(const std::vector<const st::TensorInfo*>& parts, int in) {
    kernels::WeightType type = weightTypeOf(parts.front()->dtype);
    for (const auto* t : parts)
        if (weightTypeOf(t->dtype) != type) type = kernels::WeightType::F32;  // never narrow
    std::vector<kernels::RowSource> rows;
    for (const auto* t : parts) {
        checkFinite(*t);
        const std::size_t es = st::dtypeSize(t->dtype);
        for (std::int64_t o = 0; o < t->shape[0]; ++o)
            rows.push_back(
                {t->data + static_cast<std::size_t>(o) * static_cast<std::size_t>(in) * es, 1,
                 weightTypeOf(t->dtype)});
    }
    return pack(rows, in, type);
}

kernels::PackedWeight Loader::packInOut(const st::TensorInfo& t) {
    checkFinite(t);
    const int in = static_cast<int>(t.shape[0]);
    const int out = static_cast<int>(t.shape[1]);
    const std::size_t es = st::dtypeSize(t.dtype);
    std::vector<kernels::RowSource> rows;
    rows.reserve(static_cast<std::size_t>(out));
    for (int o = 0; o < out; ++o)
        rows.push_back({t.data + static_cast<std::size_t>(o) * es, static_cast<std::size_t>(out),
                        weightTypeOf(t.dtype)});
    return pack(rows, in, weightTypeOf(t.dtype));
}

void Loader::warnUnused(bool (*isBuffer)(const std::string&)) {
    std::vector<std::string> unknown;
    for (const auto& [t, f] : m_ckpt.tensors())
        if (!used(t->name) && !(isBuffer && isBuffer(t->name))) unknown.push_back(t->name);
    if (unknown.empty()) return;
    std::sort(unknown.begin(), unknown.end());
    std::string list;
    for (std::size_t i = 0; i < unknown.size() && i < 10; ++i) list += (i ? ", " : "") + unknown[i];
    if (unknown.size() > 10) list += ", ... (" + std::to_string(unknown.size() - 10) + " more)";
    m_d.warnings.push_back(where() + ": ignored " + std::to_string(unknown.size()) +
                           " unknown tensor(s): " + list);
}

double EmbeddingTable::rowBytes() const {
    if (rows) return static_cast<double>(kernels::weightTypeSize(type)) * width;
    if (packed && packed->type == kernels::WeightType::Blocks)
        return static_cast<double>(packed->rowBytes);
    return 0.0;
}

void EmbeddingTable::row(int token, float* dst) const {
    if (!rows) {
        kernels::unpackRow(*packed, token, dst);
        return;
    }
    const std::size_t es = kernels::weightTypeSize(type);
    const auto* src = static_cast<const std::uint8_t*>(rows) +
                      static_cast<std::size_t>(token) * static_cast<std::size_t>(width) * es;
    st::toFloat32(type == kernels::WeightType::F32   ? st::DType::F32
                  : type == kernels::WeightType::F16 ? st::DType::F16
                                                     : st::DType::BF16,
                  src, dst, static_cast<std::size_t>(width));
}

}  // namespace ts
