#pragma once
// Which shared libraries this process has loaded: how the suites and benches about the GUI's
// start-up tell whether LibTorch is in the process yet.

#include <link.h>

#include <cstring>
#include <string>

namespace posescope::test {

/// The path of the first shared object loaded in this process whose name contains `part`, or "".
inline std::string loadedLibrary(const char* part) {
  struct Search {
    const char* part;
    std::string found;
  } search{part, {}};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        auto* s = static_cast<Search*>(data);
        if (s->found.empty() && info->dlpi_name && std::strstr(info->dlpi_name, s->part))
          s->found = info->dlpi_name;
        return 0;
      },
      &search);
  return search.found;
}

/// Whether LibTorch is loaded in this process.
inline bool libTorchLoaded() {
  return !loadedLibrary("libtorch").empty();
}

}  // namespace posescope::test
