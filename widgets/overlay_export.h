#pragma once
// Overlay PNGs of a run's images at full image resolution, one by one or a whole folder in the
// background with progress and cancel.

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

#include "common/cancellation.h"
#include "inspect_data.h"
#include "render/render_options.h"

template <typename T>
class QFutureWatcher;
class QProgressDialog;
class QWidget;

namespace posescope {

/// The PNG name of `record`'s overlay: its file's stem, or its image id without a file, + ".png"
/// (as `posescope-cli export --what overlays` names them).
QString overlayFileName(const ImageRecord& record);

/// renderOverlay() of `record` over its image at full image resolution, with `options`'
/// predictions, ground truth, crowd and match layers (heatmap and tag layers need recomputed maps
/// and are left out). Throws DatasetError naming the image file when it cannot be read, Error /
/// ConfigError as renderOverlay.
QImage renderRecordOverlay(const InspectData& data, const ImageRecord& record,
                           RenderOptions options);

/// What an overlay export did.
struct OverlayExportResult {
  std::size_t written = 0;
  std::size_t skipped = 0;  // images that could not be read or drawn (listed in errors)
  bool cancelled = false;
  QStringList errors;
};

/// Writes the overlays of the records with dataset indices `datasetIndices` (unknown indices are
/// skipped) into `outDir` (created), calling `progress(done, total)` after each image and
/// stopping between images once `cancel` is set. Each PNG is written atomically (writePngRgb).
/// Throws Error naming `outDir` when it cannot be created; an image that fails is counted in
/// `skipped` with its reason.
OverlayExportResult exportOverlays(const InspectData& data,
                                   const std::vector<std::size_t>& datasetIndices,
                                   const RenderOptions& options, const QString& outDir,
                                   const CancellationToken& cancel,
                                   const std::function<void(std::size_t, std::size_t)>& progress);

/// exportOverlays on a worker thread (QtConcurrent), with a progress dialog (when `parent` is
/// given) whose Cancel stops it between images. Emits finished() on the GUI thread. Never throws:
/// an error ends the job with it in result().errors.
class OverlayExportJob : public QObject {
  Q_OBJECT
 public:
  OverlayExportJob(std::shared_ptr<const InspectData> data, std::vector<std::size_t> indices,
                   RenderOptions options, QString outDir, QWidget* parent = nullptr);
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
  std::shared_ptr<const InspectData> data_;
  std::vector<std::size_t> indices_;
  RenderOptions options_;
  QString outDir_;
  std::shared_ptr<CancellationToken> cancel_;
  QFutureWatcher<OverlayExportResult>* watcher_ = nullptr;
  QProgressDialog* dialog_ = nullptr;
  OverlayExportResult result_;
  bool started_ = false;
};

}  // namespace posescope
