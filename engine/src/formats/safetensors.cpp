#include "formats/safetensors.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

#include "io/json_file.hpp"
#include "tokenscope/error.hpp"

namespace ts::st {
namespace {

constexpr std::uint64_t kMaxHeader = 100ull * 1024 * 1024;

}  // namespace

std::size_t dtypeSize(DType d) {
    switch (d) {
        case DType::F32:
            return 4;
        case DType::F16:
            return 2;
        case DType::BF16:
            return 2;
    }
    return 0;
}

const char* dtypeName(DType d) {
    switch (d) {
        case DType::F32:
            return "F32";
        case DType::F16:
            return "F16";
        case DType::BF16:
            return "BF16";
    }
    return "?";
}

std::string shapeString(const std::vector<std::int64_t>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + "]";
}

std::string TensorInfo::shapeString() const { return st::shapeString(shape); }

Mapping::Mapping(const std::filesystem::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
    struct stat sb {};
    if (::fstat(fd, &sb) != 0) {
        const int e = errno;
        ::close(fd);
        fail(path, std::string("cannot stat: ") + std::strerror(e));
    }
    if (!S_ISREG(sb.st_mode)) {
        ::close(fd);
        fail(path, "not a regular file");
    }
    m_size = static_cast<std::size_t>(sb.st_size);
    if (m_size > 0) {
        void* p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            const int e = errno;
            ::close(fd);
            fail(path, std::string("cannot memory-map: ") + std::strerror(e));
        }
        m_data = static_cast<const std::uint8_t*>(p);
    }
    ::close(fd);
}

Mapping::~Mapping() {
    if (m_data) ::munmap(const_cast<std::uint8_t*>(m_data), m_size);
}

const TensorInfo* File::find(const std::string& name) const {
    auto it =
        std::lower_bound(m_tensors.begin(), m_tensors.end(), name,
                         [](const TensorInfo& t, const std::string& n) { return t.name < n; });
    if (it != m_tensors.end() && it->name == name) return &*it;
    return nullptr;
}

