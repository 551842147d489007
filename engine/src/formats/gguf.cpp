// GGUF parsing with a bounds check before every read: the file is mapped read-only and a
// cursor hands out scalars, strings and arrays only when the bytes are there. Counts are
// compared with the bytes left before anything is reserved, so a header that claims 2^60
// tensors fails with a message instead of an allocation of that size.
#include "formats/gguf.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <string_view>

#include "formats/safetensors.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"

namespace ts::gguf {
namespace {

constexpr std::uint32_t kMagic = 0x46554747;  // "GGUF" read little-endian
constexpr std::size_t kMaxDims = 4;           // ggml tensors have at most 4 dimensions
constexpr std::size_t kMaxName = 256;         // ggml itself allows 63 bytes
// What the metadata may cost in memory once read: a u8 array element becomes an int64 (8x
// its bytes in the file) and an empty string a std::string (4x), so a file's size alone
// does not bound it. The largest real tokenizers (262,144 tokens and as many merges) need
// about 30 MiB; a file that needs more is refused before it is read.
constexpr std::uint64_t kMaxMetadataBytes = 256ull << 20;
constexpr std::uint64_t kMaxMetadataString = 16ull << 20;  // a chat template is ~10 KB
constexpr std::uint64_t kMaxMetadataEntries = 1u << 16;    // real files have about 40
constexpr std::uint64_t kMaxTensors = 1u << 18;            // a 70B model has 723

[[noreturn]] void fail(const std::string& where, const std::string& what) {
    throw Error(where + ": " + what);
}

class Cursor {
  public:
    Cursor(const std::uint8_t* p, std::size_t n, const std::string& where)
        : m_p(p), m_n(n), m_where(where) {}

    std::size_t pos() const { return m_pos; }
    std::size_t left() const { return m_n - m_pos; }

    void need(std::size_t bytes, const std::string& what) const {
        if (bytes > left())
            fail(m_where, "truncated: " + what + " at byte " + std::to_string(m_pos) + " needs " +
                              std::to_string(bytes) + " bytes, only " + std::to_string(left()) +
                              " are left in the file");
    }
    template <class T>
    T read(const std::string& what) {
        need(sizeof(T), what);
        T v;
        std::memcpy(&v, m_p + m_pos, sizeof(T));
        m_pos += sizeof(T);
        return v;
    }
    std::string string(const std::string& what, std::size_t maxLen) {
        return string([&] { return what; }, maxLen);
    }
    // `what()` builds the label only when a message needs it (array elements are many).
    template <class Label>
    std::string string(const Label& what, std::size_t maxLen) {
        const std::size_t at = m_pos;
        if (left() < sizeof(std::uint64_t)) need(sizeof(std::uint64_t), what() + " (length)");
        const std::uint64_t len = read<std::uint64_t>("a string length");
        if (len > left())
            fail(m_where, what() + " at byte " + std::to_string(at) + " claims " +
                              std::to_string(len) + " bytes, more than the " +
                              std::to_string(left()) + " left in the file");
        if (len > maxLen)
            fail(m_where, what() + " at byte " + std::to_string(at) + " is " + std::to_string(len) +
                              " bytes long (at most " + std::to_string(maxLen) + " allowed)");
        std::string s(reinterpret_cast<const char*>(m_p + m_pos), static_cast<std::size_t>(len));
        m_pos += static_cast<std::size_t>(len);
        return s;
    }

