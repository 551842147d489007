// The small hand-made BPE in tests/data/tokenizer (see make_fixture.py there): merges by
// rank, the tokenizer.json path, and rejection of malformed files.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "engine/engine_test_util.hpp"
#include "test_paths.hpp"
#include "tokenizer/pretokenizer.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace fs = std::filesystem;
using Ids = std::vector<int>;

namespace {

fs::path fixtureDir() { return ts_test::dataDir() / "tokenizer"; }

std::shared_ptr<const ts::Tokenizer> fixtureFromFiles() {
    return ts::Tokenizer::fromFiles(fixtureDir() / "vocab.json", fixtureDir() / "merges.txt");
}

// Expected ids, worked out by hand from the ranks in make_fixture.py.
void checkHandComputed(const ts::Tokenizer& tok) {
    // e r (0), then l o (1), lo w (2), low er (5): all five bytes become one token.
    CHECK(tok.encodeIds("lower") == Ids{261});
    // Ġ low (3) outranks low er (5), and Ġlow + er has no merge: rank decides, not length.
    CHECK(tok.encodeIds(" lower") == Ids{259, 256});
    CHECK(tok.encodeIds("low") == Ids{258});
    CHECK(tok.encodeIds("ow") == Ids{260});
    // Non-overlapping occurrences of one pair merge left to right in one pass.
    CHECK(tok.encodeIds("aaa") == Ids{262, 'a'});
    CHECK(tok.encodeIds("aaaaa") == Ids{263, 'a'});
    CHECK(tok.encodeIds("aaaaaaaa") == Ids{263, 263});
    CHECK(tok.encodeIds(" the") == Ids{266});
    CHECK(tok.encodeIds("the") == Ids{'t', 'h', 'e'});
    // "xy x" is ranked before "x y". GPT-2 merges every "x y" first and only then looks
    // for the next pair, so "xyxy" stays [xy, xy]; merging "xy x" as soon as it appears
    // would give [xyx, y].
    CHECK(tok.encodeIds("xyxy") == Ids{268, 268});
    CHECK(tok.encodeIds("xyx") == Ids{267});
    // The split pattern: a double space leaves one space on its own before " lower".
    CHECK(tok.encodeIds("lower  lower") == Ids{261, ' ', 259, 256});
    CHECK(tok.encodeIds("") == Ids{});
    CHECK(tok.encodeIds("<|endoftext|>lower", true) == Ids{300, 261});
    CHECK(tok.encodeIds("<|endoftext|>lower", false) ==
          Ids{'<', '|', 'e', 'n', 'd', 'o', 'f', 't', 'e', 'x', 't', '|', '>', 261});
}

}  // namespace

TEST_CASE("fixture vocab.json + merges.txt: merges by rank", "[tokenizer]") {
    const auto tok = fixtureFromFiles();
    REQUIRE(tok);
    CHECK(tok->vocabSize() == 301);  // sparse: 269..299 are unused
    CHECK(tok->endOfTextId() == 300);
    checkHandComputed(*tok);
    CHECK(tok->tokenBytes(259) == " low");
    CHECK(tok->tokenBytes(' ') == " ");
    CHECK(tok->tokenBytes(0xC4) == "\xC4");  // bytes, not the byte-level alphabet
    CHECK(tok->idOf(" low") == 259);
    CHECK(tok->idOf("Ġlow") == std::nullopt);
    CHECK(tok->idOf("<|endoftext|>") == 300);
    CHECK(tok->decode({259, 256, 300}) == " lower<|endoftext|>");
    CHECK(!ts_test::errorOf([&] { (void)tok->tokenBytes(280); }).empty());  // a hole
    CHECK(!ts_test::errorOf([&] { (void)tok->tokenBytes(301); }).empty());
    CHECK(!ts_test::errorOf([&] { (void)tok->tokenBytes(-1); }).empty());
    CHECK(!ts_test::errorOf([&] { (void)tok->decode({1, 9999}); }).empty());
}

TEST_CASE("fixture spans tile the input, including special tokens", "[tokenizer]") {
    const auto tok = fixtureFromFiles();
    const std::string text = "xy<|endoftext|> lower";
    const auto tokens = tok->encode(text, true);
    REQUIRE(tokens.size() == 4);
    CHECK(tokens[0].id == 268);
    CHECK(tokens[1].id == 300);
    CHECK(tokens[1].start == 2);
    CHECK(tokens[1].end == 15);
    CHECK(tokens[2].start == 15);
    CHECK(tokens[2].end == 19);  // " low"
    CHECK(tokens[3].end == text.size());
}

