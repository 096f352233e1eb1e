#pragma once
// The Compare page's "Time per stage" tab: run A's and B's mean milliseconds per image at each
// stage of the evaluation, side by side.

#include <QString>

#include "widgets/common/qcp.h"

namespace posescope {

struct CompareSide;
struct RunComparison;

/// Bars of A and B at each stage, in the runs' colours, the legend under the plot one run a row,
/// under a title naming both run folders (an exported plot is seen away from the page that
/// names them). Never throws.
class CompareTimingPlot : public QCustomPlot {
  Q_OBJECT
 public:
  explicit CompareTimingPlot(QWidget* parent = nullptr);

  /// Draws the timings of `comparison`'s runs `a` and `b`, named `labelA` and `labelB`.
  void showRuns(const RunComparison& comparison, const CompareSide& a, const CompareSide& b,
                const QString& labelA, const QString& labelB);
  /// No pair: empty axes under the plain title.
  void clear();

 private:
  QCPTextElement* title_ = nullptr;
};

}  // namespace posescope
