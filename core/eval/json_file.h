#pragma once
// A whole JSON file in memory with the padding simdjson reads past its end.
//
// Why not simdjson::padded_string::load: on this project's VM a page fault is expensive, and a
// freshly allocated buffer faults once per 4 KiB page. Large files are read into a 2 MiB-aligned
// buffer advised MADV_HUGEPAGE. `perf stat -e page-faults,task-clock posescope-cli metrics` on the
// generated 5,000-image set (README "Parity and speed"): 12.5k -> 9.2k faults, 310 -> 240 ms
// CPU, 210 -> 155 ms wall. The file is read, not mapped, although a mapping would spare a third
// of `metrics`' fresh pages: it would crash with SIGBUS if another process truncated the file
// while it is parsed, and a file rewritten in place would change under simdjson's second pass,
// which trusts what its first pass found (a string's closing quote, say).

#include <simdjson.h>

#include <cstddef>
#include <memory>
#include <string>

namespace posescope::evaljson {

class JsonFile {
 public:
  /// Reads `path` whole; throws EvalError naming the path and the system's reason when it cannot.
  static JsonFile load(const std::string& path);

  simdjson::padded_string_view text() const {
    return simdjson::padded_string_view(data_.get(), size_, capacity_);
  }

 private:
  struct Free {
    void operator()(char* p) const;
  };
  JsonFile(std::unique_ptr<char[], Free> data, std::size_t size, std::size_t capacity)
      : data_(std::move(data)), size_(size), capacity_(capacity) {}

  std::unique_ptr<char[], Free> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace posescope::evaljson
