#pragma once
// Owns the evaluation thread: starts runs on it, cancels them, and stops it cleanly.

#include <QObject>
#include <QString>

#include "widgets/session/run_types.h"

class QThread;

namespace posescope {

class EvaluationWorker;

/// Lives on the GUI thread. One EvaluationWorker on one QThread, work in by signal, results out
/// by signal; the destructor cancels a run in progress, then interrupts, quits and waits.
class RunController : public QObject {
  Q_OBJECT
 public:
  explicit RunController(QObject* parent = nullptr);
  ~RunController() override;

  /// Starts a run; returns false (and does nothing) while another run is in progress.
  bool start(const ExperimentSpec& spec, const EvaluatorOptions& options);
  /// Continues the interrupted run folder `runDir` as `posescope-cli eval --resume` does
  /// (EvaluationWorker::resume); returns false (and does nothing) while another run is in progress.
  bool resume(const QString& runDir);
  /// Asks the worker whether a run of `spec` would start (EvaluationWorker::check: network,
  /// checkpoint, dataset; nothing is written); the answer comes as checked(tag, error). Counts as
  /// running meanwhile. Returns false (and does nothing) while a run or check is in progress.
  bool check(const ExperimentSpec& spec, const EvaluatorOptions& options, int tag);
  /// Asks the run in progress to stop (within one forward pass; the image in flight is dropped);
  /// harmless when idle.
  void cancel();
  bool isRunning() const { return running_; }
  /// The run folder of the current or last run ("" when it writes none).
  QString runDir() const { return runDir_; }

 Q_SIGNALS:
  void runningChanged(bool running);
  void preparing();
  void logLine(const QString& line);
  void started(const posescope::RunSummary& summary);
  void imageDone(const posescope::ImageRecord& record, qulonglong done, qulonglong total);
  void finished(const posescope::RunOutcome& outcome);
  void failed(const QString& message);
  /// Before failed() when the run failed before its first image (EvaluationWorker::startFailed).
  void startFailed(int field, const QString& message);
  /// Answer to check(); `error` is "" when the run would start.
  void checked(int tag, const QString& error);
  /// Internal: hands a request to the worker's thread.
  void requestEvaluation(const posescope::RunRequest& request);
  void requestResume(const posescope::RunRequest& request);
  void requestCheck(const posescope::RunRequest& request, int tag);

 private:
  void setRunning(bool running);
  /// Hands `request` (its cancel token made here) to the worker through `signal`; false while
  /// a run or check is in progress.
  bool send(RunRequest request, void (RunController::*signal)(const RunRequest&));

  QThread* thread_ = nullptr;
  EvaluationWorker* worker_ = nullptr;
  CancellationTokenPtr cancel_;
  QString runDir_;
  bool running_ = false;
};

}  // namespace posescope
