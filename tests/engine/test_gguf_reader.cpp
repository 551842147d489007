// The GGUF reader on hand-built files: every metadata value type, alignment, tensor infos,
// split files, and the broken files a download or a hostile file can produce (each must be
// refused with a message naming what and where, never read out of bounds).
#include <cstring>

#include "catch.hpp"
#include "engine/engine_test_util.hpp"
#include "engine/memory_peak.hpp"
#include "formats/gguf.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model_folder.hpp"
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
                          Catch::Matchers::ContainsSubstring("general.architecture") &&
                              Catch::Matchers::ContainsSubstring("a string"));
        CHECK_THROWS_WITH(f.requireString("missing.key"),
                          Catch::Matchers::ContainsSubstring("missing.key"));

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
    CHECK_THROWS_WITH(openBytes(dir, bad.bytes()),
                      Catch::Matchers::ContainsSubstring("general.alignment is 48"));
    Writer zero;
    zero.kvU32("general.alignment", 0);
    CHECK_THROWS_WITH(openBytes(dir, zero.bytes()),
                      Catch::Matchers::ContainsSubstring("power of two"));
    Writer str;
    str.kvString("general.alignment", "32");
    CHECK_THROWS_WITH(openBytes(dir, str.bytes()),
                      Catch::Matchers::ContainsSubstring("general.alignment") &&
                          Catch::Matchers::ContainsSubstring("a string"));
    Writer misaligned;
    misaligned.tensorAt("x", {3}, 0, f32Data(3), 4);
    CHECK_THROWS_WITH(openBytes(dir, misaligned.bytes()),
                      Catch::Matchers::ContainsSubstring("'x'") &&
                          Catch::Matchers::ContainsSubstring("not a multiple of the alignment"));
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
    CHECK_THAT(errorOf(dir, full.substr(0, 30)),
               Catch::Matchers::ContainsSubstring("metadata entries"));
    CHECK_THAT(errorOf(dir, full.substr(0, 20)),
               Catch::Matchers::ContainsSubstring("truncated: the metadata count at byte 16"));
    CHECK_THAT(errorOf(dir, full.substr(0, full.size() - 1)),
               Catch::Matchers::ContainsSubstring("tensor 'b'") &&
                   Catch::Matchers::ContainsSubstring("truncated or corrupt"));
}

TEST_CASE("GGUF: bad magic, versions and big-endian files", "[gguf]") {
    ts_test::TempDir dir;
    std::string s = sampleWriter().bytes();
    std::string magic = s;
    magic[0] = 'X';
    CHECK_THAT(errorOf(dir, magic), Catch::Matchers::ContainsSubstring("not a GGUF file") &&
                                        Catch::Matchers::ContainsSubstring("XGUF"));
    CHECK_THAT(errorOf(dir, "{\"a\": 1}"), Catch::Matchers::ContainsSubstring("not a GGUF file"));
    CHECK_THAT(errorOf(dir, ""), Catch::Matchers::ContainsSubstring("too small"));
    Writer v1 = sampleWriter();
    v1.version = 1;
    CHECK_THAT(errorOf(dir, v1.bytes()), Catch::Matchers::ContainsSubstring("version 1"));
    Writer v9 = sampleWriter();
    v9.version = 9;
    CHECK_THAT(errorOf(dir, v9.bytes()),
               Catch::Matchers::ContainsSubstring("unknown GGUF version 9"));
    Writer be = sampleWriter();
    be.version = 0x03000000u;
    CHECK_THAT(errorOf(dir, be.bytes()), Catch::Matchers::ContainsSubstring("big-endian"));
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
               Catch::Matchers::ContainsSubstring("claims 1152921504606846976 tensors"));
    CHECK_THAT(errorOf(dir, patched(16, 1ull << 60)),
               Catch::Matchers::ContainsSubstring("metadata entries"));
    CHECK_THAT(errorOf(dir, patched(24, 1ull << 62)),
               Catch::Matchers::ContainsSubstring("metadata key 0") &&
                   Catch::Matchers::ContainsSubstring("claims"));
    Writer arr;
    std::string b;
    Writer::put<std::uint32_t>(b, I32);
    Writer::put<std::uint64_t>(b, 1ull << 61);
    arr.kvRaw("big.array", ARRAY, b);
    CHECK_THAT(errorOf(dir, arr.bytes()),
               Catch::Matchers::ContainsSubstring("array 'big.array' claims"));
    Writer strs;
    std::string sb;
    Writer::put<std::uint32_t>(sb, STRING);
    Writer::put<std::uint64_t>(sb, 1);
    Writer::put<std::uint64_t>(sb, 1ull << 50);
    strs.kvRaw("big.strings", ARRAY, sb);
    CHECK_THAT(errorOf(dir, strs.bytes()),
               Catch::Matchers::ContainsSubstring("element 0 of array 'big.strings'"));
    Writer dims;
    dims.tensor("huge", {1ull << 40, 1ull << 40}, 0, "");
    CHECK_THAT(errorOf(dir, dims.bytes()), Catch::Matchers::ContainsSubstring("'huge'") &&
                                               Catch::Matchers::ContainsSubstring("overflows"));
}

