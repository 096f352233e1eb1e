#pragma once
// How late the GUI thread gets: a precise timer ticking on it while something else goes on.

#include <QElapsedTimer>
#include <QTimer>
#include <algorithm>
#include <functional>

namespace posescope::test {

/// Ticks every `intervalMs` on the thread that creates it from construction until stop(); each
/// tick measures how much later than due it came. A stalled event loop shows as lateness.
class LatenessProbe {
 public:
  explicit LatenessProbe(int intervalMs = 10) : intervalMs_(intervalMs) {
    timer_.setTimerType(Qt::PreciseTimer);
    timer_.setInterval(intervalMs_);
    QObject::connect(&timer_, &QTimer::timeout, [this] {
      const qint64 now = clock_.elapsed();
      const qint64 late = now - last_ - intervalMs_;
      worst_ = std::max(worst_, late);
      if (onLate_ && late > lateThresholdMs_) onLate_(last_, late);
      last_ = now;
      ++ticks_;
    });
    clock_.start();
    timer_.start();
  }

  void stop() { timer_.stop(); }
  /// Calls `onLate(stallStartMs, lateMs)` for each tick more than `thresholdMs` late, where
  /// `stallStartMs` is when the tick before it came (elapsedMs()'s clock): the stall lies between.
  void reportLateness(qint64 thresholdMs, std::function<void(qint64, qint64)> onLate) {
    lateThresholdMs_ = thresholdMs;
    onLate_ = std::move(onLate);
  }
  /// The largest delay of a tick beyond its interval, in milliseconds.
  qint64 worstMs() const { return worst_; }
  int ticks() const { return ticks_; }
  qint64 elapsedMs() const { return clock_.elapsed(); }

 private:
  int intervalMs_;
  QTimer timer_;
  QElapsedTimer clock_;
  qint64 last_ = 0;  // the first tick is due one interval after construction, and measured
  qint64 worst_ = 0;
  int ticks_ = 0;
  qint64 lateThresholdMs_ = 0;
  std::function<void(qint64, qint64)> onLate_;
};

}  // namespace posescope::test
