// The real GPT-2 vocabulary: exact ids for the reference cases (made with OpenAI's
// encoder), and invariants for tricky text that has no reference here.
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "test_paths.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace {

std::shared_ptr<const ts::Tokenizer> gpt2() {
    const auto dir = ts_test::gpt2VocabDir();
    if (dir.empty()) {
        FAIL(
            "the real GPT-2 vocabulary is not configured: set TOKENSCOPE_GPT2_VOCAB_DIR to a "
            "folder with vocab.json and merges.txt (packaging/dev.sh does it)");
    }
    static const auto tok = ts::Tokenizer::fromFolder(dir);
    REQUIRE(tok);
    return tok;
}

// What must hold for any input: tokens tile the bytes exactly, each token's bytes are the
// bytes of its span, and decoding gives the input back.
std::vector<ts::Token> encodeChecked(const ts::Tokenizer& tok, const std::string& text,
                                     bool allowSpecial = false) {
    INFO("text: " << text);
    const auto tokens = tok.encode(text, allowSpecial);
    std::size_t pos = 0;
    std::vector<int> ids;
    for (const ts::Token& t : tokens) {
        REQUIRE(t.start == pos);
        REQUIRE(t.end > t.start);
        REQUIRE(tok.tokenBytes(t.id) == text.substr(t.start, t.end - t.start));
        pos = t.end;
        ids.push_back(t.id);
    }
    REQUIRE(pos == text.size());
    REQUIRE(tok.decode(ids) == text);
    return tokens;
}

std::set<std::size_t> boundaries(const std::vector<ts::Token>& tokens) {
    std::set<std::size_t> b;
    for (const ts::Token& t : tokens) {
        b.insert(t.start);
        b.insert(t.end);
    }
    return b;
}

