#include "widgets/pages/results/curves_view.h"

#include <QLabel>
#include <QVBoxLayout>

#include "widgets/common/pr_curve_chart.h"

namespace posescope {

CurvesView::CurvesView(QWidget* parent) : QWidget(parent) {
  note_ = new QLabel;
  note_->setObjectName(QStringLiteral("curvesNote"));
  note_->setWordWrap(true);
  prChart_ = new PrCurveChart;
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(prChart_, 1);
  setAnalysis(nullptr);
}

void CurvesView::setAnalysis(const RunAnalysisPtr& analysis) {
  if (!analysis) {
    note_->setText(tr("The curves appear once a finished run is shown."));
    prChart_->setAnalysis(nullptr);
    return;
  }
  note_->setText(
      tr("pycocotools' precision at each recall point (accumulate) of the %1 detections, as they "
         "are and with each error type fixed alone (coco-analyze's figure); the legend gives each "
         "curve's area, its AP%2. Hover a curve for its values.")
          .arg(analysis->analysis.detections.size())
          .arg(analysis->usesDefaultParams()
                   ? tr(" with posescope-cli analyze's settings (coco-analyze's: area 'all' from "
                        "32², so the baseline's AP may differ from the table's)")
                   : tr(" with the changed evaluation settings")));
  prChart_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->analysis));
}

void CurvesView::setMessage(const QString& message) {
  note_->clear();
  prChart_->setMessage(message);
}

}  // namespace posescope
