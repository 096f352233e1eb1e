#include "widgets/common/image_canvas.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include <opencv2/core.hpp>

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
  setDragMode(QGraphicsView::ScrollHandDrag);
  setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
  setBackgroundBrush(QColor(40, 40, 40));
  // The overlay is drawn for the whole view in screen pixels: any scroll or zoom redraws it.
  setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
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

void ImageCanvas::setSelectedPerson(int person) {
  if (scene_.selectedPerson == person) return;
  scene_.selectedPerson = person;
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

RenderOptions ImageCanvas::drawnOptions() const {
  RenderOptions options = options_;
  if (!maps_) {
    options.showHeatmap = options.showTags = false;
    options.projectMaps = true;
  }
  // Screen pixels: renderOverlayView draws them so at any zoom.
  if (options.jointRadius <= 0) options.jointRadius = kScreenJointRadius;
  if (options.lineWidth <= 0) options.lineWidth = kScreenLineWidth;
  options.outputScale = 1.0;
  return options;
}

QImage ImageCanvas::render(const QTransform& pictureToView, const QSize& size) const {
  const cv::Matx23d affine(pictureToView.m11(), pictureToView.m21(), pictureToView.dx(),
                           pictureToView.m12(), pictureToView.m22(), pictureToView.dy());
  const cv::Mat rgb(image_.height(), image_.width(), CV_8UC3, const_cast<uchar*>(image_.bits()),
                    static_cast<size_t>(image_.bytesPerLine()));
  const cv::Mat out = renderOverlayView(rgb, scene_, drawnOptions(), maps_.get(), affine,
                                        cv::Size(size.width(), size.height()));
  return rgbBytesToQImage(out.data, out.cols, out.rows, out.step);
}

QImage ImageCanvas::overlayImage() const {
  if (image_.isNull()) return {};
  try {
    return render(QTransform(), pictureSize_);
  } catch (const std::exception&) {
    return {};
  }
}

void ImageCanvas::redraw() {
  const QSize previous = pictureSize_;
  const RenderOptions options = drawnOptions();
  networkResolution_ = !image_.isNull() && !options.projectMaps;
  pictureSize_ = networkResolution_ ? QSize(maps_->width, maps_->height) : image_.size();
  renderError_.clear();
  rebuildHoverItems();
  scene()->setSceneRect(QRectF(QPointF(0, 0), QSizeF(pictureSize_)));
  if (fitting_ || previous != pictureSize_) fit();
  // Drawn now, so that a rendering error is reported with the change that caused it.
  viewStale_ = true;
  updateView();
  viewport()->update();
  Q_EMIT redrawn();
}

void ImageCanvas::updateView() {
  const QTransform transform = viewportTransform();
  const QRect target =
      transform.mapRect(sceneRect()).toAlignedRect().intersected(viewport()->rect());
  if (image_.isNull() || target.isEmpty()) {
    view_ = QImage();
    viewRect_ = QRect();
    return;
  }
  if (!viewStale_ && target == viewRect_ && transform == viewTransform_) return;
  viewStale_ = false;
  viewRect_ = target;
  viewTransform_ = transform;
  // Picture pixel i covers [i, i + 1) of the scene; core puts pixel centres at whole numbers.
  const QTransform pictureToView =
      QTransform::fromTranslate(0.5, 0.5) * transform *
      QTransform::fromTranslate(-target.left() - 0.5, -target.top() - 0.5);
  try {
    view_ = render(pictureToView, target.size());
  } catch (const std::exception& e) {
    view_ = QImage();
    const QString message = QString::fromStdString(e.what());
    if (message != renderError_) {
      renderError_ = message;
      Q_EMIT renderFailed(message);
    }
  }
}

void ImageCanvas::drawBackground(QPainter* painter, const QRectF& rect) {
  QGraphicsView::drawBackground(painter, rect);
  updateView();
  if (!view_.isNull()) {
    painter->save();
    painter->resetTransform();  // viewport pixels: the view is drawn as rendered
    painter->drawImage(viewRect_.topLeft(), view_);
    painter->restore();
  } else if (!renderError_.isEmpty()) {
    painter->drawImage(sceneRect(), image_);  // the plain image; the error is in the status
  }
}

QImage ImageCanvas::framedExport(const QString& title) const {
  if (image_.isNull()) return {};
  RenderOptions options = drawnOptions();
  const cv::Size base = options.projectMaps ? cv::Size(image_.width(), image_.height())
                                            : cv::Size(maps_->width, maps_->height);
  options.outputScale = exportScaleFor(base);
  options.jointRadius = options.lineWidth = 0;  // drawn for the exported size
  const cv::Mat rgb(image_.height(), image_.width(), CV_8UC3, const_cast<uchar*>(image_.bits()),
                    static_cast<size_t>(image_.bytesPerLine()));
  const cv::Mat framed = frameForExport(renderOverlay(rgb, scene_, options, maps_.get()),
                                        options.outputScale, title.toStdString(), scene_, options);
  QImage exported = rgbBytesToQImage(framed.data, framed.cols, framed.rows, framed.step);
  setOverlayText(exported, scene_, options);
  return exported;
}

void ImageCanvas::rebuildHoverItems() {
  for (QGraphicsItem* item : hoverItems_) {
    scene()->removeItem(item);
    delete item;
  }
  hoverItems_.clear();
  if (image_.isNull()) return;
  // In screen pixels, as the joints are drawn.
  const double radius = std::max(4.0, drawnOptions().jointRadius + 1.0);
  auto add = [&](double x, double y, const QString& tip) {
    auto* item = new QGraphicsEllipseItem(-radius, -radius, 2 * radius, 2 * radius);
    item->setPos(toPicture(x, y) + QPointF(0.5, 0.5));  // the centre of the joint's pixel
    item->setFlag(QGraphicsItem::ItemIgnoresTransformations);
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
  if (options_.showPredictions || options_.showErrors) {
    for (size_t p = 0; p < scene_.predictions.size(); ++p) {
      const auto& person = scene_.predictions[p];
      const bool labelled = options_.showErrors && p < scene_.jointErrors.size() &&
                            scene_.jointErrors[p].size() == person.joints.size();
      for (size_t j = 0; j < person.joints.size(); ++j) {
        const auto& joint = person.joints[j];
        if (joint[2] < options_.jointThreshold) continue;
        QString tip = tr("Person %1 \u00b7 %2\nscore %3\ntag %4\nat (%5, %6)")
                          .arg(p + 1)
                          .arg(jointName(scene_.skeleton, j))
                          .arg(joint[2], 0, 'f', 3)
                          .arg(joint[3], 0, 'f', 3)
                          .arg(joint[0], 0, 'f', 1)
                          .arg(joint[1], 0, 'f', 1);
        if (labelled)
          tip += tr("\nerror label: %1")
                     .arg(QString::fromStdString(jointLabelName(scene_.jointErrors[p][j].label)));
        add(joint[0], joint[1], tip);
      }
    }
  }
}

QString ImageCanvas::toolTipAt(const QPointF& p) const {
  for (const QGraphicsItem* item : scene()->items(p + QPointF(0.5, 0.5), Qt::IntersectsItemShape,
                                                  Qt::DescendingOrder, viewportTransform()))
    if (!item->toolTip().isEmpty()) return item->toolTip();
  return {};
}

void ImageCanvas::fit() {
  fitting_ = true;
  if (pictureSize_.isEmpty()) return;
  fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

void ImageCanvas::zoomBy(double factor) {
  fitting_ = false;
  const double z = zoom() * factor;
  if (z < 0.02 || z > 80) return;
  scale(factor, factor);
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

void ImageCanvas::resizeEvent(QResizeEvent* event) {
  QGraphicsView::resizeEvent(event);
  if (fitting_) fit();
}

void ImageCanvas::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) {
    fitting_ = false;  // a pan keeps its place on resize
    pressPos_ = event->position().toPoint();
  }
  QGraphicsView::mousePressEvent(event);
}

void ImageCanvas::mouseReleaseEvent(QMouseEvent* event) {
  QGraphicsView::mouseReleaseEvent(event);
  const QPoint at = event->position().toPoint();
  if (event->button() == Qt::LeftButton && (at - pressPos_).manhattanLength() <= 3)
    Q_EMIT personClicked(personAt(at));
}

int ImageCanvas::personAt(const QPoint& viewPos) const {
  if (image_.isNull() || !(options_.showPredictions || options_.showErrors)) return -1;
  const std::vector<bool> shown = shownPeople(scene_, options_);
  int nearest = -1, boxed = -1;
  double nearestDistance = kPickRadius, smallestBox = 0;
  for (std::size_t p = 0; p < scene_.predictions.size(); ++p) {
    if (!shown[p]) continue;
    QRectF box;
    for (const auto& joint : scene_.predictions[p].joints) {
      if (joint[2] < options_.jointThreshold) continue;
      const QPointF v = mapFromScene(toPicture(joint[0], joint[1]) + QPointF(0.5, 0.5));
      box = box.isNull() ? QRectF(v, QSizeF(1, 1)) : box.united(QRectF(v, QSizeF(1, 1)));
      const double distance = std::hypot(v.x() - viewPos.x(), v.y() - viewPos.y());
      if (distance <= nearestDistance) {
        nearestDistance = distance;
        nearest = static_cast<int>(p);
      }
    }
    const double area = box.width() * box.height();
    if (box.contains(viewPos) && (boxed < 0 || area < smallestBox)) {
      boxed = static_cast<int>(p);
      smallestBox = area;
    }
  }
  return nearest >= 0 ? nearest : boxed;
}

}  // namespace posescope
