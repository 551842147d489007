// UTF-8 validation: the offset in the message and the replacement policy.
#include <string>

#include "catch.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/tokenizer.hpp"

namespace {

// The message of the ts::Error checkUtf8 throws, or "" when it accepts the input.
std::string utf8Problem(const std::string& bytes) {
    try {
        ts::checkUtf8(bytes, "test input");
    } catch (const ts::Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("checkUtf8 accepts well-formed text of every length", "[tokenizer][utf8]") {
    CHECK(utf8Problem("") == "");
    CHECK(utf8Problem("plain ASCII\r\n\t") == "");
    CHECK(utf8Problem("caf\xC3\xA9") == "");               // U+00E9
    CHECK(utf8Problem("\xED\x9F\xBF") == "");              // U+D7FF, just below surrogates
    CHECK(utf8Problem("\xEE\x80\x80") == "");              // U+E000, just above them
    CHECK(utf8Problem("\xF0\x9F\x98\x80") == "");          // U+1F600 emoji
    CHECK(utf8Problem("\xF4\x8F\xBF\xBF") == "");          // U+10FFFF, the last scalar
    CHECK(utf8Problem("\xEB\x82\x98\xEB\x8A\x94") == "");  // Korean 나는
    CHECK(utf8Problem(std::string("a\0b", 3)) == "");      // NUL is valid UTF-8
}

TEST_CASE("checkUtf8 reports the byte offset of the first invalid sequence", "[tokenizer][utf8]") {
    struct Case {
        std::string bytes;
        std::string offset;
    };
    const Case cases[] = {
        {"ab\x80", "byte offset 2"},             // stray continuation byte
        {"x\xC0\xAF", "byte offset 1"},          // overlong '/'
        {"xy\xE0\x80\xAF", "byte offset 2"},     // overlong 3-byte
        {"\xF0\x80\x80\xAF", "byte offset 0"},   // overlong 4-byte
        {"ok \xED\xA0\x80", "byte offset 3"},    // U+D800 surrogate
        {"\xF4\x90\x80\x80", "byte offset 0"},   // U+110000
        {"\xF5\x80\x80\x80", "byte offset 0"},   // lead byte above F4
        {"abc\xE2\x82", "byte offset 3"},        // truncated at end of input
        {"\xC3\xA9\xE2\x82z", "byte offset 2"},  // truncated before an ASCII byte
        {"\xFF", "byte offset 0"},
    };
    for (const Case& c : cases) {
        const std::string msg = utf8Problem(c.bytes);
        INFO("input bytes: " << c.bytes.size() << ", message: " << msg);
        CHECK(msg.find("test input") != std::string::npos);
        CHECK(msg.find(c.offset) != std::string::npos);
    }
    CHECK(utf8Problem("x\xED\xA0\x80").find("surrogate") != std::string::npos);
    CHECK(utf8Problem("\xF4\x90\x80\x80").find("U+10FFFF") != std::string::npos);
    CHECK(utf8Problem("\xE0\x80\xAF").find("overlong") != std::string::npos);
}

TEST_CASE("toValidUtf8 replaces each maximal invalid subpart with one U+FFFD",
          "[tokenizer][utf8]") {
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(ts::toValidUtf8("hello") == "hello");
    CHECK(ts::toValidUtf8("caf\xC3\xA9") == "caf\xC3\xA9");
    // A token that ends inside a character: the partial character becomes one U+FFFD.
    CHECK(ts::toValidUtf8("\xEB\x82") == fffd);
    CHECK(ts::toValidUtf8("a\xF0\x9F\x98") == "a" + fffd);
    // A lone continuation byte, and a continuation byte after a complete character.
    CHECK(ts::toValidUtf8("\x98\x80") == fffd + fffd);
    // Overlong and surrogate lead bytes are invalid on their own, so each byte is replaced.
    CHECK(ts::toValidUtf8("\xC0\xAF") == fffd + fffd);
    CHECK(ts::toValidUtf8("\xED\xA0\x80") == fffd + fffd + fffd);
    // Valid text after the damage is kept.
    CHECK(ts::toValidUtf8("\xE2\x82x\xE2\x82\xAC") == fffd + "x\xE2\x82\xAC");
    // The result always passes the strict check.
    CHECK_NOTHROW(ts::checkUtf8(ts::toValidUtf8("\xFF\xFE\xF4\x90\x80\x80z\xC3"), "t"));
}
