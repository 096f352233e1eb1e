#pragma once
// The Compare page's Curves tab: run A's and B's precision-recall curves on one chart; and, at
// one OKS threshold of the user's choice, their PCK per joint side by side, their OKS histograms
// and their score calibration on one chart each.

#include <QString>

#include "widgets/common/curves_panel.h"
#include "widgets/session/compare_analysis.h"

namespace posescope {

/// The curves come from the pair's analyses (CompareAnalysis, coco-analyze's settings); the
/// panel measures each run's matching with valid.py's settings as soon as the runs are shown (the
/// runs' inputs read once a pair). Never throws.
class CompareCurves : public CurvesPanel {
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

 private:
  QString nameA_, nameB_;
};

}  // namespace posescope
