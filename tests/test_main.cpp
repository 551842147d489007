// The tests' main, for every test executable. Written out rather than taken from
// CATCH_CONFIG_MAIN (Catch2 2) or Catch2WithMain (Catch2 3), so one file serves both versions,
// and compiled once: Catch2 2's implementation comes with CATCH_CONFIG_RUNNER and took 25 s of
// each build per executable that had its own copy.
#define CATCH_CONFIG_RUNNER
#include "catch.hpp"

// An executable whose tests need something for the whole run defines this (the UI tests: one
// QApplication, tests/ui/ui_test_main.cpp) and calls `run` inside it.
extern "C" __attribute__((weak)) int tokenscope_run_tests(int argc, char* argv[],
                                                          int (*run)(int, char*[]));

namespace {
int runCatch(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
}  // namespace

int main(int argc, char* argv[]) {
    if (tokenscope_run_tests) return tokenscope_run_tests(argc, argv, runCatch);
    return runCatch(argc, argv);
}
