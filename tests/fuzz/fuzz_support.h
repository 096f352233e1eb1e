#pragma once
// What every fuzz target shares: the rule for exceptions, and fuzz input as a file on disk for
// the readers that take a path.

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "common/errors.h"

namespace posescope::fuzz {

/// Runs `body` on one input. A posescope::Error is the expected answer to bad input (a clear
/// refusal naming the file); any other exception escaping is a finding, so it aborts and
/// libFuzzer keeps the input.
template <class Body>
int runOneInput(Body&& body) {
  try {
    body();
  } catch (const Error&) {
  } catch (const std::exception& e) {
    std::fprintf(stderr, "escaped exception (not a posescope::Error): %s\n", e.what());
    std::abort();
  }
  return 0;
}

/// A file in memory (memfd) whose contents each input replaces; path() opens it by name.
class MemoryFile {
 public:
  MemoryFile() : fd_(memfd_create("posescope-fuzz", 0)) {
    if (fd_ < 0) std::abort();
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  ~MemoryFile() { close(fd_); }
  const std::string& path() const { return path_; }
  void set(const std::uint8_t* data, size_t size) {
    if (ftruncate(fd_, 0) != 0 || pwrite(fd_, data, size, 0) != static_cast<ssize_t>(size))
      std::abort();
  }

 private:
  int fd_;
  std::string path_;
};

}  // namespace posescope::fuzz
