#include <cmath>
#include <limits>

#include "catch.hpp"
#include "engine_test_util.hpp"
#include "formats/safetensors.hpp"
#include "tokenscope/error.hpp"

using Catch::Matchers::ContainsSubstring;
using ts_test::TempDir;

TEST_CASE("safetensors: the fixture opens and lists its tensors", "[safetensors]") {
    auto f = ts::st::File::open(ts_test::dataDir() / "gpt2-tiny-vocab512" / "model.safetensors");
    REQUIRE(f.find("transformer.wte.weight"));
    const auto* wte = f.find("transformer.wte.weight");
    CHECK(wte->dtype == ts::st::DType::F32);
    CHECK(wte->shape == std::vector<std::int64_t>{512, 48});
    CHECK(wte->numel == 512u * 48u);
    CHECK(wte->end - wte->begin == 512u * 48u * 4u);
    CHECK(f.find("__metadata__") == nullptr);
    CHECK(f.find("nope") == nullptr);
    CHECK(f.tensors().size() == 2 + 3 * 12 + 2);
}

TEST_CASE("safetensors: hand-built file with every dtype", "[safetensors]") {
    TempDir dir;
    std::string f16(4, '\0'), bf16(4, '\0');
    const std::uint16_t h[2] = {0x3C00, 0xC000};  // 1, -2
    const std::uint16_t b[2] = {0x3F80, 0x4049};  // 1, 3.140625
    std::memcpy(f16.data(), h, 4);
    std::memcpy(bf16.data(), b, 4);
    ts_test::writeBytes(
        dir / "a.safetensors",
        ts_test::buildSafetensors({{"x", "F32", {2}, ts_test::floatBytes({0.5f, 7})},
                                   {"y", "F16", {1, 2}, f16},
                                   {"z", "BF16", {2}, bf16},
                                   {"empty", "F32", {0, 3}, ""}}));
    auto f = ts::st::File::open(dir / "a.safetensors");
    float out[2];
    const auto* y = f.find("y");
    REQUIRE(y);
    ts::st::toFloat32(y->dtype, y->data, out, 2);
    CHECK(out[0] == 1.0f);
    CHECK(out[1] == -2.0f);
    const auto* z = f.find("z");
    ts::st::toFloat32(z->dtype, z->data, out, 2);
    CHECK(out[0] == 1.0f);
    CHECK(out[1] == 3.140625f);
    CHECK(f.find("empty")->numel == 0);
}

