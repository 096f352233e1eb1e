#include "eval/json_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "common/errors.h"

namespace posescope::evaljson {

namespace {

[[noreturn]] void fail(const std::string& path, const char* what, int error) {
  throw EvalError(path + ": cannot " + what + " the file (" + std::strerror(error) + ")");
}

char* allocate(std::size_t capacity) {
  void* p = std::malloc(capacity);
  if (!p) throw std::bad_alloc();
  return static_cast<char*>(p);
}

struct Descriptor {
  int fd;
  ~Descriptor() { ::close(fd); }
};

}  // namespace

void JsonFile::Free::operator()(char* p) const {
  std::free(p);
}

JsonFile JsonFile::load(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, "open", errno);
  const Descriptor closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) fail(path, "read", errno);
  if (S_ISDIR(info.st_mode)) fail(path, "read", EISDIR);
  // A pipe or a file that grows while it is read: the buffer doubles until read() meets the end.
  std::size_t capacity = std::max<std::size_t>(std::size_t(info.st_size), 4096) + 1;
  auto round = [](std::size_t n) { return n + simdjson::SIMDJSON_PADDING; };
  std::unique_ptr<char[], Free> data(allocate(round(capacity)));
  std::size_t size = 0;
  for (;;) {
    if (size == capacity) {
      const std::size_t bigger = capacity * 2;
      std::unique_ptr<char[], Free> grown(allocate(round(bigger)));
      std::memcpy(grown.get(), data.get(), size);
      data = std::move(grown);
      capacity = bigger;
    }
    const ssize_t got = ::read(fd, data.get() + size, capacity - size);
    if (got < 0) {
      if (errno == EINTR) continue;
      fail(path, "read", errno);
    }
    if (got == 0) break;  // the end; the padding after it is zeroed below
    size += std::size_t(got);
  }
  std::memset(data.get() + size, 0, simdjson::SIMDJSON_PADDING);
  return JsonFile(std::move(data), size, size + simdjson::SIMDJSON_PADDING);
}

}  // namespace posescope::evaljson
