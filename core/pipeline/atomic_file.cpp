#include "pipeline/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "common/errors.h"

namespace posescope {

namespace {

std::string systemReason(int error) {
  return std::strerror(error);
}

[[noreturn]] void failWriting(const std::string& path, int error) {
  throw Error("cannot write '" + path + "': " + systemReason(error));
}

// Writes all of [data, data + size) to `fd`; returns 0 or the errno of the failing call.
int writeAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return 0;
}

// The rename itself is only durable once the folder's entry is on disk.
void syncFolderOf(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // durability is best effort here: the file itself is complete
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void writeFileAtomically(const std::string& path, const std::string& text) {
  const std::string temp = path + ".tmp";
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) failWriting(path, errno);
  int error = writeAll(fd, text.data(), text.size());
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temp.c_str(), path.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temp.c_str());
    failWriting(path, error);
  }
  syncFolderOf(path);
}

LineAppender::LineAppender(const std::string& path, bool truncate) : path_(path) {
  const int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0);
  fd_ = ::open(path.c_str(), flags, 0644);
  if (fd_ < 0) failWriting(path, errno);
}

LineAppender::~LineAppender() {
  if (fd_ >= 0) ::close(fd_);
}

void LineAppender::append(const std::string& line) {
  if (fd_ < 0) throw Error("cannot write '" + path_ + "': not open");
  std::string whole;
  whole.reserve(line.size() + 1);
  whole.append(line).push_back('\n');
  struct stat before {};
  const bool sized = ::fstat(fd_, &before) == 0;
  const int error = writeAll(fd_, whole.data(), whole.size());
  if (error == 0) return;
  // A part of the line may have gone out before the failure (disk full, file size limit): cut
  // it off so the file still ends with a whole line.
  if (sized) {
    while (::ftruncate(fd_, before.st_size) != 0 && errno == EINTR) {
    }
  }
  failWriting(path_, error);
}

void LineAppender::sync() {
  if (fd_ >= 0 && ::fdatasync(fd_) != 0) failWriting(path_, errno);
}

}  // namespace posescope