TEST_CASE("fixture tokenizer.json gives the same encodings", "[tokenizer]") {
    const auto tok = ts::Tokenizer::fromTokenizerJson(fixtureDir() / "tokenizer.json");
    REQUIRE(tok);
    checkHandComputed(*tok);
    // An added special token that is not in model.vocab extends the id range.
    CHECK(tok->vocabSize() == 302);
    CHECK(tok->tokenBytes(301) == "<|pad|>");
    CHECK(tok->encodeIds("low<|pad|>", true) == Ids{258, 301});
    CHECK(tok->encodeIds("low<|pad|>", false).size() == 1 + 7);
}

TEST_CASE("tokenizer.json with \"a b\" string merges and fromFolder", "[tokenizer]") {
    ts_test::TempDir dir;
    std::string json = ts_test::readText(fixtureDir() / "tokenizer.json");
    // Rewrite the [ "a", "b" ] pairs into "a b" strings, the older HF form.
    const auto merges = json.find("\"merges\"");
    REQUIRE(merges != std::string::npos);
    std::string head = json.substr(0, merges);
    std::string tail = json.substr(merges);
    std::string rewritten;
    bool inPair = false;
    int strings = 0;
    for (std::size_t i = tail.find('[') + 1; i < tail.size(); ++i) {
        const char c = tail[i];
        if (!inPair && c == '[') {
            inPair = true;
            strings = 0;
            rewritten += '"';
        } else if (inPair && c == ']') {
            inPair = false;
            rewritten += '"';
        } else if (inPair && c == '"') {
            if (++strings == 3) rewritten += ' ';
        } else if (inPair && (c == ',' || c == '\n' || c == ' ')) {
            // separators inside a pair disappear
        } else {
            rewritten += c;
        }
    }
    const std::string fixed = head + "\"merges\": [" + rewritten;
    REQUIRE(fixed.find("\"l o\"") != std::string::npos);
    dir.write("tokenizer.json", fixed);
    const auto tok = ts::Tokenizer::fromFolder(dir.path());
    REQUIRE(tok);
    checkHandComputed(*tok);

    // With vocab.json + merges.txt present as well (Qwen folders have all three),
    // fromFolder still reads tokenizer.json: only it has the added tokens (<|pad|>, 301).
    dir.write("vocab.json", ts_test::readText(fixtureDir() / "vocab.json"));
    dir.write("merges.txt", ts_test::readText(fixtureDir() / "merges.txt"));
    CHECK(ts::Tokenizer::fromFolder(dir.path())->vocabSize() == 302);

    ts_test::TempDir empty;
    CHECK(ts::Tokenizer::fromFolder(empty.path()) == nullptr);
}

TEST_CASE("malformed vocab.json and merges.txt are rejected with file and line", "[tokenizer]") {
    ts_test::TempDir dir;
    const fs::path goodVocab =
        dir.write("vocab.json", ts_test::readText(fixtureDir() / "vocab.json"));
    const fs::path goodMerges =
        dir.write("merges.txt", ts_test::readText(fixtureDir() / "merges.txt"));
    auto loadError = [&](const fs::path& v, const fs::path& m) {
        return ts_test::errorOf([&] { (void)ts::Tokenizer::fromFiles(v, m); });
    };
    REQUIRE(loadError(goodVocab, goodMerges).empty());

    SECTION("missing files") {
        const std::string e = loadError(dir.path() / "nope.json", goodMerges);
        CHECK(e.find("nope.json") != std::string::npos);
        CHECK(loadError(goodVocab, dir.path() / "nope.txt").find("nope.txt") != std::string::npos);
    }
    SECTION("vocab.json is not an object") {
        const auto v = dir.write("array.json", "[1, 2, 3]");
        const std::string e = loadError(v, goodMerges);
        CHECK(e.find("array.json") != std::string::npos);
        CHECK(e.find("object") != std::string::npos);
    }
    SECTION("vocab.json is not JSON") {
        const auto v = dir.write("broken.json", "{\"a\": 1,");
        CHECK(loadError(v, goodMerges).find("broken.json") != std::string::npos);
    }
    SECTION("non-integer id") {
        const auto v = dir.write("float.json", "{\"a\": 1.5}");
        CHECK(loadError(v, goodMerges).find("not an integer") != std::string::npos);
        const auto s = dir.write("string.json", "{\"a\": \"1\"}");
        CHECK(loadError(s, goodMerges).find("not an integer") != std::string::npos);
        const auto n = dir.write("negative.json", "{\"a\": -3}");
        CHECK(loadError(n, goodMerges).find("negative.json") != std::string::npos);
    }
    SECTION("duplicate id") {
        const auto v = dir.write("dup.json", "{\"a\": 1, \"b\": 1}");
        const std::string e = loadError(v, dir.write("m.txt", ""));
        CHECK(e.find("dup.json") != std::string::npos);
        CHECK(e.find("id 1") != std::string::npos);
    }
    SECTION("merge line without two parts") {
        const auto m = dir.write("bad.txt", "#version: 0.2\ne r\nlo\n");
        const std::string e = loadError(goodVocab, m);
        CHECK(e.find("bad.txt line 3") != std::string::npos);
        const auto m3 = dir.write("three.txt", "e r x\n");
        CHECK(loadError(goodVocab, m3).find("three.txt line 1") != std::string::npos);
    }
    SECTION("merge with an unknown symbol or result") {
        const auto m = dir.write("unknown.txt", "#version: 0.2\ne r\nq zz\n");
        const std::string e = loadError(goodVocab, m);
        CHECK(e.find("unknown.txt line 3") != std::string::npos);
        CHECK(e.find("zz") != std::string::npos);
        // Both parts are known but "ab" is not in the vocabulary.
        const auto r = dir.write("result.txt", "a b\n");
        CHECK(loadError(goodVocab, r).find("result.txt line 1") != std::string::npos);
    }
    SECTION("CRLF line ends and a trailing blank line are fine") {
        const auto m = dir.write("crlf.txt", "#version: 0.2\r\ne r\r\nl o\r\n\r\n");
        CHECK(loadError(goodVocab, m).empty());
    }
}

