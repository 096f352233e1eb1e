#pragma once
// Accuracy against cost: points in groups (a legend entry each), the Pareto front of the points
// (no point with a higher y at a lower x), points greyed out of it, an optional vertical limit
// (a budget), labelled and in the legend; the legend stands beside the axes, never over a point.
// The Search page's candidates and the Runs page's runs are drawn by it.

#include <QColor>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "widgets/common/qcp.h"

namespace posescope {

/// One point of the scatter.
struct ScatterPoint {
  QString key;  // what the signals name: a candidate key, a run folder
  double x = 0, y = 0;
  int group = 0;        // position in the groups given with the points
  QString toolTip;      // shown while the mouse is over the point
  bool greyed = false;  // drawn grey, left out of the front
};

/// How the points of one group are drawn, and their legend entry.
struct ScatterGroup {
  QString name;
  QColor color;
  QCPScatterStyle::ScatterShape shape = QCPScatterStyle::ssDisc;
  double size = 7;
};

/// A QCustomPlot of points with their Pareto front for the highest y at the lowest x. A click on
/// a point emits pointClicked, a double click pointDoubleClicked (the point's key); hovering
/// shows its tool tip. Never throws.
class ParetoScatter : public QCustomPlot {
  Q_OBJECT
 public:
  explicit ParetoScatter(QWidget* parent = nullptr);

  void setAxisLabels(const QString& x, const QString& y);
  /// The legend entry of greyed points ("greyed out" until set).
  void setGreyedName(const QString& name);
  /// A dashed vertical line at `x`, kept in view, named `name` in the legend and beside the line;
  /// nullopt hides it. Takes effect with the next setPoints.
  void setLimitLine(std::optional<double> x, const QString& name = {});
  /// Draws `points` (one graph per group of `groups` that has points, one for the greyed ones)
  /// and the front of those not greyed, on axes fitted to them (equal ys get a narrow band).
  void setPoints(std::vector<ScatterPoint> points, const std::vector<ScatterGroup>& groups);

  const std::vector<ScatterPoint>& points() const { return points_; }
  /// The graph of the front, from the lowest x.
  QCPGraph* frontGraph() const { return front_; }
  /// The keys of the points on the front, from the lowest x.
  QStringList frontKeys() const;
  /// The point drawn nearest to plot pixel `pos`, within 10 px.
  std::optional<QString> pointNear(const QPointF& pos) const;

 Q_SIGNALS:
  void pointClicked(const QString& key);
  void pointDoubleClicked(const QString& key);

 private:
  void fitAxes();
  void showToolTip(QMouseEvent* event);

  std::vector<ScatterPoint> points_;
  std::vector<std::size_t> frontPoints_;  // positions in points_, from the lowest x
  QString greyedName_;
  std::optional<double> limit_;
  QCPGraph* front_ = nullptr;
  QString limitName_;
  QCPItemStraightLine* limitLine_ = nullptr;
  QCPGraph* limitEntry_ = nullptr;  // no data: the limit line's legend entry
  QCPItemText* limitLabel_ = nullptr;
};

}  // namespace posescope
