#pragma once
// Headless exports of one run: metric table, per-image table, COCO results.

#include <string>
#include <vector>

#include "pipeline/run_folder.h"

namespace posescope {

/// Table export formats.
enum class TableFormat { Markdown, Csv, Json };

/// "md" / "markdown", "csv", "json" to a format; throws Error naming the value otherwise.
TableFormat tableFormatFromName(const std::string& name);

/// File extension for `format` ("md", "csv", "json").
std::string tableFormatExtension(TableFormat format);

/// The run's metric table through eval's formatters (Markdown identical to valid.py's); throws
/// Error naming the run folder when it has no metrics.json (cancelled or failed run).
std::string formatRunMetrics(const LoadedRun& run, TableFormat format);

/// The records' people in the COCO results format (recordToResults), indented as results.json
/// is written. Never fails.
std::string formatRunResultsJson(const std::vector<ImageRecord>& records, int categoryId);

}  // namespace posescope
