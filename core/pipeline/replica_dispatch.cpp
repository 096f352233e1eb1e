#include "pipeline/replica_dispatch.h"

#include <utility>

namespace posescope {

ReplicaDispatch::ReplicaDispatch(size_t replicas, ImagePrefetcher& source, EvaluateFn evaluate)
    : source_(source), evaluate_(std::move(evaluate)) {
  if (replicas < 2) return;
  for (size_t r = 0; r < replicas; ++r) workers_.emplace_back([this, r] { work(r); });
}

ReplicaDispatch::~ReplicaDispatch() {
  stop();
}

void ReplicaDispatch::work(size_t replica) {
  while (true) {
    DecodedImage image;
    size_t position = 0;
    {
      std::lock_guard<std::mutex> take(sourceMutex_);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stopped_) return;
      }
      if (!source_.next(image)) {
        std::lock_guard<std::mutex> lock(mutex_);
        end_ = taken_;
        ready_.notify_all();
        return;
      }
      position = taken_++;
    }
    Outcome outcome;
    try {
      outcome.record = evaluate_(replica, image);
    } catch (...) {
      outcome.error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    done_.emplace(position, std::move(outcome));
    ready_.notify_all();
  }
}

bool ReplicaDispatch::next(ImageRecord& record) {
  if (workers_.empty()) {
    if (stopped_) return false;
    DecodedImage image;
    if (!source_.next(image)) return false;
    record = evaluate_(0, image);
    return true;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock,
              [&] { return stopped_ || done_.count(nextToDeliver_) || nextToDeliver_ >= end_; });
  const auto it = done_.find(nextToDeliver_);
  if (stopped_ || it == done_.end()) return false;
  Outcome outcome = std::move(it->second);
  done_.erase(it);
  ++nextToDeliver_;
  if (outcome.error) std::rethrow_exception(outcome.error);
  record = std::move(outcome.record);
  return true;
}

void ReplicaDispatch::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    ready_.notify_all();
  }
  for (auto& worker : workers_)
    if (worker.joinable()) worker.join();
}

}  // namespace posescope
