#include "widgets/common/image_canvas.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsPixmapItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include "render/export_frame.h"
#include "render/overlay_renderer.h"
#include "render/skeleton_layers.h"
#include "widgets/common/overlay_image.h"

namespace posescope {

namespace {

QString jointName(const SkeletonSpec& skeleton, size_t joint) {
  return joint < skeleton.jointNames.size() ? QString::fromStdString(skeleton.jointNames[joint])
                                            : QStringLiteral("joint %1").arg(joint);
}

}  // namespace

ImageCanvas::ImageCanvas(QWidget* parent) : QGraphicsView(parent) {
  setScene(new QGraphicsScene(this));
  pixmap_ = scene()->addPixmap({});
  pixmap_->setTransformationMode(Qt::FastTransformation);  // pixels stay visible when zoomed
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setBackgroundBrush(QColor(40, 40, 40));
  setRenderHint(QPainter::SmoothPixmapTransform, false);
  setMinimumSize(200, 150);
}

void ImageCanvas::setImage(const QImage& image, OverlayScene scene, ImageMapsPtr maps) {
  image_ = image.convertToFormat(QImage::Format_RGB888);
  scene_ = std::move(scene);
  if (maps && (maps->joints <= 0 || maps->width <= 0 || maps->height <= 0)) maps.reset();
  maps_ = std::move(maps);
  redraw();
}

void ImageCanvas::setMaps(ImageMapsPtr maps) {
  if (maps && (maps->joints <= 0 || maps->width <= 0 || maps->height <= 0)) maps.reset();
  maps_ = std::move(maps);
  redraw();
}

void ImageCanvas::setOptions(const RenderOptions& options) {
  options_ = options;
  redraw();
}

bool ImageCanvas::hasMaps() const {
  return maps_ != nullptr;
}

bool ImageCanvas::atNetworkResolution() const {
  return networkResolution_;
}

QPointF ImageCanvas::toPicture(double x, double y) const {
  if (!networkResolution_ || !maps_) return {x, y};
  const auto& a = maps_->mapToImage;  // map -> image; invert it
  const double det = a[0] * a[4] - a[1] * a[3];
  if (det == 0) return {x, y};
  const double dx = x - a[2], dy = y - a[5];
  return {(a[4] * dx - a[1] * dy) / det, (-a[3] * dx + a[0] * dy) / det};
}

RenderOptions ImageCanvas::drawnOptions(double scale) const {
  RenderOptions options = options_;
  if (!maps_) {
    options.showHeatmap = options.showTags = false;
    options.projectMaps = true;
  }
  const cv::Size base = options.projectMaps ? cv::Size(image_.width(), image_.height())
                                            : cv::Size(maps_->width, maps_->height);
  // Strokes grow with the square root of the scale: thinner on screen than the zoom would make
  // them (a crowded image stays legible), thick enough to see, and drawn crisp.
  const StrokeSizes sizes = strokeSizesFor(options, base);
  const double grow = std::sqrt(scale);
  options.jointRadius = static_cast<int>(std::lround(sizes.jointRadius * grow));
  options.lineWidth = std::max(1, static_cast<int>(std::lround(sizes.lineWidth * grow)));
  options.outputScale = scale;
  return options;
}

void ImageCanvas::redraw() {
  if (image_.isNull()) {
    overlay_ = QImage();
    pictureSize_ = QSize();
    pixmap_->setPixmap({});
    rebuildHoverItems(0);
    return;
  }
  const QSize previous = pictureSize_;
  try {
    const RenderOptions options = drawnOptions(renderScale_);
    networkResolution_ = !options.projectMaps;
    const cv::Mat rgb(image_.height(), image_.width(), CV_8UC3, const_cast<uchar*>(image_.bits()),
                      static_cast<size_t>(image_.bytesPerLine()));
    const cv::Mat out = renderOverlay(rgb, scene_, options, maps_.get());
    overlay_ = rgbBytesToQImage(out.data, out.cols, out.rows, out.step);
    pictureSize_ = QSize(static_cast<int>(std::lround(out.cols / renderScale_)),
                         static_cast<int>(std::lround(out.rows / renderScale_)));
    rebuildHoverItems(std::max(4.0, options.jointRadius + 1.0));
  } catch (const std::exception& e) {
    overlay_ = image_;
    pictureSize_ = image_.size();
    renderScale_ = 1.0;
    networkResolution_ = false;
    rebuildHoverItems(0);
    Q_EMIT renderFailed(QString::fromStdString(e.what()));
  }
  pixmap_->setPixmap(QPixmap::fromImage(overlay_));
  pixmap_->setScale(1.0 / renderScale_);  // the scene stays in picture pixels
  scene()->setSceneRect(QRectF(QPointF(0, 0), QSizeF(pictureSize_)));
  if (fitting_ || previous != pictureSize_) fit();
  Q_EMIT redrawn();
}

void ImageCanvas::updateRenderScale() {
  if (image_.isNull()) return;
  // Only what is on screen needs the detail: a hidden canvas draws at picture size.
  double wanted = isVisible() ? std::clamp(std::ceil(zoom() - 1e-6), 1.0, 4.0) : 1.0;
  const double pixels = double(image_.width()) * image_.height();
  while (wanted > 1 && pixels * wanted * wanted > 8e6) wanted -= 1;
  if (wanted == renderScale_) return;
  renderScale_ = wanted;
  redraw();
}

QImage ImageCanvas::framedExport(const QString& title) const {
  if (image_.isNull()) return {};
  RenderOptions options = drawnOptions(1.0);
  const cv::Size base = options.projectMaps ? cv::Size(image_.width(), image_.height())
                                            : cv::Size(maps_->width, maps_->height);
  options.outputScale = exportScaleFor(base);
  options.jointRadius = options.lineWidth = 0;  // drawn for the exported size
  const cv::Mat rgb(image_.height(), image_.width(), CV_8UC3, const_cast<uchar*>(image_.bits()),
                    static_cast<size_t>(image_.bytesPerLine()));
  const cv::Mat framed = frameForExport(renderOverlay(rgb, scene_, options, maps_.get()),
                                        options.outputScale, title.toStdString());
  return rgbBytesToQImage(framed.data, framed.cols, framed.rows, framed.step);
}

void ImageCanvas::rebuildHoverItems(double radius) {
  for (QGraphicsItem* item : hoverItems_) {
    scene()->removeItem(item);
    delete item;
  }
  hoverItems_.clear();
  if (radius <= 0) return;
  auto add = [&](double x, double y, const QString& tip) {
    const QPointF p = toPicture(x, y);
    auto* item = new QGraphicsEllipseItem(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius);
    item->setPen(Qt::NoPen);
    item->setBrush(Qt::transparent);
    item->setToolTip(tip);
    scene()->addItem(item);
    hoverItems_.push_back(item);
  };
  // Ground truth first, so predicted joints (added later, on top) win where both are.
  if (options_.showGroundTruth) {
    for (const auto& person : scene_.groundTruth) {
      if (person.isCrowd) continue;
      for (size_t j = 0; 3 * j + 2 < person.keypoints.size(); ++j) {
        const double v = person.keypoints[3 * j + 2];
        if (v <= 0) continue;
        add(person.keypoints[3 * j], person.keypoints[3 * j + 1],
            tr("Ground truth %1 \u00b7 %2\n%3")
                .arg(person.id)
                .arg(jointName(scene_.skeleton, j))
                .arg(v >= 2 ? tr("visible") : tr("occluded")));
      }
    }
  }
  if (options_.showPredictions) {
    for (size_t p = 0; p < scene_.predictions.size(); ++p) {
      const auto& person = scene_.predictions[p];
      for (size_t j = 0; j < person.joints.size(); ++j) {
        const auto& joint = person.joints[j];
        if (joint[2] < options_.jointThreshold) continue;
        add(joint[0], joint[1],
            tr("Person %1 \u00b7 %2\nscore %3\ntag %4\nat (%5, %6)")
                .arg(p + 1)
                .arg(jointName(scene_.skeleton, j))
                .arg(joint[2], 0, 'f', 3)
                .arg(joint[3], 0, 'f', 3)
                .arg(joint[0], 0, 'f', 1)
                .arg(joint[1], 0, 'f', 1));
      }
    }
  }
}

QString ImageCanvas::toolTipAt(const QPointF& p) const {
  for (const QGraphicsItem* item : scene()->items(p))
    if (!item->toolTip().isEmpty()) return item->toolTip();
  return {};
}

void ImageCanvas::fit() {
  fitting_ = true;
  if (overlay_.isNull()) return;
  fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
  updateRenderScale();
}

void ImageCanvas::zoomBy(double factor) {
  fitting_ = false;
  const double z = zoom() * factor;
  if (z < 0.02 || z > 80) return;
  scale(factor, factor);
  updateRenderScale();
}

double ImageCanvas::zoom() const {
  return transform().m11();
}

void ImageCanvas::wheelEvent(QWheelEvent* event) {
  const double steps = event->angleDelta().y() / 120.0;
  if (steps == 0) return;
  zoomBy(std::pow(1.25, steps));
  event->accept();
}

void ImageCanvas::showEvent(QShowEvent* event) {
  QGraphicsView::showEvent(event);
  updateRenderScale();
}

void ImageCanvas::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (fitting_) fit();
}

void ImageCanvas::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) fitting_ = false;  // a pan keeps its place on resize
  QGraphicsView::mousePressEvent(event);
}

}  // namespace posescope
