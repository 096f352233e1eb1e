#pragma once
// The slow half of a comparison, off the GUI thread: the paired bootstrap of every stat and both
// runs' error analyses (what `posescope-cli compare` adds to the metric table).

#include <QObject>
#include <QString>
#include <memory>

#include "report/run_comparison.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/latest_job.h"

namespace posescope {

using RunPairAnalysisPtr = std::shared_ptr<const RunPairAnalysis>;

/// Computes analyzeRunPair for two run folders on a pool thread with `posescope-cli compare`'s
/// defaults (1,000 resamples, seed 1), so the intervals equal what the CLI prints. Only the latest
/// start reports: an earlier one still running is dropped when it ends. Never throws.
class CompareAnalysis : public QObject {
  Q_OBJECT
 public:
  explicit CompareAnalysis(QObject* parent = nullptr);

  /// Starts analysing `a` against `b` (both non-null); `readA` and `readB`, when given, are their
  /// ground truth and results already read.
  void start(LoadedRunPtr a, LoadedRunPtr b, RunEvaluationInputPtr readA = nullptr,
             RunEvaluationInputPtr readB = nullptr);
  /// Drops the result of the analysis going (the runs were closed or replaced).
  void cancel();
  /// Whether a started analysis has not reported yet.
  bool isRunning() const { return running_; }

 Q_SIGNALS:
  /// The analysis of the latest start.
  void finished(const posescope::RunPairAnalysisPtr& analysis);
  /// Why the latest start could not be analysed (names the file: no results, no annotations).
  void failed(const QString& message);

 private:
  LatestJob job_;
  bool running_ = false;
};

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::RunPairAnalysisPtr)
