#pragma once
// One export button for a chart: its picture (PNG, SVG or PDF) and its data (CSV).

#include <QString>
#include <functional>

class QCustomPlot;
class QToolButton;
class QWidget;

namespace posescope {

/// The chart's data as CSV text (a header line, then one line per row).
using ChartCsv = std::function<QString()>;

/// Writes the chart to `path` by its suffix: .csv writes `csv()`, .svg plotSvg, .pdf a PDF and
/// anything else a PNG (savePlot). False and `error` (when given) set naming the path when it
/// cannot be written.
bool exportChart(QCustomPlot* plot, const ChartCsv& csv, const QString& path,
                 QString* error = nullptr);

/// A tool button "Export…" asking for a file (PNG, SVG, PDF or CSV, `suggestedName` without suffix)
/// and exporting the chart to it; a failure is shown in a message box. Owned by `parent`.
QToolButton* makeChartExportButton(QWidget* parent, QCustomPlot* plot, ChartCsv csv,
                                   const QString& suggestedName);

}  // namespace posescope
