#include "widgets/session/run_library_session.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QSet>
#include <QSettings>
#include <QThreadPool>
#include <QTimer>
#include <filesystem>
#include <set>

#include "common/strings.h"
#include "widgets/session/background_job.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

const char* const kFoldersKey = "runLibrary/folders";
// Long enough for a run's files written together (run.json, metrics) to be read in one scan.
constexpr int kSettleMs = 400;

// At most this many folders watched (each is an inotify watch, a limited resource).
constexpr std::size_t kMaxWatched = 8192;

// Every folder at and under `root` but hidden ones (".git", an import being written), as
// scanRunLibrary searches them: a run may appear in any of them, or in a folder made later under
// one of them.
void addFoldersUnder(const fs::path& root, std::set<fs::path>& out) {
  std::error_code ec;
  out.insert(root);
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator() && out.size() < kMaxWatched;
       it.increment(ec)) {
    if (!it->is_directory(ec) || it->is_symlink(ec)) continue;
    if (it->path().filename().string().rfind('.', 0) == 0) {
      it.disable_recursion_pending();
      continue;
    }
    out.insert(it->path());
  }
}

// A folder's clock (a coarse one, ticking every few ms) may stamp a change made just after the
// scan began earlier than the scan's own start: changes this close count as possibly missed.
constexpr qint64 kClockSlackMs = 1000;

RunLibrarySnapshotPtr scanLibrary(const QStringList& folders) {
  auto scan = std::make_shared<RunLibrarySnapshot>();
  scan->started = QDateTime::currentDateTimeUtc();
  std::vector<std::string> existing;
  std::set<fs::path> watched;
  for (const QString& folder : folders) {
    if (!QFileInfo(folder).isDir()) {
      scan->problems << RunLibrarySession::tr("%1: no such folder").arg(folder);
      continue;
    }
    existing.push_back(folder.toStdString());
    addFoldersUnder(folder.toStdString(), watched);
  }
  try {
    scan->runs = scanRunLibrary(existing);
  } catch (const std::exception& e) {
    scan->problems << QString::fromStdString(e.what());
  }
  for (const LibraryRun& run : scan->runs) {
    if (run.sweep.empty() || scan->sweeps.count(run.sweep) || scan->sweepErrors.count(run.sweep))
      continue;
    const std::string file = (fs::path(run.sweep) / sweepfiles::kSummary).string();
    try {
      scan->sweeps[run.sweep] = sweepSummaryFromJsonText(readTextFile(file), file);
    } catch (const std::exception& e) {
      scan->sweepErrors[run.sweep] = e.what();
    }
  }
  for (const fs::path& dir : watched) scan->watched << QString::fromStdString(dir.string());
  return scan;
}

}  // namespace

RunLibrarySession::RunLibrarySession(QObject* parent)
    : QObject(parent),
      folders_(QSettings().value(kFoldersKey).toStringList()),
      watcher_(new QFileSystemWatcher(this)),
      settle_(new QTimer(this)),
      settingsWriter_(new QThreadPool(this)) {
  settingsWriter_->setMaxThreadCount(1);
  settle_->setSingleShot(true);
  settle_->setInterval(kSettleMs);
  connect(watcher_, &QFileSystemWatcher::directoryChanged, settle_, qOverload<>(&QTimer::start));
  connect(settle_, &QTimer::timeout, this, &RunLibrarySession::rescan);
  rescan();
}

RunLibrarySession::~RunLibrarySession() {
  settingsWriter_->waitForDone();
}

void RunLibrarySession::addFolder(const QString& dir) {
  const QString absolute = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
  if (folders_.contains(absolute)) return;
  setFolders(folders_ + QStringList{absolute}, true);
}

void RunLibrarySession::removeFolder(const QString& dir) {
  QStringList kept = folders_;
  if (kept.removeAll(dir) > 0) setFolders(kept, true);
}

void RunLibrarySession::showFolders(const QStringList& dirs) {
  QStringList absolute;
  for (const QString& dir : dirs) absolute << QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
  setFolders(absolute, false);
}

void RunLibrarySession::setFolders(QStringList folders, bool remember) {
  folders_ = std::move(folders);
  if (remember)
    settingsWriter_->start([folders = folders_] { QSettings().setValue(kFoldersKey, folders); });
  Q_EMIT foldersChanged(folders_);
  rescan();
}

void RunLibrarySession::rescan() {
  if (scanning_) {
    again_ = true;
    return;
  }
  scanning_ = true;
  inBackground(
      this, [folders = folders_] { return scanLibrary(folders); },
      [this](RunLibrarySnapshotPtr scan) {
        scanning_ = false;
        showScan(std::move(scan));
        if (again_) {
          again_ = false;
          rescan();
        }
      });
}

void RunLibrarySession::showScan(RunLibrarySnapshotPtr scan) {
  snapshot_ = std::move(scan);
  const QStringList added = watch(snapshot_->watched);
  Q_EMIT libraryChanged();
  if (!added.isEmpty()) catchUp(added, snapshot_->started);
}

void RunLibrarySession::catchUp(const QStringList& added, const QDateTime& since) {
  inBackground(
      this,
      [added, since = since.addMSecs(-kClockSlackMs)] {
        for (const QString& dir : added)
          if (QFileInfo(dir).lastModified().toUTC() >= since) return true;
        return false;
      },
      [this](bool changed) {
        if (changed) rescan();
      });
}

QStringList RunLibrarySession::watch(const QStringList& dirs) {
  const QStringList nowList = watcher_->directories();
  const QSet<QString> now(nowList.begin(), nowList.end()), wanted(dirs.begin(), dirs.end());
  QStringList gone, added;
  for (const QString& dir : nowList)
    if (!wanted.contains(dir)) gone << dir;
  for (const QString& dir : dirs)
    if (!now.contains(dir)) added << dir;
  if (!gone.isEmpty()) watcher_->removePaths(gone);
  if (!added.isEmpty()) watcher_->addPaths(added);
  return added;
}

}  // namespace posescope
