#pragma once
// "The latest request wins" for background work: a page asks again (another run, another
// setting) before the previous answer is back, and only the newest answer may be shown.

#include <QtGlobal>
#include <utility>

#include "widgets/session/background_job.h"

namespace posescope {

/// Each start() supersedes the jobs started before it: their answers are dropped (the work still
/// runs to its end, as inBackground's). Keep it as a member of the object that owns the jobs, so
/// it lives as long as the answers can arrive.
class LatestJob {
 public:
  /// inBackground(owner, work, done), with `done` called only when no start() or cancel() came
  /// after this one.
  template <typename Work, typename Done>
  void start(QObject* owner, Work work, Done done, QThreadPool* pool = backgroundPool()) {
    const quint64 ticket = ++latest_;
    inBackground(
        owner, std::move(work),
        [this, ticket, done = std::move(done)](auto result) mutable {
          if (ticket == latest_) done(std::move(result));
        },
        pool);
  }
  /// Drops the answers of the jobs running now (what they answer no longer applies).
  void cancel() { ++latest_; }

 private:
  quint64 latest_ = 0;
};

}  // namespace posescope
