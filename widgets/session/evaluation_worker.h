#pragma once
// The background half of a run: builds the Evaluator and runs it on the worker's thread.

#include <QObject>
#include <QString>

#include "widgets/session/run_types.h"

namespace posescope {

/// A QObject meant to live on its own QThread. evaluate() constructs the core Evaluator (which can
/// take seconds) and runs it, reporting through queued signals that carry values only. It never
/// throws: every failure, typed or not, becomes failed(message) with what to fix.
class EvaluationWorker : public QObject {
  Q_OBJECT
 public:
  explicit EvaluationWorker(QObject* parent = nullptr);

 public Q_SLOTS:
  /// Loads the experiment, builds the Evaluator and runs it; emits finished() or failed().
  void evaluate(const posescope::RunRequest& request);
  /// Continues the interrupted run folder request.options.outDir as `posescope-cli eval --resume`
  /// does (planResume, resumeOptions: its own config, selection, device and records); the
  /// request's spec is not used. Emits what evaluate() emits, but never startFailed(): a resume
  /// that cannot start concerns the folder, not the Experiment page's inputs, and the folder stays.
  void resume(const posescope::RunRequest& request);
  /// Loads the experiment and builds its Evaluator (network, strict checkpoint load, dataset)
  /// without running it, then emits checked(tag, "") or checked(tag, what to fix). Lets a run
  /// that would fail be found before the runs queued ahead of it take their time.
  void check(const posescope::RunRequest& request, int tag);

 Q_SIGNALS:
  /// The experiment is loading and the model, checkpoint and dataset are being opened.
  void preparing();
  /// One line as `posescope-cli eval` writes it (stderr lines, then the table on stdout).
  void logLine(const QString& line);
  /// The evaluation loop starts; `summary` holds the model, device and image count.
  void started(const posescope::RunSummary& summary);
  /// One image is done (`done` of `total`).
  void imageDone(const posescope::ImageRecord& record, qulonglong done, qulonglong total);
  /// The run ended, complete or cancelled; the run folder is valid either way.
  void finished(const posescope::RunOutcome& outcome);
  /// The run could not start or stopped on an error; `message` says what to fix.
  void failed(const QString& message);
  /// Emitted before failed() when the run failed before its evaluation loop started (no image
  /// evaluated, its run folder removed): `field` is the SetupField (as int) the failure concerns.
  void startFailed(int field, const QString& message);
  /// Answer to check(): `error` is "" when the run would start.
  void checked(int tag, const QString& error);

 private:
  void run(const RunRequest& request, bool resuming);
};

/// Turns an exception from Evaluator construction or run() into a message that says which input
/// is wrong and what to do about it; never throws.
QString describeRunFailure(const std::exception& error);

/// The setup field (SetupField as int) an exception from Evaluator construction concerns: the
/// checkpoint, the dataset root, the overrides (model and config settings); never throws.
int runFailureField(const std::exception& error);

}  // namespace posescope
