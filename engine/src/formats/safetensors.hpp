#pragma once
// Read-only, memory-mapped safetensors reader. Every structural check the format allows is
// made when opening, so later code can trust offsets and sizes.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "compute/half.hpp"

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

// The weights of a model folder: model.safetensors, or the shards that
// model.safetensors.index.json lists (each shard memory-mapped and checked like a single
// file; the index may name only plain file names in the folder, and every tensor it names
// must be in the shard it says).
class Checkpoint {
  public:
    // Throws ts::Error naming the file and the problem. `folder` must hold one of the two.
    static Checkpoint open(const std::filesystem::path& folder);
    static bool existsIn(const std::filesystem::path& folder);

    const TensorInfo* find(const std::string& name) const;
    // Every tensor, with the file it lives in.
    std::vector<std::pair<const TensorInfo*, const File*>> tensors() const;
    const File& fileOf(const std::string& name) const;  // name must exist
    const std::vector<File>& files() const { return m_files; }
    // "DIR/model.safetensors" or "DIR/model.safetensors.index.json", for messages.
    const std::filesystem::path& path() const { return m_path; }

  private:
    std::filesystem::path m_path;
    std::vector<File> m_files;
    std::vector<std::pair<std::string, std::size_t>> m_where;  // tensor name -> file, sorted
};

// Converts `n` elements of `src` (of dtype `d`) to fp32. Unaligned sources are fine.
void toFloat32(DType d, const std::uint8_t* src, float* dst, std::size_t n);
// Throws Error("<file>: <what>"), the form of every safetensors and index error.
[[noreturn]] void fail(const std::filesystem::path& file, const std::string& what);

// The converters of compute/half.hpp, under the names the loaders, tests and tools use.
inline float f16ToF32(std::uint16_t h) { return kernels::halfToFloat(h); }
inline float bf16ToF32(std::uint16_t h) { return kernels::bf16ToFloat(h); }
inline std::uint16_t f32ToF16(float f) { return kernels::floatToHalf(f); }   // nearest even
inline std::uint16_t f32ToBf16(float f) { return kernels::floatToBf16(f); }  // nearest even

std::string shapeString(const std::vector<std::int64_t>& shape);

}  // namespace ts::st
