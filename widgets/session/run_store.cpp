#include "widgets/session/run_store.h"

#include <QDir>
#include <QFileInfo>
#include <exception>
#include <utility>

#include "widgets/session/background_job.h"
#include "widgets/session/free_memory.h"
#include "widgets/session/run_folder_watcher.h"

namespace posescope {

namespace {

// The key of a folder: absolute and cleaned ("a/b/../c/" and "a/c" are one), computed without
// touching the file system. Two paths through a symbolic link stay two keys: resolving it would
// read the disk on the GUI thread.
QString keyOf(const QString& dir) {
  return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
}

// What a read in the background hands back.
struct StoreRead {
  OpenedRunPtr run;
  FolderStamp stamp;
  bool read = false;  // false: the run held was still current and is handed back
  QString error;
};

}  // namespace

RunStore::RunStore(QObject* parent) : QObject(parent), watcher_(new RunFolderWatcher(this)) {
  connect(watcher_, &RunFolderWatcher::progressed, this, &RunStore::progressed);
  connect(watcher_, &RunFolderWatcher::stateChanged, this, [this](const QString& dir) {
    const QString key = keyOf(dir);
    Entry& entry = entries_[key];
    entry.waiters.push_back(
        {this, [this](const OpenedRunPtr& opened) { Q_EMIT reloaded(opened); },
         [this, dir](const QString& message) { Q_EMIT reloadFailed(dir, message); }});
    if (!entry.reading) startRead(key, false);
  });
}

void RunStore::request(const QString& dir, QObject* receiver, Delivered delivered, Failed failed) {
  const QString key = keyOf(dir);
  Entry& entry = entries_[key];
  entry.waiters.push_back({receiver, std::move(delivered), std::move(failed)});
  if (!entry.reading) startRead(key, true);
}

OpenedRunPtr RunStore::find(const QString& dir) const {
  const auto found = entries_.find(keyOf(dir));
  return found == entries_.end() ? nullptr : found->second.run.lock();
}

int RunStore::readCount(const QString& dir) const {
  const auto found = readCounts_.find(keyOf(dir));
  return found == readCounts_.end() ? 0 : found->second;
}

void RunStore::follow(const OpenedRunPtr& opened) {
  if (opened)
    watcher_->follow(QString::fromStdString(opened->run.dir), opened->run.summary.state);
  else
    watcher_->follow(QString(), RunState::Complete);
}

void RunStore::startRead(const QString& key, bool mayReuse) {
  Entry& entry = entries_[key];
  entry.reading = true;
  OpenedRunPtr held = mayReuse ? entry.run.lock() : nullptr;
  inBackground(
      this,
      [key, held, heldStamp = entry.stamp] {
        StoreRead out;
        out.stamp = stampFolder(key);
        if (held && out.stamp == heldStamp) {
          out.run = held;
          return out;
        }
        out.read = true;
        try {
          out.run = readOpenedRun(key);
        } catch (const std::exception& e) {
          out.error = QString::fromStdString(e.what());
        }
        releaseFreeMemory();
        return out;
      },
      [this, key](const StoreRead& result) {
        Entry& done = entries_[key];
        done.reading = false;
        if (result.read) ++readCounts_[key];
        if (result.run) {
          done.run = result.run;
          done.stamp = result.stamp;
        }
        // Served after the entry is updated: a waiter may ask for the folder again.
        const std::vector<Waiter> waiters = std::exchange(done.waiters, {});
        for (const Waiter& waiter : waiters) {
          if (!waiter.receiver) continue;
          if (result.run)
            waiter.delivered(result.run);
          else
            waiter.failed(result.error);
        }
        // Nobody holds a failed or freed run: its entry goes (its read count stays).
        const auto it = entries_.find(key);
        if (it != entries_.end() && !it->second.reading && it->second.run.expired())
          entries_.erase(it);
      });
}

}  // namespace posescope
