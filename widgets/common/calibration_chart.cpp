#include "widgets/common/calibration_chart.h"

#include "analysis/match_accuracy.h"
#include "common/number_text.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

namespace {

// A measure in [0, 1] as the legend writes it: ".042", or "n/a" when undefined (-1).
QString measureText(double value) {
  if (value < 0) return QObject::tr("n/a");
  const QString text = QString::number(value, 'f', 3);
  return text.startsWith(QLatin1String("0.")) ? text.mid(1) : text;
}

QString numberText(double value) {
  return QString::fromStdString(shortestRoundTrip(value));
}

// The CSV's names of a bin's four columns, each led by `prefix` (a run's, comparing).
QString binColumns(const QString& prefix) {
  QStringList names;
  for (const char* name : {"true_positives", "false_positives", "mean_score", "precision"})
    names << prefix + QLatin1String(name);
  return names.join(QLatin1Char(','));
}

}  // namespace

CalibrationChart::CalibrationChart(QWidget* parent)
    : AccuracyChart(QStringLiteral("score-calibration"), parent) {
  exportButton()->setObjectName(QStringLiteral("calibrationExport"));
  QCustomPlot* p = plot();
  p->setNotAntialiasedElements(QCP::aeNone);  // a line over the bars
  p->xAxis->setLabel(tr("detection score"));
  p->yAxis->setLabel(tr("precision; bars: share"));
  p->xAxis->setRange(0, 1);
  p->yAxis->setRange(0, 1.05);
  putLegendAbove(p, 2);
  showPlotToolTips(p, [this](QCPAbstractPlottable* plottable, int index) {
    // The bars and the precision lines carry "runB"; a point lies in its bin (a bar at its
    // centre, a precision at its mean score).
    if (index < 0 || !plottable->property("runB").isValid()) return QString();
    const bool runB = plottable->property("runB").toBool();
    const CategoryAccuracy* c = category(runB);
    const double key = plottable->interface1D()->dataMainKey(index);
    for (std::size_t b = 0; c && b < c->calibration.bins.size(); ++b)
      if (key >= c->calibration.bins[b].lo && key <= c->calibration.bins[b].hi)
        return binToolTip(b, runB);
    return QString();
  });
  rebuild();
}

QString CalibrationChart::precisionName(bool runB) const {
  const CategoryAccuracy* c = category(runB);
  if (!c) return {};
  return tr("%1precision (ECE %2, AUC %3)")
      .arg(comparing_ ? runName(runB) + QStringLiteral(": ") : QString(),
           measureText(c->calibration.expectedCalibrationError),
           measureText(c->calibration.rankingAuc));
}

void CalibrationChart::drawSingle(const ScoreCalibration& calibration) {
  QCustomPlot* p = plot();
  const double judged = static_cast<double>(calibration.truePositives + calibration.falsePositives);
  auto* tp = new QCPBars(p->xAxis, p->yAxis);
  tp->setName(tr("true positives (%1)").arg(calibration.truePositives));
  tp->setBrush(QColor(0x9a, 0xc8, 0x9a));
  auto* fp = new QCPBars(p->xAxis, p->yAxis);
  fp->setName(tr("false positives (%1)").arg(calibration.falsePositives));
  fp->setBrush(QColor(0xe8, 0xa0, 0x98));
  fp->moveAbove(tp);
  for (QCPBars* bars : {tp, fp}) {
    bars->setPen(Qt::NoPen);
    bars->setProperty("runB", false);
  }
  for (const ScoreBin& bin : calibration.bins) {
    for (QCPBars* bars : {tp, fp}) bars->setWidth((bin.hi - bin.lo) * 0.85);
    if (judged > 0) {
      const double center = (bin.lo + bin.hi) / 2;
      tp->addData(center, static_cast<double>(bin.truePositives) / judged);
      fp->addData(center, static_cast<double>(bin.falsePositives) / judged);
    }
  }
}