bool hasToken(const std::vector<ts::Token>& tokens, std::size_t start, std::size_t end) {
    for (const ts::Token& t : tokens) {
        if (t.start == start && t.end == end) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("GPT-2 vocabulary loads with the expected shape", "[tokenizer][gpt2]") {
    const auto tok = gpt2();
    CHECK(tok->vocabSize() == 50257);
    CHECK(tok->endOfTextId() == 50256);
    CHECK(tok->tokenBytes(50256) == "<|endoftext|>");
    CHECK(tok->tokenBytes(220) == " ");
    CHECK(tok->tokenBytes(198) == "\n");
    CHECK(tok->idOf(" world") == 995);
    CHECK(tok->idOf("Hello") == 15496);
}

TEST_CASE("GPT-2 reference cases encode exactly", "[tokenizer][gpt2]") {
    const auto tok = gpt2();
    std::ifstream in(ts_test::dataDir() / "gpt2_tokenizer_cases.json");
    REQUIRE(in);
    const auto cases = nlohmann::json::parse(in);
    const auto& strings = cases.at("strings");
    REQUIRE(strings.size() == 16);
    REQUIRE(cases.at("ids").size() == strings.size());
    REQUIRE(cases.at("ids_with_special").size() == strings.size());
    for (std::size_t i = 0; i < strings.size(); ++i) {
        const std::string text = strings[i].get<std::string>();
        INFO("case " << i << ": " << text);
        CHECK(tok->encodeIds(text, false) == cases["ids"][i].get<std::vector<int>>());
        CHECK(tok->encodeIds(text, true) == cases["ids_with_special"][i].get<std::vector<int>>());
        encodeChecked(*tok, text, false);
        encodeChecked(*tok, text, true);
    }
}

TEST_CASE("GPT-2 tricky text keeps the invariants", "[tokenizer][gpt2]") {
    const auto tok = gpt2();
    const std::vector<std::string> texts = {
        "\xEB\x82\x98\xEB\x8A\x94 \xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4\xEB\xA5\xBC "
        "\xEB\xB0\xB0\xEC\x9B\x8C\xEC\x9A\x94.",  // Korean
        "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB and \xF0\x9F\x91\xA8\xE2\x80\x8D"
        "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7",      // ZWJ emoji
        "cafe\xCC\x81 na\xC3\xAFve re\xCC\x81sume\xCC\x81",  // combining marks
        "   \t  word\n\n   next",
        "trailing spaces   ",
        "I'm sure they'll say it's done, IT'S DONE",
        "2024\xEB\x85\x84 12\xEC\x9B\x94 3\xEC\x9D\xBC",  // 2024년 12월 3일
        "\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x8C\xE4\xB8\x96\xE7\x95\x8C\xE3\x80\x82",  // 你好，世界。
        "line one\r\nline two\r\n",
        "a\xC2\xA0"
        "b \xC2\xA0 c",  // NBSP
        "x\xC2\x85y",    // U+0085 NEL
        std::string("nul\0byte", 8),
        "<|endoftext|><|endoftext|>text<|endoftext|",
        "\xF4\x8F\xBF\xBF\xEF\xBF\xBD",
    };
    for (const std::string& text : texts) {
        encodeChecked(*tok, text, false);
        encodeChecked(*tok, text, true);
    }
}

TEST_CASE("GPT-2 split pattern boundaries", "[tokenizer][gpt2]") {
    const auto tok = gpt2();

    SECTION("known words keep their leading space, contractions split") {
        const auto t = encodeChecked(*tok, "Hello world's end");
        CHECK(hasToken(t, 5, 11));   // " world"
        CHECK(hasToken(t, 11, 13));  // "'s"
        CHECK(t[1].id == 995);
        const auto c = encodeChecked(*tok, "I'm sure they'll");
        CHECK(hasToken(c, 1, 3));    // "'m"
        CHECK(hasToken(c, 13, 16));  // "'ll"
        // Contractions are case-sensitive: "'S" is punctuation then a letter.
        const auto upper = encodeChecked(*tok, "IT'S");
        CHECK(boundaries(upper).count(3) == 1);
    }
    SECTION("a whitespace run gives its last space to the next word") {
        const auto t = encodeChecked(*tok, "   hello");
        CHECK(hasToken(t, 2, 8));  // " hello" is one token after two lone spaces
        CHECK(t.back().id == *tok->idOf(" hello"));
    }
    SECTION("trailing whitespace stays together at the end of input") {
        // \s+(?!\S) takes all three spaces; BPE then splits them as GPT-2 does.
        CHECK(tok->encodeIds("hello   ") == std::vector<int>{31373, 220, 220, 220});
        CHECK(tok->encodeIds("hello\n\n") == std::vector<int>{31373, 628});
    }
    SECTION("numbers and letters are separate pre-tokens") {
        const auto t = encodeChecked(*tok, "2024\xEB\x85\x84");  // 2024년
        CHECK(boundaries(t).count(4) == 1);
    }
    SECTION("combining marks are not letters") {
        const auto t = encodeChecked(*tok, "cafe\xCC\x81");
        CHECK(boundaries(t).count(4) == 1);
    }
    SECTION("CJK punctuation is split from the words") {
        const auto t = encodeChecked(
            *tok, "\xE4\xBD\xA0\xE5\xA5\xBD\xEF\xBC\x8C\xE4\xB8\x96\xE7\x95\x8C\xE3\x80\x82");
        const auto b = boundaries(t);
        CHECK(b.count(6) == 1);
        CHECK(b.count(9) == 1);
        CHECK(b.count(15) == 1);
    }
    SECTION("NBSP is whitespace but does not join the next word like a space") {
        const auto t = encodeChecked(*tok,
                                     "a\xC2\xA0"
                                     "b");
        const auto b = boundaries(t);
        CHECK(b.count(1) == 1);
        CHECK(b.count(3) == 1);
    }
    SECTION("CRLF is one whitespace pre-token") {
        const auto t = encodeChecked(*tok, "a\r\nb");
        CHECK(boundaries(t).count(1) == 1);
        CHECK(boundaries(t).count(3) == 1);
    }
    SECTION("Korean tokens can end inside a character") {
        const auto t = encodeChecked(*tok, "\xEB\x82\x98\xEB\x8A\x94");  // 나는
        CHECK(t.size() > 2);
        bool inside = false;
        for (const ts::Token& token : t) inside = inside || token.end % 3 != 0;
        CHECK(inside);
        // The UI shows such partial tokens through toValidUtf8.
        CHECK_NOTHROW(ts::checkUtf8(ts::toValidUtf8(tok->tokenBytes(t[0].id)), "token"));
    }
    SECTION("special tokens only when allowed") {
        CHECK(tok->encodeIds("a<|endoftext|>b", true) == std::vector<int>{64, 50256, 65});
        CHECK(tok->encodeIds("a<|endoftext|>b", false).size() > 3);
    }
}

TEST_CASE("GPT-2 encode rejects invalid UTF-8", "[tokenizer][gpt2]") {
    const auto tok = gpt2();
    try {
        (void)tok->encode("ok \xED\xA0\x80");
        FAIL("a surrogate was accepted");
    } catch (const ts::Error& e) {
        CHECK(std::string(e.what()).find("byte offset 3") != std::string::npos);
    }
}

TEST_CASE("GPT-2 encode is thread-safe and fast", "[tokenizer][gpt2]") {
    const auto tok = gpt2();
    const std::string paragraph =
        "The detective revealed that the culprit was hiding in plain sight. In 1897, the "
        "committee's report (pages 12-45) described \"an unusual pattern\" of behaviour; "
        "nobody believed it until the evidence arrived.\n";
    std::string text;
    for (int i = 0; text.size() < (1U << 20); ++i) {
        text += paragraph;
        text += "Entry " + std::to_string(i * 7919 % 100000) + " of the archive.\n";
    }
    const auto start = std::chrono::steady_clock::now();
    const auto tokens = tok->encode(text);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    WARN("encoded " << text.size() << " bytes into " << tokens.size() << " tokens in " << seconds
                    << " s");
    // "Well under a second" on a quiet machine; the bound leaves room for a busy CI box.
    CHECK(seconds < 2.0);
    REQUIRE(!tokens.empty());
    CHECK(tokens.back().end == text.size());

    // One huge pre-token (no spaces) must not be quadratic in the merge loop.
    const std::string run(1U << 18, 'a');
    const auto runStart = std::chrono::steady_clock::now();
    const auto runTokens = tok->encode(run);
    const double runSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - runStart).count();
    WARN("a run of " << run.size() << " letters: " << runTokens.size() << " tokens in "
                     << runSeconds << " s");
    CHECK(runSeconds < 2.0);
    CHECK(tok->decode(tok->encodeIds(run)) == run);

    // Several threads share one const tokenizer and its word cache.
    const std::vector<std::string> inputs = {text.substr(0, 200000), text.substr(100000, 200000),
                                             "\xEB\x82\x98\xEB\x8A\x94 \xEC\x98\xA4\xEB\x8A\x98",
                                             text.substr(333, 150000)};
    std::vector<std::vector<int>> expected;
    for (const auto& s : inputs) expected.push_back(tok->encodeIds(s));
    std::vector<std::vector<int>> got(inputs.size());
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        threads.emplace_back([&, i] {
            for (int round = 0; round < 3; ++round) got[i] = tok->encodeIds(inputs[i]);
        });
    }
    for (auto& t : threads) t.join();
    CHECK(got == expected);
}
