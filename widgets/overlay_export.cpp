#include "overlay_export.h"

#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QtConcurrent/QtConcurrentRun>

#include <opencv2/core.hpp>

#include "common/errors.h"
#include "image_canvas.h"
#include "render/overlay_renderer.h"

namespace posescope {

QString overlayFileName(const ImageRecord& record) {
  const QString stem = record.file.empty()
                           ? QString::number(record.imageId)
                           : QFileInfo(QString::fromStdString(record.file)).completeBaseName();
  return stem + QStringLiteral(".png");
}

namespace {

cv::Mat renderRecordMat(const InspectData& data, const ImageRecord& record, RenderOptions options) {
  options.showHeatmap = options.showTags = false;
  options.projectMaps = true;
  const cv::Mat rgb = readImageRgb(data.imagePath(record));
  return renderOverlay(rgb, data.sceneFor(record, options.matchThreshold), options);
}

}  // namespace

QImage renderRecordOverlay(const InspectData& data, const ImageRecord& record,
                           RenderOptions options) {
  const cv::Mat out = renderRecordMat(data, record, options);
  return rgbBytesToQImage(out.data, out.cols, out.rows, out.step);
}

OverlayExportResult exportOverlays(const InspectData& data,
                                   const std::vector<std::size_t>& datasetIndices,
                                   const RenderOptions& options, const QString& outDir,
                                   const CancellationToken& cancel,
                                   const std::function<void(std::size_t, std::size_t)>& progress) {
  if (!QDir().mkpath(outDir))
    throw Error("cannot create the overlay folder '" + outDir.toStdString() + "'");
  OverlayExportResult result;
  const QDir dir(outDir);
  std::size_t done = 0;
  for (std::size_t index : datasetIndices) {
    if (cancel.isCancelled()) {
      result.cancelled = true;
      break;
    }
    const ImageRecord* record = data.recordOf(index);
    try {
      if (!record) throw Error("no record of dataset image " + std::to_string(index));
      const cv::Mat out = renderRecordMat(data, *record, options);
      writePngRgb(out, dir.filePath(overlayFileName(*record)).toStdString());
      ++result.written;
    } catch (const std::exception& e) {
      ++result.skipped;
      result.errors << QString::fromStdString(e.what());
    }
    ++done;
    if (progress) progress(done, datasetIndices.size());
  }
  return result;
}

OverlayExportJob::OverlayExportJob(std::shared_ptr<const InspectData> data,
                                   std::vector<std::size_t> indices, RenderOptions options,
                                   QString outDir, QWidget* parent)
    : QObject(parent),
      data_(std::move(data)),
      indices_(std::move(indices)),
      options_(options),
      outDir_(std::move(outDir)),
      cancel_(std::make_shared<CancellationToken>()) {
  watcher_ = new QFutureWatcher<OverlayExportResult>(this);
  connect(watcher_, &QFutureWatcherBase::finished, this, [this] {
    result_ = watcher_->result();
    if (dialog_) dialog_->reset();
    Q_EMIT finished();
  });
  if (parent) {
    dialog_ = new QProgressDialog(tr("Writing overlays to %1\u2026").arg(outDir_), tr("Cancel"), 0,
                                  static_cast<int>(indices_.size()), parent);
    dialog_->setWindowTitle(tr("Export overlays"));
    dialog_->setWindowModality(Qt::WindowModal);
    dialog_->setMinimumDuration(300);
    dialog_->setAutoClose(false);
    dialog_->setAutoReset(false);
    connect(dialog_, &QProgressDialog::canceled, this, &OverlayExportJob::cancel);
    connect(this, &OverlayExportJob::progressed, dialog_,
            [this](qulonglong done) { dialog_->setValue(static_cast<int>(done)); });
  }
}

OverlayExportJob::~OverlayExportJob() {
  cancel();
  watcher_->waitForFinished();
}

void OverlayExportJob::start() {
  if (started_) return;
  started_ = true;
  if (dialog_) dialog_->setValue(0);
  auto data = data_;
  auto indices = indices_;
  auto options = options_;
  auto outDir = outDir_;
  auto cancel = cancel_;
  watcher_->setFuture(QtConcurrent::run([=]() -> OverlayExportResult {
    try {
      return exportOverlays(*data, indices, options, outDir, *cancel,
                            [this](std::size_t done, std::size_t total) {
                              // Queued to the GUI thread; dropped if the job is gone by then.
                              QMetaObject::invokeMethod(
                                  this, [this, done, total] { Q_EMIT progressed(done, total); },
                                  Qt::QueuedConnection);
                            });
    } catch (const std::exception& e) {
      OverlayExportResult failed;
      failed.errors << QString::fromStdString(e.what());
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
