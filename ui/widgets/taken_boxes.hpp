#pragma once
// The boxes a picture's labels and markers already cover, kept in a grid of cells so that
// asking how much a new box would cover looks only at the boxes near it. The embedding
// scatter places 64 labels among about 130 boxes, trying up to 56 places each: checked
// against every box, that was 2-3 ms of a 1,024-token frame on the GUI thread.
#include <QRectF>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace ts::ui {

class TakenBoxes {
  public:
    // `bounds`: where boxes will mostly be (boxes outside it still count, in its edge cells).
    explicit TakenBoxes(const QRectF& bounds, qreal cell = 32)
        : m_bounds(bounds), m_cell(std::max<qreal>(cell, 1)) {
        m_cols = std::max(1, static_cast<int>(std::ceil(bounds.width() / m_cell)));
        m_rows = std::max(1, static_cast<int>(std::ceil(bounds.height() / m_cell)));
        m_cells.resize(static_cast<std::size_t>(m_cols) * static_cast<std::size_t>(m_rows));
    }

    void add(const QRectF& box) {
        const int index = static_cast<int>(m_boxes.size());
        m_boxes.push_back(box);
        m_seen.push_back(0);
        const Span s = span(box);
        for (int r = s.r0; r <= s.r1; ++r)
            for (int c = s.c0; c <= s.c1; ++c) m_cells[cellIndex(r, c)].push_back(index);
    }

    // How much of the taken boxes `box` covers: the sum over the boxes it meets of their
    // shared area, at least 1 each (0: the place is free). The count stops, returning what it
    // has, once it reaches `stopAt` or, with `stopAtFirst`, at the first box met: a caller
    // looking for the least-covered place needs no more.
    qreal covered(const QRectF& box, bool stopAtFirst = false,
                  qreal stopAt = std::numeric_limits<qreal>::infinity()) const {
        ++m_stamp;
        qreal sum = 0;
        const Span s = span(box);
        for (int r = s.r0; r <= s.r1; ++r)
            for (int c = s.c0; c <= s.c1; ++c)
                for (int i : m_cells[cellIndex(r, c)]) {
                    unsigned& seen = m_seen[static_cast<std::size_t>(i)];
                    if (seen == m_stamp) continue;  // a box in several cells counts once
                    seen = m_stamp;
                    const QRectF& t = m_boxes[static_cast<std::size_t>(i)];
                    if (!t.intersects(box)) continue;
                    const QRectF both = t.intersected(box);
                    sum += std::max<qreal>(1, both.width() * both.height());
                    if (stopAtFirst || sum >= stopAt) return sum;
                }
        return sum;
    }

    std::size_t size() const { return m_boxes.size(); }

  private:
    struct Span {
        int c0, c1, r0, r1;  // the cells a box reaches into, inclusive
    };
    Span span(const QRectF& box) const {
        auto col = [&](qreal x) {
            return std::clamp(static_cast<int>(std::floor((x - m_bounds.left()) / m_cell)), 0,
                              m_cols - 1);
        };
        auto row = [&](qreal y) {
            return std::clamp(static_cast<int>(std::floor((y - m_bounds.top()) / m_cell)), 0,
                              m_rows - 1);
        };
        return {col(box.left()), col(box.right()), row(box.top()), row(box.bottom())};
    }
    std::size_t cellIndex(int r, int c) const {
        return static_cast<std::size_t>(r) * static_cast<std::size_t>(m_cols) +
               static_cast<std::size_t>(c);
    }

    QRectF m_bounds;
    qreal m_cell;
    int m_cols = 1, m_rows = 1;
    std::vector<QRectF> m_boxes;
    std::vector<std::vector<int>> m_cells;  // per cell, the boxes that reach into it
    mutable std::vector<unsigned> m_seen;   // per box, the last query that counted it
    mutable unsigned m_stamp = 0;
};

}  // namespace ts::ui
