// Two-component PCA by LAPACK (see tokenscope/pca.hpp). In the engine, next to analysis.cpp,
// so the embedding map is computed on the worker thread and ui/ links no BLAS or LAPACKE.
#include "tokenscope/pca.hpp"

#include <cblas.h>
#include <lapacke.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>

namespace ts {

namespace {

// Each axis's largest-magnitude component made positive (see PcaResult::axes).
void fixSign(std::span<float> axis) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < axis.size(); ++i)
        if (std::abs(axis[i]) > std::abs(axis[best])) best = i;
    if (!axis.empty() && axis[best] < 0)
        for (float& x : axis) x = -x;
}

}  // namespace

PcaResult pca2(const std::vector<std::vector<float>>& rows) {
    const std::size_t dim = rows.empty() ? 0 : rows.front().size();
    std::vector<float> matrix(rows.size() * dim, 0.0f);
    for (std::size_t i = 0; i < rows.size(); ++i)
        std::copy_n(rows[i].begin(), std::min(dim, rows[i].size()),
                    matrix.begin() + static_cast<std::ptrdiff_t>(i * dim));
    return pca2(matrix, rows.size(), dim);
}

PcaResult pca2(std::span<const float> matrix, std::size_t n, std::size_t dim) {
    PcaResult out;
    if (n == 0) return out;
    if (dim != 0 && matrix.size() / dim < n)
        throw std::invalid_argument("pca2: the matrix is smaller than n x dim");
    auto row = [&](std::size_t i) { return matrix.subspan(i * dim, dim); };
    out.mean.assign(dim, 0.0f);
    out.axes.assign(2 * dim, 0.0f);
    out.points.assign(n, {0.0f, 0.0f});
    if (dim == 0) return out;

    // Mean in double: a context of 1000 tokens with components of size ~1 loses digits in float.
    std::vector<double> mean(dim, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const auto r = row(i);
        for (std::size_t j = 0; j < dim; ++j) mean[j] += r[j];
    }
    for (std::size_t j = 0; j < dim; ++j) {
        mean[j] /= static_cast<double>(n);
        out.mean[j] = static_cast<float>(mean[j]);
    }

    // Centred data, row-major n x dim, and its total variance (sum of all squared singular
    // values), from which each component's share is taken.
    std::vector<float> a(n * dim);
    double total = 0.0;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < dim; ++j) {
            const double x = row(i)[j] - mean[j];
            a[i * dim + j] = static_cast<float>(x);
            total += x * x;
        }

    // Identical rows (or a single one) have no direction of spread: keep the first two
    // coordinate axes so that project() still works, and report no explained variance.
    auto fallbackAxes = [&] {
        std::fill(out.axes.begin(), out.axes.end(), 0.0f);
        out.axes[0] = 1.0f;
        if (dim > 1) out.axes[dim + 1] = 1.0f;
    };
    double scale = 0.0;
    for (double m : mean) scale = std::max(scale, std::abs(m));
    const double tiny = 1e-12 * std::max(1.0, scale * scale) * static_cast<double>(n * dim);
    if (!(total > tiny)) {
        fallbackAxes();
        return out;
    }

    // Only two eigenpairs are needed, so LAPACK's ssyevr is asked for just those, on the
    // smaller of the two symmetric matrices with the same non-zero spectrum: the Gram matrix
    // X X^T (n x n) for a short context, the scatter matrix X^T X (dim x dim) for a long one.
    // (A full SVD of a 1024 x 768 context took seconds; this takes a fraction of one.)
    const bool gram = n <= dim;
    const std::size_t m = gram ? n : dim;
    std::vector<float> s(m * m, 0.0f);
    const auto ni = static_cast<blasint>(n);
    const auto di = static_cast<blasint>(dim);
    const auto mi = static_cast<blasint>(m);
    cblas_ssyrk(CblasRowMajor, CblasUpper, gram ? CblasNoTrans : CblasTrans, mi, gram ? di : ni,
                1.0f, a.data(), di, 0.0f, s.data(), mi);

    const lapack_int want = std::min<lapack_int>(2, static_cast<lapack_int>(m));
    const lapack_int mm = static_cast<lapack_int>(m);
    lapack_int found = 0;
    std::vector<float> w(m);
    std::vector<float> z(m * static_cast<std::size_t>(want));
    std::vector<lapack_int> support(2 * static_cast<std::size_t>(want));
    // Eigenvalues come back ascending: w[want - 1] is the largest.
    const lapack_int info =
        LAPACKE_ssyevr(LAPACK_ROW_MAJOR, 'V', 'I', 'U', mm, s.data(), mm, 0.0f, 0.0f, mm - want + 1,
                       mm, 0.0f, &found, w.data(), z.data(), want, support.data());
    if (info != 0 || found < 1) {
        fallbackAxes();
        return out;
    }

    const double lambda0 =
        std::max(0.0, static_cast<double>(w[static_cast<std::size_t>(found - 1)]));
    const double lambda1 = found >= 2 ? std::max(0.0, static_cast<double>(w[0])) : 0.0;
    // Eigenvector c (0 = largest) of the small matrix, as a unit axis in the data space.
    auto axisFrom = [&](lapack_int col, double lambda, std::span<float> axis) {
        if (!gram) {
            for (std::size_t j = 0; j < dim; ++j)
                axis[j] = z[j * static_cast<std::size_t>(want) + static_cast<std::size_t>(col)];
            return true;
        }
        // Gram eigenvector u: the axis is X^T u / sqrt(lambda).
        if (lambda <= 0.0) return false;
        std::vector<double> v(dim, 0.0);
        for (std::size_t i = 0; i < n; ++i) {
            const double ui = z[i * static_cast<std::size_t>(want) + static_cast<std::size_t>(col)];
            for (std::size_t j = 0; j < dim; ++j) v[j] += ui * a[i * dim + j];
        }
        double norm = 0.0;
        for (double x : v) norm += x * x;
        norm = std::sqrt(norm);
        if (!(norm > 0.0)) return false;
        for (std::size_t j = 0; j < dim; ++j) axis[j] = static_cast<float>(v[j] / norm);
        return true;
    };
    std::span<float> axis0(out.axes.data(), dim);
    std::span<float> axis1(out.axes.data() + dim, dim);
    if (!axisFrom(found - 1, lambda0, axis0)) {
        fallbackAxes();
        return out;
    }
    fixSign(axis0);
    out.explained[0] = static_cast<float>(std::clamp(lambda0 / total, 0.0, 1.0));
    // A second direction only where the data spreads along one; otherwise (two tokens, or
    // all on a line) any unit vector orthogonal to the first, with no explained variance.
    const bool second =
        dim > 1 && found >= 2 && lambda1 > 1e-7 * lambda0 && axisFrom(0, lambda1, axis1);
    if (second) {
        out.explained[1] = static_cast<float>(std::clamp(lambda1 / total, 0.0, 1.0));
    } else if (dim > 1) {
        std::size_t j = 0;
        for (std::size_t k = 1; k < dim; ++k)
            if (std::abs(axis0[k]) < std::abs(axis0[j])) j = k;
        std::fill(axis1.begin(), axis1.end(), 0.0f);
        axis1[j] = 1.0f;
        const float d0 = axis0[j];
        double norm = 0.0;
        for (std::size_t k = 0; k < dim; ++k) {
            axis1[k] -= d0 * axis0[k];
            norm += static_cast<double>(axis1[k]) * axis1[k];
        }
        for (float& x : axis1) x = static_cast<float>(x / std::sqrt(norm));
    }
    fixSign(axis1);
    for (std::size_t i = 0; i < n; ++i) out.points[i] = project(out, row(i));
    return out;
}

std::array<float, 2> project(const PcaResult& pca, std::span<const float> vector) {
    const std::size_t dim = pca.mean.size();
    if (pca.axes.size() < 2 * dim) return {0.0f, 0.0f};
    double x = 0.0;
    double y = 0.0;
    for (std::size_t j = 0; j < dim && j < vector.size(); ++j) {
        const double c = static_cast<double>(vector[j]) - pca.mean[j];
        x += c * pca.axes[j];
        y += c * pca.axes[dim + j];
    }
    return {static_cast<float>(x), static_cast<float>(y)};
}

}  // namespace ts
