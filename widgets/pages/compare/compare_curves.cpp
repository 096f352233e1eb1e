#include "widgets/pages/compare/compare_curves.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>
#include <chrono>
#include <exception>
#include <initializer_list>

#include "report/run_ground_truth.h"
#include "widgets/common/accuracy_chart.h"
#include "widgets/common/calibration_chart.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/session/background_job.h"
#include "widgets/session/free_memory.h"

namespace posescope {

namespace {

// Each chart's least height: the tab scrolls rather than squeeze four charts into its height.
constexpr int kChartHeight = 300;

// What the background computation of both runs' measures hands back.
struct PairAccuracy {
  std::shared_ptr<const RunEvaluationInput> inputA, inputB;
  std::shared_ptr<const MatchAccuracy> a, b;
  QString error;
  double milliseconds = 0;
};

// `run`'s inputs: `read` when already read, else read now; throws as loadRunEvaluationInput does.
std::shared_ptr<const RunEvaluationInput> inputOf(
    const LoadedRun& run, const std::shared_ptr<const RunEvaluationInput>& read) {
  return read ? read : std::make_shared<const RunEvaluationInput>(loadRunEvaluationInput(run));
}

// The matching of `input` at OKS `oks` with valid.py's settings; throws as matchAccuracy does.
std::shared_ptr<const MatchAccuracy> accuracyAt(const RunEvaluationInput& input, double oks) {
  AccuracySettings settings;
  settings.oksThreshold = oks;
  EvalOptions options;
  options.threads = std::max(1, QThread::idealThreadCount() - 1);  // one core left to the GUI
  options.resultsSource = input.resultsFile;
  return std::make_shared<const MatchAccuracy>(matchAccuracy(
      input.groundTruth, input.results, evalParamsFor(input.layout), settings, options));
}

// "40 true and 12 false positives" of `accuracy`'s matching.
QString positivesText(const MatchAccuracy& accuracy) {
  const CategoryAccuracy* c = accuracy.categories.empty() ? nullptr : &accuracy.categories[0];
  return QObject::tr("%1 true and %2 false positives")
      .arg(c ? c->calibration.truePositives : 0)
      .arg(c ? c->calibration.falsePositives : 0);
}

}  // namespace

CompareCurves::CompareCurves(QWidget* parent) : QWidget(parent) {
  prChart_ = new PrCurveChart;
  prChart_->setObjectName(QStringLiteral("comparePrChart"));
  pckChart_ = new JointPckChart;
  pckChart_->setObjectName(QStringLiteral("comparePckChart"));
  oksChart_ = new OksHistogramChart;
  oksChart_->setObjectName(QStringLiteral("compareOksHistogram"));
  calibrationChart_ = new CalibrationChart;
  calibrationChart_->setObjectName(QStringLiteral("compareCalibrationChart"));

  oksBox_ = new QDoubleSpinBox;
  oksBox_->setObjectName(QStringLiteral("compareAccuracyOksChoice"));
  oksBox_->setRange(0.05, 1.0);
  oksBox_->setSingleStep(0.05);
  oksBox_->setDecimals(2);
  oksBox_->setValue(0.5);
  oksBox_->setKeyboardTracking(false);  // one computation per value entered, not per keystroke
  oksBox_->setToolTip(
      tr("The OKS threshold of the matching the three charts below the curves "
         "measure, for both runs"));
  connect(oksBox_, &QDoubleSpinBox::valueChanged, this, &CompareCurves::computeAccuracy);
  accuracyStatus_ = new QLabel;
  accuracyStatus_->setObjectName(QStringLiteral("compareAccuracyStatus"));
  accuracyStatus_->setWordWrap(true);
  auto* accuracyBar = new QHBoxLayout;
  accuracyBar->addWidget(new QLabel(tr("<b>Matching at OKS</b>")));
  accuracyBar->addWidget(oksBox_);
  accuracyBar->addWidget(accuracyStatus_, 1);

  auto* charts = new QSplitter(Qt::Vertical);
  for (QWidget* chart :
       std::initializer_list<QWidget*>{prChart_, pckChart_, oksChart_, calibrationChart_}) {
    chart->setMinimumHeight(kChartHeight);
    charts->addWidget(chart);
  }
  // In a scroll area: the charts' minimum heights never push the window beyond its default.
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(charts);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(accuracyBar);
  layout->addWidget(scroll, 1);
}

void CompareCurves::showRuns(LoadedRunPtr a, LoadedRunPtr b, const QString& nameA,
                             const QString& nameB, RunEvaluationInputPtr readA,
                             RunEvaluationInputPtr readB) {
  ++pairGeneration_;
  runA_ = std::move(a);
  runB_ = std::move(b);
  inputA_ = std::move(readA);
  inputB_ = std::move(readB);
  nameA_ = nameA;
  nameB_ = nameB;
  prChart_->setComparedAnalyses(nullptr, nullptr, nameA, nameB);
  prChart_->setMessage(tr("Analysing the errors of both runs\u2026"));
  computeAccuracy();
}

void CompareCurves::setAccuracyOks(double oks) {
  oksBox_->setValue(oks);
}

double CompareCurves::accuracyOks() const {
  return oksBox_->value();
}

void CompareCurves::computeAccuracy() {
  const quint64 generation = ++generation_;
  if (!runA_ || !runB_) {
    showAccuracies(nullptr, nullptr, QString());
    return;
  }
  const double oks = accuracyOks();
  showAccuracies(nullptr, nullptr,
                 tr("Matching both runs at OKS %1\u2026").arg(oksThresholdText(oks)));
  inBackground(
      this,
      [runA = runA_, runB = runB_, inputA = inputA_, inputB = inputB_, oks] {
        PairAccuracy result;
        const auto start = std::chrono::steady_clock::now();
        try {
          result.inputA = inputOf(*runA, inputA);
          result.inputB = inputOf(*runB, inputB);
          result.a = accuracyAt(*result.inputA, oks);
          result.b = accuracyAt(*result.inputB, oks);
        } catch (const std::exception& e) {
          result.a.reset();
          result.error = QString::fromStdString(e.what());
        }
        result.milliseconds =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        releaseFreeMemory();  // the matching's tables, freed
        return result;
      },
      [this, generation, pair = pairGeneration_](const PairAccuracy& result) {
        if (pair == pairGeneration_) {  // the inputs of the pair shown: kept for the next request
          if (!inputA_) inputA_ = result.inputA;
          if (!inputB_) inputB_ = result.inputB;
        }
        if (generation != generation_) return;  // a newer request follows
        if (!result.a || !result.b) {
          showAccuracies(nullptr, nullptr, tr("No per-joint measures: %1").arg(result.error));
          accuracyStatus_->setText(
              tr("<span style='color:#c01c28'>%1</span>").arg(result.error.toHtmlEscaped()));
        } else {
          showAccuracies(result.a, result.b, QString());
          accuracyStatus_->setText(
              tr("A: %1; B: %2 of pycocotools' matching (area %3, valid.py's evaluation "
                 "settings); computed in %4 ms.")
                  .arg(positivesText(*result.a), positivesText(*result.b),
                       QString::fromStdString(result.a->area))
                  .arg(result.milliseconds, 0, 'f', 0));
        }
        Q_EMIT accuracyFinished();
      });
}

void CompareCurves::showAccuracies(std::shared_ptr<const MatchAccuracy> a,
                                   std::shared_ptr<const MatchAccuracy> b, const QString& message) {
  accuracyA_ = std::move(a);
  accuracyB_ = std::move(b);
  if (!accuracyA_) accuracyStatus_->setText(message);
  for (AccuracyChart* chart :
       std::initializer_list<AccuracyChart*>{pckChart_, oksChart_, calibrationChart_}) {
    chart->setComparedAccuracies(accuracyA_, accuracyB_, nameA_, nameB_);
    if (!message.isEmpty()) chart->setMessage(message);
  }
}

void CompareCurves::showPairAnalysis(const RunPairAnalysisPtr& analysis) {
  prChart_->setComparedAnalyses(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->a),
                                std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->b),
                                nameA_, nameB_);
}

void CompareCurves::showPairAnalysisFailed(const QString& message) {
  prChart_->setMessage(message);
}

void CompareCurves::clear() {
  ++pairGeneration_;
  runA_.reset();
  runB_.reset();
  inputA_.reset();
  inputB_.reset();
  prChart_->setComparedAnalyses(nullptr, nullptr, nameA_, nameB_);
  computeAccuracy();  // no runs: empties the three charts and drops an answer still coming
}

}  // namespace posescope