void CalibrationChart::rebuild() {
  QCustomPlot* p = plot();
  p->clearPlottables();
  p->yAxis->setLabel(comparing_ ? tr("precision") : tr("precision; bars: share"));
  // Comparing, the long legend names one a row.
  p->legend->setWrap(comparing_ ? 1 : 2);
  const CategoryAccuracy* c = category();
  if (c) {
    if (!comparing_) drawSingle(c->calibration);
    QCPGraph* diagonal = p->addGraph();
    diagonal->setName(tr("perfect calibration"));
    diagonal->setPen(QPen(QColor(0x80, 0x80, 0x80), 1, Qt::DashLine));
    diagonal->setData({0, 1}, {0, 1}, true);
    for (const bool runB : {false, true}) {
      const CategoryAccuracy* side = category(runB);
      if (!side) continue;
      QCPGraph* precision = p->addGraph();
      precision->setName(precisionName(runB));
      precision->setProperty("runB", runB);
      precision->setPen(QPen(
          comparing_ ? runColor(runB ? RunSideColor::B : RunSideColor::A) : paletteColor(0), 2.5));
      precision->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
      for (const ScoreBin& bin : side->calibration.bins)
        if (bin.precision >= 0) precision->addData(bin.meanScore, bin.precision);
    }
    const ScoreCalibration& calibration = c->calibration;
    QString title =
        comparing_
            ? tr("<b>Score calibration</b> at OKS %1 (area %2): precision per score bin at the "
                 "bin's mean score; expected calibration error and ranking AUC in the legend")
                  .arg(oksThresholdText(accuracy_->oksThreshold),
                       QString::fromStdString(accuracy_->area))
            : tr("<b>Score calibration</b> at OKS %1 (area %2): expected calibration error %3, "
                 "ranking AUC %4")
                  .arg(oksThresholdText(accuracy_->oksThreshold),
                       QString::fromStdString(accuracy_->area),
                       measureText(calibration.expectedCalibrationError),
                       measureText(calibration.rankingAuc));
    for (const bool runB : {false, true}) {
      const CategoryAccuracy* side = category(runB);
      if (!side || side->calibration.scoresOutsideUnit == 0) continue;
      title += tr(": %1%n score(s) outside [0, 1] counted in the end bins; the ECE assumes "
                  "probabilities",
                  nullptr, static_cast<int>(side->calibration.scoresOutsideUnit))
                   .arg(comparing_ ? runName(runB) + QStringLiteral(" ") : QString());
    }
    setTitle(title);
  } else {
    setTitle(tr("<b>Score calibration</b>"));
  }
  p->legend->setVisible(c != nullptr);
  p->replot();
}

QString CalibrationChart::binToolTip(std::size_t bin, bool runB) const {
  const CategoryAccuracy* c = category(runB);
  if (!c || bin >= c->calibration.bins.size()) return {};
  const ScoreBin& b = c->calibration.bins[bin];
  const bool last = bin + 1 == c->calibration.bins.size();
  QString text = tr("%1score [%2, %3%4: %5 true, %6 false positives")
                     .arg(comparing_ ? runName(runB) + QStringLiteral(", ") : QString())
                     .arg(b.lo, 0, 'f', 2)
                     .arg(b.hi, 0, 'f', 2)
                     .arg(last ? QLatin1Char(']') : QLatin1Char(')'))
                     .arg(b.truePositives)
                     .arg(b.falsePositives);
  if (b.precision >= 0)
    text += tr("\nprecision %1 at mean score %2")
                .arg(b.precision, 0, 'f', 3)
                .arg(b.meanScore, 0, 'f', 3);
  return text;
}

QString CalibrationChart::csv() const {
  const CategoryAccuracy* a = category();
  const CategoryAccuracy* b = category(true);
  QString out =
      QStringLiteral("lo,hi,") + (comparing_ ? binColumns(QStringLiteral("a_")) : binColumns({}));
  if (b) out += QLatin1Char(',') + binColumns(QStringLiteral("b_"));
  out += QLatin1Char('\n');
  if (!a) return out;
  // Bin i's four columns of `c` (empty past its bins).
  const auto cells = [](const CategoryAccuracy& c, std::size_t i) {
    if (i >= c.calibration.bins.size()) return QStringLiteral(",,,,");
    const ScoreBin& bin = c.calibration.bins[i];
    return QStringLiteral(",%1,%2,%3,%4")
        .arg(bin.truePositives)
        .arg(bin.falsePositives)
        .arg(numberText(bin.meanScore), numberText(bin.precision));
  };
  for (std::size_t i = 0; i < a->calibration.bins.size(); ++i) {
    const ScoreBin& bin = a->calibration.bins[i];
    out += numberText(bin.lo) + QLatin1Char(',') + numberText(bin.hi) + cells(*a, i) +
           (b ? cells(*b, i) : QString()) + QLatin1Char('\n');
  }
  return out;
}

}  // namespace posescope
