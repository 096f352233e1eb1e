#include "widgets/session/opened_run.h"

#include <QFile>
#include <exception>
#include <utility>
#include <vector>

#include "pipeline/run_metrics.h"

namespace posescope {

OpenedRunPtr readOpenedRun(const QString& dir) {
  auto opened = std::make_shared<OpenedRun>();
  opened->run = loadRunFolder(dir.toStdString());
  const RunSummary& summary = opened->run.summary;
  std::vector<ImageEvaluation> partialImages;
  if (!opened->run.metrics && !opened->run.records.empty() && !summary.shard &&
      (summary.state == RunState::Interrupted || summary.state == RunState::Cancelled)) {
    try {
      RunMetrics partial = computeRunMetrics(opened->run.records, summary, false, summary.modelName,
                                             nullptr, [](const std::string&) {});
      opened->partialMetrics = std::move(partial.table);
      partialImages = std::move(partial.images);
    } catch (const std::exception& e) {
      opened->partialMetricsError = QString::fromStdString(e.what());
    }
  }
  QFile log(QString::fromStdString(opened->run.dir) + "/" + QString::fromLatin1(runfiles::kLog));
  if (log.open(QIODevice::ReadOnly)) opened->log = QString::fromUtf8(log.readAll());
  try {
    RunOverlayData inspect = loadRunOverlayData(opened->run);
    // Such a run has no image_eval.jsonl: its per-image AP, GT people and OKS (and Inspect's
    // matches) come from the scoring of the partial metrics, not from a second one.
    if (inspect.evaluations.empty() && !partialImages.empty()) {
      inspect.evaluations =
          RunImageEvaluations(inspect.records, std::move(partialImages), summary.categoryId);
      refreshRows(inspect);
      opened->partialImageScores = true;
    }
    opened->inspect = std::make_shared<const RunOverlayData>(std::move(inspect));
  } catch (const std::exception& e) {
    opened->inspectError = QString::fromStdString(e.what());
  }
  return opened;
}

}  // namespace posescope
