#pragma once
// Whether the detection scores read as probabilities of a match at one OKS threshold: precision
// per score bin against the bin's mean score, beside the diagonal of perfect calibration, with
// the bin's true and false positives; the expected calibration error and the ranking AUC named.

#include <QString>

#include "widgets/common/accuracy_chart.h"

namespace posescope {

/// ScoreCalibration drawn: per score bin, its true and false positives as shares of all the
/// detections judged (bars, false positives stacked on true ones); the precision of each bin that
/// has detections at its mean score (a line); the diagonal. Hovering a bar gives the bin's counts.
/// Never throws.
class CalibrationChart : public AccuracyChart {
  Q_OBJECT
 public:
  explicit CalibrationChart(QWidget* parent = nullptr);

  /// The legend's name of the precision line: "precision (ECE .042, AUC .913)" (the expected
  /// calibration error and the ranking AUC).
  QString precisionName() const;
  /// The hover text of score bin `bin`.
  QString binToolTip(std::size_t bin) const;
  /// One line per score bin: lo, hi, true_positives, false_positives, mean_score, precision (-1
  /// where empty).
  QString csv() const override;

 private:
  void rebuild() override;
};

}  // namespace posescope
