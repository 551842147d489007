// Fuzzes the probe-set reader (loadFactProbes: `probe --probes`, the hallucination lens's
// Open) and the record-specification reader (applyLitmSpec: `litm --spec`, the lab's Open).
#include <string>

#include "fuzz_common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/experiments.hpp"
#include "tokenscope/litm.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = ts_fuzz::scratchDir() / "probes.json";
    ts_fuzz::writeFile(path, std::string_view(reinterpret_cast<const char*>(data), size));
    try {
        for (const auto& p : ts::loadFactProbes(path)) {
            // Accepted probes can be run: a truth and false answers to score.
            TS_FUZZ_CHECK(!p.truth.empty());
            for (const auto& f : p.falsehoods) TS_FUZZ_CHECK(!f.empty());
        }
    } catch (const ts::Error& e) {
        TS_FUZZ_CHECK(std::string(e.what()).find(path.string()) != std::string::npos);
    }
    ts::LitmOptions options;
    try {
        ts::applyLitmSpec(options, path);
        options.validate();  // what it accepts is valid
    } catch (const ts::Error&) {
    }
    return 0;
}
