// Fuzzes config.json parsing and its consistency checks (Config::fromJsonText + validate).
#include <string>

#include "fuzz_common.hpp"
#include "tokenscope/config.hpp"
#include "tokenscope/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const ts::Config c = ts::Config::fromJsonText(text, "config.json");
        // Whatever it accepts must be usable without overflow or division by zero.
        TS_FUZZ_CHECK(c.nVocab > 0 && c.nCtx > 0 && c.nEmbd > 0 && c.nHead > 0 && c.nLayer > 0 &&
                      c.nInner > 0);
        TS_FUZZ_CHECK(c.nEmbd % c.nHead == 0);
        TS_FUZZ_CHECK(c.headDim() > 0);
        c.validate("config.json");
    } catch (const ts::Error& e) {
        TS_FUZZ_CHECK(std::string(e.what()).rfind("config.json", 0) == 0);
    }
    return 0;
}
