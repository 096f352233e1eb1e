#include "widgets/common/app_icon.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QPolygonF>

namespace posescope {

namespace {

// In the SVG's 64 x 64 units (keep the two in step).
const QPolygonF kArms{{12, 40}, {17, 31}, {22, 22}, {42, 22}, {47, 31}, {52, 40}};
const QPolygonF kSpine{QPointF(32, 22), QPointF(32, 36)};
const QPolygonF kLegs{{20, 56}, {23, 46}, {26, 36}, {38, 36}, {41, 46}, {44, 56}};

QPixmap drawIcon(int size) {
  QPixmap pixmap(size, size);
  pixmap.fill(Qt::transparent);
  QPainter p(&pixmap);
  p.setRenderHint(QPainter::Antialiasing);
  p.scale(size / 64.0, size / 64.0);
  p.setPen(Qt::NoPen);
  p.setBrush(QColor(0x1f, 0x2a, 0x36));
  p.drawRoundedRect(QRectF(2, 2, 60, 60), 12, 12);
  QPen limb(QColor(0x4f, 0xd1, 0xc5), 3.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
  p.setPen(limb);
  p.setBrush(Qt::NoBrush);
  for (const QPolygonF* line : {&kArms, &kSpine, &kLegs}) p.drawPolyline(*line);
  const QColor joint(0xf6, 0xad, 0x55);
  p.setPen(Qt::NoPen);
  p.setBrush(joint);
  p.drawEllipse(QPointF(32, 12), 5.5, 5.5);
  for (const QPolygonF* line : {&kArms, &kLegs})
    for (const QPointF& point : *line) p.drawEllipse(point, 2.6, 2.6);
  return pixmap;
}

}  // namespace

QIcon appIcon() {
  QIcon icon;
  for (int size : {16, 24, 32, 48, 64, 128, 256}) icon.addPixmap(drawIcon(size));
  return icon;
}

}  // namespace posescope
