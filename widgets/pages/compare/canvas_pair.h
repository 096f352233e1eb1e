#pragma once
// The Compare page's two image canvases (A and B) with shared layers, zoom and scroll position.

#include <QWidget>

#include "render/render_options.h"

class QCheckBox;
class QLabel;

namespace posescope {

class DisplayFilterBanner;
class DisplayFilterBar;
class ImageCanvas;
class OverlayLegend;

/// Two ImageCanvases side by side under one row of layer toggles (predictions, ground truth,
/// crowd, matches, errors: the Inspect page's error labels, from the scenes' jointErrors) and a
/// Fit button, one row of display filters (DisplayFilterBar: minimum score, top N, the matches'
/// OKS threshold) with a banner saying what a filter off its default hides on each side
/// (DisplayFilterBanner) and the overlay's legend; whatever one canvas shows (zoom, scroll,
/// layers, filters) the other follows. Another pair of runs resets the display filters unless
/// the banner's "Keep for other runs" is ticked, as the Inspect page does for another run.
/// Heatmap and tag layers are not offered. Never throws.
class CanvasPair : public QWidget {
  Q_OBJECT
 public:
  enum Side { A, B };

  explicit CanvasPair(QWidget* parent = nullptr);

  ImageCanvas* canvas(Side side) const { return side == A ? canvasA_ : canvasB_; }
  DisplayFilterBar* filterBar() const { return filters_; }
  /// What the display filters hide on each canvas (hidden while they have their defaults).
  DisplayFilterBanner* filterBanner() const { return banner_; }
  OverlayLegend* legend() const { return legend_; }
  /// Sets the caption (rich text) above canvas `side`.
  void setCaption(Side side, const QString& html);
  /// Layer toggles and display filters of both canvases; heatmap and tag layers are switched
  /// off. A new match threshold is announced by matchThresholdChanged (the scenes hold the
  /// matches: whoever made them makes them again).
  void setOptions(const RenderOptions& options);
  const RenderOptions& options() const { return options_; }
  /// Makes the other canvas show what `from` shows (fit, or zoom and scroll position).
  void sync(ImageCanvas* from);
  /// The canvases show runs `runA` and `runB` from now on: display filters set for another pair
  /// are reset, or kept when the banner's box says so, and displayFiltersFollowedRuns says which.
  /// The same two folders, in either order, change nothing; so does the first pair (filters set
  /// before it, at launch, are for it).
  void followRuns(const QString& runA, const QString& runB);

 Q_SIGNALS:
  /// The OKS threshold of the matches drawn changed (by the filter bar or setOptions).
  void matchThresholdChanged(double oks);
  /// Another pair of runs opened while display filters were set: `note` says whether they were
  /// reset or kept, for the status bar.
  void displayFiltersFollowedRuns(const QString& note);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  /// The layer toggles, in the order of the check boxes.
  enum Layer { Predictions, GroundTruth, Crowd, Matches, Errors, LayerCount };

  /// The option that layer box `layer` toggles.
  static bool& layerFlag(RenderOptions& options, int layer);
  QWidget* buildLayerBar();
  void updateOptionsFromBoxes();

  RenderOptions options_;
  QString runA_, runB_;  // the pair the display filters were last set or kept for
  bool syncing_ = false;
  ImageCanvas* canvasA_ = nullptr;
  ImageCanvas* canvasB_ = nullptr;
  QLabel* captionA_ = nullptr;
  QLabel* captionB_ = nullptr;
  QCheckBox* layerBoxes_[LayerCount] = {};
  DisplayFilterBar* filters_ = nullptr;
  DisplayFilterBanner* banner_ = nullptr;
  OverlayLegend* legend_ = nullptr;
};

}  // namespace posescope
