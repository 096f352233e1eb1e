#include "widgets/common/curves_panel.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
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

#include "eval/keypoint_layout.h"
#include "report/run_ground_truth.h"
#include "widgets/common/accuracy_chart.h"
#include "widgets/common/calibration_chart.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/session/free_memory.h"

namespace posescope {

namespace {

// Each chart's least height when comparing: the tab scrolls rather than squeeze four charts.
constexpr int kStackedChartHeight = 300;

// What the background measuring of the runs hands back.
struct MeasuredAccuracy {
  std::vector<RunEvaluationInputPtr> inputs;                     // each run's, read or as given
  std::vector<std::shared_ptr<const MatchAccuracy>> accuracies;  // empty when one failed
  QString error;
  double milliseconds = 0;
};

// The matching of `run` at OKS `oks`; throws as loadRunEvaluationInput and matchAccuracy do.
std::shared_ptr<const MatchAccuracy> accuracyOf(const CurvesPanel::MeasuredRun& run,
                                                const RunEvaluationInput& input, double oks) {
  AccuracySettings settings;
  settings.oksThreshold = oks;
  EvalOptions options;
  // One core is left to the GUI thread, as the analysis worker leaves it.
  options.threads = std::max(1, QThread::idealThreadCount() - 1);
  options.resultsSource = input.resultsFile;
  const EvalParams params = run.params ? *run.params : evalParamsFor(input.layout);
  return std::make_shared<const MatchAccuracy>(
      matchAccuracy(input.groundTruth, input.results, params, settings, options));
}

// "40 true and 12 false positives" of `accuracy`'s matching.
QString positivesText(const MatchAccuracy& accuracy) {
  const CategoryAccuracy* c = accuracy.categories.empty() ? nullptr : &accuracy.categories[0];
  return QObject::tr("%1 true and %2 false positives")
      .arg(c ? c->calibration.truePositives : 0)
      .arg(c ? c->calibration.falsePositives : 0);
}

}  // namespace

CurvesPanel::CurvesPanel(Runs runs, QWidget* parent) : QWidget(parent), runCount_(runs) {
  prChart_ = new PrCurveChart;
  pckChart_ = new JointPckChart;
  oksChart_ = new OksHistogramChart;
  calibrationChart_ = new CalibrationChart;

  oksBox_ = new QDoubleSpinBox;
  oksBox_->setObjectName(QStringLiteral("accuracyOksChoice"));
  oksBox_->setRange(0.05, 1.0);
  oksBox_->setSingleStep(0.05);
  oksBox_->setDecimals(2);
  oksBox_->setValue(0.5);
  oksBox_->setKeyboardTracking(false);  // one computation per value entered, not per keystroke
  oksBox_->setToolTip(runs == OneRun
                          ? tr("The OKS threshold of the matching the three charts measure")
                          : tr("The OKS threshold of the matching the three charts below the "
                               "curves measure, for both runs"));
  connect(oksBox_, &QDoubleSpinBox::valueChanged, this, &CurvesPanel::computeAccuracy);
  accuracyStatus_ = new QLabel;
  accuracyStatus_->setObjectName(QStringLiteral("accuracyStatus"));
  accuracyStatus_->setWordWrap(true);
  auto* accuracyBar = new QHBoxLayout;
  accuracyBar->addWidget(new QLabel(tr("<b>Matching at OKS</b>")));
  accuracyBar->addWidget(oksBox_);
  accuracyBar->addWidget(accuracyStatus_, 1);

  // One run: two charts a row, each half the width. Two runs: one chart a row, each of the full
  // width their bars side by side need. In a scroll area either way, so that the charts' minimum
  // heights never push the window beyond its default size.
  QWidget* charts = nullptr;
  if (runs == OneRun) {
    charts = new QWidget;
    auto* grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(prChart_, 0, 0);
    grid->addWidget(pckChart_, 0, 1);
    grid->addWidget(oksChart_, 1, 0);
    grid->addWidget(calibrationChart_, 1, 1);
    for (int i = 0; i < 2; ++i) {
      grid->setColumnStretch(i, 1);
      grid->setRowStretch(i, 1);
    }
  } else {
    auto* stack = new QSplitter(Qt::Vertical);
    for (QWidget* chart :
         std::initializer_list<QWidget*>{prChart_, pckChart_, oksChart_, calibrationChart_}) {
      chart->setMinimumHeight(kStackedChartHeight);
      stack->addWidget(chart);
    }
    charts = stack;
  }
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(charts);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(accuracyBar);
  layout->addWidget(scroll, 1);
}

void CurvesPanel::setRuns(std::vector<MeasuredRun> runs) {
  runs_ = std::move(runs);
  computeAccuracy();
}

void CurvesPanel::showAccuracyMessage(const QString& message) {
  accuracyJob_.cancel();
  showAccuracies(nullptr, nullptr, message);
}

void CurvesPanel::setAccuracyOks(double oks) {
  oksBox_->setValue(oks);
}

double CurvesPanel::accuracyOks() const {
  return oksBox_->value();
}

QString CurvesPanel::accuracyStatus() const {
  return accuracyStatus_->text();
}

void CurvesPanel::computeAccuracy() {
  accuracyJob_.cancel();  // answers to earlier requests no longer apply
  const bool measurable = !runs_.empty() && std::all_of(runs_.begin(), runs_.end(),
                                                        [](auto& r) { return r.input || r.run; });
  if (!measurable) {
    showAccuracies(nullptr, nullptr, QString());
    return;
  }
  const double oks = accuracyOks();
  showAccuracies(nullptr, nullptr,
                 (runCount_ == OneRun ? tr("Matching at OKS %1\u2026")
                                      : tr("Matching both runs at OKS %1\u2026"))
                     .arg(oksThresholdText(oks)));
  accuracyJob_.start(
      this,
      [runs = runs_, oks] {
        MeasuredAccuracy result;
        const auto start = std::chrono::steady_clock::now();
        try {
          for (const MeasuredRun& run : runs) {
            result.inputs.push_back(run.input ? run.input
                                              : std::make_shared<const RunEvaluationInput>(
                                                    loadRunEvaluationInput(*run.run)));
            result.accuracies.push_back(accuracyOf(run, *result.inputs.back(), oks));
          }
        } catch (const std::exception& e) {
          result.accuracies.clear();
          result.error = QString::fromStdString(e.what());
        }
        result.milliseconds =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        releaseFreeMemory();  // the matching's tables (and a reading's), freed
        return result;
      },
      [this](const MeasuredAccuracy& result) {
        // The inputs read are of the runs shown (a later setRuns drops the answer): kept for the
        // next threshold.
        for (std::size_t i = 0; i < result.inputs.size() && i < runs_.size(); ++i)
          if (!runs_[i].input) runs_[i].input = result.inputs[i];
        if (result.accuracies.size() != runs_.size()) {
          showAccuracies(nullptr, nullptr, tr("No per-joint measures: %1").arg(result.error));
          accuracyStatus_->setText(
              tr("<span style='color:#c01c28'>%1</span>").arg(result.error.toHtmlEscaped()));
        } else {
          const MatchAccuracy& a = *result.accuracies.front();
          const QString positives =
              runCount_ == OneRun
                  ? positivesText(a)
                  : tr("A: %1; B: %2").arg(positivesText(a), positivesText(*result.accuracies[1]));
          showAccuracies(result.accuracies.front(),
                         runCount_ == OneRun ? nullptr : result.accuracies[1], QString());
          accuracyStatus_->setText(
              tr("%1 of pycocotools' matching (area %2, %3); computed in %4 ms.")
                  .arg(positives, QString::fromStdString(a.area),
                       a.settingChanges.empty() ? tr("valid.py's evaluation settings")
                                                : tr("the changed evaluation settings"))
                  .arg(result.milliseconds, 0, 'f', 0));
        }
        Q_EMIT accuracyFinished();
      });
}

void CurvesPanel::showAccuracies(std::shared_ptr<const MatchAccuracy> a,
                                 std::shared_ptr<const MatchAccuracy> b, const QString& message) {
  accuracyA_ = std::move(a);
  accuracyB_ = std::move(b);
  if (!accuracyA_) accuracyStatus_->setText(message);
  const QString nameA = runs_.size() == 2 ? runs_[0].name : QString();
  const QString nameB = runs_.size() == 2 ? runs_[1].name : QString();
  for (AccuracyChart* chart :
       std::initializer_list<AccuracyChart*>{pckChart_, oksChart_, calibrationChart_}) {
    if (runCount_ == OneRun)
      chart->setAccuracy(accuracyA_);
    else
      chart->setComparedAccuracies(accuracyA_, accuracyB_, nameA, nameB);
    if (!message.isEmpty()) chart->setMessage(message);
  }
}

}  // namespace posescope
