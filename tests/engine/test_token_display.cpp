// Token display text: split characters named with their part, bytes without a character in
// hex, whitespace visible, never U+FFFD; and the real GPT-2 tokenizer on the seed's Korean.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "catch.hpp"
#include "tokenscope/token_display.hpp"
#include "tokenscope/tokenizer.hpp"

namespace {
const std::string kBeom = "\xEB\xB2\x94";  // 범
const std::string kIn = "\xEC\x9D\xB8";    // 인
const std::string kReplacement = "\xEF\xBF\xBD";
}  // namespace

TEST_CASE("whole tokens show their text with whitespace made visible", "[tokenizer][display]") {
    CHECK(ts::tokenDisplay(" the") == "\xE2\x90\xA3the");
    CHECK(ts::tokenDisplay("a\nb\tc") ==
          "a\xE2\x86\xB5"
          "b\xE2\x86\x92"
          "c");
    CHECK(ts::tokenDisplay("\r") == "\\r");
    CHECK(ts::tokenDisplay("\x1B") == "<1B>");
    CHECK(ts::tokenDisplay("") == "\xE2\x88\x85");
    CHECK(ts::tokenDisplay(kBeom) == kBeom);
}

TEST_CASE("a token alone that is not a whole character shows its bytes in hex",
          "[tokenizer][display]") {
    CHECK(ts::tokenDisplay("\xEB") == "<EB>");
    CHECK(ts::tokenDisplay("\xEB\xB2") == "<EB><B2>");
    CHECK(ts::tokenDisplay(" \xEB") == "\xE2\x90\xA3<EB>");
    CHECK(ts::bytesAsText("ab\xEB") == "ab<EB>");
    CHECK(ts::bytesAsText("x" + kBeom + "\n") ==
          "x" + kBeom + "\n");  // running text keeps newlines
}

TEST_CASE("tokens that split a character name it and the bytes they hold", "[tokenizer][display]") {
    const auto three = ts::tokenDisplays({"\xEB", "\xB2", "\x94"});
    REQUIRE(three.size() == 3);
    CHECK(three[0] == kBeom + " 1/3");
    CHECK(three[1] == kBeom + " 2/3");
    CHECK(three[2] == kBeom + " 3/3");

    const auto two = ts::tokenDisplays({" \xEB\xB2",
                                        "\x94"
                                        "a"});
    CHECK(two[0] == "\xE2\x90\xA3+" + kBeom + " 1-2/3");
    CHECK(two[1] == kBeom + " 3/3+a");

    // One token across the end of one character and the start of the next: both named.
    const auto across = ts::tokenDisplays({"\xEB\xB2", "\x94\xEC", "\x9D\xB8"});
    CHECK(across[0] == kBeom + " 1-2/3");
    CHECK(across[1] == kBeom + " 3/3+" + kIn + " 1/3");
    CHECK(across[2] == kIn + " 2-3/3");
}

TEST_CASE("a candidate is read after its context", "[tokenizer][display]") {
    CHECK(ts::tokenDisplayAfter("x\xEB\xB2", "\x94") == kBeom + " 3/3");
    CHECK(ts::tokenDisplayAfter("x", "\xEB") == "<EB>");  // nothing completes it yet
    CHECK(ts::tokenDisplayAfter("", " a") ==
          "\xE2\x90\xA3"
          "a");
    CHECK(ts::tokenDisplayAfter("\xEB", "\xB2\x94!") == kBeom + " 2-3/3+!");
    // A continuation byte with no lead before it belongs to no character.
    CHECK(ts::tokenDisplayAfter("abc", "\x94") == "<94>");
}

TEST_CASE("GPT-2 tokens of the seed's Korean never display U+FFFD", "[tokenizer][display][gpt2]") {
    const std::filesystem::path dir = TOKENSCOPE_GPT2_VOCAB_DIR;
    if (!std::filesystem::exists(dir / "vocab.json")) {
        TS_SKIP("GPT-2 vocabulary not fetched (packaging/dev.sh fetches it)");
    }
    const auto tok = ts::Tokenizer::fromFiles(dir / "vocab.json", dir / "merges.txt");
    const std::string text =
        "\xEB\xB2\x94\xEC\x9D\xB8\xEC\x9D\xB4 "
        "\xEC\x88\x98\xEC\xA7\x84\xEC\x9D\xB4\xEB\x9D\xBC\xEB\x8A\x94";  // 범인이 수진이라는
    std::vector<std::string> bytes;
    for (int id : tok->encodeIds(text)) bytes.push_back(tok->tokenBytes(id));
    REQUIRE(bytes.size() > 6);  // GPT-2 needs several tokens a syllable
    const auto shown = ts::tokenDisplays(bytes);
    bool anySplit = false;
    for (const auto& s : shown) {
        CHECK(s.find(kReplacement) == std::string::npos);
        CHECK(s.find('<') == std::string::npos);  // in context every byte has its character
        if (s.find("/3") != std::string::npos) anySplit = true;
    }
    CHECK(anySplit);
    CHECK(shown.front().rfind(kBeom, 0) == 0);  // the first token names 범
}

TEST_CASE("text printed as it grows reads as the whole text read at once", "[tokenizer][display]") {
    // Known pieces: a split syllable waits for its last byte; a stray byte prints at once.
    std::string held;
    CHECK(ts::bytesAsTextSoFar("a\xEB\xB2", held) == "a");
    CHECK(held == "\xEB\xB2");
    CHECK(ts::bytesAsTextSoFar(held + "\x94!", held) == kBeom + "!");
    CHECK(held.empty());
    CHECK(ts::bytesAsTextSoFar("\x8E", held) == "<8E>");
    CHECK(held.empty());
    CHECK(ts::bytesAsTextSoFar("\xED\xA0", held) == "<ED><A0>");  // a surrogate never completes
    CHECK(held.empty());
    CHECK(ts::bytesAsTextSoFar("\xF0\x9F", held).empty());  // 🙂 begun
    CHECK(held == "\xF0\x9F");
    // Any text cut anywhere: the pieces joined equal bytesAsText of the whole (deterministic
    // pseudo-random bytes, a third of them Hangul syllables, the rest any byte).
    std::uint64_t state = 12345;
    auto next = [&] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<unsigned>(state >> 33);
    };
    for (int round = 0; round < 200; ++round) {
        std::string text;
        while (text.size() < 60) {
            if (next() % 3 == 0)
                text += next() % 2 ? kBeom : kIn;
            else
                text += static_cast<char>(next() % 256);
        }
        std::string joined, wait;
        std::size_t at = 0;
        while (at < text.size()) {
            const std::size_t n = std::min<std::size_t>(1 + next() % 4, text.size() - at);
            joined += ts::bytesAsTextSoFar(wait + text.substr(at, n), wait);
            CHECK(wait.size() <= 3);
            at += n;
        }
        joined += ts::bytesAsText(wait);
        INFO("round " << round);
        CHECK(joined == ts::bytesAsText(text));
    }
}
