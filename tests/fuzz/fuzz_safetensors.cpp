// Fuzzes the safetensors reader (8-byte header length, JSON header, tensor index with
// dtypes, shapes and data offsets) and, when the header parses, the GPT-2 loader's tensor
// checks against a tiny fixed config (1 layer, n_embd 4, vocab 8, context 4).
//
// Input: the bytes of model.safetensors.
#include <cmath>
#include <vector>

#include "formats/safetensors.hpp"
#include "fuzz_common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/model.hpp"
#include "tokenscope/session.hpp"

namespace {
const char* kMicroConfig = R"({"model_type": "gpt2", "vocab_size": 8, "n_positions": 4,
  "n_embd": 4, "n_head": 2, "n_layer": 1, "n_inner": 8, "layer_norm_epsilon": 1e-5,
  "activation_function": "gelu_new"})";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    namespace fs = std::filesystem;
    const fs::path dir = ts_fuzz::scratchDir() / "safetensors";
    static const bool once = [&] {
        fs::create_directories(dir);
        ts_fuzz::writeFile(dir / "config.json", kMicroConfig);
        return true;
    }();
    (void)once;
    const fs::path file = dir / "model.safetensors";
    ts_fuzz::writeFile(file, std::string_view(reinterpret_cast<const char*>(data), size));

    try {
        const ts::st::File f = ts::st::File::open(file);
        std::size_t total = 0;
        for (const auto& t : f.tensors()) {
            TS_FUZZ_CHECK(t.end >= t.begin);
            TS_FUZZ_CHECK(t.end - t.begin == t.numel * ts::st::dtypeSize(t.dtype));
            TS_FUZZ_CHECK(t.data >= f.mapping()->data());
            TS_FUZZ_CHECK(t.data + (t.end - t.begin) <= f.mapping()->data() + size);
            TS_FUZZ_CHECK(f.find(t.name) == &t);
            total += t.numel;
            std::vector<float> out(t.numel);
            ts::st::toFloat32(t.dtype, t.data, out.data(), t.numel);
        }
        TS_FUZZ_CHECK(total <= size);
    } catch (const ts::Error&) {
        return 0;  // rejected with a message: fine
    }
    // The header is well formed: let the model loader check names and shapes, and run one
    // step on whatever weights it accepted (NaN/Inf included: they must only warn).
    try {
        auto model = ts::Model::loadFolder(dir);
        ts::Session s(model);
        const int ids[] = {0, 7};
        auto tr = s.prefill(ids);
        TS_FUZZ_CHECK(tr.logits.size() == 8);
        s.step(3);
    } catch (const ts::Error&) {
    }
    return 0;
}
