#pragma once
// Runs several evaluations one after the other on one RunController (e.g. A then B to compare).

#include <QObject>
#include <QString>
#include <QStringList>
#include <vector>

#include "run_types.h"

namespace posescope {

class RunController;

/// One evaluation of a queue: what to show for it and what the controller needs.
struct QueuedRun {
  QString label;  // e.g. "A: demo-arch.json"
  ExperimentSpec spec;
  EvaluatorOptions options;  // options.outDir is the run folder
};

/// Lives on the GUI thread beside the window's RunController and starts the next run when the
/// previous one completes (on the next turn of the event loop, after every listener has seen the
/// previous run end). A run that fails or is cancelled stops the queue: the runs after it are
/// not started, and the folders written so far stay on disk. Never throws.
class RunQueue : public QObject {
  Q_OBJECT
 public:
  explicit RunQueue(RunController* controller, QObject* parent = nullptr);

  /// Starts the first run; false (and nothing starts) when `runs` is empty, the controller is
  /// busy or a queue is already going.
  bool start(std::vector<QueuedRun> runs);
  /// Cancels the run in progress (after its current image) and drops the ones after it.
  void cancel();
  bool isActive() const { return active_; }
  /// Index of the run in progress (or of the last one when the queue has ended).
  int currentIndex() const { return current_; }
  /// Whether runs after the current one are still to start.
  bool hasMoreRuns() const { return active_ && current_ + 1 < size(); }
  int size() const { return static_cast<int>(runs_.size()); }
  /// Run folders of the runs that completed, in queue order.
  QStringList completedDirs() const { return completed_; }

 Q_SIGNALS:
  /// Run `index` of `count` is about to start into `runDir`.
  void runStarting(int index, int count, const QString& label, const QString& runDir);
  /// Every run completed; `runDirs` in queue order.
  void allCompleted(const QStringList& runDirs);
  /// Run `index` failed (`reason` is the worker's message) or was cancelled (`cancelled`); the
  /// runs after it were not started.
  void stopped(int index, const QString& label, bool cancelled, const QString& reason);

 private:
  void startCurrent();
  void onFinished(const RunOutcome& outcome);
  void onFailed(const QString& message);
  void stop(bool cancelled, const QString& reason);

  RunController* controller_;
  std::vector<QueuedRun> runs_;
  QStringList completed_;
  int current_ = -1;
  bool active_ = false;
  bool cancelRequested_ = false;
};

}  // namespace posescope
