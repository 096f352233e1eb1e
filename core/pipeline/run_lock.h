#pragma once
// Tells a run folder being written from one whose writer is gone. The writer holds an advisory
// lock (flock) on run.lock for as long as it writes; the system drops the lock when the process
// ends in any way (kill -9, crash, power loss), so "run.json says running and nobody holds the
// lock" means the run was interrupted.

#include <string>

namespace posescope {

/// The lock file inside a run folder.
inline constexpr const char* kRunLockFile = "run.lock";

/// Holds the writer's lock on a run folder while it lives.
class RunFolderLock {
 public:
  /// Takes the lock on `dir`/run.lock (creating the file); throws posescope::Error naming the
  /// folder when another process (or another writer in this one) holds it.
  explicit RunFolderLock(const std::string& dir);
  ~RunFolderLock();
  RunFolderLock(const RunFolderLock&) = delete;
  RunFolderLock& operator=(const RunFolderLock&) = delete;

 private:
  int fd_ = -1;
};

/// True when a writer holds the lock of run folder `dir` now. Never throws.
bool runFolderBeingWritten(const std::string& dir);

}  // namespace posescope
