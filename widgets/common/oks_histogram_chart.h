#pragma once
// How close the detections came at one OKS threshold: the OKS of every match and, per person,
// the best OKS of any detection (misses show below the threshold); of one run, or of run A and B.

#include <QString>

#include "widgets/common/accuracy_chart.h"

namespace posescope {

/// Two histograms on [0, 1] side by side in each bin (OksHistograms: matched, best per person)
/// and the threshold as a vertical line. Comparing (setComparedAccuracies), run A's and B's
/// matches side by side in each bin and each run's best per person as a step line (B's dashed; two
/// points a bin, its left and right edge), in the runs' colours; the plottables in that order: A's
/// bars, A's line, B's bars, B's line, the threshold. Hovering a bar or a line gives its bin and
/// count. Never throws.
class OksHistogramChart : public AccuracyChart {
  Q_OBJECT
 public:
  explicit OksHistogramChart(QWidget* parent = nullptr);

  /// The plot key of bin `bin`'s bar of the matches (`bestPerPerson` false) or of the people.
  double barKey(std::size_t bin, bool bestPerPerson) const;
  /// The hover text of that bar (or, comparing, of run B's with `runB`).
  QString barToolTip(std::size_t bin, bool bestPerPerson, bool runB = false) const;
  /// One line per bin: lo, hi, matched, best_per_person; comparing, each run's two columns
  /// (a_matched, a_best_per_person, b_matched, b_best_per_person).
  QString csv() const override;

 private:
  void rebuild() override;
  /// Draws run A's and B's histograms (comparing); returns the largest count.
  double drawCompared();
};

}  // namespace posescope
