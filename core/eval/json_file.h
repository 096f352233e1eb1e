#pragma once
// A whole JSON file in memory with the padding simdjson reads past its end.
//
// Read, not mapped, although a mapping would spare the copy: it would crash with SIGBUS if another
// process truncated the file while it is parsed, and a file rewritten in place would change under
// simdjson's second pass, which trusts what its first pass found (a string's closing quote, say).
// Not advised for transparent huge pages any more: on this project's VM a fresh huge page costs
// the host its whole 2 MiB when memory was just returned to it (after a pycocotools run, say),
// docs/architecture.md (where it says how TCMalloc takes its memory).

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
