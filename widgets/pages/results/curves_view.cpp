#include "widgets/pages/results/curves_view.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <chrono>
#include <exception>
#include <numeric>

#include "analysis/match_accuracy.h"
#include "widgets/common/accuracy_chart.h"
#include "widgets/common/calibration_chart.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

// What a background computation of the measures hands back.
struct AccuracyResult {
  std::shared_ptr<const MatchAccuracy> accuracy;
  QString error;
  double milliseconds = 0;
};

// The settings of the metric table the page shows: the re-evaluation's, else valid.py's.
EvalParams tableParams(const RunAnalysis& analysis) {
  if (analysis.reevaluation) return analysis.reevaluation->params;
  return evalParamsFor(analysis.input->layout);
}

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

CurvesView::CurvesView(QWidget* parent) : QWidget(parent) {
  note_ = new QLabel;
  note_->setObjectName(QStringLiteral("curvesNote"));
  note_->setWordWrap(true);
  prChart_ = new PrCurveChart;
  pckChart_ = new JointPckChart;
  oksChart_ = new OksHistogramChart;
  calibrationChart_ = new CalibrationChart;

  connect(prChart_, &PrCurveChart::baselinePointClicked, this, &CurvesView::inspectFromRecall);

  oksBox_ = new QDoubleSpinBox;
  oksBox_->setObjectName(QStringLiteral("accuracyOksChoice"));
  oksBox_->setRange(0.05, 1.0);
  oksBox_->setSingleStep(0.05);
  oksBox_->setDecimals(2);
  oksBox_->setValue(0.5);
  oksBox_->setKeyboardTracking(false);  // one computation per value entered, not per keystroke
  oksBox_->setToolTip(tr("The OKS threshold of the matching the three charts measure"));
  connect(oksBox_, &QDoubleSpinBox::valueChanged, this, &CurvesView::computeAccuracy);
  accuracyStatus_ = new QLabel;
  accuracyStatus_->setObjectName(QStringLiteral("accuracyStatus"));
  accuracyStatus_->setWordWrap(true);
  auto* accuracyBar = new QHBoxLayout;
  accuracyBar->addWidget(new QLabel(tr("<b>Matching at OKS</b>")));
  accuracyBar->addWidget(oksBox_);
  accuracyBar->addWidget(accuracyStatus_, 1);

  // Two charts a row, each half the width; in a scroll area, so that the charts' minimum heights
  // never push the window beyond its default size.
  auto* chartsWidget = new QWidget;
  auto* charts = new QGridLayout(chartsWidget);
  charts->setContentsMargins(0, 0, 0, 0);
  charts->addWidget(prChart_, 0, 0);
  charts->addWidget(pckChart_, 0, 1);
  charts->addWidget(oksChart_, 1, 0);
  charts->addWidget(calibrationChart_, 1, 1);
  for (int i = 0; i < 2; ++i) {
    charts->setColumnStretch(i, 1);
    charts->setRowStretch(i, 1);
  }
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(chartsWidget);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addLayout(accuracyBar);
  layout->addWidget(scroll, 1);
  setAnalysis(nullptr);
}

void CurvesView::setAnalysis(const RunAnalysisPtr& analysis) {
  analysis_ = analysis;
  computeAccuracy();
  if (!analysis) {
    note_->setText(tr("The curves appear once a finished run is shown."));
    prChart_->setAnalysis(nullptr);
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
  prChart_->setAnalysis(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->analysis));
}

void CurvesView::setMessage(const QString& message) {
  note_->clear();
  prChart_->setMessage(message);
  accuracyJob_.cancel();  // an answer still coming belongs to the analysis being replaced
  showAccuracy(nullptr, message);
}

void CurvesView::setAccuracyOks(double oks) {
  oksBox_->setValue(oks);
}

double CurvesView::accuracyOks() const {
  return oksBox_->value();
}

QString CurvesView::accuracyStatus() const {
  return accuracyStatus_->text();
}

void CurvesView::computeAccuracy() {
  accuracyJob_.cancel();  // answers to earlier requests no longer apply
  if (!analysis_ || !analysis_->input) {
    showAccuracy(nullptr, QString());
    return;
  }
  const double oks = accuracyOks();
  showAccuracy(nullptr, tr("Matching at OKS %1\u2026").arg(oksThresholdText(oks)));
  AccuracySettings settings;
  settings.oksThreshold = oks;
  EvalOptions options;
  // One core is left to the GUI thread, as the analysis worker leaves it.
  options.threads = std::max(1, QThread::idealThreadCount() - 1);
  options.resultsSource = analysis_->input->resultsFile;
  accuracyJob_.start(
      this,
      [input = analysis_->input, params = tableParams(*analysis_), settings, options] {
        AccuracyResult result;
        const auto start = std::chrono::steady_clock::now();
        try {
          result.accuracy = std::make_shared<const MatchAccuracy>(
              matchAccuracy(input->groundTruth, input->results, params, settings, options));
        } catch (const std::exception& e) {
          result.error = QString::fromStdString(e.what());
        }
        result.milliseconds =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        return result;
      },
      [this](const AccuracyResult& result) {
        if (!result.accuracy) {
          showAccuracy(nullptr, tr("No per-joint measures: %1").arg(result.error));
          accuracyStatus_->setText(
              tr("<span style='color:#c01c28'>%1</span>").arg(result.error.toHtmlEscaped()));
        } else {
          showAccuracy(result.accuracy, QString());
          const CategoryAccuracy* c =
              result.accuracy->categories.empty() ? nullptr : &result.accuracy->categories[0];
          accuracyStatus_->setText(
              tr("%1 true and %2 false positives of pycocotools' matching (area %3, %4); "
                 "computed in %5 ms.")
                  .arg(c ? c->calibration.truePositives : 0)
                  .arg(c ? c->calibration.falsePositives : 0)
                  .arg(QString::fromStdString(result.accuracy->area),
                       result.accuracy->settingChanges.empty()
                           ? tr("valid.py's evaluation settings")
                           : tr("the changed evaluation settings"))
                  .arg(result.milliseconds, 0, 'f', 0));
        }
        Q_EMIT accuracyFinished();
      });
}

void CurvesView::showAccuracy(std::shared_ptr<const MatchAccuracy> accuracy,
                              const QString& message) {
  accuracy_ = std::move(accuracy);
  if (!accuracy_) accuracyStatus_->setText(message);
  for (AccuracyChart* chart :
       std::initializer_list<AccuracyChart*>{pckChart_, oksChart_, calibrationChart_}) {
    chart->setAccuracy(accuracy_);
    if (!message.isEmpty()) chart->setMessage(message);
  }
}

void CurvesView::showTableCurves(const RunReevaluationPtr& reevaluation) {
  if (!reevaluation || !reevaluation->curves) return;
  if (analysis_ && analysis_->reevaluation == reevaluation) return;
  prChart_->setTableCurves(reevaluation->curves);
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
          .arg(oksThresholdText(prChart_->oks()), prChart_->area())
          .arg(score, 0, 'g', 4),
      images, person);
}

}  // namespace posescope
