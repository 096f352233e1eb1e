#include "pipeline/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "common/errors.h"

namespace posescope {

namespace {

// A writer that finds the lock taken tries again for 0.1 s before it gives up.
constexpr int kLockAttempts = 50;
constexpr auto kLockRetry = std::chrono::milliseconds(2);

std::string lockPath(const std::string& dir) {
  return (std::filesystem::path(dir) / kRunLockFile).string();
}

}  // namespace

RunFolderLock::RunFolderLock(const std::string& dir) {
  const std::string path = lockPath(dir);
  // O_CLOEXEC: a process this one starts must not keep the run looking alive.
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw Error("cannot lock run folder '" + dir + "': " + path + ": " + std::strerror(errno));
  // A reader asking whether the folder is being written (runFolderBeingWritten) holds a shared
  // lock for a few microseconds, a writer for its whole run: only the second refuses this one.
  int attempts = 0;
  while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    if (error == EWOULDBLOCK && ++attempts < kLockAttempts) {
      std::this_thread::sleep_for(kLockRetry);
      continue;
    }
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
      throw Error("run folder '" + dir + "' is being written by another evaluation");
    throw Error("cannot lock run folder '" + dir + "': " + std::strerror(error));
  }
}

RunFolderLock::~RunFolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the lock
}

bool runFolderBeingWritten(const std::string& dir) {
  const int fd = ::open(lockPath(dir).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;  // no lock file: written before locks existed, or never started
  const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);  // also drops the shared lock when it was taken
  return held;
}

}  // namespace posescope
