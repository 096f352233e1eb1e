#include "widgets/session/run_folder_watcher.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>
#include <optional>

#include "pipeline/run_folder_read.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace {

// run.json is replaced (written beside it, then renamed) every couple of seconds while a run goes
// on: one read per burst of changes is enough.
constexpr int kSettleMs = 300;

}  // namespace

RunFolderWatcher::RunFolderWatcher(QObject* parent)
    : QObject(parent), watcher_(new QFileSystemWatcher(this)), settle_(new QTimer(this)) {
  settle_->setSingleShot(true);
  settle_->setInterval(kSettleMs);
  connect(settle_, &QTimer::timeout, this, &RunFolderWatcher::read);
  // A rename over run.json ends the watch on the file: the folder's change brings it back.
  connect(watcher_, &QFileSystemWatcher::fileChanged, this, [this] {
    watchFiles();
    settle_->start();
  });
  connect(watcher_, &QFileSystemWatcher::directoryChanged, this, [this] {
    watchFiles();
    settle_->start();
  });
}

void RunFolderWatcher::follow(const QString& dir, RunState state) {
  ++generation_;
  settle_->stop();
  if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
  if (!watcher_->directories().isEmpty()) watcher_->removePaths(watcher_->directories());
  dir_ = dir;
  state_ = state;
  if (dir_.isEmpty()) return;
  watchFiles();
  // The other process may have ended between the window's read and now (a merge takes a
  // fraction of a second): no change is left to tell, so the folder is read once at once.
  settle_->start();
}

void RunFolderWatcher::watchFiles() {
  if (dir_.isEmpty()) return;
  if (!watcher_->directories().contains(dir_)) watcher_->addPath(dir_);
  const QString summary = QDir(dir_).filePath(QString::fromLatin1(runfiles::kSummary));
  if (!watcher_->files().contains(summary) && QFileInfo::exists(summary))
    watcher_->addPath(summary);
}

void RunFolderWatcher::read() {
  if (dir_.isEmpty()) return;
  const std::uint64_t generation = generation_;
  const std::string dir = dir_.toStdString();
  inBackground(
      this,
      [dir]() -> std::optional<RunSummary> {
        try {
          return readRunSummary(dir);
        } catch (const std::exception&) {
          return std::nullopt;  // half-written by the other process: the next change tells
        }
      },
      [this, generation](std::optional<RunSummary> summary) {
        if (generation != generation_ || !summary) return;
        if (summary->state != state_) {
          state_ = summary->state;
          Q_EMIT stateChanged(dir_, summary->state);
        } else if (summary->state == RunState::Running) {
          Q_EMIT progressed(dir_, *summary);
        }
      });
}

}  // namespace posescope
