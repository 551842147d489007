// The layering of DESIGN.md, pinned by reading the sources: the engine includes no Qt header
// and nothing of ui/ or app/ (no circles); ui/ and app/ reach the engine only through
// engine/include (never a header of engine/src); the CLI and the engine link no Qt, and
// ui/ links no BLAS or LAPACK (model math runs in the engine). The build enforces part of
// this already (engine/src is a private include folder); this test says which file broke it.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = TOKENSCOPE_SOURCE_DIR;

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every #include target of the C++ files under `folder` with the file it is in.
std::vector<std::pair<fs::path, std::string>> includesUnder(const fs::path& folder) {
    static const std::regex include(R"(^\s*#\s*include\s*([<"])([^>"]+)[>"])");
    std::vector<std::pair<fs::path, std::string>> out;
    for (const auto& e : fs::recursive_directory_iterator(folder)) {
        const auto ext = e.path().extension();
        if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h")) continue;
        std::ifstream in(e.path());
        std::string line;
        while (std::getline(in, line)) {
            std::smatch m;
            if (std::regex_search(line, m, include))
                out.emplace_back(e.path(), m[1].str() + m[2].str());
        }
    }
    return out;
}

std::string firstPart(const std::string& includePath) {
    const std::string p = includePath.substr(1);  // without the < or "
    const auto slash = p.find('/');
    return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

// The lines of a CMakeLists.txt that link libraries to targets.
std::string linkLines(const fs::path& cmake) {
    std::istringstream in(readFile(cmake));
    std::string line, out;
    bool inLink = false;
    while (std::getline(in, line)) {
        if (line.find("target_link_libraries(") != std::string::npos) inLink = true;
        if (inLink) out += line + "\n";
        if (inLink && line.find(')') != std::string::npos) inLink = false;
    }
    return out;
}

}  // namespace

TEST_CASE("layering: the engine includes no Qt and nothing of ui/ or app/", "[layering]") {
    const std::set<std::string> outside = {"shell", "stages", "classroom", "widgets",
                                           "gui",   "cli",    "ui",        "app"};
    int checked = 0;
    for (const auto& [file, inc] : includesUnder(kRoot / "engine")) {
        INFO(file.string() << ": #include " << inc);
        ++checked;
        CHECK(inc.rfind("<Q", 0) != 0);
        CHECK(inc.find("qt6/") == std::string::npos);
        CHECK(outside.count(firstPart(inc)) == 0);
    }
    CHECK(checked > 100);  // the scan saw the engine
    const std::string link = linkLines(kRoot / "engine" / "CMakeLists.txt");
    CHECK(link.find("Qt") == std::string::npos);
}

TEST_CASE(
    "layering: ui/ and app/ use only engine/include, and the engine's public headers "
    "include only each other",
    "[layering]") {
    std::set<std::string> engineSrc;
    for (const auto& e : fs::directory_iterator(kRoot / "engine" / "src"))
        if (e.is_directory()) engineSrc.insert(e.path().filename().string());
    REQUIRE(engineSrc.count("generation") == 1);
    int checked = 0;
    for (const char* layer : {"ui", "app"})
        for (const auto& [file, inc] : includesUnder(kRoot / layer)) {
            INFO(file.string() << ": #include " << inc);
            ++checked;
            CHECK(engineSrc.count(firstPart(inc)) == 0);
            CHECK(inc.find("engine/src") == std::string::npos);
        }
    CHECK(checked > 100);
    for (const auto& [file, inc] : includesUnder(kRoot / "engine" / "include")) {
        INFO(file.string() << ": #include " << inc);
        if (inc[0] == '"') CHECK(firstPart(inc) == "tokenscope");
    }
}

TEST_CASE("layering: the CLI links only the engine, ui/ links no BLAS or LAPACK", "[layering]") {
    const std::string cli = linkLines(kRoot / "app" / "CMakeLists.txt");
    CHECK(cli.find("tokenscope_engine") != std::string::npos);
    CHECK(cli.find("tokenscope_net") != std::string::npos);
    CHECK(cli.find("Qt") == std::string::npos);
    CHECK(cli.find("tokenscope_ui") == std::string::npos);
    const std::string ui = linkLines(kRoot / "ui" / "CMakeLists.txt");
    CHECK(ui.find("tokenscope_engine") != std::string::npos);
    for (const char* blas : {"BLAS", "blas", "LAPACK", "lapack"}) {
        INFO(blas);
        CHECK(ui.find(blas) == std::string::npos);
    }
    // No file of ui/ calls BLAS or LAPACK directly either.
    for (const auto& [file, inc] : includesUnder(kRoot / "ui")) {
        INFO(file.string() << ": #include " << inc);
        CHECK(inc.find("cblas") == std::string::npos);
        CHECK(inc.find("lapacke") == std::string::npos);
    }
}

