#pragma once
// The heatmap layer's colour bar: which colour (and how much of the image showing through)
// stands for which heatmap value.

#include <QWidget>

#include "render/render_options.h"

namespace posescope {

/// A vertical bar of the heatmap colormap from 0 (bottom) to the top of the scale, drawn over a
/// grey check pattern with the opacity the overlay gives each value (transparent at 0 when the
/// options draw the value as opacity), labelled 0, half and the top ("1" for the network's
/// clamped scale, "max" when the map is normalised). Never throws.
class ColorBar : public QWidget {
  Q_OBJECT
 public:
  explicit ColorBar(QWidget* parent = nullptr);

  /// Follows the colormap, opacity, value-as-opacity and normalisation of `options`.
  void setOptions(const RenderOptions& options);
  /// The label at the top of the scale ("1" or "max").
  QString topLabel() const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  RenderOptions options_;
};

}  // namespace posescope
