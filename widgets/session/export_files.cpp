#include "widgets/session/export_files.h"

#include <QFile>
#include <QSaveFile>

#include "report/image_eval_reader.h"
#include "report/per_image_table.h"

namespace posescope {

bool writeTextFile(const QString& path, const std::string& text, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) ||
      file.write(text.data(), static_cast<qint64>(text.size())) !=
          static_cast<qint64>(text.size()) ||
      !file.commit()) {
    if (error) *error = QObject::tr("cannot write '%1': %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

std::string runExportText(const LoadedRun& run, RunExport what) {
  switch (what) {
    case RunExport::MetricsMarkdown:
      return formatRunMetrics(run, TableFormat::Markdown);
    case RunExport::MetricsCsv:
      return formatRunMetrics(run, TableFormat::Csv);
    case RunExport::MetricsJson:
      return formatRunMetrics(run, TableFormat::Json);
    case RunExport::PerImageCsv: {
      const auto evaluations =
          RunImageEvaluations::loadFromRunFolder(run.dir, run.records, run.summary.categoryId);
      return formatPerImageCsv(perImageRows(run.records, evaluations));
    }
    case RunExport::ResultsJson:
      return formatRunResultsJson(run.records, run.summary.categoryId) + "\n";
  }
  return {};
}

bool exportRun(const QString& runDir, RunExport what, const QString& path, QString* error) {
  std::string text;
  try {
    text = runExportText(loadRunFolder(runDir.toStdString()), what);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  return writeTextFile(path, text, error);
}

bool runExportFollowsSettings(RunExport what) {
  return runExportIsMetrics(what) || what == RunExport::PerImageCsv;
}

std::string reevaluationExportText(const RunReevaluation& reevaluation, const std::string& archName,
                                   RunExport what) {
  const auto& changes = reevaluation.changes;
  switch (what) {
    case RunExport::MetricsMarkdown:
      return formatMarkdownTable(reevaluation.table, archName, changes);
    case RunExport::MetricsCsv:
      return formatCsvTable(reevaluation.table, archName, changes);
    case RunExport::MetricsJson:
      return formatJsonTable(reevaluation.table, archName, changes);
    case RunExport::PerImageCsv:
      return formatPerImageCsv(reevaluation.rows, changes);
    case RunExport::ResultsJson:
      break;
  }
  return {};
}

bool runExportIsMetrics(RunExport what) {
  return what == RunExport::MetricsMarkdown || what == RunExport::MetricsCsv ||
         what == RunExport::MetricsJson;
}

TableFormat runExportFormat(RunExport what) {
  switch (what) {
    case RunExport::MetricsCsv:
      return TableFormat::Csv;
    case RunExport::MetricsJson:
      return TableFormat::Json;
    default:
      return TableFormat::Markdown;
  }
}

QString runExportFileName(RunExport what) {
  switch (what) {
    case RunExport::MetricsMarkdown:
      return QStringLiteral("metrics.md");
    case RunExport::MetricsCsv:
      return QStringLiteral("metrics.csv");
    case RunExport::MetricsJson:
      return QStringLiteral("metrics.json");
    case RunExport::PerImageCsv:
      return QStringLiteral("per_image.csv");
    case RunExport::ResultsJson:
      return QStringLiteral("results.json");
  }
  return {};
}

std::string comparisonExportText(const RunComparison& comparison, TableFormat format) {
  switch (format) {
    case TableFormat::Markdown:
      return formatComparisonMarkdown(comparison);
    case TableFormat::Csv:
      return formatComparisonCsv(comparison);
    case TableFormat::Json:
      return formatComparisonJson(comparison);
  }
  return {};
}

}  // namespace posescope
