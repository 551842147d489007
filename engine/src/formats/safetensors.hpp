#pragma once
// Read-only, memory-mapped safetensors reader. Every structural check the format allows is
// made when opening, so later code can trust offsets and sizes.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace ts::st {

enum class DType { F32, F16, BF16 };

std::size_t dtypeSize(DType d);
const char* dtypeName(DType d);

// A read-only mapping of a whole file; unmapped when the last owner goes.
class Mapping {
public:
    explicit Mapping(const std::filesystem::path& path);
    ~Mapping();
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    const std::uint8_t* data() const { return m_data; }
    std::size_t size() const { return m_size; }

private:
    const std::uint8_t* m_data = nullptr;
    std::size_t m_size = 0;
};

struct TensorInfo {
    std::string name;
    DType dtype = DType::F32;
    std::vector<std::int64_t> shape;
    std::size_t numel = 0;
    std::size_t begin = 0;  // byte offsets relative to the data section
    std::size_t end = 0;
    const std::uint8_t* data = nullptr;  // points into the mapping

    std::string shapeString() const;
};

class File {
public:
    // Throws ts::Error naming the file, the tensor and the problem.
    static File open(const std::filesystem::path& path);

    const std::filesystem::path& path() const { return m_path; }
    const std::vector<TensorInfo>& tensors() const { return m_tensors; }
    const TensorInfo* find(const std::string& name) const;
    std::shared_ptr<const Mapping> mapping() const { return m_mapping; }

private:
    std::filesystem::path m_path;
    std::shared_ptr<const Mapping> m_mapping;
    std::vector<TensorInfo> m_tensors;  // sorted by name
};

// Converts `n` elements of `src` (of dtype `d`) to fp32. Unaligned sources are fine.
void toFloat32(DType d, const std::uint8_t* src, float* dst, std::size_t n);
float f16ToF32(std::uint16_t h);
float bf16ToF32(std::uint16_t h);
std::uint16_t f32ToF16(float f);   // round to nearest even (used by tests and tools)
std::uint16_t f32ToBf16(float f);  // round to nearest even

std::string shapeString(const std::vector<std::int64_t>& shape);

}  // namespace ts::st
