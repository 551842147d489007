// The test names themselves. catch_discover_tests hands each name to ctest as a list entry,
// so a semicolon in a TEST_CASE name splits it into two ctest tests whose filters match no
// test case: Catch runs nothing and ctest reports a pass. Ten tests were silently skipped
// that way before this check.
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "catch.hpp"
#include "test_paths.hpp"

namespace fs = std::filesystem;

TEST_CASE("test names hold no semicolon (ctest would split them into tests that run nothing)",
          "[meta]") {
    const std::regex testCase(R"re(TEST_CASE\(((?:\s*"(?:[^"\\]|\\.)*")+))re");
    int files = 0;
    for (const auto& e : fs::recursive_directory_iterator(ts_test::sourceDir() / "tests")) {
        if (e.path().extension() != ".cpp") continue;
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        ++files;
        for (std::sregex_iterator it(s.begin(), s.end(), testCase), end; it != end; ++it) {
            INFO(e.path().string() << ": " << (*it)[1].str());
            CHECK((*it)[1].str().find(';') == std::string::npos);
        }
    }
    CHECK(files > 20);
}
