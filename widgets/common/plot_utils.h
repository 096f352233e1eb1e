#pragma once
// Helpers shared by the QCustomPlot views: stage colours, plot setup, PNG / PDF export.

#include <QColor>
#include <QString>
#include <cstddef>
#include <functional>

#include "analysis/joint_errors.h"

class QCustomPlot;
class QCPAbstractPlottable;
class QLabel;

namespace posescope {

/// Colour `i` (modulo its size) of the plots' palette; the first is the colour of a single series.
QColor paletteColor(std::size_t i);
/// The colour of pipeline stage `stage` (StageTimings order); never fails.
QColor stageColor(std::size_t stage);
/// Run A or B of a comparison.
enum class RunSideColor { A, B };
/// The colour of run A or B wherever a comparison is drawn.
QColor runColor(RunSideColor side);

/// Common look of the project's plots: zoom and pan on both axes (iRangeDrag | iRangeZoom),
/// antialiasing off for bars, white background. Never fails.
void setUpPlot(QCustomPlot* plot);
/// Moves the legend out of the axes to their right, at the top of its own column: a legend
/// inside would hide the curves or points under it. Never fails.
void putLegendRightOfAxes(QCustomPlot* plot);

/// The label a chart shows in place of its plot while it has nothing to draw (why, or that it is
/// being computed): centred, wrapped, hidden until showChartMessage gives it a text.
QLabel* makeChartMessage();
/// Shows `message` in `label` in place of `plot`; an empty message shows the plot again.
void showChartMessage(QLabel* label, QCustomPlot* plot, const QString& message);

/// The text a plottable's data point shows on hover: (plottable, data index) -> text, "" for none.
using PlotToolTipText = std::function<QString(QCPAbstractPlottable*, int)>;
/// Shows `text` of the data point under the mouse as a tooltip while the pointer is on it (moving
/// or resting; the plot's own tooltip only elsewhere).
void showPlotToolTips(QCustomPlot* plot, PlotToolTipText text);

/// Writes `plot` to `path`: PDF when the name ends in .pdf, PNG otherwise (twice the on-screen
/// size, 1200 x 700 when the plot has never been shown). Returns false and sets `error` (when
/// given) to a message naming the path when it cannot be written.
bool savePlot(QCustomPlot* plot, const QString& path, QString* error = nullptr);

}  // namespace posescope
