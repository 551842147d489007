#pragma once
// The measures HeatmapWidget's parts share (heatmap_widget.cpp: data, colours, layout and painting;
// heatmap_labels.cpp; heatmap_legend.cpp; heatmap_zoom.cpp). Private to them.
#include <QFont>
#include <QString>
#include <algorithm>

namespace ts::ui::heatmap_parts {

inline constexpr int kMargin = 4;
inline constexpr int kLegendBar = 14;
inline constexpr int kMaxLabelWidth = 110;
inline constexpr int kMaxColumnLabelHeight = 84;

inline QFont labelFont(const QFont& base) {
    QFont f = base;
    f.setPointSizeF(std::max(6.0, base.pointSizeF() * 0.9));
    return f;
}

inline QString formatTick(float v) { return QString::number(static_cast<double>(v), 'g', 3); }

}  // namespace ts::ui::heatmap_parts
