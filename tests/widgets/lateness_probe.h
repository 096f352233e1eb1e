#pragma once
// How late the GUI thread gets: a precise timer ticking on it while something else goes on.

#include <QElapsedTimer>
#include <QTimer>
#include <algorithm>

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
      worst_ = std::max(worst_, now - last_ - intervalMs_);
      last_ = now;
      ++ticks_;
    });
    clock_.start();
    timer_.start();
  }

  void stop() { timer_.stop(); }
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
};

}  // namespace posescope::test
