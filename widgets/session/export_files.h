#pragma once
// Text exports of a run from the GUI: the metric table, the per-image table, COCO results —
// core/report's formatters written to files the user picks.

#include <QString>
#include <string>

#include "pipeline/run_folder.h"
#include "report/run_comparison.h"
#include "report/run_exports.h"
#include "widgets/session/run_reevaluation.h"

namespace posescope {

/// Writes `text` to `path` (replacing it); false and `error` set to a message naming the path
/// when it cannot be written.
bool writeTextFile(const QString& path, const std::string& text, QString* error = nullptr);

/// What a run export writes.
enum class RunExport { MetricsMarkdown, MetricsCsv, MetricsJson, PerImageCsv, ResultsJson };

/// The text of `what` for `run`: formatRunMetrics, formatPerImageCsv (with the run's
/// image_eval.jsonl) or formatRunResultsJson. Throws Error naming the run folder when it has no
/// metrics (metric exports) or a malformed image_eval.jsonl.
std::string runExportText(const LoadedRun& run, RunExport what);

/// Reads the run folder `runDir` and writes runExportText(what) to `path`; false and `error`
/// set when the folder cannot be read, has nothing to export or the file cannot be written.
bool exportRun(const QString& runDir, RunExport what, const QString& path,
               QString* error = nullptr);

/// Whether `what` is computed again by a re-evaluation (the metric tables, the per-image table).
bool runExportFollowsSettings(RunExport what);

/// The text of `what` (runExportFollowsSettings) from `reevaluation`, under table name `archName`,
/// with its settings when they are not valid.py's (formatMarkdownTable / Csv / Json and
/// formatPerImageCsv with the changes). Never fails.
std::string reevaluationExportText(const RunReevaluation& reevaluation, const std::string& archName,
                                   RunExport what);

/// Whether `what` is a metric table (Markdown, CSV or JSON).
bool runExportIsMetrics(RunExport what);
/// The table format of a metric table export (Markdown for the others).
TableFormat runExportFormat(RunExport what);

/// The default file name of `what` ("metrics.md", "per_image.csv", "results.json", ...).
QString runExportFileName(RunExport what);

/// `comparison` in `format` (core's formatComparisonMarkdown / Csv / Json). Never fails.
std::string comparisonExportText(const RunComparison& comparison, TableFormat format);

}  // namespace posescope