TEST_CASE("GGUF: unknown and unsupported types, bad tensor infos", "[gguf]") {
    ts_test::TempDir dir;
    Writer vt;
    vt.kvRaw("odd", 13, "");
    CHECK_THAT(errorOf(dir, vt.bytes()),
               Catch::Matchers::ContainsSubstring("'odd'") &&
                   Catch::Matchers::ContainsSubstring("unknown value type 13"));
    Writer nested;
    std::string nb;
    Writer::put<std::uint32_t>(nb, ARRAY);
    Writer::put<std::uint64_t>(nb, 0);
    nested.kvRaw("nest", ARRAY, nb);
    CHECK_THAT(errorOf(dir, nested.bytes()), Catch::Matchers::ContainsSubstring("nested arrays"));
    Writer tt;
    tt.tensor("w", {32}, 77, std::string(64, '\0'));
    CHECK_THAT(errorOf(dir, tt.bytes()),
               Catch::Matchers::ContainsSubstring("'w'") &&
                   Catch::Matchers::ContainsSubstring("unknown tensor type 77"));
    Writer iq;
    iq.tensor("w", {256}, 16, std::string(66, '\0'));
    CHECK_THAT(errorOf(dir, iq.bytes()), Catch::Matchers::ContainsSubstring("IQ2_XXS") &&
                                             Catch::Matchers::ContainsSubstring("Q4_K"));
    Writer dims5;
    dims5.tensor("w", {1, 1, 1, 1, 1}, 0, std::string(4, '\0'));
    CHECK_THAT(errorOf(dir, dims5.bytes()), Catch::Matchers::ContainsSubstring("5 dimensions"));
    Writer ragged;
    ragged.tensor("w", {48, 2}, 12, std::string(144, '\0'));
    CHECK_THAT(errorOf(dir, ragged.bytes()), Catch::Matchers::ContainsSubstring("48 elements") &&
                                                 Catch::Matchers::ContainsSubstring("Q4_K"));
    Writer dupKey;
    dupKey.kvU32("k", 1);
    dupKey.kvU32("k", 2);
    CHECK_THAT(errorOf(dir, dupKey.bytes()), Catch::Matchers::ContainsSubstring("'k'") &&
                                                 Catch::Matchers::ContainsSubstring("twice"));
    Writer dupT;
    dupT.tensor("w", {4}, 0, f32Data(4));
    dupT.tensor("w", {4}, 0, f32Data(4));
    CHECK_THAT(errorOf(dir, dupT.bytes()), Catch::Matchers::ContainsSubstring("'w' appears twice"));
}

TEST_CASE("GGUF: overlapping and out-of-range tensors", "[gguf]") {
    ts_test::TempDir dir;
    Writer overlap;
    overlap.tensorAt("first", {16}, 0, f32Data(16), 0);
    overlap.tensorAt("second", {16}, 0, f32Data(16), 32);
    CHECK_THAT(errorOf(dir, overlap.bytes()), Catch::Matchers::ContainsSubstring("'first'") &&
                                                  Catch::Matchers::ContainsSubstring("'second'") &&
                                                  Catch::Matchers::ContainsSubstring("overlap"));
    Writer far;
    far.tensorAt("w", {8}, 0, f32Data(8), 1ull << 40);
    CHECK_THAT(errorOf(dir, far.bytes()),
               Catch::Matchers::ContainsSubstring("'w'") &&
                   Catch::Matchers::ContainsSubstring("truncated or corrupt"));
    Writer wrap;
    wrap.tensorAt("w", {8}, 0, f32Data(8), ~0ull - 31);
    CHECK_THAT(errorOf(dir, wrap.bytes()), Catch::Matchers::ContainsSubstring("'w'"));
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
                      Catch::Matchers::ContainsSubstring("model-00002-of-00003.gguf") &&
                          Catch::Matchers::ContainsSubstring("missing"));
    std::filesystem::rename(dir / "model-00001-of-00003.gguf", dir / "renamed.gguf");
    CHECK_THROWS_WITH(File::open(dir / "renamed.gguf"),
                      Catch::Matchers::ContainsSubstring("NAME-00001-of-0000N.gguf"));
}

