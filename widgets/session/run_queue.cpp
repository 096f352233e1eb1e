#include "widgets/session/run_queue.h"

#include <QTimer>

#include "widgets/session/run_controller.h"

namespace posescope {

RunQueue::RunQueue(RunController* controller, QObject* parent)
    : QObject(parent), controller_(controller) {
  connect(controller_, &RunController::checked, this, &RunQueue::onChecked);
  connect(controller_, &RunController::finished, this, &RunQueue::onFinished);
  connect(controller_, &RunController::failed, this, &RunQueue::onFailed);
}

bool RunQueue::start(std::vector<QueuedRun> runs) {
  if (runs.empty() || active_ || controller_->isRunning()) return false;
  runs_ = std::move(runs);
  completed_.clear();
  current_ = 0;
  checking_ = 0;  // the first run needs no separate check: its own start does it
  active_ = true;
  cancelRequested_ = false;
  checkNext();
  return active_;
}

void RunQueue::checkNext() {
  ++checking_;
  if (checking_ >= size()) {
    checking_ = -1;
    startCurrent();
    return;
  }
  const QueuedRun& run = runs_[static_cast<size_t>(checking_)];
  EvaluatorOptions options = run.options;
  options.outDir.clear();  // write nothing
  options.device = "cpu";  // the device was checked with the setup; keep GPU memory free
  Q_EMIT checking(checking_, size(), run.label);
  if (!controller_->check(run.spec, options, checking_))
    stop(checking_, StopReason::CheckFailed,
         tr("another run is in progress; %1 was not checked").arg(run.label));
}

void RunQueue::onChecked(int index, const QString& error) {
  if (!active_ || index != checking_) return;
  // Next turn of the event loop, as between runs: the controller is idle by then for sure.
  QTimer::singleShot(0, this, [this, index, error] {
    if (!active_) return;
    if (cancelRequested_)
      stop(index, StopReason::Cancelled, tr("cancelled while checking %1").arg(labelOf(index)));
    else if (!error.isEmpty())
      stop(index, StopReason::CheckFailed, error);
    else
      checkNext();
  });
}

void RunQueue::startCurrent() {
  const QueuedRun& run = runs_[static_cast<size_t>(current_)];
  const QString runDir = QString::fromStdString(run.options.outDir);
  Q_EMIT runStarting(current_, size(), run.label, runDir);
  if (!controller_->start(run.spec, run.options))
    stop(current_, StopReason::RunFailed,
         tr("another run is in progress; %1 was not started").arg(run.label));
}

void RunQueue::cancel() {
  if (!active_) return;
  cancelRequested_ = true;
  controller_->cancel();
}

void RunQueue::onFinished(const RunOutcome& outcome) {
  if (!active_ || checking_ >= 0) return;
  // Next turn of the event loop: every listener of the controller's `finished`, connected before
  // or after the queue, sees the queue as it was during this run (its index, the runs to come)
  // and sees this run's end before the next run starts and resets the pages.
  const bool complete = outcome.summary.state == RunState::Complete;
  const QString runDir = QString::fromStdString(outcome.runDir);
  QTimer::singleShot(0, this, [this, complete, runDir] {
    if (!active_) return;
    if (!complete) {
      stop(current_, StopReason::Cancelled, tr("%1 was cancelled").arg(labelOf(current_)));
      return;
    }
    completed_ << runDir;
    if (current_ + 1 >= size()) {
      active_ = false;
      Q_EMIT allCompleted(completed_);
      return;
    }
    if (cancelRequested_) {  // cancelled as its last image finished: start no other run
      stop(current_, StopReason::Cancelled, tr("cancelled after %1").arg(labelOf(current_)));
      return;
    }
    ++current_;
    startCurrent();
  });
}

void RunQueue::onFailed(const QString& message) {
  if (active_ && checking_ < 0) stop(current_, StopReason::RunFailed, message);
}

void RunQueue::stop(int index, StopReason why, const QString& reason) {
  active_ = false;
  checking_ = -1;
  Q_EMIT stopped(index, labelOf(index), why, reason);
}

}  // namespace posescope
