// Fuzzes the CLI's option parsing (app/cli/options.cpp, compiled in directly): `--name
// value`, `--name=value`, flags, strict whole numbers, finite numbers, comma lists.
// Input: the argument vector, one argument per line.
#include <cmath>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using ts::cli::Options;
    using ts::cli::UsageError;
    std::vector<std::string> args;
    std::string_view in(reinterpret_cast<const char*>(data), size);
    while (!in.empty()) {
        const auto nl = in.find('\n');
        args.emplace_back(in.substr(0, nl));
        if (nl == std::string_view::npos) break;
        in.remove_prefix(nl + 1);
    }
    // Each argument alone through the number parsers, as the commands use them.
    for (const std::string& a : args) {
        try {
            (void)ts::cli::parseInteger(a, "--x");
        } catch (const UsageError& e) {
            TS_FUZZ_CHECK(e.message.find("--x") != std::string::npos);
        }
        try {
            const double v = ts::cli::parseNumber(a, "--x");
            TS_FUZZ_CHECK(std::isfinite(v));
        } catch (const UsageError& e) {
            TS_FUZZ_CHECK(e.message.find("--x") != std::string::npos);
        }
    }
    try {
        const Options o(args,
                        {"model", "ids", "text", "steps", "temperature", "top-k", "top-p", "seed",
                         "threads", "temperatures", "top", "prompt-tokens", "records"},
                        {"json", "special", "batched"});
        const long long steps = o.integer("steps", 20, 0, 1 << 20);
        TS_FUZZ_CHECK(steps >= 0 && steps <= (1 << 20));
        const long long topK = o.integer("top-k", 0, 0, 1 << 30);
        TS_FUZZ_CHECK(topK >= 0);
        const double t = o.number("temperature", 1.0, 0.0, 100.0);
        TS_FUZZ_CHECK(t >= 0.0 && t <= 100.0);
        const double p = o.number("top-p", 1.0, 1e-9, 1.0);
        TS_FUZZ_CHECK(p > 0.0 && p <= 1.0);
        (void)o.unsignedInteger("seed", 0);
        (void)o.getOr("text", "");
        (void)o.flag("json");
        if (o.has("ids"))
            for (int id : o.intList("ids")) TS_FUZZ_CHECK(id >= 0);
        if (o.has("temperatures"))
            for (double v : o.numberList("temperatures", 0.0, 100.0))
                TS_FUZZ_CHECK(v >= 0.0 && v <= 100.0);
        (void)o.require("model");
    } catch (const UsageError& e) {
        TS_FUZZ_CHECK(!e.message.empty());
    }
    return 0;
}
