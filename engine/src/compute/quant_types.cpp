// Type traits of the GGUF tensor types and the reference (portable, one element at a time)
// dequantization of each block layout Tokenscope computes with. The layouts follow ggml's
// definitions; the tests build blocks from known integers and check every element.
#include "compute/quant_types.hpp"

#include <cstring>

#include "compute/half.hpp"
#include "tokenscope/error.hpp"

namespace ts::quant {
namespace {

TypeTraits table(std::uint32_t t) {
    switch (t) {
        case 0:
            return {"F32", 1, 4, true};
        case 1:
            return {"F16", 1, 2, true};
        case 2:
            return {"Q4_0", 32, 18, true};
        case 3:
            return {"Q4_1", 32, 20, true};
        case 6:
            return {"Q5_0", 32, 22, true};
        case 7:
            return {"Q5_1", 32, 24, true};
        case 8:
            return {"Q8_0", 32, 34, true};
        case 9:
            return {"Q8_1", 32, 36, false};
        case 10:
            return {"Q2_K", 256, 84, false};
        case 11:
            return {"Q3_K", 256, 110, false};
        case 12:
            return {"Q4_K", 256, 144, true};
        case 13:
            return {"Q5_K", 256, 176, true};
        case 14:
            return {"Q6_K", 256, 210, true};
        case 15:
            return {"Q8_K", 256, 292, false};
        case 16:
            return {"IQ2_XXS", 256, 66, false};
        case 17:
            return {"IQ2_XS", 256, 74, false};
        case 18:
            return {"IQ3_XXS", 256, 98, false};
        case 19:
            return {"IQ1_S", 256, 50, false};
        case 20:
            return {"IQ4_NL", 32, 18, false};
        case 21:
            return {"IQ3_S", 256, 110, false};
        case 22:
            return {"IQ2_S", 256, 82, false};
        case 23:
            return {"IQ4_XS", 256, 136, false};
        case 24:
            return {"I8", 1, 1, false};
        case 25:
            return {"I16", 1, 2, false};
        case 26:
            return {"I32", 1, 4, false};
        case 27:
            return {"I64", 1, 8, false};
        case 28:
            return {"F64", 1, 8, false};
        case 29:
            return {"IQ1_M", 256, 56, false};
        case 30:
            return {"BF16", 1, 2, true};
        case 34:
            return {"TQ1_0", 256, 54, false};
        case 35:
            return {"TQ2_0", 256, 66, false};
        case 39:
            return {"MXFP4", 32, 17, false};
        default:
            return {};
    }
}

const TypeTraits kUnknown{};

}  // namespace

const TypeTraits& traits(std::uint32_t type) {
    static const auto all = [] {
        static TypeTraits t[64];
        for (std::uint32_t i = 0; i < 64; ++i) t[i] = table(i);
        return t;
    }();
    return type < 64 ? all[type] : kUnknown;
}

std::string typeName(std::uint32_t type) {
    const TypeTraits& t = traits(type);
    return t.name ? std::string(t.name) : "unknown type " + std::to_string(type);
}

const char* computableTypeList() {
    return "F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K, Q5_K, Q6_K";
}

void dequantizeRow(Type t, const void* src, float* y, std::size_t n) {
    if (n == 0) return;  // an empty tensor: nothing to read, and its pointers may be null
    const auto* p = static_cast<const std::uint8_t*>(src);
    const std::size_t nb32 = n / kQK, nb256 = n / kQKK;
    switch (t) {
        case Type::F32:
            std::memcpy(y, p, n * 4);
            return;
        case Type::F16:
        case Type::BF16:
            for (std::size_t i = 0; i < n; ++i) {
                std::uint16_t h;
                std::memcpy(&h, p + 2 * i, 2);
                y[i] = t == Type::F16 ? kernels::halfToFloat(h) : kernels::bf16ToFloat(h);
            }
            return;
        case Type::Q4_0:
            for (std::size_t b = 0; b < nb32; ++b, y += 32) {
                const auto* x = reinterpret_cast<const BlockQ4_0*>(p) + b;
                const float d = kernels::halfToFloat(x->d);
                for (int j = 0; j < 16; ++j) {
                    y[j] = static_cast<float>((x->qs[j] & 0xF) - 8) * d;
                    y[j + 16] = static_cast<float>((x->qs[j] >> 4) - 8) * d;
                }
            }
            return;
        case Type::Q4_1:
            for (std::size_t b = 0; b < nb32; ++b, y += 32) {
                const auto* x = reinterpret_cast<const BlockQ4_1*>(p) + b;
                const float d = kernels::halfToFloat(x->d), m = kernels::halfToFloat(x->m);
                for (int j = 0; j < 16; ++j) {
                    y[j] = static_cast<float>(x->qs[j] & 0xF) * d + m;
                    y[j + 16] = static_cast<float>(x->qs[j] >> 4) * d + m;
                }
            }
            return;
        case Type::Q5_0:
        case Type::Q5_1:
            for (std::size_t b = 0; b < nb32; ++b, y += 32) {
                const bool one = t == Type::Q5_1;
                const std::uint8_t* blk = p + b * (one ? sizeof(BlockQ5_1) : sizeof(BlockQ5_0));
                std::uint16_t dh, mh = 0;
                std::memcpy(&dh, blk, 2);
                if (one) std::memcpy(&mh, blk + 2, 2);
                const std::uint8_t* qhp = blk + (one ? 4 : 2);
                const std::uint8_t* qs = qhp + 4;
                std::uint32_t qh;
                std::memcpy(&qh, qhp, 4);
                const float d = kernels::halfToFloat(dh), m = one ? kernels::halfToFloat(mh) : 0.0f;
                const int off = one ? 0 : 16;
                for (int j = 0; j < 16; ++j) {
                    const int lo = (qs[j] & 0xF) | static_cast<int>(((qh >> j) & 1u) << 4);
                    const int hi = (qs[j] >> 4) | static_cast<int>(((qh >> (j + 16)) & 1u) << 4);
                    y[j] = static_cast<float>(lo - off) * d + m;
                    y[j + 16] = static_cast<float>(hi - off) * d + m;
                }
            }
            return;
        case Type::Q8_0:
            for (std::size_t b = 0; b < nb32; ++b, y += 32) {
                const auto* x = reinterpret_cast<const BlockQ8_0*>(p) + b;
                const float d = kernels::halfToFloat(x->d);
                for (int j = 0; j < 32; ++j) y[j] = static_cast<float>(x->qs[j]) * d;
            }
            return;
        case Type::Q4_K:
        case Type::Q5_K:
            for (std::size_t b = 0; b < nb256; ++b) {
                const bool five = t == Type::Q5_K;
                const std::uint8_t* blk = p + b * (five ? sizeof(BlockQ5_K) : sizeof(BlockQ4_K));
                std::uint16_t dh, mh;
                std::memcpy(&dh, blk, 2);
                std::memcpy(&mh, blk + 2, 2);
                const std::uint8_t* scales = blk + 4;
                const std::uint8_t* qh = blk + 16;
                const std::uint8_t* ql = five ? blk + 48 : blk + 16;
                const float d = kernels::halfToFloat(dh), dmin = kernels::halfToFloat(mh);
                for (int c = 0; c < 4; ++c, ql += 32, y += 64) {
                    int sc1, m1, sc2, m2;
                    kScaleMin(2 * c, scales, sc1, m1);
                    kScaleMin(2 * c + 1, scales, sc2, m2);
                    for (int l = 0; l < 32; ++l) {
                        int lo = ql[l] & 0xF, hi = ql[l] >> 4;
                        if (five) {
                            lo += (qh[l] >> (2 * c)) & 1 ? 16 : 0;
                            hi += (qh[l] >> (2 * c + 1)) & 1 ? 16 : 0;
                        }
                        y[l] = d * static_cast<float>(sc1) * static_cast<float>(lo) -
                               dmin * static_cast<float>(m1);
                        y[l + 32] = d * static_cast<float>(sc2) * static_cast<float>(hi) -
                                    dmin * static_cast<float>(m2);
                    }
                }
            }
            return;
        case Type::Q6_K:
            for (std::size_t b = 0; b < nb256; ++b) {
                const auto* x = reinterpret_cast<const BlockQ6_K*>(p) + b;
                const float d = kernels::halfToFloat(x->d);
                const std::uint8_t* ql = x->ql;
                const std::uint8_t* qh = x->qh;
                const std::int8_t* sc = x->scales;
                for (int h = 0; h < 2; ++h, ql += 64, qh += 32, sc += 8, y += 128)
                    for (int l = 0; l < 32; ++l) {
                        const int is = l / 16;
                        const int q1 = ((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                        const int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                        const int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                        const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                        y[l] = d * static_cast<float>(sc[is]) * static_cast<float>(q1);
                        y[l + 32] = d * static_cast<float>(sc[is + 2]) * static_cast<float>(q2);
                        y[l + 64] = d * static_cast<float>(sc[is + 4]) * static_cast<float>(q3);
                        y[l + 96] = d * static_cast<float>(sc[is + 6]) * static_cast<float>(q4);
                    }
            }
            return;
        default:
            throw Error("tensor type " + typeName(static_cast<std::uint32_t>(t)) +
                        " cannot be computed with (supported: " + computableTypeList() + ")");
    }
}

void repackQ8_0Planar(const void* src, std::size_t rows, std::size_t n, void* dst) {
    const auto* b = static_cast<const BlockQ8_0*>(src);
    auto* out = static_cast<std::uint8_t*>(dst);
    const std::size_t groups = n / kQK;
    for (std::size_t r = 0; r < rows; ++r, b += groups) {
        std::uint8_t* qs = out + r * groups * sizeof(BlockQ8_0);
        std::uint8_t* scales = qs + n;
        for (std::size_t g = 0; g < groups; ++g) {
            std::memcpy(qs + g * kQK, b[g].qs, kQK);
            std::memcpy(scales + 2 * g, &b[g].d, 2);
        }
    }
}

void dequantizeRowQ8_0Planar(const void* src, float* y, std::size_t n) {
    const auto* qs = static_cast<const std::int8_t*>(src);
    const auto* scales = static_cast<const std::uint8_t*>(src) + n;
    for (std::size_t g = 0; g < n / kQK; ++g) {
        std::uint16_t h;
        std::memcpy(&h, scales + 2 * g, 2);
        const float d = kernels::halfToFloat(h);
        for (std::size_t j = 0; j < kQK; ++j)
            y[g * kQK + j] = static_cast<float>(qs[g * kQK + j]) * d;
    }
}

void planarQ8_0ToBlocks(const void* src, std::size_t n, BlockQ8_0* dst) {
    const auto* qs = static_cast<const std::uint8_t*>(src);
    for (std::size_t g = 0; g < n / kQK; ++g) {
        std::memcpy(dst[g].qs, qs + g * kQK, kQK);
        std::memcpy(&dst[g].d, qs + n + 2 * g, 2);
    }
}

}  // namespace ts::quant
