// The GGUF reader on hand-built files: every metadata value type, alignment, tensor infos,
// split files, and the broken files a download or a hostile file can produce (each must be
// refused with a message naming what and where, never read out of bounds).
#include <catch2/catch.hpp>
#include <cstring>

#include "engine/engine_test_util.hpp"
#include "formats/gguf.hpp"
#include "tokenscope/error.hpp"
#include "tools/gguf_write.hpp"

using namespace ts_gguf_write;
using ts::gguf::File;

namespace {

std::string f32Data(std::size_t n, float start = 0.5f) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = start + static_cast<float>(i);
    return floatBytes(v);
}

Writer sampleWriter() {
    Writer w;
    w.kvString("general.architecture", "gpt2");
    w.kvScalar<std::uint8_t>("t.u8", U8, 200);
    w.kvScalar<std::int8_t>("t.i8", I8, -100);
    w.kvScalar<std::uint16_t>("t.u16", U16, 60000);
    w.kvScalar<std::int16_t>("t.i16", I16, -30000);
    w.kvU32("t.u32", 4000000000u);
    w.kvI32("t.i32", -2000000000);
    w.kvF32("t.f32", 1.5f);
    w.kvBool("t.bool", true);
    w.kvScalar<std::uint64_t>("t.u64", U64, 1ull << 40);
    w.kvScalar<std::int64_t>("t.i64", I64, -(1ll << 40));
    w.kvScalar<double>("t.f64", F64, 0.25);
    w.kvStrings("t.strings", {"a", "", "héllo"});
    w.kvArray<std::int32_t>("t.ints", I32, {1, -2, 3});
    w.kvArray<float>("t.floats", F32, {0.5f, -1.0f});
    w.tensor("a", {4, 2}, 0, f32Data(8));
    std::string q8(34 * 2, '\0');  // two Q8_0 blocks: d = 1.0 (0x3c00), qs = i
    for (int b = 0; b < 2; ++b) {
        q8[34 * b] = 0x00;
        q8[34 * b + 1] = 0x3c;
        for (int i = 0; i < 32; ++i) q8[34 * b + 2 + i] = static_cast<char>(i - 16);
    }
    w.tensor("b", {64}, 8, q8);
    return w;
}

File openBytes(const ts_test::TempDir& dir, const std::string& bytes, const char* name = "m.gguf") {
    ts_test::writeBytes(dir / name, bytes);
    return File::open(dir / name);
}

std::string errorOf(const ts_test::TempDir& dir, const std::string& bytes) {
    return ts_test::errorOf([&] { openBytes(dir, bytes); });
}

}  // namespace

