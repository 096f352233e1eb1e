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

class QGraphicsItem;

namespace posescope {

/// A QGraphicsView showing the current image with its overlay (layers as the RenderOptions say)
/// and one invisible hover item per drawn joint whose tooltip names the joint, its score and tag.
/// The scene is in picture pixels (the image, or the maps at network resolution); the overlay is
/// drawn after the view transform, in screen pixels (renderOverlayView), so lines, joints and
/// OKS labels keep one size on screen at any zoom. Wheel zooms at the cursor, dragging pans,
/// fit() shows the whole image (and stays fitted on resize until the user zooms). Without maps
/// the heatmap and tag layers are skipped and everything is drawn at image resolution. Never
/// throws: on a rendering error the plain image is shown and renderFailed() says why.
class ImageCanvas : public QGraphicsView {
  Q_OBJECT
 public:
  explicit ImageCanvas(QWidget* parent = nullptr);

  /// Shows `image` (converted to RGB) with `scene`'s people and `maps` (nullptr: none yet),
  /// drawing once.
  void setImage(const QImage& image, OverlayScene scene, ImageMapsPtr maps = nullptr);
  /// The maps of the current image (nullptr: none; maps of a failed record count as none).
  void setMaps(ImageMapsPtr maps);
  /// Boxes predicted person `person` of the scene (-1: none); redraws.
  void setSelectedPerson(int person);
  /// New layer toggles and styles; redraws. Invalid options are reported by renderFailed().
  void setOptions(const RenderOptions& options);
  const RenderOptions& options() const { return options_; }
  /// The people, ground truth and matches drawn over the image; nullptr when no image is shown.
  const OverlayScene* overlayScene() const { return image_.isNull() ? nullptr : &scene_; }
  bool hasMaps() const;
  /// Whether the picture is at network resolution now (asked for and maps available).
  bool atNetworkResolution() const;

  /// Joint radius and line width on screen, at any zoom (unless the options set their own).
  static constexpr int kScreenJointRadius = 4;
  static constexpr int kScreenLineWidth = 2;

  /// The whole picture at zoom 1 (image size; map size at network resolution), drawn as the
  /// canvas draws it; null without an image or when it cannot be drawn.
  QImage overlayImage() const;
  /// The picture as the viewport last painted it, in viewport pixels (see viewRect()); null when
  /// no part of the picture was in view.
  QImage viewImage() const { return view_; }
  /// Where viewImage() lies in the viewport.
  QRect viewRect() const { return viewRect_; }
  /// The picture as shown (maps included), redrawn large enough to read on its own and framed
  /// for export with `title` and the layers and filters drawn with above, a scale bar and a
  /// legend below (frameForExport), the PNG text saying the same (setOverlayText); null when no
  /// image. Throws as renderOverlay.
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
  /// The drawn predicted person at viewport position `viewPos`: the one with a shown joint
  /// nearest to it (within kPickRadius screen pixels), else the smallest whose joints' box holds
  /// it; -1 when none (or predictions and errors are not drawn).
  int personAt(const QPoint& viewPos) const;
  static constexpr int kPickRadius = 12;

 Q_SIGNALS:
  /// The picture was redrawn (new image, maps or options).
  void redrawn();
  void renderFailed(const QString& message);
  /// A click (not a drag) at a predicted person (`person` indexes the scene's predictions) or
  /// at none (-1).
  void personClicked(int person);

 protected:
  void drawBackground(QPainter* painter, const QRectF& rect) override;
  void wheelEvent(QWheelEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;

 private:
  /// New image, maps or options: the picture's size, hover items and view are redone.
  void redraw();
  void rebuildHoverItems();
  /// Options as drawn now: maps' layers off without maps, the screen's stroke sizes.
  RenderOptions drawnOptions() const;
  /// The picture seen through `pictureToView` (picture pixels to output pixels) at `size`.
  /// Throws as renderOverlayView.
  QImage render(const QTransform& pictureToView, const QSize& size) const;
  /// Draws the view again when what is in view changed since it was last drawn; a rendering
  /// error is reported once and the plain image shown instead.
  void updateView();

  QImage image_;  // RGB888
  OverlayScene scene_;
  ImageMapsPtr maps_;
  RenderOptions options_;
  bool networkResolution_ = false;
  bool fitting_ = true;
  QSize pictureSize_;  // the scene's size: the image, or the maps at network resolution
  std::vector<QGraphicsItem*> hoverItems_;
  // The view as last drawn, and what it was drawn for.
  QImage view_;
  QRect viewRect_;
  QTransform viewTransform_;
  bool viewStale_ = true;
  QString renderError_;  // the last rendering error ("" when drawn)
  QPoint pressPos_;      // where the left button went down, to tell a click from a drag
};

}  // namespace posescope
