// The CLI for a person (issue #48): `--help` on every command, trace's readable table unless
// JSON is asked for, plain output that is always valid UTF-8 (a lone byte as <8E>), and a
// notice on stderr where the model ended the text.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "cli/cli_runner.hpp"
#include "test_paths.hpp"

using ts_test::runCli;
using Json = nlohmann::json;

namespace {

// The commands `tokenscope-cli --help` lists: each line of its "Commands:" section that
// starts with two spaces and a name.
std::vector<std::string> listedCommands() {
    const auto r = runCli({"--help"});
    std::vector<std::string> out;
    std::istringstream lines(r.out);
    std::string line;
    bool inList = false;
    while (std::getline(lines, line)) {
        if (line == "Commands:") {
            inList = true;
            continue;
        }
        if (!inList) continue;
        if (line.empty()) break;
        if (line.size() > 2 && line[0] == ' ' && line[1] == ' ' && line[2] != ' ')
            out.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return out;
}

// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF, no
// truncated sequence. Written here, apart from the engine's decoder, to check its output.
bool validUtf8(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        int n = 0;
        unsigned lo = 0x80, hi = 0xBF;  // the second byte's range
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else {
            return false;
        }
        if (i + static_cast<std::size_t>(n) >= s.size()) return false;  // truncated
        for (int k = 1; k <= n; ++k) {
            const auto b = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return false;
        }
        i += static_cast<std::size_t>(n) + 1;
    }
    return true;
}

// The bundled vocabulary's id of the token that is the single byte `b`, found through GPT-2's
// byte-to-character table (printable Latin-1 bytes stand for themselves, the others are
// U+0100 onwards in byte order), independently of the engine's tokenizer.
int byteTokenId(unsigned char b) {
    std::vector<int> printable;
    for (int x = 0x21; x <= 0x7E; ++x) printable.push_back(x);
    for (int x = 0xA1; x <= 0xAC; ++x) printable.push_back(x);
    for (int x = 0xAE; x <= 0xFF; ++x) printable.push_back(x);
    int cp = b, n = 0;
    if (std::find(printable.begin(), printable.end(), b) == printable.end()) {
        for (int x = 0; x < 256; ++x) {
            if (std::find(printable.begin(), printable.end(), x) != printable.end()) continue;
            if (x == b) cp = 256 + n;
            ++n;
        }
    }
    std::string key;  // the code point in UTF-8 (at most U+0143 here: two bytes)
    if (cp < 0x80) {
        key = std::string(1, static_cast<char>(cp));
    } else {
        key += static_cast<char>(0xC0 | (cp >> 6));
        key += static_cast<char>(0x80 | (cp & 0x3F));
    }
    std::ifstream in(ts_test::bundledModel() / "vocab.json");
    const Json vocab = Json::parse(in);
    return vocab.at(key).get<int>();
}

}  // namespace

TEST_CASE("every command's --help prints its usage on stdout and exits 0", "[cli][help]") {
    const auto commands = listedCommands();
    REQUIRE(commands.size() >= 10);
    for (const char* known : {"tokenize", "trace", "generate", "score", "download"})
        CHECK(std::find(commands.begin(), commands.end(), known) != commands.end());
    for (const auto& command : commands) {
        INFO(command);
        for (const char* help : {"--help", "-h"}) {
            const auto r = runCli({command, help});
            CHECK(r.exitCode == 0);
            CHECK(r.out.find("usage: tokenscope-cli " + command) != std::string::npos);
            CHECK(r.out.find("  " + command) != std::string::npos);  // its synopsis
            CHECK(r.err.empty());
        }
        // After another option too (every command takes --json); usage errors still exit 2.
        const auto later = runCli({command, "--json", "--help"});
        CHECK(later.exitCode == 0);
        CHECK(later.out.find("usage: tokenscope-cli " + command) != std::string::npos);
        const auto bad = runCli({command, "--no-such-option"});
        CHECK(bad.exitCode == 2);
        CHECK(bad.out.empty());
    }
    const auto all = runCli({"--help"});
    CHECK(all.exitCode == 0);
    CHECK(runCli({}).exitCode == 2);
    CHECK(runCli({"no-such-command", "--help"}).exitCode == 2);
    // "--help" as an option's value is that value: tokenize reads it as text.
    const auto text = runCli({"tokenize", "--text", "--help", "--json"});
    REQUIRE(text.exitCode == 0);
    CHECK(text.json()["tokens"].size() >= 2);
}

