#include "widgets/common/oks_histogram_chart.h"

#include <algorithm>

#include "analysis/match_accuracy.h"
#include "common/number_text.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

OksHistogramChart::OksHistogramChart(QWidget* parent)
    : AccuracyChart(QStringLiteral("oks-histogram"), parent) {
  exportButton()->setObjectName(QStringLiteral("oksHistogramExport"));
  QCustomPlot* p = plot();
  p->xAxis->setLabel(tr("OKS"));
  p->yAxis->setLabel(tr("count"));
  p->xAxis->setRange(0, 1);
  putLegendAbove(p, 2);
  showPlotToolTips(p, [this](QCPAbstractPlottable* plottable, int index) {
    auto* bars = qobject_cast<QCPBars*>(plottable);
    if (!bars || index < 0 || index >= bars->dataCount()) return QString();
    return barToolTip(static_cast<std::size_t>(index), bars->property("bestPerPerson").toBool());
  });
  rebuild();
}

double OksHistogramChart::barKey(std::size_t bin, bool bestPerPerson) const {
  const CategoryAccuracy* c = category();
  if (!c || bin + 1 >= c->oks.matched.edges.size()) return 0;
  const double lo = c->oks.matched.edges[bin], hi = c->oks.matched.edges[bin + 1];
  // Matches in the left half of the bin, people in the right half.
  return lo + (hi - lo) * (bestPerPerson ? 0.7 : 0.3);
}

void OksHistogramChart::rebuild() {
  QCustomPlot* p = plot();
  p->clearPlottables();
  const CategoryAccuracy* c = category();
  double most = 1;
  if (c) {
    const EqualWidthHistogram* histograms[] = {&c->oks.matched, &c->oks.bestPerPerson};
    for (int h = 0; h < 2; ++h) {
      const EqualWidthHistogram& histogram = *histograms[h];
      std::size_t total = histogram.below + histogram.above;
      for (std::size_t n : histogram.counts) total += n;
      auto* bars = new QCPBars(p->xAxis, p->yAxis);
      bars->setName(h == 0 ? tr("matched detections (%1)").arg(total)
                           : tr("best per person (%1)").arg(total));
      bars->setProperty("bestPerPerson", h == 1);
      bars->setBrush(paletteColor(static_cast<std::size_t>(h)));
      bars->setPen(Qt::NoPen);
      for (std::size_t i = 0; i < histogram.counts.size(); ++i) {
        const double width = histogram.edges[i + 1] - histogram.edges[i];
        bars->setWidth(width * 0.4);
        bars->addData(barKey(i, h == 1), static_cast<double>(histogram.counts[i]));
        most = std::max(most, static_cast<double>(histogram.counts[i]));
      }
    }
    // The threshold: matches lie at or above it, people whose best lies below it are missed.
    QCPGraph* line = p->addGraph();
    line->setName(tr("threshold OKS %1").arg(oksThresholdText(accuracy_->oksThreshold)));
    line->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.5, Qt::DashLine));
    line->addData(accuracy_->oksThreshold, 0);
    line->addData(accuracy_->oksThreshold, most * 1.1);
    setTitle(tr("<b>OKS histogram</b> at OKS %1 (area %2)")
                 .arg(oksThresholdText(accuracy_->oksThreshold),
                      QString::fromStdString(accuracy_->area)));
  } else {
    setTitle(tr("<b>OKS histogram</b>"));
  }
  p->yAxis->setRange(0, most * 1.1);
  p->legend->setVisible(c != nullptr);
  p->replot();
}

QString OksHistogramChart::barToolTip(std::size_t bin, bool bestPerPerson) const {
  const CategoryAccuracy* c = category();
  if (!c || bin >= c->oks.matched.counts.size()) return {};
  const EqualWidthHistogram& h = bestPerPerson ? c->oks.bestPerPerson : c->oks.matched;
  const bool last = bin + 1 == h.counts.size();
  return tr("OKS [%1, %2%3: %4")
      .arg(h.edges[bin], 0, 'f', 2)
      .arg(h.edges[bin + 1], 0, 'f', 2)
      .arg(last ? QLatin1Char(']') : QLatin1Char(')'))
      .arg(bestPerPerson ? tr("%n person(s) at best", nullptr, static_cast<int>(h.counts[bin]))
                         : tr("%n matched detection(s)", nullptr, static_cast<int>(h.counts[bin])));
}

QString OksHistogramChart::csv() const {
  QString out = QStringLiteral("lo,hi,matched,best_per_person\n");
  const CategoryAccuracy* c = category();
  if (!c) return out;
  for (std::size_t i = 0; i < c->oks.matched.counts.size(); ++i) {
    out += QStringLiteral("%1,%2,%3,%4\n")
               .arg(QString::fromStdString(shortestRoundTrip(c->oks.matched.edges[i])),
                    QString::fromStdString(shortestRoundTrip(c->oks.matched.edges[i + 1])))
               .arg(c->oks.matched.counts[i])
               .arg(i < c->oks.bestPerPerson.counts.size() ? c->oks.bestPerPerson.counts[i] : 0);
  }
  return out;
}

}  // namespace posescope
