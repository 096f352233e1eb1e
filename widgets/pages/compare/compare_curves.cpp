#include "widgets/pages/compare/compare_curves.h"

#include <QScrollArea>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>
#include <exception>

#include "report/run_ground_truth.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/pr_curve_chart.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

constexpr double kAccuracyOks = 0.5;

// What the background computation of both runs' measures hands back.
struct PairAccuracy {
  std::shared_ptr<const MatchAccuracy> a, b;
  QString error;
};

// `run`'s matching at kAccuracyOks with valid.py's settings; throws as matchAccuracy does.
std::shared_ptr<const MatchAccuracy> runAccuracy(const LoadedRun& run) {
  const RunEvaluationInput input = loadRunEvaluationInput(run);
  AccuracySettings settings;
  settings.oksThreshold = kAccuracyOks;
  EvalOptions options;
  options.threads = std::max(1, QThread::idealThreadCount() - 1);  // one core left to the GUI
  options.resultsSource = input.resultsFile;
  return std::make_shared<const MatchAccuracy>(matchAccuracy(
      input.groundTruth, input.results, evalParamsFor(input.variant), settings, options));
}

}  // namespace

CompareCurves::CompareCurves(QWidget* parent) : QWidget(parent) {
  prChart_ = new PrCurveChart;
  prChart_->setObjectName(QStringLiteral("comparePrChart"));
  pckChart_ = new JointPckChart;
  pckChart_->setObjectName(QStringLiteral("comparePckChart"));
  auto* charts = new QSplitter(Qt::Vertical);
  charts->addWidget(prChart_);
  charts->addWidget(pckChart_);
  // In a scroll area: the two charts' minimum heights never push the window beyond its default.
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(charts);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll);
}

void CompareCurves::showRuns(const LoadedRun& a, const LoadedRun& b, const QString& nameA,
                             const QString& nameB) {
  const quint64 generation = ++generation_;
  nameA_ = nameA;
  nameB_ = nameB;
  accuracyA_.reset();
  accuracyB_.reset();
  prChart_->setComparedAnalyses(nullptr, nullptr, nameA, nameB);
  prChart_->setMessage(tr("Analysing the errors of both runs\u2026"));
  pckChart_->setComparedAccuracies(nullptr, nullptr, nameA, nameB);
  pckChart_->setMessage(tr("Matching both runs at OKS .50\u2026"));
  inBackground(
      this,
      [a, b] {
        PairAccuracy result;
        try {
          result.a = runAccuracy(a);
          result.b = runAccuracy(b);
        } catch (const std::exception& e) {
          result.error = QString::fromStdString(e.what());
        }
        return result;
      },
      [this, generation](PairAccuracy result) {
        if (generation != generation_) return;  // another pair is shown now
        accuracyA_ = std::move(result.a);
        accuracyB_ = std::move(result.b);
        if (accuracyA_ && accuracyB_) {
          pckChart_->setComparedAccuracies(accuracyA_, accuracyB_, nameA_, nameB_);
        } else {
          accuracyA_.reset();
          pckChart_->setMessage(tr("No PCK per joint: %1").arg(result.error));
        }
        Q_EMIT accuracyFinished();
      });
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
  ++generation_;
  accuracyA_.reset();
  accuracyB_.reset();
  prChart_->setComparedAnalyses(nullptr, nullptr, nameA_, nameB_);
  pckChart_->setComparedAccuracies(nullptr, nullptr, nameA_, nameB_);
}

}  // namespace posescope
