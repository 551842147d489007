#pragma once
// Two-component principal component analysis for the embedding view: where the context's
// token vectors lie relative to each other, drawn in the plane that keeps most of their spread.
// Engine code (LAPACK): the worker computes it, the view only draws the result.
#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace ts {

struct PcaResult {
    std::vector<std::array<float, 2>> points;  // each input row in the (PC1, PC2) basis
    // Fraction of the total variance along each component, in [0, 1]; {0, 0} when the rows
    // do not vary at all (one row, identical rows).
    std::array<float, 2> explained{0.0f, 0.0f};
    std::vector<float> mean;  // [dim]
    // [2 x dim] row-major, unit length and orthogonal. Sign fixed so that each axis's
    // largest-magnitude component is positive: the picture does not flip from one step to
    // the next merely because the solver returned -v instead of v.
    std::vector<float> axes;
};

// Rows must share one length. Empty input gives an empty result.
PcaResult pca2(const std::vector<std::vector<float>>& rows);
// The same for n rows of `dim` numbers stored one after the other (throws
// std::invalid_argument if `matrix` holds fewer than n x dim).
PcaResult pca2(std::span<const float> matrix, std::size_t n, std::size_t dim);

// Coordinates of any vector of the same dimension in the basis of `pca` (for example a
// vocabulary neighbour of a context token).
std::array<float, 2> project(const PcaResult& pca, std::span<const float> vector);

}  // namespace ts
