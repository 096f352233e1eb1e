#pragma once
// The one way the GUI runs work off its thread: a function on a pool thread, its result handed
// back on the thread of the object that asked (the GUI thread).

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <type_traits>
#include <utility>

#include "widgets/session/background_pool.h"

namespace posescope {

/// Runs `work()` on `pool` and then `done(result)` on `owner`'s thread; the result is moved out,
/// so large ones are not copied. When `owner` is destroyed first, `done` is not called (the work
/// still runs to its end: it must not touch `owner`). A job that must be waited for or cancelled
/// (OverlayExportJob) keeps its own QFutureWatcher instead: a future whose result was moved out
/// reads as never finished.
template <typename Work, typename Done>
void inBackground(QObject* owner, Work work, Done done, QThreadPool* pool = backgroundPool()) {
  using Result = std::invoke_result_t<Work>;
  static_assert(!std::is_void_v<Result>, "background work hands back a result");
  auto* watcher = new QFutureWatcher<Result>(owner);
  QObject::connect(watcher, &QFutureWatcherBase::finished, owner,
                   [watcher, done = std::move(done)]() mutable {
                     watcher->deleteLater();
                     done(watcher->future().takeResult());
                   });
  watcher->setFuture(QtConcurrent::run(pool, std::move(work)));
}

}  // namespace posescope