namespace {

// Each folder may include only its own headers and those of folders below it. `order` lists
// the folders from the bottom up; one that is not listed fails the test, so a new folder has
// to be given its place. Reports "file: #include X (folder a includes folder b above it)".
void checkFolderOrder(const fs::path& base, const std::vector<std::string>& order) {
    const auto rank = [&](const std::string& folder) {
        const auto it = std::find(order.begin(), order.end(), folder);
        return it == order.end() ? -1 : static_cast<int>(it - order.begin());
    };
    int checked = 0;
    for (const auto& e : fs::directory_iterator(base)) {
        if (!e.is_directory()) continue;
        const std::string folder = e.path().filename().string();
        INFO(base.string() << "/" << folder << " must have a place in the folder order");
        REQUIRE(rank(folder) >= 0);
        for (const auto& [file, inc] : includesUnder(e.path())) {
            if (inc[0] != '"') continue;
            const std::string to = firstPart(inc);
            if (rank(to) < 0) continue;  // tokenscope/ (public headers) or a local header
            ++checked;
            INFO(file.string() << ": #include " << inc.substr(1) << " (" << folder << " includes "
                               << to << ", which is above it)");
            CHECK(rank(to) <= rank(folder));
        }
    }
    CHECK(checked > 20);
}

}  // namespace

TEST_CASE("layering: the engine's folders stack one way", "[layering]") {
    // io (files from elsewhere: size caps, JSON depth) and compute (kernels, buffers, the fp16
    // converter) at the bottom; experiments on top.
    checkFolderOrder(kRoot / "engine" / "src", {"io", "compute", "tokenizer", "formats", "model",
                                                "generation", "remote", "experiments"});
}

TEST_CASE("layering: the UI's folders stack one way", "[layering]") {
    // core (worker, transcript model, task runner, ModelInfo) at the bottom, the window on top.
    checkFolderOrder(kRoot / "ui", {"core", "widgets", "stages", "classroom", "shell"});
}

TEST_CASE("layering: network code lives only in tokenscope_net", "[layering]") {
    // The engine core includes no HTTP or crypto header and nothing of engine/net.
    for (const char* part : {"src", "include"})
        for (const auto& [file, inc] : includesUnder(kRoot / "engine" / part)) {
            INFO(file.string() << ": #include " << inc.substr(1)
                               << " (network code belongs in engine/net)");
            CHECK(inc.find("curl") == std::string::npos);
            CHECK(inc.find("openssl") == std::string::npos);
            CHECK(inc.find("hub_download") == std::string::npos);
        }
    const std::string core = linkLines(kRoot / "engine" / "CMakeLists.txt");
    for (const char* lib : {"CURL", "curl", "CRYPTO", "crypto", "tokenscope_net"}) {
        INFO("engine/CMakeLists.txt links " << lib << " into the core");
        CHECK(core.find(lib) == std::string::npos);
    }
    const std::string net = linkLines(kRoot / "engine" / "net" / "CMakeLists.txt");
    CHECK(net.find("CURL") != std::string::npos);
    CHECK(net.find("Qt") == std::string::npos);
    // The network library reaches the core through its public headers only.
    for (const auto& [file, inc] : includesUnder(kRoot / "engine" / "net")) {
        INFO(file.string() << ": #include " << inc.substr(1));
        CHECK(inc.rfind("<Q", 0) != 0);
        CHECK(inc.find("engine/src") == std::string::npos);
        for (const char* folder : {"compute/", "tokenizer/", "formats/", "model/", "generation/",
                                   "experiments/", "remote/"})
            CHECK(inc.find(folder) != 1);
    }
}

TEST_CASE("layering: no source file is over 800 lines", "[layering]") {
    // Small files a newcomer can read: split by responsibility before a file reaches this.
    int checked = 0;
    for (const char* part : {"engine", "app", "ui", "tests"})
        for (const auto& e : fs::recursive_directory_iterator(kRoot / part)) {
            const auto ext = e.path().extension();
            if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp" && ext != ".h")) continue;
            if (e.path().string().find("/tests/data/") != std::string::npos) continue;
            std::ifstream in(e.path());
            std::string line;
            int lines = 0;
            while (std::getline(in, line)) ++lines;
            ++checked;
            INFO(e.path().string() << " has " << lines << " lines");
            CHECK(lines < 800);
        }
    CHECK(checked > 300);
}

TEST_CASE("layering: tests use only the Catch2 names that version 2 and 3 share", "[layering]") {
    // Debian 12 has Catch2 2, Debian 13 Catch2 3 (tests/catch.hpp): a name only one of them
    // has compiles here and breaks the other's build (Catch::Contains did, on Debian 13).
    const std::vector<std::string> onlyOne = {"Catch::Contains(",      "Matchers::Contains(",
                                              "catch2/catch.hpp",      "catch2/catch_all.hpp",
                                              "Catch::Detail::Approx", "SKIP("};
    int checked = 0;
    for (const auto& e : fs::recursive_directory_iterator(kRoot / "tests")) {
        const auto ext = e.path().extension();
        if (!e.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        if (e.path().filename() == "catch.hpp" || e.path().filename() == "test_layering.cpp")
            continue;
        const std::string text = readFile(e.path());
        ++checked;
        for (const auto& name : onlyOne) {
            // TS_SKIP( is the project's own, for both versions.
            std::size_t at = text.find(name);
            while (at != std::string::npos && name == "SKIP(" && at >= 3 &&
                   text.compare(at - 3, 3, "TS_") == 0)
                at = text.find(name, at + 1);
            INFO(e.path().string() << " uses " << name << ": write it as tests/catch.hpp says");
            CHECK(at == std::string::npos);
        }
    }
    CHECK(checked > 100);
}
