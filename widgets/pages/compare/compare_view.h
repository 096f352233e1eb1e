#pragma once
// The Compare page: two runs A and B side by side — metrics with B − A and its bootstrap
// interval, summaries and architectures, mean time per stage, where the AP goes (A and B), their
// precision-recall curves and PCK per joint, per-image deltas with the error labels that changed,
// and two synchronised canvases.

#include <QWidget>
#include <array>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

#include "render/overlay_scene.h"
#include "render/render_options.h"
#include "report/run_comparison.h"
#include "widgets/session/compare_analysis.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/triage_queues.h"

class QCustomPlot;
class QLabel;
class QMenu;
class QTabWidget;
class QTableView;

namespace posescope {

class ApIfFixedChart;
class CanvasPair;
class CompareApCharts;
class CompareCurves;
class CompareHeaderBar;
class CompareImageList;
class CompareTimingPlot;
class ImageCanvas;
class ImageDecoder;
class ImageDeltaModel;
class MetricComparisonModel;
class RunDocument;
class SideBySideModel;
struct OpenedComparison;

/// Presents a comparison of two run folders (core/report's compareRuns) read by the session.
/// Once both are shown, the paired bootstrap and both error analyses run off the GUI thread
/// (CompareAnalysis, as `posescope-cli compare`): the metric table gains the 95 % interval of
/// B − A, the AP-if-fixed charts of A and B fill, so do the Curves tab's precision-recall curves
/// of both (the PCK per joint is computed beside them), and the per-image table says which error
/// labels changed. The per-image table lists the images where B loses most first (by Δ OKS, or Δ
/// AP); selecting one shows it in both canvases, which share image, zoom, pan and layers. Never
/// throws: problems are shown in the notes line.
class CompareView : public QWidget {
  Q_OBJECT
 public:
  enum Side { A, B };

  explicit CompareView(QWidget* parent = nullptr);

  /// Follows `document` (the window's): shows the comparison it holds and says why two runs
  /// could not be compared; Run A and B… is disabled while a run goes. Until then the page shows
  /// a document of its own. The run folders chosen here are asked for by runFolderChosen.
  void followDocument(RunDocument* document);

  /// Replaces one side in the document; compares once both sides are there. False and `error`
  /// set when the two cannot be compared (the previous comparison is kept).
  bool setSide(Side side, CompareSide loaded, QString* error = nullptr);
  /// Shows `message` (a run folder that cannot be read or compared) in the notes line.
  void showError(const QString& message);
  /// Enables "Run A and B…" (disabled while a run is going).
  void setRunPairEnabled(bool enabled);
  /// The menu behind the page's Export button (the shell's export actions).
  void setExportMenu(QMenu* menu);
  /// The tabs below the metrics: the summaries, the time per stage, where the AP goes, curves.
  enum Detail { SummaryDetail, TimingDetail, AnalysisDetail, CurvesDetail };
  void showDetail(Detail detail);
  /// Exchanges A and B (in the document).
  void swapRuns();
  /// Orders the per-image table by Δ OKS (the default) or Δ AP (images where B loses most first).
  void setOrder(DeltaOrder order);
  DeltaOrder order() const { return order_; }

  /// The comparison shown (its images in the table's order), or nullptr before both runs are open.
  const RunComparison* comparison() const { return comparison_ ? &*comparison_ : nullptr; }
  const std::optional<CompareSide>& side(Side s) const;

  /// Shows image `imageId` in both canvases and selects its row; false when neither run has it.
  bool showImage(std::int64_t imageId);
  /// Lists only the images of `queue` in the per-image table (what a click on a bar of side
  /// `side`'s AP-if-fixed chart does: the images with that error, most of it first), in the
  /// queue's order, under a line naming it and its key with "Show all images"; shows the first.
  /// Ignored before a comparison is shown.
  void showImageSelection(Side side, const ImageQueue& queue);
  /// Lists every image again.
  void showAllImages();
  /// Keeps only the first `count` images of the chart bar's selection (0: all of them).
  void keepSelectionTop(int count);
  /// The line naming the images listed, or "" when all are.
  QString imageSelectionText() const;
  std::optional<std::int64_t> currentImage() const { return current_; }
  /// The scene canvas `s` draws of image `imageId` (nullopt when that run lacks it): its people,
  /// ground truth and matches, and once the pair's analyses are there the errors layer's marks,
  /// as the Inspect page draws them.
  std::optional<OverlayScene> sceneOf(Side s, std::int64_t imageId) const;
  /// Layer toggles and display filters of both canvases (heatmap and tag layers are not offered
  /// here).
  void setOptions(const RenderOptions& options);
  const RenderOptions& options() const;

