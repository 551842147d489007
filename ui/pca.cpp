#include "pca.hpp"

#include <lapacke.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace ts::ui {

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
    PcaResult out;
    const std::size_t n = rows.size();
    if (n == 0) return out;
    const std::size_t dim = rows.front().size();
    out.mean.assign(dim, 0.0f);
    out.axes.assign(2 * dim, 0.0f);
    out.points.assign(n, {0.0f, 0.0f});
    if (dim == 0) return out;

    // Mean in double: a context of 1000 tokens with components of size ~1 loses digits in float.
    std::vector<double> mean(dim, 0.0);
    for (const auto& r : rows)
        for (std::size_t j = 0; j < dim && j < r.size(); ++j) mean[j] += r[j];
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
            const double x = (j < rows[i].size() ? rows[i][j] : 0.0) - mean[j];
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

    // Thin SVD of the centred data: the right singular vectors are the principal axes and the
    // squared singular values the variances along them. LAPACK's driver, not a hand-written
    // eigen solver, so degenerate and ill-conditioned contexts are handled properly.
    const auto m = static_cast<lapack_int>(n);
    const auto d = static_cast<lapack_int>(dim);
    const lapack_int k = std::min(m, d);
    std::vector<float> s(static_cast<std::size_t>(k));
    std::vector<float> vt(static_cast<std::size_t>(k) * dim);
    std::vector<float> superb(static_cast<std::size_t>(std::max<lapack_int>(1, k - 1)));
    float unusedU = 0.0f;
    const lapack_int info = LAPACKE_sgesvd(LAPACK_ROW_MAJOR, 'N', 'S', m, d, a.data(), d, s.data(),
                                           &unusedU, 1, vt.data(), d, superb.data());
    if (info != 0) {
        fallbackAxes();
        return out;
    }

    for (lapack_int c = 0; c < std::min<lapack_int>(2, k); ++c) {
        std::copy_n(vt.begin() + static_cast<std::ptrdiff_t>(c) * d, dim,
                    out.axes.begin() + static_cast<std::ptrdiff_t>(c) * d);
        fixSign(std::span<float>(out.axes).subspan(static_cast<std::size_t>(c) * dim, dim));
        const double var = static_cast<double>(s[static_cast<std::size_t>(c)]) *
                           static_cast<double>(s[static_cast<std::size_t>(c)]);
        out.explained[static_cast<std::size_t>(c)] =
            static_cast<float>(std::clamp(var / total, 0.0, 1.0));
    }
    for (std::size_t i = 0; i < n; ++i) out.points[i] = project(out, rows[i]);
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

}  // namespace ts::ui