  private:
    const std::uint8_t* m_p;
    std::size_t m_n;
    std::size_t m_pos = 0;
    const std::string& m_where;
};

std::size_t scalarSize(ValueType t) {
    switch (t) {
        case ValueType::U8:
        case ValueType::I8:
        case ValueType::Bool:
            return 1;
        case ValueType::U16:
        case ValueType::I16:
            return 2;
        case ValueType::U32:
        case ValueType::I32:
        case ValueType::F32:
            return 4;
        case ValueType::U64:
        case ValueType::I64:
        case ValueType::F64:
            return 8;
        case ValueType::String:
            return 8;  // at least the length
        case ValueType::Array:
            return 12;  // at least type + count
    }
    return 0;
}

bool knownValueType(std::uint32_t t) { return t <= 12; }

// Reads one scalar of type t into v's scalar fields.
void readScalar(Cursor& c, ValueType t, Value& v, const std::string& what) {
    switch (t) {
        case ValueType::U8:
            v.u = c.read<std::uint8_t>(what);
            v.i = static_cast<std::int64_t>(v.u);
            break;
        case ValueType::I8:
            v.i = c.read<std::int8_t>(what);
            v.u = static_cast<std::uint64_t>(v.i);
            break;
        case ValueType::U16:
            v.u = c.read<std::uint16_t>(what);
            v.i = static_cast<std::int64_t>(v.u);
            break;
        case ValueType::I16:
            v.i = c.read<std::int16_t>(what);
            v.u = static_cast<std::uint64_t>(v.i);
            break;
        case ValueType::U32:
            v.u = c.read<std::uint32_t>(what);
            v.i = static_cast<std::int64_t>(v.u);
            break;
        case ValueType::I32:
            v.i = c.read<std::int32_t>(what);
            v.u = static_cast<std::uint64_t>(v.i);
            break;
        case ValueType::U64:
            v.u = c.read<std::uint64_t>(what);
            v.i = static_cast<std::int64_t>(v.u);
            break;
        case ValueType::I64:
            v.i = c.read<std::int64_t>(what);
            v.u = static_cast<std::uint64_t>(v.i);
            break;
        case ValueType::F32:
            v.f = c.read<float>(what);
            break;
        case ValueType::F64:
            v.f = c.read<double>(what);
            break;
        case ValueType::Bool: {
            const std::uint8_t b = c.read<std::uint8_t>(what);
            v.i = b ? 1 : 0;
            v.u = static_cast<std::uint64_t>(v.i);
            break;
        }
        case ValueType::String:
            v.s = c.string(what, kMaxMetadataString);
            break;
        case ValueType::Array:
            break;  // handled by the caller
    }
}

// Memory the metadata read so far holds, checked against kMaxMetadataBytes before each
// value is allocated.
struct MetadataBudget {
    std::uint64_t used = 0;
    void spend(std::uint64_t bytes, const std::string& where, const std::string& key) {
        used += bytes;
        if (used > kMaxMetadataBytes)
            fail(where, "metadata key '" + key + "' brings the metadata to more than " +
                            std::to_string(kMaxMetadataBytes >> 20) +
                            " MiB in memory, far beyond any real model's (a tokenizer of "
                            "262,144 tokens needs about 30 MiB): the file is corrupt or hostile");
    }
};

Value readValue(Cursor& c, const std::string& where, const std::string& key,
                MetadataBudget& budget) {
    Value v;
    const std::size_t at = c.pos();
    const std::uint32_t raw = c.read<std::uint32_t>("the type of metadata key '" + key + "'");
    if (!knownValueType(raw))
        fail(where, "metadata key '" + key + "' at byte " + std::to_string(at) +
                        " has unknown value type " + std::to_string(raw) + " (known: 0..12)");
    v.type = static_cast<ValueType>(raw);
    const std::string what = "the value of metadata key '" + key + "'";
    if (v.type != ValueType::Array) {
        readScalar(c, v.type, v, what);
        budget.spend(sizeof(Value) + v.s.size(), where, key);
        return v;
    }
    const std::uint32_t et = c.read<std::uint32_t>("the element type of array '" + key + "'");
    if (!knownValueType(et))
        fail(where, "array '" + key + "' has unknown element type " + std::to_string(et));
    v.elemType = static_cast<ValueType>(et);
    if (v.elemType == ValueType::Array)
        fail(where, "array '" + key + "' holds arrays; nested arrays are not supported");
    const std::uint64_t n = c.read<std::uint64_t>("the length of array '" + key + "'");
    const std::size_t minBytes = scalarSize(v.elemType);
    if (n > c.left() / minBytes)
        fail(where, "array '" + key + "' claims " + std::to_string(n) + " elements of " +
                        valueTypeName(v.elemType) + ", more than the " + std::to_string(c.left()) +
                        " bytes left in the file can hold");
    v.arraySize = static_cast<std::size_t>(n);
    const std::uint64_t elementBytes = v.elemType == ValueType::String ? sizeof(std::string) : 8;
    budget.spend(sizeof(Value) + n * elementBytes, where, key);  // n * 8 < the file's size * 8
    Value e;
    if (v.elemType == ValueType::String) {
        v.strings.reserve(v.arraySize);
        for (std::size_t i = 0; i < v.arraySize; ++i) {
            v.strings.push_back(
                c.string([&] { return "element " + std::to_string(i) + " of array '" + key + "'"; },
                         kMaxMetadataString));
            budget.spend(v.strings.back().size(), where, key);
        }
    } else if (v.elemType == ValueType::F32 || v.elemType == ValueType::F64) {
        v.floats.reserve(v.arraySize);
        for (std::size_t i = 0; i < v.arraySize; ++i) {
            readScalar(c, v.elemType, e, what);
            v.floats.push_back(e.f);
        }
    } else {
        v.ints.reserve(v.arraySize);
        for (std::size_t i = 0; i < v.arraySize; ++i) {
            readScalar(c, v.elemType, e, what);
            v.ints.push_back(e.i);
        }
    }
    return v;
}

std::string typeError(const std::string& where, const std::string& key, const Value& v,
                      const char* expected) {
    return where + ": metadata key '" + key + "' is " + v.describe() + ", expected " + expected;
}

}  // namespace

const char* valueTypeName(ValueType t) {
    switch (t) {
        case ValueType::U8:
            return "u8";
        case ValueType::I8:
            return "i8";
        case ValueType::U16:
            return "u16";
        case ValueType::I16:
            return "i16";
        case ValueType::U32:
            return "u32";
        case ValueType::I32:
            return "i32";
        case ValueType::F32:
            return "f32";
        case ValueType::Bool:
            return "bool";
        case ValueType::String:
            return "string";
        case ValueType::Array:
            return "array";
        case ValueType::U64:
            return "u64";
        case ValueType::I64:
            return "i64";
        case ValueType::F64:
            return "f64";
    }
    return "?";
}

bool Value::isInteger() const {
    switch (type) {
        case ValueType::U8:
        case ValueType::I8:
        case ValueType::U16:
        case ValueType::I16:
        case ValueType::U32:
        case ValueType::I32:
        case ValueType::U64:
        case ValueType::I64:
        case ValueType::Bool:
            return true;
        default:
            return false;
    }
}

std::string Value::describe() const {
    if (type == ValueType::Array)
        return "an array of " + std::to_string(arraySize) + " " + valueTypeName(elemType) + "s";
    return std::string("a ") + valueTypeName(type);
}

std::int64_t TensorInfo::rows() const {
    std::int64_t r = 1;
    for (std::size_t i = 1; i < dims.size(); ++i) r *= dims[i];
    return r;
}

std::string TensorInfo::shapeString() const {
    std::string s = "[";
    for (std::size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
    return s + "] (innermost first)";
}

File File::parse(std::shared_ptr<const st::Mapping> mapping, const std::string& where) {
    File f;
    f.m_path = where;
    const std::uint8_t* base = mapping->data();
    const std::size_t size = mapping->size();
    Cursor c(base, size, where);

    if (size < 4) fail(where, "file is " + std::to_string(size) + " bytes, too small to be GGUF");
    const std::uint32_t magic = c.read<std::uint32_t>("the magic");
    if (magic != kMagic) {
        std::string shown;
        for (int i = 0; i < 4; ++i) {
            const char ch = static_cast<char>(base[i]);
            shown += (ch >= 32 && ch < 127) ? std::string(1, ch) : "\\x" + std::to_string(base[i]);
        }
        fail(where, "not a GGUF file: it starts with \"" + shown + "\", expected \"GGUF\"");
    }
    f.m_version = c.read<std::uint32_t>("the version");
    if (f.m_version == 1)
        fail(where,
             "GGUF version 1 (2023 files) is not supported; convert it again with a "
             "current llama.cpp (versions 2 and 3 load)");
    if (f.m_version == 0x02000000u || f.m_version == 0x03000000u)
        fail(where, "big-endian GGUF files are not supported (this machine is little-endian)");
    if (f.m_version != 2 && f.m_version != 3)
        fail(where, "unknown GGUF version " + std::to_string(f.m_version) + " (2 and 3 load)");
    const std::uint64_t nTensors = c.read<std::uint64_t>("the tensor count");
    const std::uint64_t nKv = c.read<std::uint64_t>("the metadata count");
    // Each key/value needs at least 8 (key length) + 4 (type) + 1 bytes; each tensor info
    // at least 8 (name length) + 4 (dims) + 8 (one dim) + 4 (type) + 8 (offset).
    if (nKv > kMaxMetadataEntries)
        fail(where, "header claims " + std::to_string(nKv) + " metadata entries (at most " +
                        std::to_string(kMaxMetadataEntries) +
                        " are read; real files have about 40)");
    if (nTensors > kMaxTensors)
        fail(where, "header claims " + std::to_string(nTensors) + " tensors (at most " +
                        std::to_string(kMaxTensors) + " are read; a 70B model has 723)");
    if (nKv > c.left() / 13)
        fail(where, "header claims " + std::to_string(nKv) + " metadata entries, more than the " +
                        std::to_string(c.left()) + " bytes of the file can hold");
    if (nTensors > c.left() / 32)
        fail(where, "header claims " + std::to_string(nTensors) + " tensors, more than the " +
                        std::to_string(c.left()) + " bytes of the file can hold");

    MetadataBudget budget;
    for (std::uint64_t k = 0; k < nKv; ++k) {
        const std::size_t at = c.pos();
        std::string key = c.string("metadata key " + std::to_string(k), 65535);
        Value v = readValue(c, where, key, budget);
        if (f.m_meta.count(key))
            fail(where,
                 "metadata key '" + key + "' at byte " + std::to_string(at) + " appears twice");
        f.m_meta.emplace(std::move(key), std::move(v));
    }
    if (const Value* a = f.find("general.alignment")) {
        if (!a->isInteger() || a->type == ValueType::Bool)
            fail(where, "metadata key 'general.alignment' is " + a->describe() +
                            ", expected an unsigned integer");
        if (a->i <= 0 || (a->u & (a->u - 1)) != 0 || a->u > (1u << 30))
            fail(where, "general.alignment is " + std::to_string(a->i) +
                            ": it must be a power of two between 1 and 2^30");
        f.m_alignment = static_cast<std::size_t>(a->u);
    }

    f.m_tensors.reserve(static_cast<std::size_t>(nTensors));
    for (std::uint64_t k = 0; k < nTensors; ++k) {
        TensorInfo t;
        const std::size_t at = c.pos();
        t.name = c.string("the name of tensor " + std::to_string(k), kMaxName);
        const std::string who = "tensor '" + t.name + "' (info at byte " + std::to_string(at) + ")";
        const std::uint32_t nd = c.read<std::uint32_t>("the dimension count of " + who);
        if (nd == 0 || nd > kMaxDims)
            fail(where, who + " has " + std::to_string(nd) + " dimensions (1 to 4 allowed)");
        std::size_t numel = 1;
        for (std::uint32_t d = 0; d < nd; ++d) {
            const std::uint64_t n = c.read<std::uint64_t>("a dimension of " + who);
            if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / 2))
                fail(where, who + ": dimension " + std::to_string(d) + " is " + std::to_string(n) +
                                ", which is not a size");
            t.dims.push_back(static_cast<std::int64_t>(n));
            if (n != 0 && __builtin_mul_overflow(numel, static_cast<std::size_t>(n), &numel))
                fail(where, who + ": shape " + t.shapeString() + " overflows");
            if (n == 0) numel = 0;
        }
        const std::uint32_t rawType = c.read<std::uint32_t>("the type of " + who);
        const quant::TypeTraits& tr = quant::traits(rawType);
        if (!tr.name) fail(where, who + " has unknown tensor type " + std::to_string(rawType));
        if (!tr.computable)
            fail(where, who + " has type " + tr.name +
                            ", which Tokenscope cannot compute with "
                            "(supported: " +
                            quant::computableTypeList() + ")");
        t.type = static_cast<quant::Type>(rawType);
        if (t.dims[0] % tr.blockElems != 0)
            fail(where, who + ": rows of " + std::to_string(t.dims[0]) +
                            " elements are not a "
                            "whole number of " +
                            tr.name + " blocks (" + std::to_string(tr.blockElems) +
                            " elements each)");
        t.numel = numel;
        if (__builtin_mul_overflow(numel / static_cast<std::size_t>(tr.blockElems),
                                   static_cast<std::size_t>(tr.blockBytes), &t.bytes))
            fail(where, who + ": shape " + t.shapeString() + " overflows");
        t.offset = c.read<std::uint64_t>("the data offset of " + who);
        if (t.offset % f.m_alignment != 0)
            fail(where, who + ": data offset " + std::to_string(t.offset) +
                            " is not a multiple of the alignment " + std::to_string(f.m_alignment));
        f.m_tensors.push_back(std::move(t));
    }
    // The data section starts at the next multiple of the alignment.
    std::size_t dataStart = c.pos();
    dataStart = (dataStart + f.m_alignment - 1) / f.m_alignment * f.m_alignment;
    if (dataStart > size && !f.m_tensors.empty())
        fail(where, "truncated: the tensor data section would start at byte " +
                        std::to_string(dataStart) + ", past the end of the file (" +
                        std::to_string(size) + " bytes)");
    const std::size_t dataSize = dataStart <= size ? size - dataStart : 0;
    for (TensorInfo& t : f.m_tensors) {
        if (t.offset > dataSize || t.bytes > dataSize - t.offset)
            fail(where, "tensor '" + t.name + "' (" +
                            quant::typeName(static_cast<std::uint32_t>(t.type)) + ", shape " +
                            t.shapeString() + ") needs bytes [" + std::to_string(t.offset) + ", " +
                            std::to_string(t.offset + t.bytes) +
                            ") of the data section, which has only " + std::to_string(dataSize) +
                            " bytes: the file is truncated or corrupt");
        t.data = base + dataStart + t.offset;
    }
    std::vector<const TensorInfo*> byOffset;
    for (const TensorInfo& t : f.m_tensors)
        if (t.bytes > 0) byOffset.push_back(&t);
    std::sort(byOffset.begin(), byOffset.end(),
              [](const TensorInfo* a, const TensorInfo* b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < byOffset.size(); ++i) {
        const TensorInfo& a = *byOffset[i - 1];
        const TensorInfo& b = *byOffset[i];
        if (b.offset < a.offset + a.bytes)
            fail(where, "tensors '" + a.name + "' [" + std::to_string(a.offset) + ", " +
                            std::to_string(a.offset + a.bytes) + ") and '" + b.name + "' [" +
                            std::to_string(b.offset) + ", " + std::to_string(b.offset + b.bytes) +
                            ") overlap in the data section");
    }
    for (std::size_t i = 0; i < f.m_tensors.size(); ++i)
        if (!f.m_byName.emplace(f.m_tensors[i].name, i).second)
            fail(where, "tensor '" + f.m_tensors[i].name + "' appears twice");
    f.m_mappings.push_back(std::move(mapping));
    return f;
}

void File::merge(File&& part) {
    const int index = parts();
    for (TensorInfo& t : part.m_tensors) {
        if (m_byName.count(t.name))
            fail(part.where(), "tensor '" + t.name + "' is also in an earlier part of the split");
        t.part = index;
        m_byName.emplace(t.name, m_tensors.size());
        m_tensors.push_back(std::move(t));
    }
    for (auto& m : part.m_mappings) m_mappings.push_back(std::move(m));
}

File File::open(const std::filesystem::path& path) {
    auto first = std::make_shared<st::Mapping>(path);
    File f = parse(std::move(first), path.string());
    const Value* count = f.find("split.count");
    if (!count || !count->isInteger() || count->i <= 1) return f;
    // NAME-00001-of-00003.gguf: open every part, whichever one was named.
    const auto split = parseGgufSplitName(path.filename().string());
    if (!split)
        fail(path.string(),
             "the file is part of a split model (split.count = " + std::to_string(count->i) +
                 ") but its name does not follow "
                 "NAME-00001-of-0000N.gguf, so the other parts cannot be found");
    const int n = split->count;
    if (n != count->i)
        fail(path.string(), "the name says " + std::to_string(n) + " parts but split.count is " +
                                std::to_string(count->i));
    if (n > 9999) fail(path.string(), "split.count " + std::to_string(n) + " is not plausible");
    const std::string prefix = split->prefix;
    auto partPath = [&](int i) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "-%05d-of-%05d.gguf", i, n);
        return path.parent_path() / (prefix + buf);
    };
    File all;
    for (int i = 1; i <= n; ++i) {
        const std::filesystem::path p = partPath(i);
        std::error_code ec;
        if (!std::filesystem::exists(p, ec))
            fail(p.string(), "part " + std::to_string(i) + " of " + std::to_string(n) +
                                 " of the split model is missing");
        File part = parse(std::make_shared<st::Mapping>(p), p.string());
        if (part.getInt("split.no", -1) != i - 1)
            fail(p.string(), "split.no is " + std::to_string(part.getInt("split.no", -1)) +
                                 ", expected " + std::to_string(i - 1) + " for this file name");
        if (part.getInt("split.count", -1) != n)
            fail(p.string(), "split.count differs from the first part's");
        if (i == 1) {
            all = std::move(part);
            all.m_path = p;
        } else {
            all.merge(std::move(part));
        }
    }
    if (const Value* tc = all.find("split.tensors.count"))
        if (tc->isInteger() && tc->i != static_cast<std::int64_t>(all.m_tensors.size()))
            fail(all.where(), "split.tensors.count says " + std::to_string(tc->i) +
                                  " tensors but the parts hold " +
                                  std::to_string(all.m_tensors.size()));
    return all;
}

