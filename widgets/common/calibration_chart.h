#pragma once
// Whether the detection scores read as probabilities of a match at one OKS threshold: precision
// per score bin against the bin's mean score, beside the diagonal of perfect calibration, with
// the bin's true and false positives; the expected calibration error and the ranking AUC named.
// Of one run, or of run A and B.

#include <QString>

#include "widgets/common/accuracy_chart.h"

namespace posescope {

/// ScoreCalibration drawn: per score bin, its true and false positives as shares of all the
/// detections judged (bars, false positives stacked on true ones); the precision of each bin that
/// has detections at its mean score (a line); the diagonal. Comparing (setComparedAccuracies), run
/// A's and B's precision lines in the runs' colours, without the bars: the plottables are the
/// diagonal, then A's line and B's. Hovering a bar or a point gives the bin's counts. Never throws.
class CalibrationChart : public AccuracyChart {
  Q_OBJECT
 public:
  explicit CalibrationChart(QWidget* parent = nullptr);

  /// The legend's name of the precision line: "precision (ECE .042, AUC .913)" (the expected
  /// calibration error and the ranking AUC); comparing, led by the run's name ("A: x: precision
  /// ..."), run B's with `runB`.
  QString precisionName(bool runB = false) const;
  /// The hover text of score bin `bin` (comparing, of run B's with `runB`).
  QString binToolTip(std::size_t bin, bool runB = false) const;
  /// One line per score bin: lo, hi, true_positives, false_positives, mean_score, precision (-1
  /// where empty); comparing, each run's four columns (a_true_positives ... a_precision, then
  /// b_...).
  QString csv() const override;

 private:
  void rebuild() override;
  /// Draws the true and false positives of each bin, stacked, and the precision line (one run).
  void drawSingle(const ScoreCalibration& calibration);
};

}  // namespace posescope
