#include "widgets/common/joint_error_chart.h"

#include <QLabel>
#include <QVBoxLayout>
#include <cmath>

#include "report_pdf/chart_style.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

namespace {

// jointCounts' column of `label` (kJointLabels' order).
std::size_t labelColumn(JointLabel label) {
  for (std::size_t l = 0; l < std::size(kJointLabels); ++l)
    if (kJointLabels[l] == label) return l;
  return 0;
}

}  // namespace

JointErrorChart::JointErrorChart(QWidget* parent) : QWidget(parent) {
  message_ = makeChartMessage();
  plot_ = new QCustomPlot;
  setUpPlot(plot_);
  plot_->setInteractions({});  // rates lie in [0, 1]
  plot_->setMinimumHeight(220);
  plot_->xAxis->setLabel(tr("share of the joint's judged predictions"));
  plot_->xAxis->setRange(0, 1);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->setToolTip(tr("Click a segment to inspect the images with that joint and label"));
  showPlotToolTips(plot_, [this](QCPAbstractPlottable* p, int index) {
    auto* bars = qobject_cast<QCPBars*>(p);
    if (!bars || index < 0 || index >= bars->dataCount()) return QString();
    return segmentToolTip(jointOfKey(bars->data()->at(index)->key),
                          static_cast<JointLabel>(bars->property("label").toInt()));
  });
  connect(plot_, &QCustomPlot::plottableClick, this,
          [this](QCPAbstractPlottable* p, int index, QMouseEvent*) {
            auto* bars = qobject_cast<QCPBars*>(p);
            if (bars && index >= 0 && index < bars->dataCount())
              requestImages(jointOfKey(bars->data()->at(index)->key),
                            static_cast<JointLabel>(bars->property("label").toInt()));
          });
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(message_, 1);
  layout->addWidget(plot_, 1);
  rebuild();
}

void JointErrorChart::setAnalysis(std::shared_ptr<const KeypointAnalysis> analysis) {
  analysis_ = std::move(analysis);
  setMessage(QString());
  rebuild();
}

void JointErrorChart::setMessage(const QString& message) {
  showChartMessage(message_, plot_, message);
}

std::size_t JointErrorChart::count(int joint, JointLabel label) const {
  if (!analysis_ || joint < 0 || joint >= static_cast<int>(analysis_->jointCounts.size())) return 0;
  return analysis_->jointCounts[static_cast<std::size_t>(joint)][labelColumn(label)];
}

std::size_t JointErrorChart::judged(int joint) const {
  std::size_t n = 0;
  for (JointLabel label : kLabels) n += count(joint, label);
  return n;
}

double JointErrorChart::keyOfJoint(int joint) const {
  const int joints = analysis_ ? static_cast<int>(analysis_->jointCounts.size()) : 0;
  return static_cast<double>(joints - joint);
}

int JointErrorChart::jointOfKey(double key) const {
  const int joints = analysis_ ? static_cast<int>(analysis_->jointCounts.size()) : 0;
  return joints - static_cast<int>(std::lround(key));
}

void JointErrorChart::rebuild() {
  plot_->clearPlottables();
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  plot_->yAxis->setTicker(ticker);
  const int joints = analysis_ ? static_cast<int>(analysis_->jointCounts.size()) : 0;
  for (int k = 0; k < joints; ++k) {
    const std::size_t name = static_cast<std::size_t>(k);
    ticker->addTick(keyOfJoint(k), name < analysis_->jointNames.size()
                                       ? QString::fromStdString(analysis_->jointNames[name])
                                       : tr("joint %1").arg(k));
  }
  QCPBars* below = nullptr;
  for (JointLabel label : kLabels) {
    if (label == JointLabel::Inversion && analysis_ && !analysis_->params.inversionsComputed())
      continue;
    // Horizontal bars: the joints on the left axis, the rates along the bottom one.
    auto* bars = new QCPBars(plot_->yAxis, plot_->xAxis);
    bars->setName(QString::fromStdString(jointLabelName(label)));
    bars->setProperty("label", static_cast<int>(label));
    bars->setBrush(jointLabelChartColor(label));
    bars->setPen(QPen(Qt::white));
    bars->setWidth(0.75);
    if (below) bars->moveAbove(below);
    below = bars;
    for (int k = 0; k < joints; ++k) {
      const std::size_t n = judged(k);
      bars->addData(keyOfJoint(k),
                    n ? static_cast<double>(count(k, label)) / static_cast<double>(n) : 0.0);
    }
  }
  plot_->yAxis->setRange(0.4, joints + 0.6);
  plot_->replot();
}

QString JointErrorChart::segmentToolTip(int joint, JointLabel label) const {
  if (!analysis_ || joint < 0 || joint >= static_cast<int>(analysis_->jointCounts.size()))
    return {};
  const std::size_t n = judged(joint), c = count(joint, label);
  const QString name = static_cast<std::size_t>(joint) < analysis_->jointNames.size()
                           ? QString::fromStdString(analysis_->jointNames[joint])
                           : tr("joint %1").arg(joint);
  return tr("%1, %2: %3 of %4 judged predictions (%5 %)\nClick to inspect these images")
      .arg(name, QString::fromStdString(jointLabelName(label)))
      .arg(c)
      .arg(n)
      .arg(n ? 100.0 * static_cast<double>(c) / static_cast<double>(n) : 0.0, 0, 'f', 1);
}

bool JointErrorChart::requestImages(int joint, JointLabel label) {
  if (!analysis_) return false;
  const QString name = static_cast<std::size_t>(joint) < analysis_->jointNames.size()
                           ? QString::fromStdString(analysis_->jointNames[joint])
                           : tr("joint %1").arg(joint);
  const ImageQueue queue = jointLabelQueue(*analysis_, label, joint, name);
  if (queue.imageIds.isEmpty()) return false;
  Q_EMIT imagesRequested(queue);
  return true;
}

}  // namespace posescope