TEST_CASE("GGUF: metadata that would cost more memory than any real file is refused", "[gguf]") {
    ts_test::TempDir dir;
    // 40 million u8 elements: a 40 MB file whose array became 320 MB of int64 in memory.
    Writer bytes;
    std::string b;
    Writer::put<std::uint32_t>(b, U8);
    Writer::put<std::uint64_t>(b, 40000000);
    b.append(40000000, '\x01');
    bytes.kvRaw("big.u8s", ARRAY, b);
    ts_test::writeBytes(dir / "u8.gguf", bytes.bytes());
    b.clear();
    std::string error;
    const auto grew = ts_test::peakResidentGrowth(
        [&] { error = ts_test::errorOf([&] { File::open(dir / "u8.gguf"); }); });
    CHECK_THAT(error, Catch::Matchers::ContainsSubstring("'big.u8s'") &&
                          Catch::Matchers::ContainsSubstring("MiB"));
    if (grew >= 0) CHECK(grew < (100 << 20));  // the mapped file's pages, not 320 MB
    // Many empty strings: 8 bytes each in the file, a std::string each in memory.
    Writer strs;
    std::string sb;
    Writer::put<std::uint32_t>(sb, STRING);
    Writer::put<std::uint64_t>(sb, 9000000);
    sb.append(9000000 * 8, '\0');
    strs.kvRaw("many.strings", ARRAY, sb);
    CHECK_THAT(errorOf(dir, strs.bytes()), Catch::Matchers::ContainsSubstring("'many.strings'") &&
                                               Catch::Matchers::ContainsSubstring("MiB"));
    // A 17 MiB metadata string (a chat template is a few kilobytes; 1 MB still loads).
    Writer longString;
    longString.kvString("tokenizer.chat_template", std::string(17 << 20, 'x'));
    CHECK_THAT(errorOf(dir, longString.bytes()),
               Catch::Matchers::ContainsSubstring("tokenizer.chat_template") &&
                   Catch::Matchers::ContainsSubstring("at most"));
    Writer oneMb;
    oneMb.kvString("tokenizer.chat_template", std::string(1 << 20, 'x'));
    CHECK(openBytes(dir, oneMb.bytes()).getString("tokenizer.chat_template", "").size() ==
          (1u << 20));
}

TEST_CASE("GGUF: header counts beyond any real model are refused at once", "[gguf]") {
    ts_test::TempDir dir;
    const std::string good = sampleWriter().bytes();
    auto patched = [&](std::size_t at, std::uint64_t v) {
        std::string s = good;
        std::memcpy(&s[at], &v, 8);
        return s;
    };
    CHECK_THAT(errorOf(dir, patched(8, 1u << 20)),
               Catch::Matchers::ContainsSubstring("1048576 tensors") &&
                   Catch::Matchers::ContainsSubstring("at most"));
    CHECK_THAT(errorOf(dir, patched(16, 1u << 20)),
               Catch::Matchers::ContainsSubstring("1048576 metadata entries") &&
                   Catch::Matchers::ContainsSubstring("at most"));
}

TEST_CASE("GGUF: split file names are parsed without std::regex", "[gguf]") {
    const auto a = ts::parseGgufSplitName("Qwen3-8B-Q4_K_M-00002-of-00005.gguf");
    REQUIRE(a);
    CHECK(a->prefix == "Qwen3-8B-Q4_K_M");
    CHECK(a->part == 2);
    CHECK(a->count == 5);
    const auto empty = ts::parseGgufSplitName("-00001-of-00001.gguf");
    REQUIRE(empty);
    CHECK(empty->prefix.empty());
    for (const char* bad :
         {"model.gguf", "m-0001-of-00005.gguf", "m-00001-of-00005.GGUF", "m-00001_of-00005.gguf",
          "m-0000x-of-00005.gguf", "m-00001-of-000050.gguf", ""})
        CHECK_FALSE(ts::parseGgufSplitName(bad));
    // A 1 MB name of dashes and digits (std::regex recursed on such input) is just refused.
    std::string longName;
    while (longName.size() < (1u << 20)) longName += "-00001-of";
    CHECK_FALSE(ts::parseGgufSplitName(longName + ".gguf"));
}
