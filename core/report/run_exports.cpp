#include "report/run_exports.h"

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "eval/metric_table.h"
#include "pipeline/run_labels.h"

namespace posescope {

TableFormat tableFormatFromName(const std::string& name) {
  if (name == "md" || name == "markdown") return TableFormat::Markdown;
  if (name == "csv") return TableFormat::Csv;
  if (name == "json") return TableFormat::Json;
  throw Error("unknown table format '" + name + "' (expected md, csv or json)");
}

std::string tableFormatExtension(TableFormat format) {
  switch (format) {
    case TableFormat::Markdown:
      return "md";
    case TableFormat::Csv:
      return "csv";
    case TableFormat::Json:
      return "json";
  }
  return "txt";
}

std::string formatRunMetrics(const LoadedRun& run, TableFormat format) {
  if (!run.metrics)
    throw Error("run folder '" + run.dir + "' has no metrics.json (the run is " +
                runStateName(run.summary.state) + ")");
  const std::string name = runTableName(run.summary);
  switch (format) {
    case TableFormat::Markdown:
      return formatMarkdownTable(*run.metrics, name);
    case TableFormat::Csv:
      return formatCsvTable(*run.metrics, name);
    case TableFormat::Json:
      return formatJsonTable(*run.metrics, name);
  }
  return {};
}

std::string formatRunResultsJson(const std::vector<ImageRecord>& records, int categoryId) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& r : records)
    for (auto& entry : recordToResults(r, categoryId)) all.push_back(std::move(entry));
  return all.dump(4);
}

}  // namespace posescope
