#include "widgets/pages/runs/sweep_curve.h"

#include <algorithm>
#include <cmath>

#include "widgets/common/plot_utils.h"

namespace posescope {

SweepCurve::SweepCurve(QWidget* parent) : QCustomPlot(parent) {
  setUpPlot(this);
  const QColor color = paletteColor(0);
  QColor band = color;
  band.setAlpha(50);
  low_ = addGraph();
  low_->setPen(QPen(band.darker(120), 1));
  high_ = addGraph();
  high_->setPen(QPen(band.darker(120), 1));
  high_->setBrush(band);
  high_->setChannelFillGraph(low_);
  value_ = addGraph();
  value_->setPen(QPen(color, 2));
  value_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 7));
  best_ = addGraph();
  best_->setLineStyle(QCPGraph::lsNone);
  best_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 1.5), Qt::NoBrush, 14));
  // No legend: the page's line above says what the band and the ring are.
  legend->setVisible(false);
}

bool SweepCurve::setSweep(const SweepSummary& sweep, const std::string& stat) {
  for (QCPGraph* g : {low_, high_, value_, best_}) g->data()->clear();
  const auto at = std::find(sweep.statNames.begin(), sweep.statNames.end(), stat);
  const bool byEpoch = std::all_of(sweep.checkpoints.begin(), sweep.checkpoints.end(),
                                   [](const SweepCheckpoint& c) { return c.epoch.has_value(); });
  xAxis->setLabel(byEpoch ? tr("epoch") : tr("checkpoint"));
  yAxis->setLabel(QString::fromStdString(stat));
  if (at == sweep.statNames.end()) {
    replot();
    return false;
  }
  const auto s = static_cast<std::size_t>(at - sweep.statNames.begin());
  double low = INFINITY, high = -INFINITY, xLow = INFINITY, xHigh = -INFINITY;
  for (std::size_t i = 0; i < sweep.checkpoints.size(); ++i) {
    const SweepCheckpoint& c = sweep.checkpoints[i];
    if (c.stats.size() <= s) continue;
    const double x = byEpoch ? *c.epoch : static_cast<double>(i + 1);
    const double lo = c.low.size() > s ? c.low[s] : c.stats[s];
    const double hi = c.high.size() > s ? c.high[s] : c.stats[s];
    value_->addData(x, c.stats[s]);
    low_->addData(x, lo);
    high_->addData(x, hi);
    if (sweep.bestVsSecond && sweep.bestVsSecond->best == i && sweep.rankedBy == stat)
      best_->addData(x, c.stats[s]);
    low = std::min({low, lo, c.stats[s]});
    high = std::max({high, hi, c.stats[s]});
    xLow = std::min(xLow, x);
    xHigh = std::max(xHigh, x);
  }
  if (value_->data()->isEmpty()) {
    replot();
    return false;
  }
  const double margin = std::max(0.08 * (high - low), 0.01);
  yAxis->setRange(low - margin, high + margin);
  const double xMargin = std::max(0.05 * (xHigh - xLow), 0.5);
  xAxis->setRange(xLow - xMargin, xHigh + xMargin);
  replot();
  return true;
}

}  // namespace posescope
