#pragma once
// Giving back what a one-off read freed. TCMalloc keeps freed pages in the process (what makes
// LibTorch's forward fast, cmake/Allocator.cmake), so the tens of MB a run folder's JSON parse
// or an analysis drops would stay resident for the whole session; the window hands them back
// once such a job ends.

namespace posescope {

/// Returns the allocator's free pages to the system (TCMalloc's ReleaseFreeMemory); does nothing
/// in the sanitizer and fuzz builds, which link no TCMalloc. Thread-safe, never fails.
void releaseFreeMemory();

}  // namespace posescope
