#pragma once
// The legend of what an image canvas draws, shared by the Inspect and Compare pages.

#include <QLabel>

namespace posescope {

/// One wrapped line naming each mark of the overlay in its colour (core/render/palette.h):
/// ground truth, predictions, a match and its OKS, an unmatched prediction, a missed person, a
/// crowd region; with the error layer on, the joint labels' colours too. Never throws.
class OverlayLegend : public QLabel {
  Q_OBJECT
 public:
  explicit OverlayLegend(QWidget* parent = nullptr);

  /// Adds (or removes) the error layer's label colours: good, jitter, inversion, swap, miss,
  /// unlabelled.
  void setErrorLabelsShown(bool shown);
  bool errorLabelsShown() const { return errorLabelsShown_; }

 private:
  void updateText();

  bool errorLabelsShown_ = false;
};

}  // namespace posescope
