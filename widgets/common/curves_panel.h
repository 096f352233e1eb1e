#pragma once
// The Curves tab of the Results and Compare pages, drawn once for both: the precision-recall
// chart and, at one OKS threshold of the user's choice, PCK per joint, the OKS histogram and
// score calibration of pycocotools' matching; of one run, or of runs A and B on the same charts.

#include <QString>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/match_accuracy.h"
#include "eval/eval_params.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/latest_job.h"

class QDoubleSpinBox;
class QLabel;

namespace posescope {

class CalibrationChart;
class JointPckChart;
class OksHistogramChart;
class PrCurveChart;

/// The tab's owner feeds the precision-recall chart (prChart()) from its analyses; the panel
/// measures the matching itself: each run's at the threshold chosen (OKS .50 at first) with the
/// run's evaluation settings (matchAccuracy, what `posescope-cli metrics --accuracy
/// --accuracy-oks T` writes), on a pool thread as soon as the runs are set and again when the
/// threshold changes; only the latest request is drawn. Never throws.
class CurvesPanel : public QWidget {
  Q_OBJECT
 public:
  /// What the panel draws: one run (Results) or runs A and B (Compare).
  enum Runs { OneRun, TwoRuns };

  /// One run whose matching is measured.
  struct MeasuredRun {
    LoadedRunPtr run;                  // its ground truth and results are read from it when...
    RunEvaluationInputPtr input;       // ...not given here (then kept while the run is shown)
    std::optional<EvalParams> params;  // the metric table's settings; valid.py's when not given
    QString name;                      // in the legends when comparing ("A: ...")
  };

  explicit CurvesPanel(Runs runs, QWidget* parent = nullptr);

  /// Measures the matching of `runs` (one run, or A and B) from now on; none empties the three
  /// charts. An answer still coming for the runs shown before is dropped.
  void setRuns(std::vector<MeasuredRun> runs);
  /// Shows `message` in place of the three charts of the matching (an analysis being computed or
  /// failed) until the next request; an answer still coming is dropped.
  void showAccuracyMessage(const QString& message);
  /// The OKS threshold of the matching (0.5 at first); a change measures the runs again.
  void setAccuracyOks(double oks);
  double accuracyOks() const;
  /// Run A's measures drawn (with `runB`, run B's): nullptr until computed or when they failed.
  const std::shared_ptr<const MatchAccuracy>& accuracy(bool runB = false) const {
    return runB ? accuracyB_ : accuracyA_;
  }
  /// The line saying what the measures are of and how long they took, or why they failed.
  QString accuracyStatus() const;

  PrCurveChart* prChart() const { return prChart_; }
  JointPckChart* pckChart() const { return pckChart_; }
  OksHistogramChart* oksHistogramChart() const { return oksChart_; }
  CalibrationChart* calibrationChart() const { return calibrationChart_; }

 Q_SIGNALS:
  /// The latest request's measures are drawn, or why they could not be computed is shown.
  void accuracyFinished();

 protected:
  /// The threshold box and the status line beside it (their owners name them).
  QDoubleSpinBox* oksChoice() const { return oksBox_; }
  QLabel* accuracyStatusLabel() const { return accuracyStatus_; }

 private:
  /// Starts measuring runs_ at the threshold chosen.
  void computeAccuracy();
  /// Draws A's (and B's) measures on the three charts (nullptr with `message`: none, and why).
  void showAccuracies(std::shared_ptr<const MatchAccuracy> a,
                      std::shared_ptr<const MatchAccuracy> b, const QString& message);

  const Runs runCount_;
  std::vector<MeasuredRun> runs_;
  std::shared_ptr<const MatchAccuracy> accuracyA_, accuracyB_;
  LatestJob accuracyJob_;  // of the latest request; older answers are dropped
  QDoubleSpinBox* oksBox_ = nullptr;
  QLabel* accuracyStatus_ = nullptr;
  PrCurveChart* prChart_ = nullptr;
  JointPckChart* pckChart_ = nullptr;
  OksHistogramChart* oksChart_ = nullptr;
  CalibrationChart* calibrationChart_ = nullptr;
};

}  // namespace posescope
