#include "run_queue.h"

#include <QTimer>

#include "run_controller.h"

namespace posescope {

RunQueue::RunQueue(RunController* controller, QObject* parent)
    : QObject(parent), controller_(controller) {
  connect(controller_, &RunController::finished, this, &RunQueue::onFinished);
  connect(controller_, &RunController::failed, this, &RunQueue::onFailed);
}

bool RunQueue::start(std::vector<QueuedRun> runs) {
  if (runs.empty() || active_ || controller_->isRunning()) return false;
  runs_ = std::move(runs);
  completed_.clear();
  current_ = 0;
  active_ = true;
  cancelRequested_ = false;
  startCurrent();
  return active_;
}

void RunQueue::startCurrent() {
  const QueuedRun& run = runs_[static_cast<size_t>(current_)];
  const QString runDir = QString::fromStdString(run.options.outDir);
  Q_EMIT runStarting(current_, size(), run.label, runDir);
  if (!controller_->start(run.spec, run.options))
    stop(false, tr("another run is in progress; %1 was not started").arg(run.label));
}

void RunQueue::cancel() {
  if (!active_) return;
  cancelRequested_ = true;
  controller_->cancel();
}

void RunQueue::onFinished(const RunOutcome& outcome) {
  if (!active_) return;
  if (outcome.summary.state != "complete") {
    stop(true, tr("%1 was cancelled").arg(runs_[static_cast<size_t>(current_)].label));
    return;
  }
  completed_ << QString::fromStdString(outcome.runDir);
  const bool more = current_ + 1 < size();
  if (more && cancelRequested_) {  // cancelled as its last image finished: start no other run
    stop(true, tr("cancelled after %1").arg(runs_[static_cast<size_t>(current_)].label));
    return;
  }
  if (more) {
    // Next turn of the event loop: every listener of `finished` (connected before or after the
    // queue) sees this run's end before the next run starts and resets the pages.
    QTimer::singleShot(0, this, [this] {
      if (!active_) return;
      if (cancelRequested_) {
        stop(true, tr("cancelled after %1").arg(runs_[static_cast<size_t>(current_)].label));
        return;
      }
      ++current_;
      startCurrent();
    });
    return;
  }
  active_ = false;
  Q_EMIT allCompleted(completed_);
}

void RunQueue::onFailed(const QString& message) {
  if (active_) stop(false, message);
}

void RunQueue::stop(bool cancelled, const QString& reason) {
  active_ = false;
  Q_EMIT stopped(current_, runs_[static_cast<size_t>(current_)].label, cancelled, reason);
}

}  // namespace posescope
