#pragma once
// The tensor element types a GGUF file can hold (numbered as ggml numbers them) and the
// block layouts of the ones Tokenscope computes with. A quantized row is a run of blocks;
// each block holds a scale (and sometimes a minimum) plus small integers for 32 or 256
// weights. The structs below are byte-exact mirrors of those blocks (no padding), so a
// pointer into a memory-mapped file can be read as an array of them.
#include <cstddef>
#include <cstdint>
#include <string>

namespace ts::quant {

enum class Type : std::uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q8_1 = 9,
    Q2_K = 10,
    Q3_K = 11,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    Q8_K = 15,
    IQ2_XXS = 16,
    IQ2_XS = 17,
    IQ3_XXS = 18,
    IQ1_S = 19,
    IQ4_NL = 20,
    IQ3_S = 21,
    IQ2_S = 22,
    IQ4_XS = 23,
    I8 = 24,
    I16 = 25,
    I32 = 26,
    I64 = 27,
    F64 = 28,
    IQ1_M = 29,
    BF16 = 30,
    TQ1_0 = 34,
    TQ2_0 = 35,
    MXFP4 = 39,
};

struct TypeTraits {
    const char* name = nullptr;  // null: not a type number ggml knows
    int blockElems = 0;          // weights per block (1 for plain floats)
    int blockBytes = 0;          // bytes per block
    bool computable = false;     // Tokenscope has dequantization and dot kernels for it
};

// Traits of a raw type number from a file (name == nullptr for numbers ggml never used).
const TypeTraits& traits(std::uint32_t type);
inline const TypeTraits& traits(Type t) { return traits(static_cast<std::uint32_t>(t)); }
std::string typeName(std::uint32_t type);  // "Q4_K", or "unknown type 77"
// Comma-separated list of the computable types, for error messages.
const char* computableTypeList();

// Bytes of a row of n elements; n must be a multiple of the block size (checked by callers).
inline std::size_t rowBytes(Type t, std::size_t n) {
    const TypeTraits& tr = traits(t);
    return n / static_cast<std::size_t>(tr.blockElems) * static_cast<std::size_t>(tr.blockBytes);
}

// ---- block layouts (little-endian, as stored in the file) ----
constexpr int kQK = 32;    // elements of a small block
constexpr int kQKK = 256;  // elements of a K-quant super-block

#pragma pack(push, 1)
struct BlockQ4_0 {
    std::uint16_t d;
    std::uint8_t qs[16];
};  // (q - 8) * d
struct BlockQ4_1 {
    std::uint16_t d, m;
    std::uint8_t qs[16];
};  // q * d + m
struct BlockQ5_0 {
    std::uint16_t d;
    std::uint8_t qh[4];
    std::uint8_t qs[16];
};  // (q - 16) * d
struct BlockQ5_1 {
    std::uint16_t d, m;
    std::uint8_t qh[4];
    std::uint8_t qs[16];
};
struct BlockQ8_0 {
    std::uint16_t d;
    std::int8_t qs[32];
};  // q * d
// K-quants: 8 sub-blocks of 32 with 6-bit scales and minimums packed into 12 bytes.
struct BlockQ4_K {
    std::uint16_t d, dmin;
    std::uint8_t scales[12];
    std::uint8_t qs[128];
};
struct BlockQ5_K {
    std::uint16_t d, dmin;
    std::uint8_t scales[12];
    std::uint8_t qh[32];
    std::uint8_t qs[128];
};
// 16 sub-blocks of 16 with signed 8-bit scales; 6-bit quants split into 4 + 2 bits.
struct BlockQ6_K {
    std::uint8_t ql[128];
    std::uint8_t qh[64];
    std::int8_t scales[16];
    std::uint16_t d;
};
#pragma pack(pop)
static_assert(sizeof(BlockQ4_0) == 18 && sizeof(BlockQ4_1) == 20 && sizeof(BlockQ5_0) == 22 &&
              sizeof(BlockQ5_1) == 24 && sizeof(BlockQ8_0) == 34 && sizeof(BlockQ4_K) == 144 &&
              sizeof(BlockQ5_K) == 176 && sizeof(BlockQ6_K) == 210);

// Sub-block j's 6-bit scale and minimum of a Q4_K / Q5_K block.
inline void kScaleMin(int j, const std::uint8_t* q, int& sc, int& m) {
    if (j < 4) {
        sc = q[j] & 63;
        m = q[j + 4] & 63;
    } else {
        sc = (q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4);
        m = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
    }
}

// Dequantizes n elements (a whole number of blocks) of type t from src into dst.
// Throws ts::Error for a type without kernels.
void dequantizeRow(Type t, const void* src, float* dst, std::size_t n);

// Q8_0 rows in Tokenscope's decode layout ("planar"): each row's n / 32 blocks become its n
// int8 weights followed by its n / 32 fp16 scales. The same bytes per row as the file's
// blocks (34 per 32 weights), but the AVX-512 decode kernel can load sixteen scales with one
// instruction instead of one per block (see quant_dot.cpp).
// Rewrites `rows` rows of n weights from GGUF blocks (src) into the planar layout (dst).
void repackQ8_0Planar(const void* src, std::size_t rows, std::size_t n, void* dst);
// Dequantizes one planar Q8_0 row of n weights.
void dequantizeRowQ8_0Planar(const void* src, float* dst, std::size_t n);
// The GGUF blocks of one planar row (the inverse of repackQ8_0Planar, for code paths that
// take blocks).
void planarQ8_0ToBlocks(const void* src, std::size_t n, BlockQ8_0* dst);

}  // namespace ts::quant
