#pragma once
// The Compare page's metric and summary tables, set up for two run labels that may be long.

class QTableView;

namespace posescope {

class MetricComparisonModel;
class SideBySideModel;

/// The metric table of `model` (A, B, B - A and its interval): the run columns share the width
/// and elide in the middle; the names, B - A and the interval always fit.
QTableView* makeMetricTable(MetricComparisonModel* model);
/// Makes `table` (makeMetricTable's) as tall as its rows: every metric in sight.
void fitMetricTableHeight(QTableView* table);
/// The summary table of `model` (a row per setting, A and B): A and B share the width left by
/// the row names and elide in the middle.
QTableView* makeSummaryTable(SideBySideModel* model);

}  // namespace posescope
