// The engine and CLI tests' main. Written out rather than taken from CATCH_CONFIG_MAIN (Catch2
// 2) or Catch2WithMain (Catch2 3), so one file serves both versions.
#define CATCH_CONFIG_RUNNER
#include "catch.hpp"

int main(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
