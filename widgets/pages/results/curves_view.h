#pragma once
// The Results page's Curves tab: the precision-recall curves of the run shown at each OKS
// threshold and area range of its evaluation settings, with each error type fixed overlaid; and,
// at one OKS threshold of the user's choice, PCK per joint, the OKS histogram and score
// calibration of pycocotools' matching.

#include "widgets/common/curves_panel.h"
#include "widgets/session/run_analysis.h"

class QLabel;

namespace posescope {

/// Follows the analysis the Results page shows (its curves follow a re-evaluation's settings).
/// The panel measures the matching with the evaluation settings of the metric table (valid.py's,
/// or the re-evaluation's), again when the threshold or the analysis changes. Never throws.
class CurvesView : public CurvesPanel {
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

 Q_SIGNALS:
  /// The baseline PR curve was clicked: the images of the detection that reaches that recall and
  /// of those ranked after it (pycocotools' order, at most kRankedImages images), in that order;
  /// `person` is the detection's index among its image's people.
  void detectionsRequested(const QString& title, const QList<qint64>& imageIds, int person);

 private:
  /// Finds the detection scored `score` (the baseline's at recall point `recall`) in the ranking
  /// and asks for it and those after it on the Inspect page.
  void inspectFromRecall(double recall, double score);

  RunAnalysisPtr analysis_;
  QLabel* note_ = nullptr;
};

}  // namespace posescope
