#pragma once
// The Timing page: per-image stacked bars of the pipeline stages, a histogram of per-image
// totals and median / p90 / max / mean per stage (core/report's timing statistics), the first
// (warm-up) image marked and left out of the statistics.

#include <QWidget>
#include <optional>
#include <vector>

#include "pipeline/image_record.h"
#include "report/timing_stats.h"

class QCustomPlot;
class QCPBars;
class QCPItemText;
class QLabel;
class QMouseEvent;
class QSplitter;
class QTableView;
class QTimer;

namespace posescope {

class ElidedLabel;
class RunDocument;
class TimingStatsModel;

/// Shows the timings of a run's records (failed records are left out of the plots and the
/// statistics). The warm-up images (each replica's first forward, each new input size's:
/// warmUpPositions) have their bars marked and, when there are others, are left out of the
/// statistics and the histogram, their count and slowest time given apart. The plots zoom (wheel)
/// and pan (drag); clicking a bar selects that image and emits imageSelected, double-clicking emits
/// imageActivated. Never throws.
class TimingView : public QWidget {
  Q_OBJECT
 public:
  explicit TimingView(QWidget* parent = nullptr);

  /// Shows `records` (replaces everything; the selection is kept when the image is still there).
  void setRecords(std::vector<ImageRecord> records);
  const std::vector<ImageRecord>& records() const { return records_; }
  /// Shows the timings of `document`'s run: at once when another run is shown, at most twice a
  /// second while a run in progress adds records; keeps the highlighted bar on its current
  /// image, makes a clicked bar's image the current one, and names its run above the plots.
  void followDocument(RunDocument* document);
  /// The folder of the run whose timings are shown, as named above the plots ("" before any).
  QString runFolder() const { return runFolder_; }
  /// The statistics shown: over the evaluated images but the warm-up ones (when others exist).
  const TimingStats& stats() const;
  /// The dataset indices of the warm-up images set apart, in record order.
  std::vector<std::size_t> warmUpImages() const;
  /// The caption above the plots (counts, median, p90, the warm-up image).
  QString captionText() const;
  /// False for a run whose records have no timings (imported predictions): the page says so
  /// instead of plotting.
  bool hasTimings() const { return hasTimings_; }
  /// The histogram of per-image totals as plotted.
  const Histogram& totalsHistogram() const { return histogram_; }

  /// Highlights the bar of dataset image `datasetIndex`; false (selection cleared) when it has no
  /// bar (unknown or failed image). Does not emit imageSelected.
  bool selectImage(std::size_t datasetIndex);
  std::optional<std::size_t> selectedImage() const { return selected_; }
  /// The dataset index of the bar at plot key `key` (bar position), or nullopt.
  std::optional<std::size_t> imageAtKey(double key) const;

  QCustomPlot* stagePlot() const { return stagePlot_; }
  TimingStatsModel* statsModel() const { return model_; }
  /// The stacked bars, one per stage (StageTimings order).
  const std::vector<QCPBars*>& stageBars() const { return stageBars_; }

  /// Writes both plots of the records shown now (catching up first when the page was hidden
  /// while they changed; false with `error` set for a run without timings): `path` is the stage
  /// plot's file (.png or .pdf), the histogram goes next to it with "_totals" before the suffix;
  /// `written` receives each file written. Returns false and sets `error` when one cannot be
  /// written.
  bool savePlots(const QString& path, QStringList* written = nullptr, QString* error = nullptr);

 public Q_SLOTS:
  /// Shows the whole data again after zooming or panning.
  void resetZoom();

 Q_SIGNALS:
  /// The user clicked the bar of dataset image `datasetIndex`.
  void imageSelected(qulonglong datasetIndex);
  /// The user double-clicked the bar of dataset image `datasetIndex`.
  void imageActivated(qulonglong datasetIndex);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void rebuild();
  void showRun(const QString& runDir);
  void catchUp();
  /// The records of the document's run shown, without their people.
  std::vector<ImageRecord> documentRecords() const;
  /// Shows documentRecords() now, or notes the page stale while it is hidden.
  void refreshRecords();
  void applySelection();
  void onPlotClick(QMouseEvent* event, bool activate);
  void onPlotHover(QMouseEvent* event);

  std::vector<ImageRecord> records_;
  std::vector<std::size_t> barRecords_;     // bar position -> records_ position
  std::vector<std::size_t> warmUps_;        // records_ positions of the warm-ups set apart
  std::vector<QCPItemText*> warmUpLabels_;  // one above each warm-up's bar
  Histogram histogram_;
  std::optional<std::size_t> selected_;
  QCustomPlot* stagePlot_ = nullptr;
  QCustomPlot* histogramPlot_ = nullptr;
  std::vector<QCPBars*> stageBars_;
  QCPBars* histogramBars_ = nullptr;
  TimingStatsModel* model_ = nullptr;
  QTableView* table_ = nullptr;
  QLabel* caption_ = nullptr;
  QString runFolder_;
  QLabel* runName_ = nullptr;       // "Run NAME" above the caption
  ElidedLabel* runPath_ = nullptr;  // the folder holding it, cut from the left
  QSplitter* plots_ = nullptr;      // both plots and the table
  QLabel* noTimings_ = nullptr;     // in their place when the records have no timings
  bool hasTimings_ = true;
  QTimer* refresh_ = nullptr;
  const RunDocument* document_ = nullptr;  // whose run is shown
  std::vector<ImageRecord> arrived_;       // of the run in progress, without their people
  bool stale_ = false;                     // records changed while the page was hidden
};

/// Number of histogram bins for `n` values: ceil(sqrt(n)) within [1, 40]. Never fails.
std::size_t histogramBinCount(std::size_t n);

}  // namespace posescope
