#pragma once
// The GUI's overlay export: core's exportOverlays on a worker thread, with progress and cancel.

#include <QObject>
#include <QString>
#include <memory>
#include <vector>

#include "common/cancellation.h"
#include "render/overlay_export.h"
#include "render/render_options.h"
#include "render/run_overlay_data.h"
#include "widgets/session/run_analysis.h"

template <typename T>
class QFutureWatcher;

namespace posescope {

/// Writes the overlays of the records with dataset indices `indices` of `data` (unknown indices
/// are skipped and listed), each the scene the canvas draws (analysedScene: the errors layer from
/// `analysis` when there is one), at full image resolution, without heatmap and tag layers, into
/// `outDir` on a worker thread (QtConcurrent); progress and the end are signalled on the GUI
/// thread, cancel() stops it between images. Never throws: an error ends the job with it in
/// result().errors.
class OverlayExportJob : public QObject {
  Q_OBJECT
 public:
  OverlayExportJob(std::shared_ptr<const RunOverlayData> data, RunAnalysisPtr analysis,
                   std::vector<std::size_t> indices, RenderOptions options, QString outDir,
                   QObject* parent = nullptr);
  ~OverlayExportJob() override;

  /// Starts the export (once).
  void start();
  /// Asks the export to stop after the current image.
  void cancel();
  bool isRunning() const;
  /// The outcome; complete after finished().
  const OverlayExportResult& result() const { return result_; }
  const QString& outDir() const { return outDir_; }

 Q_SIGNALS:
  /// `done` of `total` images written or skipped.
  void progressed(qulonglong done, qulonglong total);
  void finished();

 private:
  std::shared_ptr<const RunOverlayData> data_;
  RunAnalysisPtr analysis_;
  std::vector<std::size_t> indices_;
  RenderOptions options_;
  QString outDir_;
  std::shared_ptr<CancellationToken> cancel_;
  QFutureWatcher<OverlayExportResult>* watcher_ = nullptr;
  OverlayExportResult result_;
  bool started_ = false;
};

}  // namespace posescope
