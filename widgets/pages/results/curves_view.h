#pragma once
// The Results page's Curves tab: the precision-recall curves of the run shown at each OKS
// threshold and area range of its evaluation settings, with each error type fixed overlaid; and,
// at one OKS threshold of the user's choice, PCK per joint, the OKS histogram and score
// calibration of pycocotools' matching.

#include <QWidget>
#include <memory>

#include "widgets/session/latest_job.h"
#include "widgets/session/run_analysis.h"

class QDoubleSpinBox;
class QLabel;

namespace posescope {

class CalibrationChart;
struct MatchAccuracy;
class JointPckChart;
class OksHistogramChart;
class PrCurveChart;

/// Follows the analysis the Results page shows (its curves follow a re-evaluation's settings).
/// The matching's measures are computed off the GUI thread (matchAccuracy, what `posescope-cli
/// metrics --accuracy --accuracy-oks T` writes) with the evaluation settings of the metric table
/// (valid.py's, or the re-evaluation's), again when the threshold or the analysis changes; only
/// the latest computation is shown. Never throws.
class CurvesView : public QWidget {
  Q_OBJECT
 public:
  /// The most images a click on the PR curve queues for Inspect.
  static constexpr int kRankedImages = 50;

  explicit CurvesView(QWidget* parent = nullptr);

  /// Shows the curves of `analysis` and computes its matching's measures; nullptr clears them.
  void setAnalysis(const RunAnalysisPtr& analysis);
  /// Draws the metric table's PR curve of `reevaluation` (new evaluation settings) until the
  /// analysis that follows them arrives; nothing when the analysis shown already follows them.
  void showTableCurves(const RunReevaluationPtr& reevaluation);
  /// Shows that the analysis is being computed, or why it failed, in place of the charts.
  void setMessage(const QString& message);
  /// The OKS threshold of the matching (0.5 at first); a change computes the measures again.
  void setAccuracyOks(double oks);
  double accuracyOks() const;
  /// The measures shown, or nullptr (none yet, being computed, or failed).
  const std::shared_ptr<const MatchAccuracy>& accuracy() const { return accuracy_; }
  /// The line saying what the measures are of and how long they took, or why they failed.
  QString accuracyStatus() const;

  PrCurveChart* prChart() const { return prChart_; }
  JointPckChart* pckChart() const { return pckChart_; }
  OksHistogramChart* oksHistogramChart() const { return oksChart_; }
  CalibrationChart* calibrationChart() const { return calibrationChart_; }

 Q_SIGNALS:
  /// The measures of the latest request are shown (accuracy() set), or their failure is.
  void accuracyFinished();
  /// The baseline PR curve was clicked: the images of the detection that reaches that recall and
  /// of those ranked after it (pycocotools' order, at most kRankedImages images), in that order;
  /// `person` is the detection's index among its image's people.
  void detectionsRequested(const QString& title, const QList<qint64>& imageIds, int person);

 private:
  /// Finds the detection scored `score` (the baseline's at recall point `recall`) in the ranking
  /// and asks for it and those after it on the Inspect page.
  void inspectFromRecall(double recall, double score);
  /// Starts computing the measures of analysis_ at the threshold chosen.
  void computeAccuracy();
  /// Shows `accuracy` on the three charts (nullptr with `message`: none, and why).
  void showAccuracy(std::shared_ptr<const MatchAccuracy> accuracy, const QString& message);

  RunAnalysisPtr analysis_;
  std::shared_ptr<const MatchAccuracy> accuracy_;
  LatestJob accuracyJob_;  // of the latest request; older answers are dropped
  QLabel* note_ = nullptr;
  QLabel* accuracyStatus_ = nullptr;
  QDoubleSpinBox* oksBox_ = nullptr;
  PrCurveChart* prChart_ = nullptr;
  JointPckChart* pckChart_ = nullptr;
  OksHistogramChart* oksChart_ = nullptr;
  CalibrationChart* calibrationChart_ = nullptr;
};

}  // namespace posescope
