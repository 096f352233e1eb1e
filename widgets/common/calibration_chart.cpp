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
    auto* bars = qobject_cast<QCPBars*>(plottable);
    if (!bars || index < 0 || index >= bars->dataCount()) return QString();
    const CategoryAccuracy* c = category();
    const double key = bars->data()->at(index)->key;
    for (std::size_t b = 0; c && b < c->calibration.bins.size(); ++b)
      if (key >= c->calibration.bins[b].lo && key <= c->calibration.bins[b].hi)
        return binToolTip(b);
    return QString();
  });
  rebuild();
}

QString CalibrationChart::precisionName() const {
  const CategoryAccuracy* c = category();
  if (!c) return {};
  return tr("precision (ECE %1, AUC %2)")
      .arg(measureText(c->calibration.expectedCalibrationError),
           measureText(c->calibration.rankingAuc));
}

void CalibrationChart::rebuild() {
  QCustomPlot* p = plot();
  p->clearPlottables();
  const CategoryAccuracy* c = category();
  if (c) {
    const ScoreCalibration& calibration = c->calibration;
    const double judged =
        static_cast<double>(calibration.truePositives + calibration.falsePositives);
    auto* tp = new QCPBars(p->xAxis, p->yAxis);
    tp->setName(tr("true positives (%1)").arg(calibration.truePositives));
    tp->setBrush(QColor(0x9a, 0xc8, 0x9a));
    auto* fp = new QCPBars(p->xAxis, p->yAxis);
    fp->setName(tr("false positives (%1)").arg(calibration.falsePositives));
    fp->setBrush(QColor(0xe8, 0xa0, 0x98));
    fp->moveAbove(tp);
    for (QCPBars* bars : {tp, fp}) bars->setPen(Qt::NoPen);
    QCPGraph* diagonal = p->addGraph();
    diagonal->setName(tr("perfect calibration"));
    diagonal->setPen(QPen(QColor(0x80, 0x80, 0x80), 1, Qt::DashLine));
    diagonal->setData({0, 1}, {0, 1}, true);
    QCPGraph* precision = p->addGraph();
    precision->setName(precisionName());
    precision->setPen(QPen(paletteColor(0), 2.5));
    precision->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    for (const ScoreBin& bin : calibration.bins) {
      const double center = (bin.lo + bin.hi) / 2;
      for (QCPBars* bars : {tp, fp}) bars->setWidth((bin.hi - bin.lo) * 0.85);
      if (judged > 0) {
        tp->addData(center, static_cast<double>(bin.truePositives) / judged);
        fp->addData(center, static_cast<double>(bin.falsePositives) / judged);
      }
      if (bin.precision >= 0) precision->addData(bin.meanScore, bin.precision);
    }
    QString title =
        tr("<b>Score calibration</b> at OKS %1 (area %2): expected calibration error %3, ranking "
           "AUC %4")
            .arg(oksThresholdText(accuracy_->oksThreshold), QString::fromStdString(accuracy_->area),
                 measureText(calibration.expectedCalibrationError),
                 measureText(calibration.rankingAuc));
    if (calibration.scoresOutsideUnit > 0)
      title +=
          tr(": %n score(s) outside [0, 1] counted in the end bins; the ECE assumes "
             "probabilities",
             nullptr, static_cast<int>(calibration.scoresOutsideUnit));
    setTitle(title);
  } else {
    setTitle(tr("<b>Score calibration</b>"));
  }
  p->legend->setVisible(c != nullptr);
  p->replot();
}

QString CalibrationChart::binToolTip(std::size_t bin) const {
  const CategoryAccuracy* c = category();
  if (!c || bin >= c->calibration.bins.size()) return {};
  const ScoreBin& b = c->calibration.bins[bin];
  const bool last = bin + 1 == c->calibration.bins.size();
  QString text = tr("score [%1, %2%3: %4 true, %5 false positives")
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
  QString out = QStringLiteral("lo,hi,true_positives,false_positives,mean_score,precision\n");
  const CategoryAccuracy* c = category();
  if (!c) return out;
  for (const ScoreBin& b : c->calibration.bins) {
    out += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
               .arg(numberText(b.lo), numberText(b.hi))
               .arg(b.truePositives)
               .arg(b.falsePositives)
               .arg(numberText(b.meanScore), numberText(b.precision));
  }
  return out;
}

}  // namespace posescope
