// forRows: the row-parallel loop that the prefill (model/forward.cpp) and the session's
// decode-time helpers (model/session.cpp) share, so both split work by the same rule.
#pragma once

#include <cstddef>

#include "compute/kernels.hpp"
#include "compute/size_cast.hpp"

namespace ts {

// Runs fn(begin, end) over the rows [0, T), split across the engine's threads when there is
// enough work (rows x cost per row) to pay for waking them.
template <class F>
void forRows(int T, int costPerRow, F&& fn) {
    if (kernels::threads() == 1 || static_cast<long long>(T) * costPerRow < 32768) {
        fn(0, T);
        return;
    }
    kernels::parallel([&](int th, int n) {
        int b, e;
        kernels::chunk(T, th, n, 1, b, e);
        if (b < e) fn(b, e);
    });
}

}  // namespace ts
