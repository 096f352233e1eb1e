#include "widgets/pages/results/curves_view.h"

#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>

#include "widgets/common/accuracy_chart.h"
#include "widgets/common/pr_curve_chart.h"

namespace posescope {

namespace {

// The detections in the order pycocotools' accumulate() ranks them: each image's best maxDets
// by score, then all by score, ties in image id order and then results order (its stable sort
// over the images in id order).
std::vector<std::size_t> rankedDetections(const KeypointAnalysis& analysis) {
  const std::vector<DetectionAnalysis>& detections = analysis.detections;
  std::vector<std::size_t> order(detections.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (detections[a].imageId != detections[b].imageId)
      return detections[a].imageId < detections[b].imageId;
    return detections[a].score > detections[b].score;
  });
  std::vector<std::size_t> kept;
  kept.reserve(order.size());
  std::size_t inImage = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const bool sameImage =
        i > 0 && detections[order[i]].imageId == detections[order[i - 1]].imageId;
    inImage = sameImage ? inImage + 1 : 0;
    if (inImage < analysis.params.eval.maxDets) kept.push_back(order[i]);
  }
  std::stable_sort(kept.begin(), kept.end(), [&](std::size_t a, std::size_t b) {
    return detections[a].score > detections[b].score;
  });
  return kept;
}

}  // namespace

CurvesView::CurvesView(QWidget* parent) : CurvesPanel(OneRun, parent) {
  note_ = new QLabel;
  note_->setObjectName(QStringLiteral("curvesNote"));
  note_->setWordWrap(true);
  static_cast<QVBoxLayout*>(layout())->insertWidget(0, note_);  // above the threshold's bar
  connect(prChart(), &PrCurveChart::baselinePointClicked, this, &CurvesView::inspectFromRecall);
  setAnalysis(nullptr);
}

void CurvesView::setAnalysis(const RunAnalysisPtr& analysis) {
  analysis_ = analysis;
  if (analysis && analysis->input) {
    // The metric table's settings: the re-evaluation's, else valid.py's.
    setRuns({{nullptr, analysis->input,
              analysis->reevaluation ? std::optional(analysis->reevaluation->params) : std::nullopt,
              QString()}});
  } else {
    setRuns({});
  }
  if (!analysis) {
    note_->setText(tr("The curves appear once a finished run is shown."));
    prChart()->setAnalysis(nullptr);
    return;
  }
  note_->setText(
      tr("pycocotools' precision at each recall point (accumulate) of the %1 detections, as they "
         "are and with each error type fixed alone (coco-analyze's figure); the legend gives each "
         "curve's area, its AP%2. Hover a curve or a bar for its values.")
          .arg(analysis->analysis.detections.size())
          .arg(analysis->usesDefaultParams()
                   ? tr(" with posescope-cli analyze's settings (coco-analyze's: area 'all' from "
                        "32², so the baseline's AP may differ from the table's)")
                   : tr(" with the changed evaluation settings")));
  prChart()->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->analysis));
}

void CurvesView::setMessage(const QString& message) {
  note_->clear();
  prChart()->setMessage(message);
  showAccuracyMessage(message);  // an answer still coming belongs to the analysis being replaced
}

void CurvesView::showTableCurves(const RunReevaluationPtr& reevaluation) {
  if (!reevaluation || !reevaluation->curves) return;
  if (analysis_ && analysis_->reevaluation == reevaluation) return;
  prChart()->setTableCurves(reevaluation->curves);
}

void CurvesView::inspectFromRecall(double recall, double score) {
  if (!analysis_) return;
  const std::vector<DetectionAnalysis>& detections = analysis_->analysis.detections;
  const std::vector<std::size_t> ranked = rankedDetections(analysis_->analysis);
  const auto first = std::find_if(ranked.begin(), ranked.end(),
                                  [&](std::size_t d) { return detections[d].score == score; });
  if (first == ranked.end()) return;  // not one of this analysis' detections
  QList<qint64> images;
  for (auto it = first; it != ranked.end() && images.size() < kRankedImages; ++it)
    if (!images.contains(detections[*it].imageId)) images << detections[*it].imageId;
  const std::vector<std::size_t>& ofImage = analysis_->detectionsOf(detections[*first].imageId);
  const int person =
      static_cast<int>(std::find(ofImage.begin(), ofImage.end(), *first) - ofImage.begin());
  Q_EMIT detectionsRequested(
      tr("PR curve at recall %1 (OKS %2, area %3): the detection scored %4 and those ranked after "
         "it")
          .arg(recall, 0, 'f', 2)
          .arg(oksThresholdText(prChart()->oks()), prChart()->area())
          .arg(score, 0, 'g', 4),
      images, person);
}

}  // namespace posescope
