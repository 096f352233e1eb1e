#include "widgets/session/checkpoint_check.h"

#include <QThreadPool>
#include <QTimer>

#include "common/errors.h"
#include "widgets/session/background_job.h"
#include "widgets/session/network_engine.h"

namespace posescope {

namespace {
constexpr int kSettleMs = 600;
}

QString checkpointFitError(const Experiment& experiment) {
  try {
    return QString::fromStdString(networkEngine().checkpointFitError(experiment));
  } catch (const std::exception& e) {  // the engine could not be loaded
    return QString::fromStdString(e.what());
  }
}

CheckpointCheck::CheckpointCheck(QObject* parent) : QObject(parent) {
  settle_ = new QTimer(this);
  settle_->setSingleShot(true);
  settle_->setInterval(kSettleMs);
  connect(settle_, &QTimer::timeout, this, &CheckpointCheck::startPending);
  pool_ = new QThreadPool(this);
  pool_->setMaxThreadCount(1);
}

CheckpointCheck::~CheckpointCheck() {
  pool_->waitForDone();  // the check in flight holds no reference to this object
}

void CheckpointCheck::setSettleMs(int ms) {
  settle_->setInterval(ms);
}

void CheckpointCheck::request(const std::optional<Experiment>& experiment) {
  ++generation_;  // an answer in flight is now stale
  pending_ = experiment;
  if (pending_)
    settle_->start();
  else
    settle_->stop();
}

void CheckpointCheck::setPaused(bool paused) {
  paused_ = paused;
  if (!paused && pending_ && !settle_->isActive()) settle_->start();
}

void CheckpointCheck::startPending() {
  if (!pending_ || paused_) return;
  if (inFlight_) {  // one at a time: try again when the one in flight ends
    settle_->start();
    return;
  }
  const Experiment experiment = std::move(*pending_);
  pending_.reset();
  inFlight_ = true;
  const int generation = generation_;
  Q_EMIT checking();
  inBackground(
      this, [experiment] { return checkpointFitError(experiment); },
      [this, generation](const QString& error) {
        inFlight_ = false;
        if (generation == generation_) Q_EMIT checked(error);
      },
      pool_);
}

}  // namespace posescope
