#include "widgets/common/oks_histogram_chart.h"

#include <algorithm>

#include "analysis/match_accuracy.h"
#include "common/number_text.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

namespace {

// The number of values a histogram counted, out of range ones included.
std::size_t totalOf(const EqualWidthHistogram& histogram) {
  std::size_t total = histogram.below + histogram.above;
  for (std::size_t n : histogram.counts) total += n;
  return total;
}

// The key at `fraction` of bin `bin`'s width.
double keyIn(const EqualWidthHistogram& histogram, std::size_t bin, double fraction) {
  const double lo = histogram.edges[bin], hi = histogram.edges[bin + 1];
  return lo + (hi - lo) * fraction;
}

}  // namespace

OksHistogramChart::OksHistogramChart(QWidget* parent)
    : AccuracyChart(QStringLiteral("oks-histogram"), parent) {
  exportButton()->setObjectName(QStringLiteral("oksHistogramExport"));
  QCustomPlot* p = plot();
  p->xAxis->setLabel(tr("OKS"));
  p->yAxis->setLabel(tr("count"));
  p->xAxis->setRange(0, 1);
  putLegendAbove(p, 2);
  showPlotToolTips(p, [this](QCPAbstractPlottable* plottable, int index) {
    // The histograms' bars and lines carry "bestPerPerson"; a line has two points a bin.
    if (index < 0 || !plottable->property("bestPerPerson").isValid()) return QString();
    const bool line = qobject_cast<QCPGraph*>(plottable) != nullptr;
    return barToolTip(static_cast<std::size_t>(line ? index / 2 : index),
                      plottable->property("bestPerPerson").toBool(),
                      plottable->property("runB").toBool());
  });
  rebuild();
}

double OksHistogramChart::barKey(std::size_t bin, bool bestPerPerson) const {
  const CategoryAccuracy* c = category();
  if (!c || bin + 1 >= c->oks.matched.edges.size()) return 0;
  // Matches in the left half of the bin, people in the right half.
  return keyIn(c->oks.matched, bin, bestPerPerson ? 0.7 : 0.3);
}

double OksHistogramChart::drawCompared() {
  QCustomPlot* p = plot();
  double most = 1;
  for (const bool runB : {false, true}) {
    const CategoryAccuracy* c = category(runB);
    if (!c) continue;
    const QColor color = runColor(runB ? RunSideColor::B : RunSideColor::A);
    // The matches as bars, A's in the left half of each bin and B's in the right half.
    const EqualWidthHistogram& matched = c->oks.matched;
    auto* bars = new QCPBars(p->xAxis, p->yAxis);
    bars->setName(tr("%1: matched (%2)").arg(runName(runB)).arg(totalOf(matched)));
    bars->setProperty("bestPerPerson", false);
    bars->setProperty("runB", runB);
    bars->setBrush(color);
    bars->setPen(Qt::NoPen);
    for (std::size_t i = 0; i < matched.counts.size(); ++i) {
      bars->setWidth((matched.edges[i + 1] - matched.edges[i]) * 0.4);
      bars->addData(keyIn(matched, i, runB ? 0.7 : 0.3), static_cast<double>(matched.counts[i]));
      most = std::max(most, static_cast<double>(matched.counts[i]));
    }
    // The people as the outline of their histogram: each bin's top from its left edge to its
    // right (explicit points, so that the SVG export draws the same steps).
    const EqualWidthHistogram& best = c->oks.bestPerPerson;
    QCPGraph* line = p->addGraph();
    line->setName(tr("%1: best per person (%2)").arg(runName(runB)).arg(totalOf(best)));
    line->setProperty("bestPerPerson", true);
    line->setProperty("runB", runB);
    // B's dashed: where both runs count the same, A's line shows between the dashes.
    line->setPen(QPen(color, 2, runB ? Qt::DashLine : Qt::SolidLine));
    for (std::size_t i = 0; i < best.counts.size(); ++i) {
      line->addData(best.edges[i], static_cast<double>(best.counts[i]));
      line->addData(best.edges[i + 1], static_cast<double>(best.counts[i]));
      most = std::max(most, static_cast<double>(best.counts[i]));
    }
  }
  return most;
}

