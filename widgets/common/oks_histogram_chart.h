#pragma once
// How close the detections came at one OKS threshold: the OKS of every match and, per person,
// the best OKS of any detection (misses show below the threshold).

#include <QString>

#include "widgets/common/accuracy_chart.h"

namespace posescope {

/// Two histograms on [0, 1] side by side in each bin (OksHistograms: matched, best per person)
/// and the threshold as a vertical line. Hovering a bar gives its bin and count. Never throws.
class OksHistogramChart : public AccuracyChart {
  Q_OBJECT
 public:
  explicit OksHistogramChart(QWidget* parent = nullptr);

  /// The plot key of bin `bin`'s bar of the matches (`bestPerPerson` false) or of the people.
  double barKey(std::size_t bin, bool bestPerPerson) const;
  /// The hover text of that bar.
  QString barToolTip(std::size_t bin, bool bestPerPerson) const;
  /// One line per bin: lo, hi, matched, best_per_person.
  QString csv() const override;

 private:
  void rebuild() override;
};

}  // namespace posescope
