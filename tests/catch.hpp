// The one Catch2 header every test includes: Catch2 2 (Debian 12) or Catch2 3 (Debian 13,
// Ubuntu 24.04), whichever the system has. Tests are written once, in the names both share
// plus the few defined here:
//   Catch::Matchers::ContainsSubstring  (Catch2 3's name; Catch2 2 calls it Contains)
//   Approx                              (global in Catch2 2, Catch::Approx in Catch2 3)
//   TS_SKIP(reason)                     ends a test case as skipped (see below)
#pragma once

#include <iostream>
#include <string>

#if __has_include(<catch2/catch_all.hpp>)
#include <catch2/catch_all.hpp>
#define TOKENSCOPE_CATCH_MAJOR 3
using Catch::Approx;
#else
#include <catch2/catch.hpp>
#define TOKENSCOPE_CATCH_MAJOR 2
namespace Catch::Matchers {
inline auto ContainsSubstring(const std::string& needle,
                              CaseSensitive::Choice cs = CaseSensitive::Yes) {
    return Contains(needle, cs);
}
}  // namespace Catch::Matchers
#endif

// A test whose resource (a fetched vocabulary, a reference tool, a bundled file) is missing
// prints "SKIPPED: reason" and returns; tests/CMakeLists.txt gives every discovered test
// SKIP_REGULAR_EXPRESSION "SKIPPED:", so ctest reports it as skipped, never as passed. This
// works the same with Catch2 2, which has no SKIP, and 3.
#define TS_SKIP(reason)                                  \
    do {                                                 \
        std::cout << "SKIPPED: " << reason << std::endl; \
        return;                                          \
    } while (false)