const Value* File::find(const std::string& key) const {
    auto it = m_meta.find(key);
    return it == m_meta.end() ? nullptr : &it->second;
}

const TensorInfo* File::tensor(const std::string& name) const {
    auto it = m_byName.find(name);
    return it == m_byName.end() ? nullptr : &m_tensors[it->second];
}

std::string File::requireString(const std::string& key) const {
    const Value* v = find(key);
    if (!v) fail(where(), "metadata key '" + key + "' is missing");
    if (v->type != ValueType::String) throw Error(typeError(where(), key, *v, "a string"));
    return v->s;
}

std::string File::getString(const std::string& key, const std::string& fallback) const {
    return find(key) ? requireString(key) : fallback;
}

std::int64_t File::requireInt(const std::string& key) const {
    const Value* v = find(key);
    if (!v) fail(where(), "metadata key '" + key + "' is missing");
    if (!v->isInteger()) throw Error(typeError(where(), key, *v, "an integer"));
    if (v->type == ValueType::U64 &&
        v->u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        fail(where(), "metadata key '" + key + "' is " + std::to_string(v->u) + ", out of range");
    return v->i;
}

std::int64_t File::getInt(const std::string& key, std::int64_t fallback) const {
    return find(key) ? requireInt(key) : fallback;
}

double File::getFloat(const std::string& key, double fallback) const {
    const Value* v = find(key);
    if (!v) return fallback;
    if (!v->isNumber()) throw Error(typeError(where(), key, *v, "a number"));
    return v->isInteger() ? static_cast<double>(v->i) : v->f;
}

bool File::getBool(const std::string& key, bool fallback) const {
    const Value* v = find(key);
    if (!v) return fallback;
    if (!v->isInteger()) throw Error(typeError(where(), key, *v, "a bool"));
    return v->i != 0;
}

const std::vector<std::string>* File::stringArray(const std::string& key) const {
    const Value* v = find(key);
    if (!v) return nullptr;
    if (v->type != ValueType::Array || v->elemType != ValueType::String)
        throw Error(typeError(where(), key, *v, "an array of strings"));
    return &v->strings;
}

const std::vector<std::int64_t>* File::intArray(const std::string& key) const {
    const Value* v = find(key);
    if (!v) return nullptr;
    if (v->type != ValueType::Array || v->elemType == ValueType::String ||
        v->elemType == ValueType::F32 || v->elemType == ValueType::F64)
        throw Error(typeError(where(), key, *v, "an array of integers"));
    return &v->ints;
}

const std::vector<double>* File::floatArray(const std::string& key) const {
    const Value* v = find(key);
    if (!v) return nullptr;
    if (v->type != ValueType::Array ||
        (v->elemType != ValueType::F32 && v->elemType != ValueType::F64))
        throw Error(typeError(where(), key, *v, "an array of floats"));
    return &v->floats;
}

bool looksLikeGguf(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    in.read(magic, 4);
    return in.gcount() == 4 && std::memcmp(magic, "GGUF", 4) == 0;
}

}  // namespace ts::gguf

namespace ts {

std::optional<GgufSplitName> parseGgufSplitName(std::string_view fileName) {
    // "-00001-of-00003.gguf" after the prefix: fixed widths, so the tail is found by length.
    static constexpr std::size_t kTail = 20;
    if (fileName.size() < kTail) return std::nullopt;
    const std::string_view tail = fileName.substr(fileName.size() - kTail);
    auto fiveDigits = [](std::string_view d) -> std::optional<int> {
        int n = 0;
        for (char ch : d) {
            if (ch < '0' || ch > '9') return std::nullopt;
            n = n * 10 + (ch - '0');
        }
        return n;
    };
    const auto part = fiveDigits(tail.substr(1, 5));
    const auto count = fiveDigits(tail.substr(10, 5));
    if (tail[0] != '-' || tail.substr(6, 4) != "-of-" || tail.substr(15) != ".gguf" || !part ||
        !count)
        return std::nullopt;
    return GgufSplitName{std::string(fileName.substr(0, fileName.size() - kTail)), *part, *count};
}

}  // namespace ts
