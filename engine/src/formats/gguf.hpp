#pragma once
// Read-only, memory-mapped GGUF reader (versions 2 and 3; the format llama.cpp, LM Studio
// and Ollama use). A file is: magic "GGUF", version, tensor count, metadata count; the
// metadata key/value pairs (scalars, strings, arrays); the tensor infos (name, dims listed
// innermost first, element type, offset); padding to `general.alignment`; the tensor data.
// The file is untrusted: every count, length, offset and size is checked against what is
// left of the file before it is used, so later code can trust what File hands out.
// A model split into `NAME-00001-of-0000N.gguf` parts opens as one File.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "compute/quant_types.hpp"

namespace ts::st {
class Mapping;
}

namespace ts::gguf {

enum class ValueType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};
const char* valueTypeName(ValueType t);

// One metadata value. Scalars fill the field of their kind; arrays fill the vector of their
// element kind (strings, integers or floating point; bools count as integers).
struct Value {
    ValueType type = ValueType::U8;
    ValueType elemType = ValueType::U8;  // for arrays
    std::int64_t i = 0;                  // signed and unsigned integers, bools
    std::uint64_t u = 0;                 // unsigned integers (exact for U64)
    double f = 0;                        // F32, F64
    std::string s;                       // String
    std::vector<std::string> strings;    // Array of String
    std::vector<std::int64_t> ints;      // Array of integers / bools
    std::vector<double> floats;          // Array of F32 / F64
    std::size_t arraySize = 0;

    bool isInteger() const;
    bool isNumber() const {
        return isInteger() || type == ValueType::F32 || type == ValueType::F64;
    }
    std::string describe() const;  // "u32", "array of 151936 strings", for messages
};

struct TensorInfo {
    std::string name;
    std::vector<std::int64_t> dims;  // innermost first, as stored (ne[0] is the row length)
    quant::Type type = quant::Type::F32;
    std::size_t numel = 0;
    std::size_t bytes = 0;
    std::uint64_t offset = 0;            // within its part's data section
    int part = 0;                        // which split part holds it
    const std::uint8_t* data = nullptr;  // into the mapping

    std::int64_t rows() const;        // product of dims[1..]
    std::string shapeString() const;  // "[768, 2304] (innermost first)"
};

class File {
  public:
    // Throws ts::Error naming the file, the key or tensor, the byte offset and the problem.
    // A path of the form NAME-0000k-of-0000N.gguf opens every part of the split.
    static File open(const std::filesystem::path& path);
    // Parses one part from memory (the fuzz target and the tests use this directly).
    static File parse(std::shared_ptr<const st::Mapping> mapping, const std::string& where);

    const std::filesystem::path& path() const { return m_path; }
    std::uint32_t version() const { return m_version; }
    std::size_t alignment() const { return m_alignment; }
    int parts() const { return static_cast<int>(m_mappings.size()); }

    const std::map<std::string, Value>& metadata() const { return m_meta; }
    const Value* find(const std::string& key) const;
    const std::vector<TensorInfo>& tensors() const { return m_tensors; }
    const TensorInfo* tensor(const std::string& name) const;

    // Typed metadata access; the `require...` forms throw naming the key, the `get...` forms
    // return the fallback when the key is absent but still throw on a value of the wrong type.
    std::string requireString(const std::string& key) const;
    std::string getString(const std::string& key, const std::string& fallback) const;
    std::int64_t requireInt(const std::string& key) const;
    std::int64_t getInt(const std::string& key, std::int64_t fallback) const;
    double getFloat(const std::string& key, double fallback) const;
    bool getBool(const std::string& key, bool fallback) const;
    const std::vector<std::string>* stringArray(const std::string& key) const;
    const std::vector<std::int64_t>* intArray(const std::string& key) const;
    const std::vector<double>* floatArray(const std::string& key) const;

    std::string where() const { return m_path.string(); }
    // The memory mappings of all parts (tensor data points into them).
    const std::vector<std::shared_ptr<const st::Mapping>>& mappings() const { return m_mappings; }

  private:
    void merge(File&& part);

    std::filesystem::path m_path;
    std::uint32_t m_version = 0;
    std::size_t m_alignment = 32;
    std::map<std::string, Value> m_meta;
    std::vector<TensorInfo> m_tensors;            // in file order
    std::map<std::string, std::size_t> m_byName;  // index into m_tensors
    std::vector<std::shared_ptr<const st::Mapping>> m_mappings;
};

// True when the first bytes of the file are the GGUF magic.
bool looksLikeGguf(const std::filesystem::path& path);

}  // namespace ts::gguf
