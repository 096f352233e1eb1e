#pragma once
// A checkpoint sweep's curve: a stat of each checkpoint against its epoch, with the band of its
// bootstrap interval over images (sweep.json's low and high), the best checkpoint ringed.

#include <string>

#include "pipeline/sweep_summary.h"
#include "widgets/common/qcp.h"

namespace posescope {

/// Draws one stat of a SweepSummary (no legend: the band is the interval, the ring the best).
/// Checkpoints without an epoch are placed by their position (the axis then says "checkpoint");
/// checkpoints without stats (failed, pending) are left out. Never throws.
class SweepCurve : public QCustomPlot {
  Q_OBJECT
 public:
  explicit SweepCurve(QWidget* parent = nullptr);

  /// Draws stat `stat` of `sweep`; false (and an empty plot) when no checkpoint has it.
  bool setSweep(const SweepSummary& sweep, const std::string& stat);
  /// The stat's values, one point per evaluated checkpoint, by epoch.
  QCPGraph* valueGraph() const { return value_; }
  /// The band's lower and upper edges, point for point with valueGraph.
  QCPGraph* lowGraph() const { return low_; }
  QCPGraph* highGraph() const { return high_; }

 private:
  QCPGraph* low_ = nullptr;
  QCPGraph* high_ = nullptr;
  QCPGraph* value_ = nullptr;
  QCPGraph* best_ = nullptr;
};

}  // namespace posescope
