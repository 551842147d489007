// The tokenizer's flat string table (engine/src/tokenizer/token_strings.hpp): ids to bytes and
// bytes to ids, as the hash maps it replaced behaved.
#include <string>

#include "catch.hpp"
#include "tokenizer/token_strings.hpp"

TEST_CASE("token strings: ids to bytes and back, holes and shared bytes", "[tokenizer][strings]") {
    ts::TokenStrings t;
    CHECK(t.size() == 0);
    CHECK(t.find("a") == -1);
    t.set(3, "the");
    t.set(0, " of");
    t.set(7, std::string("\0x", 2));  // bytes, not C strings
    t.set(5, "the");                  // the same bytes again: the first id keeps the lookup
    CHECK(t.size() == 8);
    CHECK(t.has(0));
    CHECK_FALSE(t.has(1));  // a hole
    CHECK_FALSE(t.has(8));
    CHECK_FALSE(t.has(-1));
    CHECK(t.at(3) == "the");
    CHECK(t.at(5) == "the");
    CHECK(t.at(7) == std::string("\0x", 2));
    CHECK(t.find("the") == 3);
    CHECK(t.find(" of") == 0);
    CHECK(t.find(std::string("\0x", 2)) == 7);
    CHECK(t.find("th") == -1);
    CHECK(t.find("") == -1);
    t.reserveIds(12);
    CHECK(t.size() == 12);
    CHECK_FALSE(t.has(11));
    // Setting an id again replaces its string and its lookup.
    t.set(0, " and");
    CHECK(t.at(0) == " and");
    CHECK(t.find(" of") == -1);
    CHECK(t.find(" and") == 0);
    CHECK(t.find("the") == 3);
}

TEST_CASE("token strings: a quarter of a million entries, each found again",
          "[tokenizer][strings]") {
    ts::TokenStrings t;
    constexpr int n = 262144;
    for (int id = 0; id < n; ++id) t.set(id, "<tok" + std::to_string(id * 7919 % n) + ">");
    t.shrinkToFit();
    CHECK(t.size() == static_cast<std::size_t>(n));
    int found = 0;
    for (int id = 0; id < n; id += 97) {
        const std::string text = "<tok" + std::to_string(id * 7919 % n) + ">";
        CHECK(t.at(id) == text);
        found += t.find(text) == id;
    }
    CHECK(found == (n + 96) / 97);
    CHECK(t.find("<tok-1>") == -1);
}
