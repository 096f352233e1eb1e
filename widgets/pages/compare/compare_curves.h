#pragma once
// The Compare page's Curves tab: run A's and B's precision-recall curves on one chart, and their
// PCK per joint side by side at OKS .50.

#include <QString>
#include <QWidget>
#include <memory>

#include "analysis/match_accuracy.h"
#include "pipeline/run_folder.h"
#include "widgets/session/compare_analysis.h"

namespace posescope {

class JointPckChart;
class PrCurveChart;

/// The curves come from the pair's analyses (CompareAnalysis, coco-analyze's settings); the PCK
/// from each run's matching at OKS .50 with valid.py's settings (matchAccuracy, what
/// `posescope-cli metrics --accuracy` writes), computed on a pool thread as soon as the runs are
/// shown; only the latest pair's answer is drawn. Never throws.
class CompareCurves : public QWidget {
  Q_OBJECT
 public:
  explicit CompareCurves(QWidget* parent = nullptr);

  /// Starts on a new pair: the curves wait for showPairAnalysis, the PCK is computed now.
  void showRuns(const LoadedRun& a, const LoadedRun& b, const QString& nameA, const QString& nameB);
  /// Draws both runs' baseline curves from the pair's analyses.
  void showPairAnalysis(const RunPairAnalysisPtr& analysis);
  /// Says why the pair's analyses failed, in place of the curves.
  void showPairAnalysisFailed(const QString& message);
  /// Empties both charts (no pair shown); an answer still coming is dropped.
  void clear();

  /// Run A's and B's measures at OKS .50 drawn (nullptr until computed or when they failed).
  const std::shared_ptr<const MatchAccuracy>& accuracy(bool runB) const {
    return runB ? accuracyB_ : accuracyA_;
  }
  PrCurveChart* prChart() const { return prChart_; }
  JointPckChart* pckChart() const { return pckChart_; }

 Q_SIGNALS:
  /// The latest pair's PCK is drawn, or why it could not be computed is shown.
  void accuracyFinished();

 private:
  std::shared_ptr<const MatchAccuracy> accuracyA_, accuracyB_;
  QString nameA_, nameB_;
  quint64 generation_ = 0;  // of the latest pair; older answers are dropped
  PrCurveChart* prChart_ = nullptr;
  JointPckChart* pckChart_ = nullptr;
};

}  // namespace posescope