TEST_CASE("GGUF: every metadata value type, arrays and tensors read back", "[gguf]") {
    ts_test::TempDir dir;
    for (std::uint32_t version : {2u, 3u}) {
        Writer w = sampleWriter();
        w.version = version;
        const File f = openBytes(dir, w.bytes());
        CHECK(f.version() == version);
        CHECK(f.requireString("general.architecture") == "gpt2");
        CHECK(f.requireInt("t.u8") == 200);
        CHECK(f.requireInt("t.i8") == -100);
        CHECK(f.requireInt("t.u16") == 60000);
        CHECK(f.requireInt("t.i16") == -30000);
        CHECK(f.requireInt("t.u32") == 4000000000ll);
        CHECK(f.requireInt("t.i32") == -2000000000ll);
        CHECK(f.getFloat("t.f32", 0) == 1.5);
        CHECK(f.getBool("t.bool", false));
        CHECK(f.requireInt("t.u64") == (1ll << 40));
        CHECK(f.requireInt("t.i64") == -(1ll << 40));
        CHECK(f.getFloat("t.f64", 0) == 0.25);
        REQUIRE(f.stringArray("t.strings"));
        CHECK(*f.stringArray("t.strings") == std::vector<std::string>{"a", "", "héllo"});
        CHECK(*f.intArray("t.ints") == std::vector<std::int64_t>{1, -2, 3});
        CHECK(*f.floatArray("t.floats") == std::vector<double>{0.5, -1.0});
        CHECK(f.getInt("absent", 7) == 7);
        CHECK_THROWS_WITH(f.requireInt("general.architecture"),
                          Catch::Contains("general.architecture") && Catch::Contains("a string"));
        CHECK_THROWS_WITH(f.requireString("missing.key"), Catch::Contains("missing.key"));

        REQUIRE(f.tensors().size() == 2);
        const auto* a = f.tensor("a");
        REQUIRE(a);
        CHECK(a->dims == std::vector<std::int64_t>{4, 2});
        CHECK(a->rows() == 2);
        CHECK(a->numel == 8);
        CHECK(a->bytes == 32);
        float v[8];
        std::memcpy(v, a->data, 32);
        CHECK(v[0] == 0.5f);
        CHECK(v[7] == 7.5f);
        const auto* b = f.tensor("b");
        REQUIRE(b);
        CHECK(b->type == ts::quant::Type::Q8_0);
        CHECK(b->bytes == 68);
        CHECK(reinterpret_cast<std::uintptr_t>(b->data) % 32 ==
              reinterpret_cast<std::uintptr_t>(a->data) % 32);
        float deq[64];
        ts::quant::dequantizeRow(b->type, b->data, deq, 64);
        CHECK(deq[0] == -16.0f);
        CHECK(deq[63] == 15.0f);
    }
}

TEST_CASE("GGUF: general.alignment moves the data section and the offsets", "[gguf]") {
    ts_test::TempDir dir;
    Writer w;
    w.alignment = 256;
    w.kvU32("general.alignment", 256);
    w.tensor("x", {3}, 0, f32Data(3));
    w.tensor("y", {5}, 0, f32Data(5, 10.0f));
    const std::string bytes = w.bytes();
    const File f = openBytes(dir, bytes);
    CHECK(f.alignment() == 256);
    const auto* y = f.tensor("y");
    REQUIRE(y);
    CHECK(y->offset == 256);
    float v;
    std::memcpy(&v, y->data, 4);
    CHECK(v == 10.0f);

    Writer bad;
    bad.kvU32("general.alignment", 48);
    CHECK_THROWS_WITH(openBytes(dir, bad.bytes()), Catch::Contains("general.alignment is 48"));
    Writer zero;
    zero.kvU32("general.alignment", 0);
    CHECK_THROWS_WITH(openBytes(dir, zero.bytes()), Catch::Contains("power of two"));
    Writer str;
    str.kvString("general.alignment", "32");
    CHECK_THROWS_WITH(openBytes(dir, str.bytes()),
                      Catch::Contains("general.alignment") && Catch::Contains("a string"));
    Writer misaligned;
    misaligned.tensorAt("x", {3}, 0, f32Data(3), 4);
    CHECK_THROWS_WITH(openBytes(dir, misaligned.bytes()),
                      Catch::Contains("'x'") && Catch::Contains("not a multiple of the alignment"));
}

TEST_CASE("GGUF: every truncation of a valid file is refused with a message", "[gguf]") {
    ts_test::TempDir dir;
    const std::string full = sampleWriter().bytes();
    REQUIRE_NOTHROW(openBytes(dir, full));
    for (std::size_t n = 0; n < full.size(); ++n) {
        const std::string msg = errorOf(dir, full.substr(0, n));
        INFO("prefix of " << n << " bytes: " << msg);
        CHECK(!msg.empty());
        CHECK(msg.find("m.gguf") != std::string::npos);
    }
    CHECK_THAT(errorOf(dir, full.substr(0, 30)), Catch::Contains("metadata entries"));
    CHECK_THAT(errorOf(dir, full.substr(0, 20)),
               Catch::Contains("truncated: the metadata count at byte 16"));
    CHECK_THAT(errorOf(dir, full.substr(0, full.size() - 1)),
               Catch::Contains("tensor 'b'") && Catch::Contains("truncated or corrupt"));
}

