#pragma once
// The Results page's Curves tab: the precision-recall curves of the run shown at each OKS
// threshold and area range of its evaluation settings, with each error type fixed overlaid.

#include <QWidget>

#include "widgets/session/run_analysis.h"

class QLabel;

namespace posescope {

class PrCurveChart;

/// Follows the analysis the Results page shows (its curves follow a re-evaluation's settings).
/// Never throws.
class CurvesView : public QWidget {
  Q_OBJECT
 public:
  explicit CurvesView(QWidget* parent = nullptr);

  /// Shows the curves of `analysis`; nullptr clears them.
  void setAnalysis(const RunAnalysisPtr& analysis);
  /// Shows that the analysis is being computed, or why it failed, in place of the charts.
  void setMessage(const QString& message);

  PrCurveChart* prChart() const { return prChart_; }

 private:
  QLabel* note_ = nullptr;
  PrCurveChart* prChart_ = nullptr;
};

}  // namespace posescope
