#pragma once
// The viewer's image canvas: the overlay layers of core/render on one image, with zoom, pan,
// fit and hover tooltips on joints.

#include <QGraphicsView>
#include <QImage>
#include <QString>
#include <vector>

#include "render/overlay_scene.h"
#include "render/render_options.h"
#include "widgets/session/inspect_worker.h"

class QGraphicsPixmapItem;
class QGraphicsItem;

namespace posescope {

/// A QGraphicsView showing renderOverlay()'s picture of the current image (layers as the
/// RenderOptions say) and one invisible hover item per drawn joint whose tooltip names the joint,
/// its score and tag. Wheel zooms at the cursor, dragging pans, fit() shows the whole image (and
/// stays fitted on resize until the user zooms). Without maps the heatmap and tag layers are
/// skipped and everything is drawn at image resolution. Never throws: a rendering error is shown
/// in place of the overlay and reported by renderFailed().
class ImageCanvas : public QGraphicsView {
  Q_OBJECT
 public:
  explicit ImageCanvas(QWidget* parent = nullptr);

  /// Shows `image` (converted to RGB) with `scene`'s people and `maps` (nullptr: none yet),
  /// drawing once.
  void setImage(const QImage& image, OverlayScene scene, ImageMapsPtr maps = nullptr);
  /// The maps of the current image (nullptr: none; maps of a failed record count as none).
  void setMaps(ImageMapsPtr maps);
  /// New layer toggles and styles; redraws. Invalid options are reported by renderFailed().
  void setOptions(const RenderOptions& options);
  const RenderOptions& options() const { return options_; }
  bool hasMaps() const;
  /// Whether the picture is at network resolution now (asked for and maps available).
  bool atNetworkResolution() const;

  /// The composed picture as drawn: image size (map size at network resolution) times
  /// renderScale().
  QImage overlayImage() const { return overlay_; }
  /// Output pixels per picture pixel the overlay is drawn at: 1 up to a zoom of 1 (and while
  /// hidden), then the zoom rounded up (at most 4, and at most 8 megapixels), so that strokes and
  /// OKS labels stay crisp when zoomed in; they grow with the square root of the zoom only.
  double renderScale() const { return renderScale_; }
  /// The picture as shown (maps included), redrawn large enough to read on its own and framed
  /// for export with `title` above and a scale bar below (frameForExport); null when no image.
  /// Throws as renderOverlay.
  QImage framedExport(const QString& title) const;
  /// Where image pixel (x, y) is in the picture (identity at image resolution).
  QPointF toPicture(double x, double y) const;
  /// The tooltip of the hover item at picture position `p` ("" when none).
  QString toolTipAt(const QPointF& p) const;

  /// Shows the whole picture and keeps it fitted on resize.
  void fit();
  /// Whether the canvas shows the whole picture and refits on resize (until the user zooms or
  /// pans).
  bool isFitting() const { return fitting_; }
  /// Zooms by `factor` around the view's centre and stops fitting on resize.
  void zoomBy(double factor);
  /// Current zoom (view pixels per picture pixel).
  double zoom() const;

 Q_SIGNALS:
  /// The picture was redrawn (new image, maps or options).
  void redrawn();
  void renderFailed(const QString& message);

 protected:
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  void redraw();
  void rebuildHoverItems(double radius);
  /// Options as drawn now: maps' layers off without maps, stroke sizes fixed to those of the
  /// picture at scale 1 (so they keep their size on screen), `scale` as output scale.
  RenderOptions drawnOptions(double scale) const;
  /// Redraws at the render scale the zoom asks for, when it changed.
  void updateRenderScale();

  QImage image_;  // RGB888
  OverlayScene scene_;
  ImageMapsPtr maps_;
  RenderOptions options_;
  QImage overlay_;
  bool networkResolution_ = false;
  bool fitting_ = true;
  double renderScale_ = 1.0;
  QSize pictureSize_;  // the picture at scale 1
  QGraphicsPixmapItem* pixmap_ = nullptr;
  std::vector<QGraphicsItem*> hoverItems_;
};

}  // namespace posescope
