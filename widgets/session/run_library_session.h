#pragma once
// The Runs page's back end: the library's folders (remembered in the settings), every run folder
// under them read off the GUI thread (scanRunLibrary) with the sweeps' sweep.json, and read
// again when runs appear, change state or go (a file watcher on the folders, debounced; no
// polling).

#include <QDateTime>
#include <QObject>
#include <QStringList>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/run_library.h"
#include "pipeline/sweep_summary.h"

class QFileSystemWatcher;
class QThreadPool;
class QTimer;

namespace posescope {

/// The library as one scan found it.
struct RunLibrarySnapshot {
  std::vector<LibraryRun> runs;                    // in path order
  std::map<std::string, SweepSummary> sweeps;      // by sweep folder (LibraryRun::sweep)
  std::map<std::string, std::string> sweepErrors;  // sweep folder -> why sweep.json is unread
  QStringList problems;  // library folders that could not be read, and why
  QStringList watched;   // the folders a change in which reads the library again
  /// When the scan began listing folders: a folder changed since then may hold what it missed.
  QDateTime started;
};
using RunLibrarySnapshotPtr = std::shared_ptr<const RunLibrarySnapshot>;

/// Holds the library's folders and its latest scan. A scan runs on a pool thread (inBackground);
/// a change asked for while one runs is read once it ends. Never throws.
class RunLibrarySession : public QObject {
  Q_OBJECT
 public:
  /// The folders remembered by the last session (settings "runLibrary/folders"), scanned at once.
  explicit RunLibrarySession(QObject* parent = nullptr);
  ~RunLibrarySession() override;

  QStringList folders() const { return folders_; }
  /// Adds `dir` (made absolute) to the library, remembers it and reads the library again.
  void addFolder(const QString& dir);
  /// Removes `dir` from the library (and the settings) and reads the library again.
  void removeFolder(const QString& dir);
  /// Shows the library of `dirs` in place of the remembered folders, this session only (the
  /// window's --runs).
  void showFolders(const QStringList& dirs);
  /// Reads the library again now.
  void rescan();

  /// The latest scan; null before the first one ends.
  RunLibrarySnapshotPtr snapshot() const { return snapshot_; }
  bool isScanning() const { return scanning_; }

 Q_SIGNALS:
  void foldersChanged(const QStringList& folders);
  /// A scan ended: snapshot() holds it.
  void libraryChanged();

 private:
  void setFolders(QStringList folders, bool remember);
  void showScan(RunLibrarySnapshotPtr scan);
  /// Watches `dirs` alone; returns those not watched before.
  QStringList watch(const QStringList& dirs);
  /// Reads the library again when one of `added`, watched only now, changed since `since`: a
  /// change made before its watch existed sends no signal.
  void catchUp(const QStringList& added, const QDateTime& since);

  QStringList folders_;
  RunLibrarySnapshotPtr snapshot_;
  bool scanning_ = false;
  bool again_ = false;  // a change arrived during the scan
  QFileSystemWatcher* watcher_ = nullptr;
  QTimer* settle_ = nullptr;  // one read for a burst of changes
  QThreadPool* settingsWriter_ = nullptr;
};

}  // namespace posescope
