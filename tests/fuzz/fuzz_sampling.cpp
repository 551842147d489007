// Fuzzes sampling on arbitrary logits (NaN, infinities, huge values) and arbitrary
// parameters: validate() must refuse what sample() cannot handle, and whatever it accepts
// must give a token id in range and a distribution that sums to 1.
// Input: 16 bytes of parameters (float temperature, int32 top-k, float top-p, uint32 seed),
// then float32 logits.
#include <cmath>
#include <cstring>
#include <vector>

#include "fuzz_common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/sampling.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 16) return 0;
    ts::SamplingParams p;
    std::int32_t k;
    std::uint32_t seed;
    std::memcpy(&p.temperature, data, 4);
    std::memcpy(&k, data + 4, 4);
    std::memcpy(&p.topP, data + 8, 4);
    std::memcpy(&seed, data + 12, 4);
    p.topK = k;
    p.seed = seed;
    std::vector<float> logits((size - 16) / 4);
    if (!logits.empty()) std::memcpy(logits.data(), data + 16, logits.size() * 4);
    if (logits.empty()) return 0;
    const bool finite = [&] {
        for (float v : logits)
            if (!std::isfinite(v)) return false;
        return true;
    }();
    try {
        p.validate();
    } catch (const ts::Error&) {
        return 0;
    }
    try {
        ts::Rng rng(p.seed);
        const int tok = ts::sample(logits, p, rng);
        TS_FUZZ_CHECK(tok >= 0 && tok < static_cast<int>(logits.size()));
        const auto dist = ts::samplingDistribution(logits, p);
        TS_FUZZ_CHECK(dist.size() == logits.size());
        if (finite) {
            double sum = 0;
            for (float v : dist) {
                TS_FUZZ_CHECK(v >= 0.0f && v <= 1.0f);
                sum += v;
            }
            TS_FUZZ_CHECK(std::fabs(sum - 1.0) < 1e-3);
        }
        const auto probs = ts::softmax(logits, p.temperature);
        (void)ts::entropyBits(probs);
        (void)ts::topCandidates(probs, 5);
        (void)ts::rankOf(logits, tok);
        (void)ts::argmax(logits);
        (void)ts::logSumExp(logits);
    } catch (const ts::Error&) {
        // refusing NaN logits with a message is fine
    }
    return 0;
}
