#pragma once
// The keypoint error analysis of the run shown, computed in the background: its ground truth and
// results read once per run, recomputed with other settings without reading again.

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>

#include "widgets/session/opened_run.h"
#include "widgets/session/run_analysis.h"

class QThread;

namespace posescope {

class RunAnalysisWorker;

/// Lives on the GUI thread; one RunAnalysisWorker on its own QThread reads and analyses. Every
/// request gets a new generation and only the newest one's result is announced (older ones are
/// skipped by the worker or dropped on arrival), so a settings slider dragged quickly never shows
/// an outdated analysis. The destructor waits for the analysis in progress. Never throws.
class RunAnalysisSession : public QObject {
  Q_OBJECT
 public:
  explicit RunAnalysisSession(QObject* parent = nullptr);
  ~RunAnalysisSession() override;

  /// Analyses `run` (read back by the RunStore) in the background as `posescope-cli analyze DIR`
  /// does (analysisParamsFor(layout)), reading its annotation and results files; analysisReady
  /// or analysisFailed follow.
  void analyzeRun(const LoadedRunPtr& run);
  /// Analyses the run folder last read again with `params` (no file is read); analysisReady or
  /// analysisFailed follow. False (nothing happens) when no run was asked for.
  bool reanalyze(const AnalysisParams& params);
  /// Evaluates the run's results again with `params` (the metric table and per-image AP of
  /// `posescope-cli metrics` with the same settings: reevaluated follows), then analyses them with
  /// the analysis settings that follow (analysisParamsFollowing: analysisReady follows, its
  /// reevaluation set). No file is read. False (nothing happens) when no run was asked for.
  bool reevaluate(const EvalParams& params);
  /// Forgets the run (a new run starts): results still in flight are dropped; analysisCleared.
  void clear();

  /// The newest analysis announced for the run folder asked for last; nullptr before the first
  /// (or after a failure or clear()).
  RunAnalysisPtr current() const { return current_; }
  /// The folder of the run asked for last; "" after clear().
  QString runDir() const { return runDir_; }
  /// Whether an answer to the newest request is still to come.
  bool busy() const { return busy_; }
  /// Whether a request made so far (clear() included) is still to be served by the worker:
  /// answered, or skipped or dropped as outdated. When none is, nothing arrives until the next
  /// request, which is how a test shows that an outdated answer is never announced (a fixed wait
  /// shows nothing on a machine slower than the wait).
  bool hasRequestsInFlight() const { return served_ < asked_; }

 Q_SIGNALS:
  /// Reading or analysing started (`true`) or its answer arrived (`false`).
  void busyChanged(bool busy);
  void analysisReady(const posescope::RunAnalysisPtr& analysis);
  /// The metric table and per-image rows of the newest reevaluate() request, before its analysis.
  void reevaluated(const posescope::RunReevaluationPtr& reevaluation);
  /// `message` names the file (or setting) at fault.
  void analysisFailed(const QString& message);
  void analysisCleared();

 private:
  /// A new generation for a request to the worker, counted until served.
  quint64 nextGeneration();
  void setBusy(bool busy);
  void onAnalysed(quint64 generation, const RunAnalysisPtr& analysis);
  void onFailed(quint64 generation, const QString& message);
  void onReevaluated(quint64 generation, const RunReevaluationPtr& reevaluation);

  QThread* thread_ = nullptr;
  RunAnalysisWorker* worker_ = nullptr;
  std::shared_ptr<std::atomic<quint64>> latest_ = std::make_shared<std::atomic<quint64>>(0);
  QString runDir_;
  RunAnalysisPtr current_;
  bool busy_ = false;
  quint64 asked_ = 0, served_ = 0;  // requests sent to the worker, and served by it
};

/// Registers RunAnalysisPtr, RunReevaluationPtr, AnalysisParams and EvalParams for queued
/// connections; idempotent, never fails.
void registerRunAnalysisMetaTypes();

}  // namespace posescope
