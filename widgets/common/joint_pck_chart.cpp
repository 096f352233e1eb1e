#include "widgets/common/joint_pck_chart.h"

#include <cmath>

#include "analysis/match_accuracy.h"
#include "analysis/match_accuracy_json.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

namespace {

constexpr double kGroupWidth = 0.8;  // of one joint's slot, shared by its bars

// The values of `category`'s joints, then the pooled one, read by `field`.
std::vector<double> jointValues(const CategoryAccuracy& category,
                                double (*field)(const JointAccuracy&)) {
  std::vector<double> values;
  values.reserve(category.joints.joints.size() + 1);
  for (const JointAccuracy& joint : category.joints.joints) values.push_back(field(joint));
  values.push_back(field(category.joints.allJoints));
  return values;
}

double pck50(const JointAccuracy& j) {
  return j.pck50;
}
double pck75(const JointAccuracy& j) {
  return j.pck75;
}
double meanKs(const JointAccuracy& j) {
  return j.meanKs;
}

// A share as the tooltips write it, or "n/a" when undefined.
QString shareText(double value) {
  return value < 0 ? QObject::tr("n/a") : QString::number(value, 'f', 3);
}

}  // namespace

JointPckChart::JointPckChart(QWidget* parent) : AccuracyChart(QStringLiteral("joint-pck"), parent) {
  exportButton()->setObjectName(QStringLiteral("jointPckExport"));
  QCustomPlot* p = plot();
  p->yAxis->setLabel(tr("share of labelled joints"));
  p->yAxis->setRange(0, 1.05);
  p->xAxis->setTickLabelRotation(45);
  p->xAxis->grid()->setVisible(false);
  putLegendAbove(p, 0);
  showPlotToolTips(p, [this](QCPAbstractPlottable* plottable, int index) {
    auto* bars = qobject_cast<QCPBars*>(plottable);
    if (!bars || index < 0 || index >= bars->dataCount()) return QString();
    const long joint = std::lround(bars->data()->at(index)->key);
    return joint < 0
               ? QString()
               : barToolTip(bars->property("series").toUInt(), static_cast<std::size_t>(joint));
  });
  rebuild();
}

double JointPckChart::barKey(std::size_t series, std::size_t joint) const {
  const double width = kGroupWidth / static_cast<double>(std::max<std::size_t>(1, series_.size()));
  return static_cast<double>(joint) - kGroupWidth / 2 + width * (static_cast<double>(series) + 0.5);
}

void JointPckChart::rebuild() {
  series_.clear();
  jointNames_.clear();
  QCustomPlot* p = plot();
  p->clearPlottables();
  const CategoryAccuracy* a = category();
  const CategoryAccuracy* b = category(true);
  if (a) {
    for (const JointAccuracy& joint : a->joints.joints)
      jointNames_ << QString::fromStdString(joint.name);
    jointNames_ << tr("all");
    if (!comparing_) {
      series_.push_back({tr("PCK@0.5"), jointValues(*a, pck50)});
      series_.push_back({tr("PCK@0.75"), jointValues(*a, pck75)});
      series_.push_back({tr("mean ks"), jointValues(*a, meanKs)});
    } else {
      series_.push_back({runName(false), jointValues(*a, pck50)});
      if (b && b->joints.joints.size() == a->joints.joints.size())
        series_.push_back({runName(true), jointValues(*b, pck50)});
    }
  }
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  for (int k = 0; k < jointNames_.size(); ++k) ticker->addTick(k, jointNames_[k]);
  p->xAxis->setTicker(ticker);
  const double width = kGroupWidth / static_cast<double>(std::max<std::size_t>(1, series_.size()));
  for (std::size_t s = 0; s < series_.size(); ++s) {
    auto* bars = new QCPBars(p->xAxis, p->yAxis);
    bars->setName(series_[s].name);
    bars->setProperty("series", static_cast<uint>(s));
    bars->setBrush(comparing_ ? runColor(s == 0 ? RunSideColor::A : RunSideColor::B)
                              : paletteColor(s));
    bars->setPen(Qt::NoPen);
    bars->setWidth(width * 0.95);
    for (std::size_t k = 0; k < series_[s].values.size(); ++k)
      if (series_[s].values[k] >= 0) bars->addData(barKey(s, k), series_[s].values[k]);
  }
  p->xAxis->setRange(-0.6, std::max<double>(1, jointNames_.size()) - 0.4);
  p->legend->setVisible(!series_.empty());
  if (!a) {
    setTitle(tr("<b>PCK per joint</b>"));
  } else if (comparing_) {
    setTitle(tr("<b>PCK@0.5 per joint</b> of the people matched at OKS %1 (area %2)")
                 .arg(oksThresholdText(accuracy_->oksThreshold),
                      QString::fromStdString(accuracy_->area)));
  } else {
    setTitle(
        tr("<b>PCK per joint</b> at OKS %1 (area %2, %3 matched people)")
            .arg(oksThresholdText(accuracy_->oksThreshold), QString::fromStdString(accuracy_->area))
            .arg(a->joints.truePositives));
  }
  p->replot();
}

QString JointPckChart::barToolTip(std::size_t series, std::size_t joint) const {
  if (series >= series_.size() || joint >= static_cast<std::size_t>(jointNames_.size())) return {};
  const CategoryAccuracy* c = category(comparing_ && series == 1);
  if (!c) return {};
  const JointAccuracy& row =
      joint < c->joints.joints.size() ? c->joints.joints[joint] : c->joints.allJoints;
  return tr("%1%2: PCK@0.5 %3, PCK@0.75 %4, mean ks %5 (%6 labelled joints)")
      .arg(comparing_ ? series_[series].name + QStringLiteral(", ") : QString(), jointNames_[joint],
           shareText(row.pck50), shareText(row.pck75), shareText(row.meanKs))
      .arg(row.labelled);
}

QString JointPckChart::csv() const {
  if (!accuracy_) return QStringLiteral("category,joint,sigma,labelled,mean_ks,pck_50,pck_75\n");
  if (!comparing_) return QString::fromStdString(formatJointAccuracyCsv(*accuracy_));
  // Each run's table, its lines led by the run's name.
  QString out = QStringLiteral("run,category,joint,sigma,labelled,mean_ks,pck_50,pck_75\n");
  const auto add = [&out](const QString& name, const MatchAccuracy& accuracy) {
    QStringList lines = QString::fromStdString(formatJointAccuracyCsv(accuracy)).split('\n');
    const QString run = QString(name).replace(QLatin1Char(','), QLatin1Char(' '));
    for (int i = 1; i < lines.size(); ++i)
      if (!lines[i].isEmpty()) out += run + QLatin1Char(',') + lines[i] + QLatin1Char('\n');
  };
  add(runName(false), *accuracy_);
  if (other_) add(runName(true), *other_);
  return out;
}

}  // namespace posescope
