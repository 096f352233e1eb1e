#include "widgets/pages/compare/compare_ap_charts.h"

#include <QHBoxLayout>

#include "widgets/common/ap_if_fixed_chart.h"

namespace posescope {

CompareApCharts::CompareApCharts(QWidget* parent) : QWidget(parent) {
  chartA_ = new ApIfFixedChart;
  chartB_ = new ApIfFixedChart;
  chartA_->setObjectName(QStringLiteral("apChartA"));
  chartB_->setObjectName(QStringLiteral("apChartB"));
  const auto follow = [](ApIfFixedChart* from, ApIfFixedChart* to) {
    connect(from, &ApIfFixedChart::choiceChanged, to, [from, to] {
      const QSignalBlocker block(to);
      to->setArea(from->area());
      to->setOks(from->oks());
    });
  };
  follow(chartA_, chartB_);
  follow(chartB_, chartA_);
  connect(chartA_, &ApIfFixedChart::imagesRequested, this,
          [this](const ImageQueue& queue) { Q_EMIT imagesRequested(A, queue); });
  connect(chartB_, &ApIfFixedChart::imagesRequested, this,
          [this](const ImageQueue& queue) { Q_EMIT imagesRequested(B, queue); });
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(chartA_);
  layout->addWidget(chartB_);
}

void CompareApCharts::showRuns(const QString& labelA, const QString& labelB) {
  chartA_->setCaption(tr("<b>A</b>: %1").arg(labelA.toHtmlEscaped()));
  chartB_->setCaption(tr("<b>B</b>: %1").arg(labelB.toHtmlEscaped()));
  for (ApIfFixedChart* chart : {chartA_, chartB_}) {
    chart->setAnalysis(nullptr, nullptr);
    chart->setMessage(tr("Analysing the errors of both runs\u2026"));
  }
}

void CompareApCharts::showPairAnalysis(const RunPairAnalysisPtr& analysis, double apA, double apB) {
  chartA_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->a),
                       std::shared_ptr<const Triage>(analysis, &analysis->triageA), apA);
  chartB_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->b),
                       std::shared_ptr<const Triage>(analysis, &analysis->triageB), apB);
}

void CompareApCharts::showFailure(const QString& message) {
  for (ApIfFixedChart* chart : {chartA_, chartB_}) chart->setMessage(message);
}

void CompareApCharts::clear() {
  for (ApIfFixedChart* chart : {chartA_, chartB_}) {
    chart->setAnalysis(nullptr, nullptr);
    chart->setCaption(QString());
  }
}

}  // namespace posescope