void OksHistogramChart::rebuild() {
  QCustomPlot* p = plot();
  p->clearPlottables();
  const CategoryAccuracy* c = category();
  double most = 1;
  p->setNotAntialiasedElements(comparing_ ? QCP::aeNone : QCP::aePlottables);  // lines over bars
  if (c && comparing_) {
    most = drawCompared();
  } else if (c) {
    const EqualWidthHistogram* histograms[] = {&c->oks.matched, &c->oks.bestPerPerson};
    for (int h = 0; h < 2; ++h) {
      const EqualWidthHistogram& histogram = *histograms[h];
      const std::size_t total = totalOf(histogram);
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
  }
  if (c) {
    // The threshold: matches lie at or above it, people whose best lies below it are missed.
    QCPGraph* line = p->addGraph();
    line->setName(tr("threshold OKS %1").arg(oksThresholdText(accuracy_->oksThreshold)));
    line->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.5, Qt::DashLine));
    line->addData(accuracy_->oksThreshold, 0);
    line->addData(accuracy_->oksThreshold, most * 1.1);
    setTitle(
        tr("<b>OKS histogram</b> at OKS %1 (area %2)%3")
            .arg(oksThresholdText(accuracy_->oksThreshold), QString::fromStdString(accuracy_->area),
                 comparing_ ? tr(": bars the matches, lines each person's best OKS") : QString()));
  } else {
    setTitle(tr("<b>OKS histogram</b>"));
  }
  p->yAxis->setRange(0, most * 1.1);
  p->legend->setVisible(c != nullptr);
  p->replot();
}

QString OksHistogramChart::barToolTip(std::size_t bin, bool bestPerPerson, bool runB) const {
  const CategoryAccuracy* c = category(runB);
  if (!c || bin >= c->oks.matched.counts.size()) return {};
  const EqualWidthHistogram& h = bestPerPerson ? c->oks.bestPerPerson : c->oks.matched;
  const bool last = bin + 1 == h.counts.size();
  return tr("%1OKS [%2, %3%4: %5")
      .arg(comparing_ ? runName(runB) + QStringLiteral(", ") : QString())
      .arg(h.edges[bin], 0, 'f', 2)
      .arg(h.edges[bin + 1], 0, 'f', 2)
      .arg(last ? QLatin1Char(']') : QLatin1Char(')'))
      .arg(bestPerPerson ? tr("%n person(s) at best", nullptr, static_cast<int>(h.counts[bin]))
                         : tr("%n matched detection(s)", nullptr, static_cast<int>(h.counts[bin])));
}

QString OksHistogramChart::csv() const {
  const CategoryAccuracy* a = category();
  const CategoryAccuracy* b = category(true);
  QString out =
      comparing_ ? QStringLiteral("lo,hi,a_matched,a_best_per_person") +
                       (b ? QStringLiteral(",b_matched,b_best_per_person\n") : QStringLiteral("\n"))
                 : QStringLiteral("lo,hi,matched,best_per_person\n");
  if (!a) return out;
  // A category's two counts in bin i (0 past its bins).
  const auto counts = [](const CategoryAccuracy& c, std::size_t i) {
    const auto count = [i](const EqualWidthHistogram& h) {
      return i < h.counts.size() ? h.counts[i] : std::size_t{0};
    };
    return QStringLiteral(",%1,%2").arg(count(c.oks.matched)).arg(count(c.oks.bestPerPerson));
  };
  for (std::size_t i = 0; i < a->oks.matched.counts.size(); ++i) {
    out += QString::fromStdString(shortestRoundTrip(a->oks.matched.edges[i])) + QLatin1Char(',') +
           QString::fromStdString(shortestRoundTrip(a->oks.matched.edges[i + 1])) + counts(*a, i) +
           (b ? counts(*b, i) : QString()) + QLatin1Char('\n');
  }
  return out;
}

}  // namespace posescope
