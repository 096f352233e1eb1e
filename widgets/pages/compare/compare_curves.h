#pragma once
// The Compare page's Curves tab: run A's and B's precision-recall curves on one chart; and, at
// one OKS threshold of the user's choice, their PCK per joint side by side, their OKS histograms
// and their score calibration on one chart each.

#include <QString>
#include <QWidget>
#include <memory>

#include "analysis/match_accuracy.h"
#include "pipeline/run_folder.h"
#include "widgets/session/compare_analysis.h"

class QDoubleSpinBox;
class QLabel;

namespace posescope {

class CalibrationChart;
class JointPckChart;
class OksHistogramChart;
class PrCurveChart;
struct RunEvaluationInput;

/// The curves come from the pair's analyses (CompareAnalysis, coco-analyze's settings); the
/// matching's measures from each run's matching at the threshold chosen (OKS .50 at first) with
/// valid.py's settings (matchAccuracy, what `posescope-cli metrics --accuracy --accuracy-oks T`
/// writes), computed on a pool thread as soon as the runs are shown and again when the threshold
/// changes (the runs' inputs read once a pair); only the latest request is drawn. Never throws.
class CompareCurves : public QWidget {
  Q_OBJECT
 public:
  explicit CompareCurves(QWidget* parent = nullptr);

  /// Starts on a new pair: the curves wait for showPairAnalysis, the measures are computed now.
  /// `readA` and `readB`, when given, are the runs' ground truth and results already read.
  void showRuns(LoadedRunPtr a, LoadedRunPtr b, const QString& nameA, const QString& nameB,
                RunEvaluationInputPtr readA = nullptr, RunEvaluationInputPtr readB = nullptr);
  /// Draws both runs' baseline curves from the pair's analyses.
  void showPairAnalysis(const RunPairAnalysisPtr& analysis);
  /// Says why the pair's analyses failed, in place of the curves.
  void showPairAnalysisFailed(const QString& message);
  /// Empties the charts (no pair shown); an answer still coming is dropped.
  void clear();
  /// The OKS threshold of the matching (0.5 at first); a change computes both runs' measures
  /// again.
  void setAccuracyOks(double oks);
  double accuracyOks() const;

  /// Run A's and B's measures drawn (nullptr until computed or when they failed).
  const std::shared_ptr<const MatchAccuracy>& accuracy(bool runB) const {
    return runB ? accuracyB_ : accuracyA_;
  }
  PrCurveChart* prChart() const { return prChart_; }
  JointPckChart* pckChart() const { return pckChart_; }
  OksHistogramChart* oksHistogramChart() const { return oksChart_; }
  CalibrationChart* calibrationChart() const { return calibrationChart_; }

 Q_SIGNALS:
  /// The latest request's measures are drawn, or why they could not be computed is shown.
  void accuracyFinished();

 private:
  /// Starts computing both runs' measures at the threshold chosen.
  void computeAccuracy();
  /// Shows A's and B's measures on the three charts (nullptr with `message`: none, and why).
  void showAccuracies(std::shared_ptr<const MatchAccuracy> a,
                      std::shared_ptr<const MatchAccuracy> b, const QString& message);

  LoadedRunPtr runA_, runB_;
  // The runs' ground truth and results, once read (nullptr before).
  std::shared_ptr<const RunEvaluationInput> inputA_, inputB_;
  std::shared_ptr<const MatchAccuracy> accuracyA_, accuracyB_;
  QString nameA_, nameB_;
  quint64 pairGeneration_ = 0;  // of the pair shown; inputs read for an older one are dropped
  quint64 generation_ = 0;      // of the latest request; older answers are dropped
  QDoubleSpinBox* oksBox_ = nullptr;
  QLabel* accuracyStatus_ = nullptr;
  PrCurveChart* prChart_ = nullptr;
  JointPckChart* pckChart_ = nullptr;
  OksHistogramChart* oksChart_ = nullptr;
  CalibrationChart* calibrationChart_ = nullptr;
};

}  // namespace posescope
