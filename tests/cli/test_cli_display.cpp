// The CLI's JSON carries each token's display text next to its bytes, from the same engine
// helper the GUI uses: split Hangul syllables read "범 1/3", never U+FFFD.
#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using ts_test::runCli;
using Json = nlohmann::json;

namespace {
const std::string kReplacement = "\xEF\xBF\xBD";
}

TEST_CASE("tokenize --json gives bytes and display text for split characters", "[cli][display]") {
    // A character the bundled vocabulary has no merge for (the rare Hanja 龘, U+9F98) is
    // cut into its three UTF-8 bytes; each token says which part of the character it holds.
    const auto r = runCli({"tokenize", "--text", "龘 a", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const Json j = r.json();
    REQUIRE(j["tokens"].size() == 4);
    CHECK(j["tokens"][0]["bytes"] == "E9");
    CHECK(j["tokens"][0]["display"] == "龘 1/3");
    CHECK(j["tokens"][2]["display"] == "龘 3/3");
    CHECK(j["tokens"].back()["display"] == "␣a");
    for (const auto& t : j["tokens"]) {
        CHECK(t["display"].get<std::string>().find(kReplacement) == std::string::npos);
        CHECK(t["text"].get<std::string>().find(kReplacement) == std::string::npos);
    }
    // The plain listing shows the same display text.
    const auto plain = runCli({"tokenize", "--text", "龘"});
    REQUIRE(plain.exitCode == 0);
    CHECK(plain.out.find("龘 2/3") != std::string::npos);
}

TEST_CASE("generate, score and trace carry display fields", "[cli][display]") {
    const auto g =
        runCli({"generate", "--prompt", "범인이", "--steps", "3", "--seed", "1", "--json"});
    REQUIRE(g.exitCode == 0);
    const Json gj = g.json();  // kept alive: ranging over a temporary's member dangles
    for (const auto& s : gj["steps"]) CHECK(s.contains("display"));
    const auto sc = runCli({"score", "--text", "龘인이 수진", "--json"});
    INFO(sc.err);
    REQUIRE(sc.exitCode == 0);
    bool split = false;
    const Json sj = sc.json();
    for (const auto& t : sj["tokens"]) {
        const std::string d = t["display"];
        CHECK(d.find(kReplacement) == std::string::npos);
        split = split || d.find("/3") != std::string::npos;
    }
    CHECK(split);
    const auto tr = runCli({"trace", "--text", "범인", "--top", "3", "--json"});
    REQUIRE(tr.exitCode == 0);
    const Json t = tr.json();
    CHECK(t["display"].size() == t["ids"].size());
    for (const auto& c : t["top"]) CHECK(c.contains("display"));
}
