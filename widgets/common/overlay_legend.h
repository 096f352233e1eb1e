#pragma once
// The legend of what an image canvas draws, shared by the Inspect and Compare pages.

#include <QLabel>

namespace posescope {

/// One wrapped line naming each mark of the overlay in its colour (core/render/palette.h):
/// ground truth, predictions, a match and its OKS, an unmatched prediction, a missed person, a
/// crowd region. Never throws.
class OverlayLegend : public QLabel {
  Q_OBJECT
 public:
  explicit OverlayLegend(QWidget* parent = nullptr);
};

}  // namespace posescope
