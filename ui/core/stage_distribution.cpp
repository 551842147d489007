// Where the softmax and sampling stages get a step's distribution (see stage_distribution.hpp):
// the worker's description when the settings match, else one made here from stored logits.
#include "core/stage_distribution.hpp"

namespace ts::ui {

ts::DistributionRequest stageDistributionRequest() {
    ts::DistributionRequest r;
    r.rows = kStageDistributionRows;
    r.rowsAtOne = kStageDistributionRowsAtOne;
    r.minSegment = 0.3 / 4096.0;
    return r;
}

double stepUniform(const TranscriptStep& r) {
    if (r.uniform >= 0.0) return r.uniform;
    return ts::uniformAt(r.params.seed, r.trace->lastPosition() + 1);
}

std::shared_ptr<const ts::StepDistribution> distributionFor(const TranscriptStep& record,
                                                            const ts::SamplingParams& params,
                                                            int rows, int rowsAtOne) {
    if (!record.trace || record.trace->logits.empty()) return nullptr;
    const ts::SamplingParams want = ts::clampedForDisplay(params);
    if (const auto& own = record.distribution) {
        const ts::SamplingParams& have = own->params;
        if (have.temperature == want.temperature && have.topK == want.topK &&
            have.topP == want.topP &&
            static_cast<int>(own->top.size()) >= std::min(rows, own->vocabSize) &&
            static_cast<int>(own->topAtOne.size()) >= std::min(rowsAtOne, own->vocabSize))
            return own;
    }
    ts::DistributionRequest r = stageDistributionRequest();
    r.rows = std::max(rows, r.rows);
    r.rowsAtOne = std::max(rowsAtOne, r.rowsAtOne);
    r.u = record.params.temperature > 0.0f ? stepUniform(record) : -1.0;
    r.markToken = record.sampledToken;
    return std::make_shared<const ts::StepDistribution>(
        ts::describeDistribution(record.trace->logits, params, r));
}

}  // namespace ts::ui
