#include "widgets/common/accuracy_chart.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include "analysis/match_accuracy.h"
#include "widgets/common/chart_export.h"
#include "widgets/common/plot_utils.h"
#include "widgets/common/qcp.h"

namespace posescope {

AccuracyChart::AccuracyChart(const QString& exportName, QWidget* parent) : QWidget(parent) {
  title_ = new QLabel;
  title_->setWordWrap(true);
  message_ = makeChartMessage();
  plot_ = new QCustomPlot;
  setUpPlot(plot_);
  plot_->setInteractions({});  // shares and counts from 0: nothing to zoom into
  plot_->setMinimumHeight(160);
  exportButton_ = makeChartExportButton(
      this, plot_, [this] { return csv(); }, exportName);
  auto* header = new QHBoxLayout;
  header->setContentsMargins(0, 0, 0, 0);
  header->addWidget(title_, 1);
  header->addWidget(exportButton_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(header);
  layout->addWidget(message_, 1);
  layout->addWidget(plot_, 1);
}

void AccuracyChart::setAccuracy(std::shared_ptr<const MatchAccuracy> accuracy) {
  accuracy_ = std::move(accuracy);
  setMessage(QString());
  rebuild();
}

void AccuracyChart::setComparedAccuracies(std::shared_ptr<const MatchAccuracy> a,
                                          std::shared_ptr<const MatchAccuracy> b,
                                          const QString& nameA, const QString& nameB) {
  // One side alone is drawn as the first run, under its own name.
  nameA_ = a ? nameA : nameB;
  nameB_ = nameB;
  other_ = a ? std::move(b) : nullptr;
  comparing_ = true;
  setAccuracy(a ? std::move(a) : std::move(b));
}

void AccuracyChart::setMessage(const QString& message) {
  showChartMessage(message_, plot_, message);
}

QString AccuracyChart::title() const {
  return title_->text();
}

const CategoryAccuracy* AccuracyChart::category(bool runB) const {
  const std::shared_ptr<const MatchAccuracy>& accuracy = runB ? other_ : accuracy_;
  return accuracy && !accuracy->categories.empty() ? &accuracy->categories.front() : nullptr;
}

void AccuracyChart::setTitle(const QString& title) {
  title_->setText(title);
}

void AccuracyChart::putLegendAbove(QCustomPlot* plot, int columns) {
  plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot->legend->setWrap(columns);
  plot->legend->setMargins(QMargins(6, 2, 6, 2));  // a compact row: the plot keeps its height
  plot->legend->setRowSpacing(0);
  plot->legend->setIconSize(20, 10);
  plot->axisRect()->insetLayout()->take(plot->legend);
  plot->plotLayout()->insertRow(0);
  plot->plotLayout()->addElement(0, 0, plot->legend);
  plot->plotLayout()->setRowStretchFactor(0, 0.001);
}

QString oksThresholdText(double oks) {
  QString text = QString::number(oks, 'f', 2);
  if (std::abs(text.toDouble() - oks) > 1e-9) text = QString::number(oks, 'g', 6);
  return text.startsWith(QLatin1String("0.")) ? text.mid(1) : text;
}

}  // namespace posescope