  MetricComparisonModel* metricModel() const { return metricModel_; }
  SideBySideModel* summaryModel() const { return summaryModel_; }
  ImageDeltaModel* imageModel() const { return imageModel_; }
  QCustomPlot* timingPlot() const;
  /// The AP-if-fixed chart of side `s`.
  ApIfFixedChart* apChart(Side s) const;
  /// Both runs' precision-recall curves and PCK per joint.
  CompareCurves* curves() const { return curves_; }
  /// The bootstrap and analyses of the pair shown (nullptr while they are computed or failed).
  const RunPairAnalysisPtr& pairAnalysis() const { return pairAnalysis_; }
  /// Whether the bootstrap and analyses of the pair shown are being computed.
  bool pairAnalysisRunning() const;
  CanvasPair* canvasPair() const { return canvases_; }
  ImageCanvas* canvas(Side s) const;
  /// The notes line (comparison notes, warnings, errors).
  QString notesText() const;

 Q_SIGNALS:
  /// A new comparison is shown.
  void comparisonChanged();
  /// Image `imageId` is shown in the canvases.
  void imageShown(qlonglong imageId);
  /// The user asked to set up and run two evaluations to compare ("Run A and B…").
  void runPairRequested();
  /// The user chose run folder `dir` as side `side` (Open A… / Open B…); the shell reads it.
  void runFolderChosen(int side, const QString& dir);
  /// The intervals and analyses of the pair shown arrived (or failed: pairAnalysis() is null).
  void pairAnalysisFinished();

 private:
  /// Shows the comparison the document holds now.
  void showDocumentComparison();
  QWidget* buildTables();
  void startPairAnalysis();
  /// The ground truth and results of `run` when it is the run the window shows and its analysis
  /// has read them (shared, not read again), else nullptr.
  RunEvaluationInputPtr readInputOf(const LoadedRunPtr& run) const;
  void showPairAnalysis(const RunPairAnalysisPtr& analysis);
  void showPairAnalysisFailed(const QString& message);
  void showNotes();
  QWidget* buildImagePane();
  void chooseRun(Side side);
  void recompare();
  void clearComparison();
  void showSideImage(Side s, std::int64_t imageId);

  RunDocument* document_ = nullptr;          // holds the two runs and their comparison
  std::optional<RunComparison> comparison_;  // the document's, its images sorted by order_
  DeltaOrder order_ = DeltaOrder::Oks;
  std::optional<std::int64_t> current_;
  QString labelA_, labelB_;  // run labels, with the folder names when the labels are equal
  QStringList noteLines_;    // the notes line's parts (comparison notes, warnings)
  RunPairAnalysisPtr pairAnalysis_;
  /// Per side, pairAnalysis_'s detections by image (the errors layer's), empty without it.
  std::array<std::unordered_map<std::int64_t, std::vector<std::size_t>>, 2> detectionsByImage_;
  CompareAnalysis* analysis_ = nullptr;

  CompareHeaderBar* header_ = nullptr;
  QLabel* notes_ = nullptr;
  MetricComparisonModel* metricModel_ = nullptr;
  SideBySideModel* summaryModel_ = nullptr;
  ImageDeltaModel* imageModel_ = nullptr;
  QTableView* metricTable_ = nullptr;
  QTableView* summaryTable_ = nullptr;
  CompareImageList* imageList_ = nullptr;  // the per-image table, all images or a bar's
  QTabWidget* details_ = nullptr;
  CompareTimingPlot* timingPlot_ = nullptr;
  CompareApCharts* apCharts_ = nullptr;  // where the AP goes in A and in B
  CompareCurves* curves_ = nullptr;
  CanvasPair* canvases_ = nullptr;
  ImageDecoder* decoder_ = nullptr;      // the canvases' images, decoded off the GUI thread
  std::array<QString, 2> awaitedImage_;  // per side, the file being decoded for it ("": none)
};

}  // namespace posescope
