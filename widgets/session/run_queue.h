#pragma once
// Runs several evaluations one after the other on one RunController (e.g. A then B to compare).

#include <QObject>
#include <QString>
#include <QStringList>
#include <vector>

#include "widgets/session/run_types.h"

namespace posescope {

class RunController;

/// One evaluation of a queue: what to show for it and what the controller needs.
struct QueuedRun {
  QString label;  // e.g. "A: demo-arch"
  ExperimentSpec spec;
  EvaluatorOptions options;  // options.outDir is the run folder
};

/// Lives on the GUI thread beside the window's RunController. First checks that every run after
/// the first would start (network, checkpoint, dataset, on the CPU, writing nothing), so a wrong
/// checkpoint for B is reported before A's run takes its time; then runs them in order, each
/// starting on the turn of the event loop after the previous one completed (every listener has
/// seen that run end, and the queue's own state changes only then). A run that fails or is
/// cancelled stops the queue: the runs after it are not started, and the folders written so far
/// stay on disk. Never throws.
class RunQueue : public QObject {
  Q_OBJECT
 public:
  /// Why a queue stopped before its last run completed.
  enum class StopReason { Cancelled, RunFailed, CheckFailed };
  Q_ENUM(StopReason)

  explicit RunQueue(RunController* controller, QObject* parent = nullptr);

  /// Starts checking (and then running); false (and nothing starts) when `runs` is empty, the
  /// controller is busy or a queue is already going.
  bool start(std::vector<QueuedRun> runs);
  /// Cancels the run in progress (within one forward pass) or the checks (after the one in
  /// progress), and drops the rest.
  void cancel();
  bool isActive() const { return active_; }
  /// Index of the run in progress (or of the last one when the queue has ended).
  int currentIndex() const { return current_; }
  /// Whether runs after the current one are still to start.
  bool hasMoreRuns() const { return active_ && current_ + 1 < size(); }
  int size() const { return static_cast<int>(runs_.size()); }
  /// The label of run `index` ("" out of range).
  QString label(int index) const {
    return index >= 0 && index < size() ? labelOf(index) : QString();
  }
  /// Run folders of the runs that completed, in queue order.
  QStringList completedDirs() const { return completed_; }

 Q_SIGNALS:
  /// Run `index` of `count` is being checked before any run starts.
  void checking(int index, int count, const QString& label);
  /// Run `index` of `count` is about to start into `runDir`.
  void runStarting(int index, int count, const QString& label, const QString& runDir);
  /// Every run completed; `runDirs` in queue order.
  void allCompleted(const QStringList& runDirs);
  /// Run `index` was cancelled, failed, or failed its check (`reason` says what to fix); the
  /// runs after it (after a failed check: all of them) were not started.
  void stopped(int index, const QString& label, posescope::RunQueue::StopReason why,
               const QString& reason);

 private:
  void checkNext();
  void startCurrent();
  void onChecked(int index, const QString& error);
  void onFinished(const RunOutcome& outcome);
  void onFailed(const QString& message);
  void stop(int index, StopReason why, const QString& reason);
  const QString& labelOf(int index) const { return runs_[static_cast<size_t>(index)].label; }

  RunController* controller_;
  std::vector<QueuedRun> runs_;
  QStringList completed_;
  int current_ = -1;
  int checking_ = -1;  // run being checked; -1 when running
  bool active_ = false;
  bool cancelRequested_ = false;
};

}  // namespace posescope
