// Fuzzes the transcript reader (readTranscriptJson: File → Open transcript, files someone
// e-mailed) and, for what it accepts, the steps shown as recorded (transcriptStepsFromFile).
#include <algorithm>
#include <climits>
#include <string>

#include "fuzz_common.hpp"
#include "tokenscope/error.hpp"
#include "tokenscope/transcript.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = ts_fuzz::scratchDir() / "transcript.json";
    ts_fuzz::writeFile(path, std::string_view(reinterpret_cast<const char*>(data), size));
    // The first byte picks the vocabulary the reader checks against (0 = none).
    const int nVocab = size > 0 ? (data[0] % 4) * 300 : 0;
    try {
        const ts::TranscriptFile f = ts::readTranscriptJson(path.string(), nVocab);
        // What it accepts is consistent and in range, so the views can index with it.
        TS_FUZZ_CHECK(!f.promptIds.empty());
        TS_FUZZ_CHECK(f.generated.size() <= ts::kMaxTranscriptSteps);
        TS_FUZZ_CHECK(f.params.size() == f.generated.size());
        TS_FUZZ_CHECK(f.chosen.size() == f.generated.size());
        TS_FUZZ_CHECK(f.figures.size() == f.generated.size());
        TS_FUZZ_CHECK(f.displays.size() == f.generated.size() &&
                      f.bytes.size() == f.generated.size());
        for (const auto* ids : {&f.promptIds, &f.generated})
            for (int id : *ids) TS_FUZZ_CHECK(id >= 0 && (nVocab == 0 || id < nVocab));
        TS_FUZZ_CHECK(f.promptByteStart.empty() || f.promptByteStart.size() == f.promptIds.size());
        for (std::size_t i = 0; i < f.promptByteStart.size(); ++i)
            TS_FUZZ_CHECK(f.promptByteStart[i] <= f.promptByteEnd[i] &&
                          static_cast<std::size_t>(f.promptByteEnd[i]) <= f.promptText.size());
        for (const auto& p : f.params) p.validate();
        const auto steps = ts::transcriptStepsFromFile(f);
        TS_FUZZ_CHECK(steps.size() == std::max<std::size_t>(1, f.generated.size()));
    } catch (const ts::Error& e) {
        const std::string what = e.what();
        TS_FUZZ_CHECK(what.find(path.string()) != std::string::npos);
    }
    return 0;
}
