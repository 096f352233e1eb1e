#pragma once
// The banner over a canvas whose display filters are not their defaults: what they hide on the
// image shown, a one-click reset, and whether they are kept when another run opens.

#include <QWidget>

#include "render/overlay_scene.h"
#include "render/render_options.h"

class QCheckBox;
class QLabel;

namespace posescope {

/// "score ≥ 0.30: 5 of 5 predictions hidden — reset", with a "Keep for other runs" box; hidden
/// while every display filter has its default (core's hasDisplayFilters). Never throws.
class DisplayFilterBanner : public QWidget {
  Q_OBJECT
 public:
  explicit DisplayFilterBanner(QWidget* parent = nullptr);

  /// Says what `options`' display filters hide on `scene` (the image shown; nullptr: none is),
  /// or hides the banner when none is set.
  void showFilters(const RenderOptions& options, const OverlayScene* scene);
  /// The same for the two canvases of the Compare page: "A: 1 of 2, B: 2 of 2 predictions
  /// hidden" (a side without an image left out).
  void showFilters(const RenderOptions& options, const OverlayScene* a, const OverlayScene* b);
  /// The banner's words without markup ("" when hidden).
  QString text() const;
  /// Whether the user asked to keep the filters when another run opens (default: reset them).
  bool keepsFilters() const;
  QCheckBox* keepBox() const { return keep_; }

 Q_SIGNALS:
  /// The reset link was clicked: every display filter back to its default.
  void resetRequested();

 private:
  /// "Display filter <filters>: `what` ... reset", or hidden when `options` has none.
  void showText(const RenderOptions& options, const QString& what);

  QLabel* label_ = nullptr;
  QCheckBox* keep_ = nullptr;
};

/// The display filters of `options` in the GUI's words ("score ≥ 0.30, top 3"; "" when none).
QString displayFiltersLabel(const RenderOptions& options);

}  // namespace posescope