TEST_CASE("plain trace is a table of the top candidates, the JSON options print the JSON",
          "[cli][trace]") {
    const std::string prompt = "범인이 수진이라는 게 밝혀졌다. 범인은";
    const auto plain = runCli({"trace", "--text", prompt, "--top", "5"});
    INFO(plain.err);
    REQUIRE(plain.exitCode == 0);
    CHECK(validUtf8(plain.out));
    CHECK(plain.out.size() < 2000);  // was 160 KB of logits
    CHECK_THROWS(Json::parse(plain.out));
    const auto json = runCli({"trace", "--text", prompt, "--top", "5", "--json"});
    REQUIRE(json.exitCode == 0);
    const Json j = json.json();
    REQUIRE(j["top"].size() == 5);
    // One row per candidate, in order: rank, probability in %, logit, id, then how it reads.
    std::istringstream lines(plain.out);
    std::string line;
    std::size_t row = 0;
    bool header = false;
    while (std::getline(lines, line)) {
        if (line.rfind("rank", 0) == 0) {
            header = true;
            CHECK(line.find("prob %") != std::string::npos);
            CHECK(line.find("logit") != std::string::npos);
            CHECK(line.find("id") != std::string::npos);
            continue;
        }
        if (!header || line.empty()) continue;
        REQUIRE(row < 5);
        std::istringstream cells(line);
        int rank = 0, id = -1;
        double percent = -1, logit = 0;
        std::string shown;
        cells >> rank >> percent >> logit >> id;
        std::getline(cells, shown);
        const auto& c = j["top"][row];
        CHECK(rank == static_cast<int>(row) + 1);
        CHECK(id == c["id"].get<int>());
        CHECK(percent == Approx(100.0 * c["prob"].get<double>()).margin(6e-4));
        CHECK(logit == Approx(c["logit"].get<double>()).margin(6e-5));
        CHECK(shown.find(c["display"].get<std::string>()) != std::string::npos);
        ++row;
    }
    CHECK(row == 5);
    CHECK(plain.out.find("␣수진") !=
          std::string::npos);  // the seed's answer, shown as the app shows it
    // --attention and --full-logits print the JSON contract (conformance.py passes no --json).
    for (const char* option : {"--attention", "--full-logits"}) {
        const auto r = runCli({"trace", "--ids", "10,11,12", option});
        REQUIRE(r.exitCode == 0);
        const Json t = r.json();
        CHECK(t["ids"].size() == 3);
        CHECK(t.contains(std::string(option) == "--attention" ? "attentions" : "logits"));
    }
}

TEST_CASE("plain generate is valid UTF-8: split characters joined, a lone byte as <8E>",
          "[cli][generate]") {
    // The prompt is the single byte 0x8E, a continuation byte with nothing to continue.
    const int lone = byteTokenId(0x8E);
    const auto r = runCli(
        {"generate", "--ids", std::to_string(lone), "--steps", "4", "--seed", "1", "--ignore-eos"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.out.rfind("<8E>", 0) == 0);
    CHECK(r.out.find('\x8E') == std::string::npos);
    CHECK(validUtf8(r.out));
    // 범 (EB B2 94) given as its three byte tokens prints as the one character.
    const auto split =
        runCli({"generate", "--ids",
                std::to_string(byteTokenId(0xEB)) + "," + std::to_string(byteTokenId(0xB2)) + "," +
                    std::to_string(byteTokenId(0x94)),
                "--steps", "2", "--seed", "1", "--ignore-eos"});
    REQUIRE(split.exitCode == 0);
    CHECK(split.out.rfind("범", 0) == 0);
    // At temperature 3 the model draws lone bytes and split characters often: the text
    // streamed token by token is the JSON's text, which is made from all the bytes at once.
    for (const char* seed : {"1", "2", "3"}) {
        INFO("seed " << seed);
        const std::vector<std::string> args = {
            "generate", "--prompt",     "범인이 수진이라는", "--steps", "40",      "--seed",
            seed,       "--ignore-eos", "--temperature",     "3",       "--top-p", "1"};
        const auto text = runCli(args);
        auto withJson = args;
        withJson.push_back("--json");
        const auto j = runCli(withJson);
        REQUIRE(text.exitCode == 0);
        REQUIRE(j.exitCode == 0);
        CHECK(validUtf8(text.out));
        CHECK(text.out == j.json()["text"].get<std::string>() + "\n");
    }
}

TEST_CASE("plain generate gives a notice where the model ended the text", "[cli][generate]") {
    const std::vector<std::string> args = {
        "generate",      "--prompt", "범인이 수진이라는 게 밝혀졌다. 범인은", "--steps", "40",
        "--temperature", "0"};
    auto withJson = args;
    withJson.push_back("--json");
    const auto j = runCli(withJson);
    REQUIRE(j.exitCode == 0);
    const Json run = j.json();
    // Greedy, the bundled model writes " 수진이었다." and draws its end token: the JSON says so.
    REQUIRE(run["steps"].size() < 40);
    REQUIRE(run["steps"].back()["text"] == "<|endoftext|>");
    const std::string text = run["text"].get<std::string>();
    const auto r = runCli(args);
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.find("end of text") != std::string::npos);
    CHECK(r.err.find("<|endoftext|>") != std::string::npos);
    // The text is the run's, without the end token, which is no text.
    CHECK(r.out == text.substr(0, text.size() - std::string("<|endoftext|>").size()) + "\n");
    // Past the end token (--ignore-eos) and where --steps stops the run: no notice.
    auto past = args;
    past.push_back("--ignore-eos");
    const auto p = runCli(past);
    REQUIRE(p.exitCode == 0);
    CHECK(p.err.find("end of text") == std::string::npos);
    CHECK(p.out.find("<|endoftext|>") != std::string::npos);
    const auto shortRun =
        runCli({"generate", "--prompt", "범인이", "--steps", "2", "--temperature", "0"});
    REQUIRE(shortRun.exitCode == 0);
    CHECK(shortRun.err.empty());
}
