#pragma once
// A small GGUF writer for the tests and the fixture tool: metadata of every value type,
// tensors of any type as raw bytes, the alignment padding. Header-only so that the engine
// tests, the fuzz seed maker and tests/tools/gguf_from_hf.cpp share it; it is deliberately
// permissive (it writes whatever it is told, in any version) so the tests can also build
// broken files.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace ts_gguf_write {

enum VType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    BOOL = 7,
    STRING = 8,
    ARRAY = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

class Writer {
  public:
    std::uint32_t version = 3;
    std::size_t alignment = 32;  // padding used; write general.alignment yourself to change it

    template <class T>
    static void put(std::string& s, T v) {
        s.append(reinterpret_cast<const char*>(&v), sizeof(T));
    }
    static void putString(std::string& s, const std::string& v) {
        put<std::uint64_t>(s, v.size());
        s += v;
    }

    // Raw key/value: the caller encodes the value (for bad-input tests).
    void kvRaw(const std::string& key, std::uint32_t type, const std::string& valueBytes) {
        putString(m_kv, key);
        put<std::uint32_t>(m_kv, type);
        m_kv += valueBytes;
        ++m_nKv;
    }
    template <class T>
    void kvScalar(const std::string& key, std::uint32_t type, T v) {
        std::string b;
        put<T>(b, v);
        kvRaw(key, type, b);
    }
    void kvString(const std::string& key, const std::string& v) {
        std::string b;
        putString(b, v);
        kvRaw(key, STRING, b);
    }
    void kvU32(const std::string& key, std::uint32_t v) { kvScalar(key, U32, v); }
    void kvI32(const std::string& key, std::int32_t v) { kvScalar(key, I32, v); }
    void kvF32(const std::string& key, float v) { kvScalar(key, F32, v); }
    void kvBool(const std::string& key, bool v) { kvScalar<std::uint8_t>(key, BOOL, v ? 1 : 0); }
    void kvStrings(const std::string& key, const std::vector<std::string>& v) {
        std::string b;
        put<std::uint32_t>(b, STRING);
        put<std::uint64_t>(b, v.size());
        for (const auto& s : v) putString(b, s);
        kvRaw(key, ARRAY, b);
    }
    template <class T>
    void kvArray(const std::string& key, std::uint32_t elemType, const std::vector<T>& v) {
        std::string b;
        put<std::uint32_t>(b, elemType);
        put<std::uint64_t>(b, v.size());
        for (const T& x : v) put<T>(b, x);
        kvRaw(key, ARRAY, b);
    }

    // dims innermost first (ne[0] = row length); data is the tensor's bytes as stored.
    void tensor(const std::string& name, const std::vector<std::uint64_t>& dims, std::uint32_t type,
                const std::string& data) {
        m_tensors.push_back({name, dims, type, data, ~0ull});
    }
    // Same, at an explicit offset (for overlap / range tests); data appended as usual.
    void tensorAt(const std::string& name, const std::vector<std::uint64_t>& dims,
                  std::uint32_t type, const std::string& data, std::uint64_t offset) {
        m_tensors.push_back({name, dims, type, data, offset});
    }

    std::string bytes() const {
        std::string s = "GGUF";
        put<std::uint32_t>(s, version);
        put<std::uint64_t>(s, m_tensors.size());
        put<std::uint64_t>(s, m_nKv);
        s += m_kv;
        std::string data;
        std::vector<std::uint64_t> offsets;
        for (const auto& t : m_tensors) {
            while (data.size() % alignment) data.push_back('\0');
            offsets.push_back(t.offset != ~0ull ? t.offset : data.size());
            data += t.data;
        }
        for (std::size_t i = 0; i < m_tensors.size(); ++i) {
            const auto& t = m_tensors[i];
            putString(s, t.name);
            put<std::uint32_t>(s, static_cast<std::uint32_t>(t.dims.size()));
            for (auto d : t.dims) put<std::uint64_t>(s, d);
            put<std::uint32_t>(s, t.type);
            put<std::uint64_t>(s, offsets[i]);
        }
        while (s.size() % alignment) s.push_back('\0');
        return s + data;
    }

  private:
    struct Tensor {
        std::string name;
        std::vector<std::uint64_t> dims;
        std::uint32_t type;
        std::string data;
        std::uint64_t offset;
    };
    std::string m_kv;
    std::uint64_t m_nKv = 0;
    std::vector<Tensor> m_tensors;
};

inline std::string floatBytes(const std::vector<float>& v) {
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

}  // namespace ts_gguf_write