TEST_CASE("GGUF: bad magic, versions and big-endian files", "[gguf]") {
    ts_test::TempDir dir;
    std::string s = sampleWriter().bytes();
    std::string magic = s;
    magic[0] = 'X';
    CHECK_THAT(errorOf(dir, magic), Catch::Contains("not a GGUF file") && Catch::Contains("XGUF"));
    CHECK_THAT(errorOf(dir, "{\"a\": 1}"), Catch::Contains("not a GGUF file"));
    CHECK_THAT(errorOf(dir, ""), Catch::Contains("too small"));
    Writer v1 = sampleWriter();
    v1.version = 1;
    CHECK_THAT(errorOf(dir, v1.bytes()), Catch::Contains("version 1"));
    Writer v9 = sampleWriter();
    v9.version = 9;
    CHECK_THAT(errorOf(dir, v9.bytes()), Catch::Contains("unknown GGUF version 9"));
    Writer be = sampleWriter();
    be.version = 0x03000000u;
    CHECK_THAT(errorOf(dir, be.bytes()), Catch::Contains("big-endian"));
}

TEST_CASE("GGUF: huge counts and lengths fail before anything is allocated", "[gguf]") {
    ts_test::TempDir dir;
    const std::string good = sampleWriter().bytes();
    auto patched = [&](std::size_t at, std::uint64_t v) {
        std::string s = good;
        std::memcpy(&s[at], &v, 8);
        return s;
    };
    CHECK_THAT(errorOf(dir, patched(8, 1ull << 60)),
               Catch::Contains("claims 1152921504606846976 tensors"));
    CHECK_THAT(errorOf(dir, patched(16, 1ull << 60)), Catch::Contains("metadata entries"));
    CHECK_THAT(errorOf(dir, patched(24, 1ull << 62)),
               Catch::Contains("metadata key 0") && Catch::Contains("claims"));
    Writer arr;
    std::string b;
    Writer::put<std::uint32_t>(b, I32);
    Writer::put<std::uint64_t>(b, 1ull << 61);
    arr.kvRaw("big.array", ARRAY, b);
    CHECK_THAT(errorOf(dir, arr.bytes()), Catch::Contains("array 'big.array' claims"));
    Writer strs;
    std::string sb;
    Writer::put<std::uint32_t>(sb, STRING);
    Writer::put<std::uint64_t>(sb, 1);
    Writer::put<std::uint64_t>(sb, 1ull << 50);
    strs.kvRaw("big.strings", ARRAY, sb);
    CHECK_THAT(errorOf(dir, strs.bytes()), Catch::Contains("element 0 of array 'big.strings'"));
    Writer dims;
    dims.tensor("huge", {1ull << 40, 1ull << 40}, 0, "");
    CHECK_THAT(errorOf(dir, dims.bytes()),
               Catch::Contains("'huge'") && Catch::Contains("overflows"));
}

