#include "widgets/session/inspect_controller.h"

#include <QThread>

namespace posescope {

InspectController::InspectController(std::size_t cacheCapacity, QObject* parent)
    : QObject(parent), cache_(cacheCapacity) {
  registerInspectMetaTypes();
  thread_ = new QThread(this);
  thread_->setObjectName(QStringLiteral("posescope-inspect"));
  worker_ = new InspectWorker;  // no parent: it moves to the thread
  worker_->moveToThread(thread_);
  connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
  connect(this, &InspectController::computeRequested, worker_, &InspectWorker::compute);
  connect(worker_, &InspectWorker::computed, this, &InspectController::onComputed);
  connect(worker_, &InspectWorker::failed, this, &InspectController::onFailed);
  thread_->start();
}

InspectController::~InspectController() {
  thread_->requestInterruption();
  thread_->quit();
  thread_->wait();
}

void InspectController::setProvider(std::unique_ptr<MapsProvider> provider) {
  ++generation_;
  hasProvider_ = provider != nullptr;
  cache_.clear();
  wanted_.reset();
  std::shared_ptr<MapsProvider> shared(std::move(provider));
  const quint64 generation = generation_;
  InspectWorker* worker = worker_;
  // Queued before any later request, so the worker sees the new provider first.
  QMetaObject::invokeMethod(
      worker_, [worker, shared, generation] { worker->setProvider(shared, generation); },
      Qt::QueuedConnection);
}

ImageMapsPtr InspectController::cached(std::size_t index) {
  return cache_.get(index);
}

ImageMapsPtr InspectController::request(std::size_t index) {
  if (ImageMapsPtr maps = cache_.get(index)) {
    wanted_.reset();
    return maps;
  }
  wanted_ = index;
  if (!inFlight_) send(index);
  return nullptr;
}

void InspectController::send(std::size_t index) {
  const bool wasBusy = busy();
  inFlight_ = index;
  if (wanted_ == index) wanted_.reset();
  Q_EMIT computeRequested(generation_, index);
  if (!wasBusy) Q_EMIT busyChanged(true);
}

void InspectController::sendWanted() {
  if (wanted_ && !cache_.contains(*wanted_)) {
    send(*wanted_);
    return;
  }
  wanted_.reset();
  Q_EMIT busyChanged(false);
}

void InspectController::onComputed(quint64 generation, qulonglong index, const ImageMapsPtr& maps) {
  inFlight_.reset();
  if (generation == generation_) {
    cache_.put(static_cast<std::size_t>(index), maps);
    Q_EMIT mapsReady(index, maps);
  }
  sendWanted();
}

void InspectController::onFailed(quint64 generation, qulonglong index, const QString& message) {
  inFlight_.reset();
  if (generation == generation_) Q_EMIT mapsFailed(index, message);
  sendWanted();
}

}  // namespace posescope
