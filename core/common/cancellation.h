#pragma once
// Cooperative cancellation shared between a job and whoever started it (CLI signal, GUI button).

#include <atomic>
#include <memory>

namespace posescope {

/// A flag checked by long jobs between units of work; cancel() may be called from any thread.
class CancellationToken {
 public:
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool isCancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  void reset() { cancelled_.store(false, std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
};

using CancellationTokenPtr = std::shared_ptr<CancellationToken>;

}  // namespace posescope
