// Turning checkpoint tensors into the packed panel layout of packed_linear.hpp, in the
// tensor's own precision, and reading single rows back (the embedding lookups of a model
// whose head is tied and therefore stored once, packed).
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "compute/half.hpp"
#include "compute/packed_linear.hpp"
#include "compute/quant_types.hpp"
#include "compute/size_cast.hpp"

namespace ts::kernels {
namespace {

float readAsFloat(const void* base, std::size_t i, WeightType t) {
    const auto* b = static_cast<const unsigned char*>(base);
    if (t == WeightType::F32) {
        float f;
        std::memcpy(&f, b + 4 * i, 4);
        return f;
    }
    std::uint16_t h;
    std::memcpy(&h, b + 2 * i, 2);
    return t == WeightType::F16 ? halfToFloat(h) : bf16ToFloat(h);
}

// Same type: copy the bits. E is float or uint16_t.
template <class E>
void packSameType(const std::vector<RowSource>& rows, int in, E* dst) {
    const int out = static_cast<int>(rows.size());
    const int np = panels(out);
    for (int p = 0; p < np; ++p) {
        const int cols = std::min(kPanel, out - p * kPanel);
        E* d = dst + sz(p) * sz(in) * kPanel;
        const unsigned char* src[kPanel];
        std::size_t stride[kPanel];
        for (int c = 0; c < cols; ++c) {
            src[c] = static_cast<const unsigned char*>(rows[sz(p * kPanel + c)].base);
            stride[c] = rows[sz(p * kPanel + c)].stride * sizeof(E);
        }
        for (int k = 0; k < in; ++k, d += kPanel) {
            for (int c = 0; c < cols; ++c)
                std::memcpy(d + c, src[c] + sz(k) * stride[c], sizeof(E));
            for (int c = cols; c < kPanel; ++c) d[c] = E{};
        }
    }
}

}  // namespace

std::size_t weightTypeSize(WeightType t) {
    switch (t) {
        case WeightType::F32:
            return 4;
        case WeightType::F16:
        case WeightType::BF16:
            return 2;
        case WeightType::Blocks:
            return 0;  // no size per element: see PackedWeight::rowBytes
    }
    return 0;
}

const char* weightTypeName(WeightType t) {
    switch (t) {
        case WeightType::F32:
            return "F32";
        case WeightType::F16:
            return "F16";
        case WeightType::BF16:
            return "BF16";
        case WeightType::Blocks:
            return "GGUF blocks";
    }
    return "?";
}

std::size_t PackedWeight::bytes() const {
    if (type == WeightType::Blocks) return static_cast<std::size_t>(out) * rowBytes;
    return packedSize(out, in) * weightTypeSize(type);
}

void packFromInOut(const float* src, int in, int out, float* dst) {
    const int np = panels(out);
    for (int p = 0; p < np; ++p) {
        const int cols = std::min(kPanel, out - p * kPanel);
        float* d = dst + sz(p) * sz(in) * kPanel;
        for (int k = 0; k < in; ++k) {
            float* row = d + sz(k) * kPanel;
            std::memcpy(row, src + sz(k) * sz(out) + sz(p) * kPanel, sz(cols) * sizeof(float));
            std::fill(row + cols, row + kPanel, 0.0f);
        }
    }
}

void packFromOutIn(const float* src, int out, int in, float* dst) {
    const int np = panels(out);
    for (int p = 0; p < np; ++p) {
        const int cols = std::min(kPanel, out - p * kPanel);
        const float* rows[kPanel];
        for (int c = 0; c < cols; ++c) rows[c] = src + sz(p * kPanel + c) * sz(in);
        float* d = dst + sz(p) * sz(in) * kPanel;
        // sixteen read streams, one sequential write stream
        for (int k = 0; k < in; ++k, d += kPanel) {
            for (int c = 0; c < cols; ++c) d[c] = rows[c][k];
            for (int c = cols; c < kPanel; ++c) d[c] = 0.0f;
        }
    }
}

void packRows(const std::vector<RowSource>& rows, int in, WeightType type, void* dst) {
    const bool same =
        std::all_of(rows.begin(), rows.end(), [&](const RowSource& r) { return r.type == type; });
    if (same) {
        if (type == WeightType::F32)
            packSameType(rows, in, static_cast<float*>(dst));
        else
            packSameType(rows, in, static_cast<std::uint16_t*>(dst));
        return;
    }
    // Mixed sources are widened to F32 (the loader asks for nothing else): narrowing would
    // change the weights.
    if (type != WeightType::F32)
        throw std::invalid_argument("packRows: rows of mixed types can only be packed as F32");
    float* d = static_cast<float*>(dst);
    const int out = static_cast<int>(rows.size());
    for (int p = 0; p < panels(out); ++p) {
        const int cols = std::min(kPanel, out - p * kPanel);
        for (int k = 0; k < in; ++k, d += kPanel) {
            for (int c = 0; c < cols; ++c) {
                const RowSource& r = rows[sz(p * kPanel + c)];
                d[c] = readAsFloat(r.base, sz(k) * r.stride, r.type);
            }
            for (int c = cols; c < kPanel; ++c) d[c] = 0.0f;
        }
    }
}

void unpackRow(const PackedWeight& W, int row, float* dst) {
    if (W.type == WeightType::Blocks) {
        const auto* src = static_cast<const std::uint8_t*>(W.data) + sz(row) * W.rowBytes;
        if (W.planar)
            quant::dequantizeRowQ8_0Planar(src, dst, sz(W.in));
        else
            quant::dequantizeRow(static_cast<quant::Type>(W.blockType), src, dst, sz(W.in));
        return;
    }
    const std::size_t base = sz(row / kPanel) * sz(W.in) * kPanel + sz(row % kPanel);
    for (int k = 0; k < W.in; ++k) dst[k] = readAsFloat(W.data, base + sz(k) * kPanel, W.type);
}

}  // namespace ts::kernels
