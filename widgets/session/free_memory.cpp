#include "widgets/session/free_memory.h"

// TCMalloc's C entry point, declared weak: it is null where no TCMalloc is linked (the sanitizer
// and fuzz builds, whose runtime brings its own allocator).
extern "C" void MallocExtension_ReleaseFreeMemory() __attribute__((weak));

namespace posescope {

void releaseFreeMemory() {
  if (MallocExtension_ReleaseFreeMemory) MallocExtension_ReleaseFreeMemory();
}

}  // namespace posescope