TEST_CASE("safetensors: half-precision conversions", "[safetensors]") {
    using namespace ts::st;
    CHECK(f16ToF32(0x0000) == 0.0f);
    CHECK(std::signbit(f16ToF32(0x8000)));
    CHECK(f16ToF32(0x3C00) == 1.0f);
    CHECK(f16ToF32(0x3555) == Approx(0.333251953125f));
    CHECK(f16ToF32(0x7BFF) == 65504.0f);
    CHECK(f16ToF32(0x0001) == std::ldexp(1.0f, -24));  // smallest subnormal
    CHECK(f16ToF32(0x03FF) == std::ldexp(1023.0f, -24));
    CHECK(std::isinf(f16ToF32(0x7C00)));
    CHECK(std::isnan(f16ToF32(0x7E00)));
    CHECK(bf16ToF32(0x3F80) == 1.0f);
    CHECK(bf16ToF32(0xC2F7) == -123.5f);
    // Round trips of every finite half value.
    for (std::uint32_t v = 0; v < 0x10000; ++v) {
        const std::uint16_t hv = static_cast<std::uint16_t>(v);
        if ((hv & 0x7C00) == 0x7C00) continue;
        REQUIRE(f32ToF16(f16ToF32(hv)) == hv);
    }
    CHECK(f32ToF16(1e6f) == 0x7C00);
    CHECK(f32ToBf16(1.0f) == 0x3F80);
    CHECK(f32ToBf16(bf16ToF32(0x1234)) == 0x1234);
    // rounding to nearest even
    CHECK(f32ToF16(1.0f + std::ldexp(1.0f, -11)) == 0x3C00);
    CHECK(f32ToF16(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3C02);
}

TEST_CASE("safetensors: malformed files are rejected with the reason", "[safetensors]") {
    TempDir dir;
    const auto p = dir / "m.safetensors";
    auto open = [&] { return ts::st::File::open(p); };
    const std::string okData = ts_test::floatBytes({1, 2, 3, 4});

    SECTION("empty file") {
        ts_test::writeBytes(p, "");
        CHECK_THROWS_WITH(open(), ContainsSubstring("m.safetensors") &&
                                      ContainsSubstring("too small") &&
                                      ContainsSubstring("0 bytes"));
    }
    SECTION("7 bytes") {
        ts_test::writeBytes(p, "1234567");
        CHECK_THROWS_WITH(open(), ContainsSubstring("too small") && ContainsSubstring("7 bytes"));
    }
    SECTION("header length larger than the file") {
        std::string s(8, '\xff');
        s[7] = '\x00';
        ts_test::writeBytes(p, s + "{}");
        CHECK_THROWS_WITH(open(), ContainsSubstring("header length") &&
                                      ContainsSubstring("larger than the rest"));
    }
    SECTION("header length over the 100 MB limit") {
        ts_test::writeBytes(p, ts_test::safetensorsBytes(std::string(8, ' '), ""));
        std::string len(8, '\0');
        const std::uint64_t n = 101ull << 20;
        for (int i = 0; i < 8; ++i) len[i] = static_cast<char>((n >> (8 * i)) & 0xff);
        ts_test::writeBytes(p, len);
        std::filesystem::resize_file(p, 8 + n);  // sparse: takes no disk space
        CHECK_THROWS_WITH(open(), ContainsSubstring("exceeds the 100 MB limit"));
    }
    SECTION("header not JSON") {
        ts_test::writeBytes(p, ts_test::safetensorsBytes("{not json!", ""));
        CHECK_THROWS_WITH(open(), ContainsSubstring("header is not valid JSON"));
    }
    SECTION("header not an object") {
        ts_test::writeBytes(p, ts_test::safetensorsBytes("[1,2,3]", ""));
        CHECK_THROWS_WITH(open(), ContainsSubstring("JSON object"));
    }
    SECTION("offsets past the end") {
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(
                   R"({"w":{"dtype":"F32","shape":[8],"data_offsets":[0,32]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("past the end") &&
                                      ContainsSubstring("16 bytes"));
    }
    SECTION("begin after end") {
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(
                   R"({"w":{"dtype":"F32","shape":[0],"data_offsets":[8,4]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("begin after end"));
    }
    SECTION("overlapping tensors") {
        ts_test::writeBytes(p, ts_test::safetensorsBytes(
                                   R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,12]},)"
                                   R"("b":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})",
                                   okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'a'") && ContainsSubstring("'b'") &&
                                      ContainsSubstring("overlap"));
    }
    SECTION("size mismatch") {
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(
                   R"({"w":{"dtype":"F32","shape":[3],"data_offsets":[0,16]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("needs 12 bytes") &&
                                      ContainsSubstring("give 16"));
    }
    SECTION("unsupported dtype") {
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(
                   R"({"ids":{"dtype":"I64","shape":[2],"data_offsets":[0,16]}})", okData));
        CHECK_THROWS_WITH(open(),
                          ContainsSubstring("'ids'") && ContainsSubstring("unsupported dtype I64"));
    }
    SECTION("shape overflow") {
        ts_test::writeBytes(
            p,
            ts_test::safetensorsBytes(
                R"({"w":{"dtype":"F32","shape":[4294967296,4294967296,16],"data_offsets":[0,16]}})",
                okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("overflow"));
    }
    SECTION("negative dimension") {
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(
                   R"({"w":{"dtype":"F32","shape":[-4],"data_offsets":[0,16]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("negative"));
    }
    SECTION("missing fields") {
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(R"({"w":{"shape":[4],"data_offsets":[0,16]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("dtype"));
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(R"({"w":{"dtype":"F32","data_offsets":[0,16]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("shape"));
        ts_test::writeBytes(
            p, ts_test::safetensorsBytes(R"({"w":{"dtype":"F32","shape":[4]}})", okData));
        CHECK_THROWS_WITH(open(), ContainsSubstring("'w'") && ContainsSubstring("data_offsets"));
    }
    SECTION("metadata is skipped") {
        ts_test::writeBytes(
            p,
            ts_test::safetensorsBytes(
                R"({"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}})",
                okData));
        auto f = open();
        CHECK(f.tensors().size() == 1);
    }
    SECTION("missing file") {
        CHECK_THROWS_WITH(
            ts::st::File::open(dir / "absent.safetensors"),
            ContainsSubstring("absent.safetensors") && ContainsSubstring("cannot open"));
    }
}
