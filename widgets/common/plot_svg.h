#pragma once
// A QCustomPlot's line graphs and bars written as SVG by hand: Qt's SVG module is not among the
// project's dependencies, and a chart in a paper wants vectors.

#include <QString>

class QCustomPlot;

namespace posescope {

/// The SVG of `plot` as it was last drawn (its axis ranges, ticks and labels, the bottom axis'
/// labels turned as the plot turns them, the picture taller to hold them): each visible graph
/// a polyline in its pen's colour and width (gaps where the data has NaN), each bar a rectangle
/// (stacked bars on those below), the legend's entries on the right. Other plottables are left
/// out. Never fails.
QString plotSvg(QCustomPlot* plot);

/// Writes plotSvg(plot) to `path`; false and `error` (when given) set naming the path when it
/// cannot be written.
bool savePlotSvg(QCustomPlot* plot, const QString& path, QString* error = nullptr);

}  // namespace posescope
