#include "widgets/pages/compare/compare_curves.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLayout>

#include "widgets/common/calibration_chart.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/pr_curve_chart.h"

namespace posescope {

CompareCurves::CompareCurves(QWidget* parent) : CurvesPanel(TwoRuns, parent) {
  prChart()->setObjectName(QStringLiteral("comparePrChart"));
  pckChart()->setObjectName(QStringLiteral("comparePckChart"));
  oksHistogramChart()->setObjectName(QStringLiteral("compareOksHistogram"));
  calibrationChart()->setObjectName(QStringLiteral("compareCalibrationChart"));
  oksChoice()->setObjectName(QStringLiteral("compareAccuracyOksChoice"));
  accuracyStatusLabel()->setObjectName(QStringLiteral("compareAccuracyStatus"));
  layout()->setContentsMargins(0, 0, 0, 0);  // the page's narrow left pane: every pixel to charts
}

void CompareCurves::showRuns(LoadedRunPtr a, LoadedRunPtr b, const QString& nameA,
                             const QString& nameB, RunEvaluationInputPtr readA,
                             RunEvaluationInputPtr readB) {
  nameA_ = nameA;
  nameB_ = nameB;
  prChart()->setComparedAnalyses(nullptr, nullptr, nameA, nameB);
  prChart()->setMessage(tr("Analysing the errors of both runs\u2026"));
  setRuns({{std::move(a), std::move(readA), std::nullopt, nameA},
           {std::move(b), std::move(readB), std::nullopt, nameB}});
}

void CompareCurves::showPairAnalysis(const RunPairAnalysisPtr& analysis) {
  prChart()->setComparedAnalyses(std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->a),
                                 std::shared_ptr<const KeypointAnalysis>(analysis, &analysis->b),
                                 nameA_, nameB_);
}

void CompareCurves::showPairAnalysisFailed(const QString& message) {
  prChart()->setMessage(message);
}

void CompareCurves::clear() {
  prChart()->setComparedAnalyses(nullptr, nullptr, nameA_, nameB_);
  setRuns({});  // no runs: empties the three charts and drops an answer still coming
}

}  // namespace posescope