TEST_CASE("malformed tokenizer.json is rejected", "[tokenizer]") {
    ts_test::TempDir dir;
    auto loadError = [&](const std::string& text) {
        const fs::path p = dir.write("tokenizer.json", text);
        return ts_test::errorOf([&] { (void)ts::Tokenizer::fromTokenizerJson(p); });
    };
    CHECK(loadError("{\"model\": ").find("tokenizer.json") != std::string::npos);
    CHECK(loadError("{}").find("model") != std::string::npos);
    const std::string wordPiece =
        loadError(R"({"model": {"type": "WordPiece", "vocab": {"a": 0}}})");
    CHECK(wordPiece.find("WordPiece") != std::string::npos);
    CHECK(wordPiece.find("tokenizer.json") != std::string::npos);
    CHECK(loadError(R"({"model": {"type": "BPE", "vocab": {"a": 0}}})").find("merges") !=
          std::string::npos);
    CHECK(loadError(R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [["a"]]}})")
              .find("model.merges[0]") != std::string::npos);
    CHECK(loadError(R"({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a b"]}})")
              .find("model.merges[0]") != std::string::npos);
    CHECK(loadError(R"({"model": {"type": "BPE", "vocab": {"a": 0.5}, "merges": []}})")
              .find("not an integer") != std::string::npos);
    const std::string whitespace = loadError(
        R"({"pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "Whitespace"}]},
                      "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})");
    CHECK(whitespace.find("Whitespace") != std::string::npos);
    CHECK(whitespace.find("pre_tokenizer.pretokenizers[0]") != std::string::npos);
    CHECK(loadError(R"({"normalizer": {"type": "BertNormalizer"},
                        "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})")
              .find("BertNormalizer") != std::string::npos);
    CHECK(loadError(R"({"pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a"},
                        "behavior": "Isolated"},
                        "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})")
              .find("pre_tokenizer.pattern") != std::string::npos);
    // An added token whose id the vocab already gives to another token.
    CHECK(loadError(R"({"added_tokens": [{"id": 0, "content": "<x>", "special": true}],
                        "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})")
              .find("<x>") != std::string::npos);
}

TEST_CASE("encode rejects invalid UTF-8 with the byte offset", "[tokenizer]") {
    const auto tok = fixtureFromFiles();
    const std::string e = ts_test::errorOf([&] { (void)tok->encode("lower \xC3(", false); });
    CHECK(e.find("byte offset 6") != std::string::npos);
}

TEST_CASE("the GPT-2 split pattern on its own", "[tokenizer]") {
    const ts::Pretokenizer pre;
    auto pieces = [&](const std::string& text) {
        std::vector<ts::ByteSpan> spans;
        pre.split(text, spans);
        std::vector<std::string> out;
        for (const auto& s : spans) out.push_back(text.substr(s.start, s.end - s.start));
        return out;
    };
    using Strings = std::vector<std::string>;
    CHECK(pieces("Hello world's  end\n") == Strings{"Hello", " world", "'s", " ", " end", "\n"});
    CHECK(pieces("they'll 2024\xEB\x85\x84!!") ==
          Strings{"they", "'ll", " 2024", "\xEB\x85\x84", "!!"});
    CHECK(pieces("a  \n") == Strings{"a", "  \n"});  // \s+(?!\S) at the end of input
    CHECK(pieces("\xC3\xA9t\xC3\xA9 \xCE\xB1\xCE\xB2") ==
          Strings{"\xC3\xA9t\xC3\xA9", " \xCE\xB1\xCE\xB2"});      // Unicode letters, not ASCII
    CHECK(pieces("x\xC2\x85y") == Strings{"x", "\xC2\x85", "y"});  // U+0085 is whitespace
    CHECK(pieces("").empty());
    if (!pre.usesJit()) WARN("PCRE2 JIT is not available; the split runs interpreted");
}
