#include "widgets/pages/compare/compare_timing_plot.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

#include "pipeline/image_record.h"
#include "report/run_comparison.h"
#include "widgets/common/elided_label.h"
#include "widgets/common/plot_utils.h"
#include "widgets/session/compare_data.h"

namespace posescope {

namespace {
// A run folder's name in the title: both share its one line, which must not widen the window,
// so they are cut shorter than the page's run labels (48 characters).
constexpr int kFolderNameChars = 24;

QString folderName(const CompareSide& side) {
  return middleElided(QFileInfo(QDir::cleanPath(QString::fromStdString(side.run->dir))).fileName(),
                      kFolderNameChars);
}
}  // namespace

CompareTimingPlot::CompareTimingPlot(QWidget* parent) : QCustomPlot(parent) {
  setUpPlot(this);
  setMinimumHeight(160);
  // One entry per row: two long run labels side by side would widen the whole window.
  legend->setFillOrder(QCPLegend::foColumnsFirst);
  legend->setWrap(1);
  axisRect()->insetLayout()->take(legend);
  plotLayout()->addElement(1, 0, legend);
  plotLayout()->setRowStretchFactor(1, 0.001);
  plotLayout()->insertRow(0);
  QFont titleFont = font();
  titleFont.setBold(true);
  title_ = new QCPTextElement(this, QString(), titleFont);
  title_->setObjectName(QStringLiteral("timingTitle"));
  plotLayout()->addElement(0, 0, title_);
  plotLayout()->setRowStretchFactor(0, 0.001);
  xAxis->setLabel(QString());
  yAxis->setLabel(tr("mean milliseconds per image"));
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  for (std::size_t s = 0; s < stageNames().size(); ++s)
    ticker->addTick(static_cast<double>(s + 1), QString::fromStdString(stageNames()[s]));
  xAxis->setTicker(ticker);
  xAxis->setRange(0.4, static_cast<double>(stageNames().size()) + 0.6);
  clear();
}

void CompareTimingPlot::clear() {
  clearPlottables();
  title_->setText(tr("Mean time per stage"));
  yAxis->setRange(0, 1);
  replot();
}

void CompareTimingPlot::showRuns(const RunComparison& comparison, const CompareSide& a,
                                 const CompareSide& b, const QString& labelA,
                                 const QString& labelB) {
  clearPlottables();
  // The runs by their folders' names (the legend gives their labels, often the arch alone).
  title_->setText(
      tr("Mean time per stage \u2014 A: %1 vs B: %2").arg(folderName(a), folderName(b)));
  auto* group = new QCPBarsGroup(this);
  double top = 0;
  for (const bool isA : {true, false}) {
    const RunSide& timed = isA ? comparison.a : comparison.b;
    auto* bars = new QCPBars(xAxis, yAxis);
    bars->setName((isA ? tr("A: %1%2") : tr("B: %1%2"))
                      .arg(isA ? labelA : labelB, (isA ? a : b).run->summary.imported
                                                      ? tr(" (imported: no timings)")
                                                      : QString()));
    bars->setBrush(runColor(isA ? RunSideColor::A : RunSideColor::B));
    bars->setPen(Qt::NoPen);
    bars->setWidth(0.38);
    bars->setBarsGroup(group);
    QVector<double> keys, values;
    for (std::size_t s = 0; s < stageNames().size(); ++s) {
      const double v = s < timed.timing.perStage.size() ? timed.timing.perStage[s].mean : 0;
      keys.push_back(static_cast<double>(s + 1));
      values.push_back(v);
      top = std::max(top, v);
    }
    bars->setData(keys, values, true);
  }
  yAxis->setRange(0, top > 0 ? top * 1.15 : 1);
  replot();
}

}  // namespace posescope
