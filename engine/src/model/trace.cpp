#include "tokenscope/trace.hpp"

namespace ts {

// Rows are packed triangularly: query q (absolute) has q + 1 keys, so the rows from
// firstQuery to q - 1 take sum_{p=firstQuery}^{q-1} (p + 1) floats before it.
std::size_t AttentionTrace::rowOffset(int layer, int head, int queryPos) const {
    auto rowsBefore = [&](int q) {
        // keys in rows firstQuery..q-1
        const std::size_t a = static_cast<std::size_t>(firstQuery);
        const std::size_t b = static_cast<std::size_t>(q);
        return (b * (b + 1) - a * (a + 1)) / 2;
    };
    const std::size_t perHead = rowsBefore(firstQuery + nQueries);
    const std::size_t block = static_cast<std::size_t>(layer * nHead + head) * perHead;
    return block + rowsBefore(queryPos);
}

std::span<const float> AttentionTrace::row(int layer, int head, int queryPos) const {
    if (layer < 0 || layer >= nLayer || head < 0 || head >= nHead || queryPos < firstQuery ||
        queryPos >= firstQuery + nQueries || data.empty())
        return {};
    return {data.data() + rowOffset(layer, head, queryPos), static_cast<std::size_t>(queryPos) + 1};
}

}  // namespace ts
