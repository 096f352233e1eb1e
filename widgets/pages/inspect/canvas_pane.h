#pragma once
// The Inspect page's centre: the image canvas with what is drawn over it and the lines around it.

#include <QWidget>

#include "render/render_options.h"

class QLabel;

namespace posescope {

class ColorBar;
class DisplayFilterBanner;
class DisplayFilterBar;
class ElidedLabel;
class ImageCanvas;
class OverlayLegend;

/// From the top: `toolbars` (the layer bar), the display filters, the banner saying what they
/// hide, the legend, the warning that the run's inputs changed, the canvas with the heatmap's
/// colour bar, the status line. Its widgets are InspectView's to drive. Never throws.
class CanvasPane : public QWidget {
  Q_OBJECT
 public:
  /// The filters and colour bar set as `options` draws.
  CanvasPane(QWidget* toolbars, const RenderOptions& options, QWidget* parent = nullptr);

  ImageCanvas* canvas() const { return canvas_; }
  ColorBar* colorBar() const { return colorBar_; }
  OverlayLegend* legend() const { return legend_; }
  DisplayFilterBar* filterBar() const { return filters_; }
  DisplayFilterBanner* filterBanner() const { return filterBanner_; }
  ElidedLabel* statusLabel() const { return status_; }

  /// Warns that the run's inputs `changed` since it ran ("": hides the warning).
  void showChangedInputs(const QString& changed);
  /// The warning's text ("" when hidden).
  QString inputsWarning() const;

 private:
  ImageCanvas* canvas_ = nullptr;
  ColorBar* colorBar_ = nullptr;
  OverlayLegend* legend_ = nullptr;
  DisplayFilterBar* filters_ = nullptr;
  DisplayFilterBanner* filterBanner_ = nullptr;
  QLabel* inputsBanner_ = nullptr;
  ElidedLabel* status_ = nullptr;
};

}  // namespace posescope