TEST_CASE("GGUF: unknown and unsupported types, bad tensor infos", "[gguf]") {
    ts_test::TempDir dir;
    Writer vt;
    vt.kvRaw("odd", 13, "");
    CHECK_THAT(errorOf(dir, vt.bytes()),
               Catch::Contains("'odd'") && Catch::Contains("unknown value type 13"));
    Writer nested;
    std::string nb;
    Writer::put<std::uint32_t>(nb, ARRAY);
    Writer::put<std::uint64_t>(nb, 0);
    nested.kvRaw("nest", ARRAY, nb);
    CHECK_THAT(errorOf(dir, nested.bytes()), Catch::Contains("nested arrays"));
    Writer tt;
    tt.tensor("w", {32}, 77, std::string(64, '\0'));
    CHECK_THAT(errorOf(dir, tt.bytes()),
               Catch::Contains("'w'") && Catch::Contains("unknown tensor type 77"));
    Writer iq;
    iq.tensor("w", {256}, 16, std::string(66, '\0'));
    CHECK_THAT(errorOf(dir, iq.bytes()), Catch::Contains("IQ2_XXS") && Catch::Contains("Q4_K"));
    Writer dims5;
    dims5.tensor("w", {1, 1, 1, 1, 1}, 0, std::string(4, '\0'));
    CHECK_THAT(errorOf(dir, dims5.bytes()), Catch::Contains("5 dimensions"));
    Writer ragged;
    ragged.tensor("w", {48, 2}, 12, std::string(144, '\0'));
    CHECK_THAT(errorOf(dir, ragged.bytes()),
               Catch::Contains("48 elements") && Catch::Contains("Q4_K"));
    Writer dupKey;
    dupKey.kvU32("k", 1);
    dupKey.kvU32("k", 2);
    CHECK_THAT(errorOf(dir, dupKey.bytes()), Catch::Contains("'k'") && Catch::Contains("twice"));
    Writer dupT;
    dupT.tensor("w", {4}, 0, f32Data(4));
    dupT.tensor("w", {4}, 0, f32Data(4));
    CHECK_THAT(errorOf(dir, dupT.bytes()), Catch::Contains("'w' appears twice"));
}

TEST_CASE("GGUF: overlapping and out-of-range tensors", "[gguf]") {
    ts_test::TempDir dir;
    Writer overlap;
    overlap.tensorAt("first", {16}, 0, f32Data(16), 0);
    overlap.tensorAt("second", {16}, 0, f32Data(16), 32);
    CHECK_THAT(errorOf(dir, overlap.bytes()), Catch::Contains("'first'") &&
                                                  Catch::Contains("'second'") &&
                                                  Catch::Contains("overlap"));
    Writer far;
    far.tensorAt("w", {8}, 0, f32Data(8), 1ull << 40);
    CHECK_THAT(errorOf(dir, far.bytes()),
               Catch::Contains("'w'") && Catch::Contains("truncated or corrupt"));
    Writer wrap;
    wrap.tensorAt("w", {8}, 0, f32Data(8), ~0ull - 31);
    CHECK_THAT(errorOf(dir, wrap.bytes()), Catch::Contains("'w'"));
}

TEST_CASE("GGUF: a split model opens as one file from any of its parts", "[gguf]") {
    ts_test::TempDir dir;
    for (int part = 0; part < 3; ++part) {
        Writer w;
        w.kvScalar<std::uint16_t>("split.no", U16, static_cast<std::uint16_t>(part));
        w.kvScalar<std::uint16_t>("split.count", U16, 3);
        w.kvScalar<std::int32_t>("split.tensors.count", I32, 3);
        if (part == 0) w.kvString("general.architecture", "gpt2");
        w.tensor("t" + std::to_string(part), {4}, 0, f32Data(4, static_cast<float>(part * 100)));
        ts_test::writeBytes(dir / ("model-0000" + std::to_string(part + 1) + "-of-00003.gguf"),
                            w.bytes());
    }
    for (const char* name : {"model-00001-of-00003.gguf", "model-00003-of-00003.gguf"}) {
        const File f = File::open(dir / name);
        CHECK(f.parts() == 3);
        CHECK(f.requireString("general.architecture") == "gpt2");
        REQUIRE(f.tensors().size() == 3);
        float v;
        std::memcpy(&v, f.tensor("t2")->data, 4);
        CHECK(v == 200.0f);
        CHECK(f.tensor("t2")->part == 2);
    }
    std::filesystem::remove(dir / "model-00002-of-00003.gguf");
    CHECK_THROWS_WITH(File::open(dir / "model-00001-of-00003.gguf"),
                      Catch::Contains("model-00002-of-00003.gguf") && Catch::Contains("missing"));
    std::filesystem::rename(dir / "model-00001-of-00003.gguf", dir / "renamed.gguf");
    CHECK_THROWS_WITH(File::open(dir / "renamed.gguf"),
                      Catch::Contains("NAME-00001-of-0000N.gguf"));
}
