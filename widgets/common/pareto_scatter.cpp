#include "widgets/common/pareto_scatter.h"

#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <map>

#include "widgets/common/plot_utils.h"

namespace posescope {

ParetoScatter::ParetoScatter(QWidget* parent) : QCustomPlot(parent), greyedName_(tr("greyed out")) {
  setUpPlot(this);
  setMouseTracking(true);
  front_ = addGraph();
  front_->setName(tr("Pareto front"));
  front_->setPen(QPen(Qt::black, 1.5));
  front_->setLineStyle(QCPGraph::lsStepLeft);
  // A ring around each front member, so a front of one point shows too.
  front_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 1.5), Qt::NoBrush, 12));
  const QPen limitPen(Qt::darkRed, 1.5, Qt::DashLine);
  limitLine_ = new QCPItemStraightLine(this);
  limitLine_->setPen(limitPen);
  limitLine_->setVisible(false);
  // A line item has no legend entry: an empty graph drawn with its pen stands in for it.
  limitEntry_ = addGraph();
  limitEntry_->setPen(limitPen);
  limitEntry_->removeFromLegend();
  // Along the line, on its right where a budget leaves no points, read from the bottom up.
  limitLabel_ = new QCPItemText(this);
  limitLabel_->position->setTypeX(QCPItemPosition::ptPlotCoords);
  limitLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
  limitLabel_->setRotation(-90);
  limitLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
  limitLabel_->setPadding(QMargins(4, 2, 4, 2));
  limitLabel_->setColor(Qt::darkRed);
  limitLabel_->setVisible(false);
  legend->setVisible(true);
  putLegendRightOfAxes(this);
  connect(this, &QCustomPlot::mouseMove, this, &ParetoScatter::showToolTip);
  connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
    if (const auto key = pointNear(event->position())) Q_EMIT pointClicked(*key);
  });
  connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
    if (const auto key = pointNear(event->position())) Q_EMIT pointDoubleClicked(*key);
  });
}

void ParetoScatter::setAxisLabels(const QString& x, const QString& y) {
  xAxis->setLabel(x);
  yAxis->setLabel(y);
}

void ParetoScatter::setGreyedName(const QString& name) {
  greyedName_ = name;
}

void ParetoScatter::setLimitLine(std::optional<double> x, const QString& name) {
  limit_ = x;
  limitName_ = name;
}

void ParetoScatter::setPoints(std::vector<ScatterPoint> points,
                              const std::vector<ScatterGroup>& groups) {
  points_ = std::move(points);
  for (int i = graphCount() - 1; i >= 0; --i)
    if (graph(i) != front_ && graph(i) != limitEntry_) removeGraph(i);
  // One graph per group in the groups' order (the legend's), the greyed points' first: under
  // the others.
  QCPGraph* greyed = nullptr;
  std::map<int, QCPGraph*> byGroup;
  for (const ScatterPoint& p : points_) {
    if (p.greyed) {
      if (!greyed) {
        greyed = addGraph();
        greyed->setLineStyle(QCPGraph::lsNone);
        greyed->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(190, 190, 190),
                                                QColor(210, 210, 210), 6));
        greyed->setName(greyedName_);
      }
      greyed->addData(p.x, p.y);
    } else if (p.group >= 0 && p.group < static_cast<int>(groups.size())) {
      byGroup[p.group] = nullptr;
    }
  }
  for (auto& [index, g] : byGroup) {
    const ScatterGroup& group = groups[static_cast<std::size_t>(index)];
    g = addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(group.shape, group.color, group.color, group.size));
    g->setName(group.name);
  }
  for (const ScatterPoint& p : points_)
    if (!p.greyed && byGroup.count(p.group)) byGroup[p.group]->addData(p.x, p.y);

  // The front: sorted by x (then the higher y first), each point with a higher y than every
  // cheaper one.
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < points_.size(); ++i)
    if (!points_[i].greyed) order.push_back(i);
  std::sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
    const ScatterPoint &pa = points_[a], &pb = points_[b];
    return pa.x != pb.x ? pa.x < pb.x : pa.y > pb.y;
  });
  frontPoints_.clear();
  front_->data()->clear();
  double best = -INFINITY;
  for (std::size_t i : order)
    if (points_[i].y > best) {
      frontPoints_.push_back(i);
      front_->addData(points_[i].x, points_[i].y);
      best = points_[i].y;
    }
  moveLayer(front_->layer(), layer("main"));
  if (limit_) {
    limitLine_->point1->setCoords(*limit_, 0);
    limitLine_->point2->setCoords(*limit_, 1);
    limitLabel_->position->setCoords(*limit_, 0);
    limitLabel_->setText(limitName_);
    limitEntry_->setName(limitName_);
  }
  limitLine_->setVisible(limit_.has_value());
  limitLabel_->setVisible(limit_.has_value() && !limitName_.isEmpty());
  // Last in the legend, after the groups.
  limitEntry_->removeFromLegend();
  if (limit_ && !limitName_.isEmpty()) limitEntry_->addToLegend();
  fitAxes();
  replot();
}

void ParetoScatter::fitAxes() {
  if (points_.empty()) return;
  // From the data, not QCustomPlot's rescale, which widens an empty range to +-1: equal ys (an
  // untrained supernet scores 0 everywhere) get a narrow band around them.
  double xLow = INFINITY, xHigh = -INFINITY, yLow = INFINITY, yHigh = -INFINITY;
  for (const ScatterPoint& p : points_) {
    xLow = std::min(xLow, p.x);
    xHigh = std::max(xHigh, p.x);
    yLow = std::min(yLow, p.y);
    yHigh = std::max(yHigh, p.y);
  }
  const double xSpan = xHigh - xLow;
  xAxis->setRange(xLow - 0.05 * xSpan - 1e-3,
                  std::max(xHigh, limit_.value_or(xHigh)) + 0.05 * xSpan + 1e-3);
  const double margin = std::max(0.05 * (yHigh - yLow), 0.01);
  yAxis->setRange(yLow - margin, yHigh + margin);
}

QStringList ParetoScatter::frontKeys() const {
  QStringList keys;
  for (std::size_t i : frontPoints_) keys << points_[i].key;
  return keys;
}

std::optional<QString> ParetoScatter::pointNear(const QPointF& pos) const {
  std::optional<QString> nearest;
  double bestDistance = 10.0;
  for (const ScatterPoint& p : points_) {
    const double d =
        std::hypot(xAxis->coordToPixel(p.x) - pos.x(), yAxis->coordToPixel(p.y) - pos.y());
    if (d <= bestDistance) {
      bestDistance = d;
      nearest = p.key;
    }
  }
  return nearest;
}

void ParetoScatter::showToolTip(QMouseEvent* event) {
  const auto key = pointNear(event->position());
  const auto point = std::find_if(points_.begin(), points_.end(),
                                  [&](const ScatterPoint& p) { return key && p.key == *key; });
  if (point == points_.end() || point->toolTip.isEmpty()) {
    QToolTip::hideText();
    return;
  }
  QToolTip::showText(event->globalPosition().toPoint(), point->toolTip, this);
}

}  // namespace posescope