File File::open(const std::filesystem::path& path) {
    using nlohmann::json;
    File f;
    f.m_path = path;
    auto mapping = std::make_shared<Mapping>(path);
    const std::size_t size = mapping->size();
    if (size < 8)
        fail(path, "file is too small to be safetensors: " + std::to_string(size) +
                       " bytes, expected at least 8 (the header length)");
    std::uint64_t headerLen = 0;
    for (int i = 7; i >= 0; --i) headerLen = (headerLen << 8) | mapping->data()[i];
    if (headerLen > size - 8)
        fail(path, "header length " + std::to_string(headerLen) +
                       " is larger than the rest of the file (" + std::to_string(size - 8) +
                       " bytes); the file is truncated or not safetensors");
    if (headerLen > kMaxHeader)
        fail(path, "header length " + std::to_string(headerLen) + " exceeds the 100 MB limit");
    const char* hp = reinterpret_cast<const char*>(mapping->data() + 8);
    checkJsonDepth(std::string_view(hp, static_cast<std::size_t>(headerLen)), path.string());
    json header;
    try {
        header = json::parse(hp, hp + headerLen);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e400
        fail(path, std::string("header is not valid JSON: ") + e.what());
    }
    if (!header.is_object())
        fail(path, std::string("header must be a JSON object, found ") + header.type_name());

    const std::size_t dataStart = 8 + static_cast<std::size_t>(headerLen);
    const std::size_t dataSize = size - dataStart;
    const std::uint8_t* data = mapping->data() + dataStart;

    for (auto it = header.begin(); it != header.end(); ++it) {
        const std::string& name = it.key();
        if (name == "__metadata__") continue;
        const json& e = it.value();
        auto bad = [&](const std::string& what) { fail(path, "tensor '" + name + "': " + what); };
        if (!e.is_object()) bad(std::string("entry must be an object, found ") + e.type_name());
        TensorInfo t;
        t.name = name;
        // dtype
        auto dt = e.find("dtype");
        if (dt == e.end() || !dt->is_string()) bad("missing or non-string 'dtype'");
        const std::string d = dt->get<std::string>();
        if (d == "F32")
            t.dtype = DType::F32;
        else if (d == "F16")
            t.dtype = DType::F16;
        else if (d == "BF16")
            t.dtype = DType::BF16;
        else
            bad("unsupported dtype " + d + " (supported: F32, F16, BF16)");
        // shape
        auto sh = e.find("shape");
        if (sh == e.end() || !sh->is_array()) bad("missing or non-array 'shape'");
        std::size_t numel = 1;
        bool overflow = false;
        for (const json& v : *sh) {
            if (!v.is_number_integer()) bad("shape " + sh->dump() + " holds a non-integer");
            const long long n = v.get<long long>();
            if (n < 0) bad("shape " + sh->dump() + " holds a negative dimension");
            t.shape.push_back(n);
            if (n != 0 &&
                numel > std::numeric_limits<std::size_t>::max() / 16 / static_cast<std::size_t>(n))
                overflow = true;
            else
                numel *= static_cast<std::size_t>(n);
        }
        if (overflow) bad("shape " + sh->dump() + " overflows: too many elements");
        t.numel = numel;
        // data_offsets
        auto off = e.find("data_offsets");
        if (off == e.end() || !off->is_array() || off->size() != 2 ||
            !(*off)[0].is_number_unsigned() || !(*off)[1].is_number_unsigned())
            bad("'data_offsets' must be two non-negative integers [begin, end]");
        const std::uint64_t b = (*off)[0].get<std::uint64_t>();
        const std::uint64_t en = (*off)[1].get<std::uint64_t>();
        if (b > en)
            bad("data_offsets [" + std::to_string(b) + ", " + std::to_string(en) +
                "] has begin after end");
        if (en > dataSize)
            bad("data_offsets [" + std::to_string(b) + ", " + std::to_string(en) +
                "] run past the end of the data section (" + std::to_string(dataSize) +
                " bytes); the file is truncated or corrupt");
        const std::size_t expectBytes = numel * dtypeSize(t.dtype);
        if (en - b != expectBytes)
            bad("byte size mismatch: shape " + t.shapeString() + " of " + d + " needs " +
                std::to_string(expectBytes) + " bytes, data_offsets give " +
                std::to_string(en - b));
        t.begin = static_cast<std::size_t>(b);
        t.end = static_cast<std::size_t>(en);
        t.data = data + t.begin;
        f.m_tensors.push_back(std::move(t));
    }
    // Overlaps: sort by begin and compare neighbours (empty tensors overlap nothing).
    std::vector<const TensorInfo*> byOffset;
    for (const auto& t : f.m_tensors)
        if (t.end > t.begin) byOffset.push_back(&t);
    std::sort(byOffset.begin(), byOffset.end(),
              [](const TensorInfo* a, const TensorInfo* b) { return a->begin < b->begin; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        if (byOffset[i]->begin < byOffset[i - 1]->end)
            fail(path, "tensors '" + byOffset[i - 1]->name + "' [" +
                           std::to_string(byOffset[i - 1]->begin) + ", " +
                           std::to_string(byOffset[i - 1]->end) + ") and '" + byOffset[i]->name +
                           "' [" + std::to_string(byOffset[i]->begin) + ", " +
                           std::to_string(byOffset[i]->end) + ") overlap in the data section");
    std::sort(f.m_tensors.begin(), f.m_tensors.end(),
              [](const TensorInfo& a, const TensorInfo& b) { return a.name < b.name; });
    f.m_mapping = std::move(mapping);
    return f;
}

void fail(const std::filesystem::path& file, const std::string& what) {
    throw Error(file.string() + ": " + what);
}

void toFloat32(DType d, const std::uint8_t* src, float* dst, std::size_t n) {
    if (n == 0) return;  // empty tensors may come with null pointers; memcpy must not see them
    switch (d) {
        case DType::F32:
            std::memcpy(dst, src, n * 4);
            return;
        case DType::F16:
            for (std::size_t i = 0; i < n; ++i) {
                std::uint16_t h;
                std::memcpy(&h, src + 2 * i, 2);
                dst[i] = f16ToF32(h);
            }
            return;
        case DType::BF16:
            for (std::size_t i = 0; i < n; ++i) {
                std::uint16_t h;
                std::memcpy(&h, src + 2 * i, 2);
                dst[i] = bf16ToF32(h);
            }
            return;
    }
}

}  // namespace ts::st
