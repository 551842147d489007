#pragma once
// Helpers for the engine tests: temporary folders and hand-built safetensors files.
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "formats/safetensors.hpp"
#include "temp_dir.hpp"
#include "test_paths.hpp"
#include "tokenscope/error.hpp"

namespace ts_test {

inline void writeBytes(const std::filesystem::path& p, const std::string& bytes) {
    std::ofstream f(p, std::ios::binary);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// The message of the ts::Error that f() throws, or "" when it throws none: for checking that
// bad input is refused with a message naming what is wrong.
template <class F>
std::string errorOf(F&& f) {
    try {
        f();
    } catch (const ts::Error& e) {
        return e.what();
    }
    return "";
}

inline std::string readText(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

// 8-byte little-endian length + header + data.
inline std::string safetensorsBytes(const std::string& header, const std::string& data) {
    std::string out(8, '\0');
    const std::uint64_t n = header.size();
    for (int i = 0; i < 8; ++i)
        out[static_cast<std::size_t>(i)] = static_cast<char>((n >> (8 * i)) & 0xff);
    return out + header + data;
}

struct TensorSpec {
    std::string name;
    std::string dtype = "F32";
    std::vector<std::int64_t> shape;
    std::string bytes;  // raw little-endian data
};

// A well-formed file with the tensors laid out back to back.
inline std::string buildSafetensors(const std::vector<TensorSpec>& tensors) {
    nlohmann::ordered_json h;
    h["__metadata__"] = {{"format", "pt"}};
    std::string data;
    for (const auto& t : tensors) {
        h[t.name] = {{"dtype", t.dtype},
                     {"shape", t.shape},
                     {"data_offsets", {data.size(), data.size() + t.bytes.size()}}};
        data += t.bytes;
    }
    std::string hs = h.dump();
    while (hs.size() % 8) hs.push_back(' ');
    return safetensorsBytes(hs, data);
}

inline std::string floatBytes(const std::vector<float>& v) {
    std::string s(v.size() * 4, '\0');
    std::memcpy(s.data(), v.data(), s.size());
    return s;
}

// Reads every tensor of a fixture as F32 values, keyed by name, in file order.
struct FixtureTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

inline std::vector<FixtureTensor> readFixture(const std::filesystem::path& file) {
    auto f = ts::st::File::open(file);
    std::vector<FixtureTensor> out;
    for (const auto& t : f.tensors()) {
        FixtureTensor ft{t.name, t.shape, std::vector<float>(t.numel)};
        ts::st::toFloat32(t.dtype, t.data, ft.values.data(), t.numel);
        out.push_back(std::move(ft));
    }
    return out;
}

// Copies a fixture folder into `dir`, letting `edit` change the tensor list and the config,
// and writing the tensors with `dtype` (F32, F16 or BF16).
inline void writeModelFolder(
    const std::filesystem::path& dir, const std::string& fixture,
    const std::function<void(std::vector<FixtureTensor>&, nlohmann::json&)>& edit = {},
    const std::string& dtype = "F32") {
    std::filesystem::create_directories(dir);
    auto tensors = readFixture(dataDir() / fixture / "model.safetensors");
    auto cfg = nlohmann::json::parse(readText(dataDir() / fixture / "config.json"));
    if (edit) edit(tensors, cfg);
    std::vector<TensorSpec> specs;
    for (const auto& t : tensors) {
        TensorSpec s{t.name, dtype, t.shape, {}};
        if (dtype == "F32") {
            s.bytes = floatBytes(t.values);
        } else {
            s.bytes.resize(t.values.size() * 2);
            for (std::size_t i = 0; i < t.values.size(); ++i) {
                const std::uint16_t h =
                    dtype == "F16" ? ts::st::f32ToF16(t.values[i]) : ts::st::f32ToBf16(t.values[i]);
                std::memcpy(s.bytes.data() + 2 * i, &h, 2);
            }
        }
        specs.push_back(std::move(s));
    }
    writeBytes(dir / "model.safetensors", buildSafetensors(specs));
    writeBytes(dir / "config.json", cfg.dump(2));
}

}  // namespace ts_test
