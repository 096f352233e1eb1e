#pragma once
// How close each joint comes on the people matched at one OKS threshold: PCK at ks >= 0.5 and
// >= 0.75 and the mean ks per joint, then all joints pooled; or run A's and B's PCK side by side.

#include <QString>
#include <memory>
#include <vector>

#include "widgets/common/accuracy_chart.h"

namespace posescope {

/// Bars per joint (the category's order, then "all"): PCK@0.5, PCK@0.75 and mean ks of one
/// MatchAccuracy, or the PCK@0.5 of two (Compare: setComparedAccuracies). A joint without labelled
/// joints has no bar. Hovering a bar gives the joint's values. Never throws.
class JointPckChart : public AccuracyChart {
  Q_OBJECT
 public:
  /// One series of bars: a value per joint and the pooled one last (-1: undefined, not drawn).
  struct Series {
    QString name;
    std::vector<double> values;
  };

  explicit JointPckChart(QWidget* parent = nullptr);

  /// The joint names along the axis ("all" last) and the series drawn, one bar set each.
  const QStringList& jointNames() const { return jointNames_; }
  const std::vector<Series>& series() const { return series_; }
  /// The plot key of series `series`' bar at joint `joint` (the bars of a joint side by side).
  double barKey(std::size_t series, std::size_t joint) const;
  /// The hover text of series `series`' bar at joint `joint`.
  QString barToolTip(std::size_t series, std::size_t joint) const;
  /// posescope-cli metrics --accuracy-csv's table of the accuracy shown; comparing, each line
  /// led by the run's name.
  QString csv() const override;

 private:
  void rebuild() override;

  QStringList jointNames_;
  std::vector<Series> series_;
};

}  // namespace posescope
