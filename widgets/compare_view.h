#pragma once
// The Compare page: two runs A and B side by side — metrics with B − A, summaries and
// architectures, mean time per stage, per-image deltas and two synchronised canvases.

#include <QWidget>
#include <optional>

#include "compare_data.h"
#include "render/render_options.h"
#include "report/run_comparison.h"
#include "report/run_exports.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableView;

namespace posescope {

class ImageCanvas;
class ImageDeltaModel;
class MetricComparisonModel;
class SideBySideModel;

/// Compares two run folders (core/report's compareRuns). The per-image table lists the images
/// where B loses most first (by Δ AP or Δ OKS); selecting one shows it in both canvases, which
/// share image, zoom, pan and layers. Never throws: problems are shown in the notes line and
/// returned by the open functions.
class CompareView : public QWidget {
  Q_OBJECT
 public:
  enum Side { A, B };

  explicit CompareView(QWidget* parent = nullptr);

  /// Opens both run folders and compares them; false and `error` set when one cannot be read or
  /// the two cannot be compared (the previous comparison is kept).
  bool openRuns(const QString& dirA, const QString& dirB, QString* error = nullptr);
  /// Opens one side; compares once both sides are open. False and `error` as openRuns.
  bool openRun(Side side, const QString& dir, QString* error = nullptr);
  /// Enables "Run A and B…" (disabled while a run is going).
  void setRunPairEnabled(bool enabled);
  /// Exchanges A and B.
  void swapRuns();
  /// Orders the per-image table by Δ AP or Δ OKS (images where B loses most first).
  void setOrder(DeltaOrder order);
  DeltaOrder order() const { return order_; }

  /// The comparison shown, or nullptr before both runs are open.
  const RunComparison* comparison() const { return comparison_ ? &*comparison_ : nullptr; }
  const std::optional<CompareSide>& side(Side s) const { return s == A ? a_ : b_; }

  /// Shows image `imageId` in both canvases and selects its row; false when neither run has it.
  bool showImage(std::int64_t imageId);
  std::optional<std::int64_t> currentImage() const { return current_; }
  /// Layer toggles of both canvases (heatmap and tag layers are not offered here).
  void setOptions(const RenderOptions& options);
  const RenderOptions& options() const { return options_; }
  /// Makes the other canvas show what `from` shows (zoom and scroll position).
  void syncCanvases(ImageCanvas* from);

  /// The comparison in `format` (core's formatComparisonMarkdown / Csv / Json); "" without one.
  std::string formatComparison(TableFormat format) const;
  /// Writes formatComparison(format) / formatImageDeltasCsv to `path`; false and `error` set
  /// when there is no comparison or the file cannot be written.
  bool exportComparison(TableFormat format, const QString& path, QString* error = nullptr) const;
  bool exportImageDeltas(const QString& path, QString* error = nullptr) const;
  /// Writes the full-resolution overlays of the current image of A and B to `pathA` / `pathB`.
  bool exportCanvases(const QString& pathA, const QString& pathB, QString* error = nullptr) const;

  MetricComparisonModel* metricModel() const { return metricModel_; }
  SideBySideModel* summaryModel() const { return summaryModel_; }
  ImageDeltaModel* imageModel() const { return imageModel_; }
  QTableView* imageTable() const { return imageTable_; }
  QCustomPlot* timingPlot() const { return timingPlot_; }
  ImageCanvas* canvas(Side s) const { return s == A ? canvasA_ : canvasB_; }
  /// The notes line (comparison notes, warnings, errors).
  QString notesText() const;

 Q_SIGNALS:
  /// A new comparison is shown.
  void comparisonChanged();
  /// Image `imageId` is shown in the canvases.
  void imageShown(qlonglong imageId);
  /// The user asked to set up and run two evaluations to compare ("Run A and B…").
  void runPairRequested();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void chooseRun(Side side);
  void recompare();
  void updatePathLabels();
  void clearComparison();
  void rebuildTimingPlot();
  void showSideImage(Side s, std::int64_t imageId);
  void updateOptionsFromBoxes();
  void exportFromMenu(int what);

  std::optional<CompareSide> a_, b_;
  std::optional<RunComparison> comparison_;
  DeltaOrder order_ = DeltaOrder::Ap;
  std::optional<std::int64_t> current_;
  RenderOptions options_;
  bool syncing_ = false;
  QString error_;
  QString labelA_, labelB_;  // run labels, with the folder names when the labels are equal

  QLabel* pathA_ = nullptr;
  QLabel* pathB_ = nullptr;
  QLabel* notes_ = nullptr;
  QComboBox* orderBox_ = nullptr;
  QPushButton* runPairButton_ = nullptr;
  MetricComparisonModel* metricModel_ = nullptr;
  SideBySideModel* summaryModel_ = nullptr;
  ImageDeltaModel* imageModel_ = nullptr;
  QTableView* metricTable_ = nullptr;
  QTableView* summaryTable_ = nullptr;
  QTableView* imageTable_ = nullptr;
  QCustomPlot* timingPlot_ = nullptr;
  ImageCanvas* canvasA_ = nullptr;
  ImageCanvas* canvasB_ = nullptr;
  QLabel* captionA_ = nullptr;
  QLabel* captionB_ = nullptr;
  QCheckBox* layerBoxes_[4] = {};
};

}  // namespace posescope
