// sz: a size_t from a signed count. Shapes are ints; buffers index with size_t.
#pragma once

#include <cstddef>

namespace ts {

inline std::size_t sz(long long v) { return static_cast<std::size_t>(v); }

}  // namespace ts
