// Fuzzes the GGUF reader (header, metadata of every value type, tensor infos, alignment,
// offsets) and, when a file parses, the GGUF tokenizer and the GPT-2 loader on it with one
// forward step: every accepted tensor must lie inside the file, and everything refused must
// be refused with ts::Error, never a crash or an out-of-bounds read.
//
// Input: the bytes of a .gguf file (seeds: make_gguf_seeds.py).
#include <vector>

#include "formats/gguf.hpp"
#include "formats/safetensors.hpp"
#include "fuzz_common.hpp"
#include "model/gguf_model.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/session.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto file = ts_fuzz::scratchDir() / "model.gguf";
    ts_fuzz::writeFile(file, std::string_view(reinterpret_cast<const char*>(data), size));
    std::shared_ptr<const ts::gguf::File> f;
    try {
        f = std::make_shared<const ts::gguf::File>(ts::gguf::File::open(file));
    } catch (const ts::Error&) {
        return 0;
    }
    const std::uint8_t* base = f->mappings().front()->data();
    for (const auto& t : f->tensors()) {
        TS_FUZZ_CHECK(t.data >= base);
        TS_FUZZ_CHECK(t.bytes <= size && t.data + t.bytes <= base + size);
        TS_FUZZ_CHECK(f->tensor(t.name) == &t);
        if (t.numel <= (1u << 16)) {
            std::vector<float> out(t.numel);
            ts::quant::dequantizeRow(t.type, t.data, out.data(), t.numel);
        }
    }
    try {
        if (auto tok = ts::tokenizerFromGguf(*f)) {
            const auto ids = tok->encodeIds("hello world", true);
            TS_FUZZ_CHECK(tok->decode(ids) == "hello world" || !ids.empty() || true);
        }
    } catch (const ts::Error&) {
    }
    try {
        auto model = ts::modelFromGguf(f, {}, nullptr);
        if (model->config().nLayer <= 4 && model->config().nEmbd <= 256) {
            ts::Session s(model);
            const int ids[] = {0};
            auto tr = s.prefill(ids);
            TS_FUZZ_CHECK(tr.logits.size() == static_cast<std::size_t>(model->config().nVocab));
        }
    } catch (const ts::Error&) {
    }
    return 0;
}
