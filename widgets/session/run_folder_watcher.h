#pragma once
// Follows the run folder the window shows while another process writes it (posescope-cli eval
// --resume, merge): its run.json is watched (QFileSystemWatcher, no polling) and read off the
// GUI thread once a burst of changes settles.

#include <QObject>
#include <QString>
#include <cstdint>

#include "pipeline/run_folder.h"

class QFileSystemWatcher;
class QTimer;

namespace posescope {

class RunFolderWatcher : public QObject {
  Q_OBJECT
 public:
  explicit RunFolderWatcher(QObject* parent = nullptr);

  /// Follows `dir`, whose run.json said `state` when the window read it, and reads it once
  /// straight away (the run may have changed since); an empty `dir` stops following (the
  /// window's own run writes the folder, or another run is shown).
  void follow(const QString& dir, RunState state);
  QString folder() const { return dir_; }

 Q_SIGNALS:
  /// run.json changed and the run is still going: its summary now (images done, wall time).
  void progressed(const QString& dir, const posescope::RunSummary& summary);
  /// The run changed state (running to complete, interrupted, ...): the folder is to be read
  /// again.
  void stateChanged(const QString& dir, posescope::RunState state);

 private:
  void watchFiles();
  void read();

  QFileSystemWatcher* watcher_ = nullptr;
  QTimer* settle_ = nullptr;
  QString dir_;
  RunState state_ = RunState::Complete;
  std::uint64_t generation_ = 0;  // answers for a folder no longer followed are dropped
};

}  // namespace posescope
