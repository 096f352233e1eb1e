#include "widgets/session/overlay_export.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "widgets/session/background_pool.h"

namespace posescope {

OverlayExportJob::OverlayExportJob(std::shared_ptr<const RunOverlayData> data,
                                   RunAnalysisPtr analysis, std::vector<std::size_t> indices,
                                   RenderOptions options, QString outDir, QObject* parent)
    : QObject(parent),
      data_(std::move(data)),
      analysis_(std::move(analysis)),
      indices_(std::move(indices)),
      options_(options),
      outDir_(std::move(outDir)),
      cancel_(std::make_shared<CancellationToken>()) {
  watcher_ = new QFutureWatcher<OverlayExportResult>(this);
  connect(watcher_, &QFutureWatcherBase::finished, this, [this] {
    result_ = watcher_->result();
    Q_EMIT finished();
  });
}

OverlayExportJob::~OverlayExportJob() {
  cancel();
  watcher_->waitForFinished();
}

void OverlayExportJob::start() {
  if (started_) return;
  started_ = true;
  auto data = data_;
  auto analysis = analysis_;
  auto indices = indices_;
  auto options = options_;
  options.showHeatmap = options.showTags = false;  // no maps: drawn at image resolution
  options.projectMaps = true;
  auto outDir = outDir_.toStdString();
  auto cancel = cancel_;
  watcher_->setFuture(QtConcurrent::run(backgroundPool(), [=]() -> OverlayExportResult {
    std::vector<const ImageRecord*> records;
    std::vector<std::string> unknown;
    for (std::size_t index : indices) {
      if (const ImageRecord* record = data->recordOf(index))
        records.push_back(record);
      else
        unknown.push_back("no record of dataset image " + std::to_string(index));
    }
    try {
      OverlaySources sources = overlaySourcesOf(*data, options.matchThreshold, true);
      sources.scene = [&](const ImageRecord& record) {
        return analysedScene(*data, analysis.get(), record, options.matchThreshold);
      };
      OverlayExportResult result = exportOverlays(
          records, sources, options, outDir, *cancel, [this](std::size_t done, std::size_t total) {
            // Queued to the GUI thread; dropped if the job is gone by then.
            QMetaObject::invokeMethod(
                this, [this, done, total] { Q_EMIT progressed(done, total); },
                Qt::QueuedConnection);
          });
      result.skipped += unknown.size();
      result.errors.insert(result.errors.end(), unknown.begin(), unknown.end());
      return result;
    } catch (const std::exception& e) {
      OverlayExportResult failed;
      failed.errors.emplace_back(e.what());
      return failed;
    }
  }));
}

void OverlayExportJob::cancel() {
  cancel_->cancel();
}

bool OverlayExportJob::isRunning() const {
  return started_ && !watcher_->isFinished();
}

}  // namespace posescope
