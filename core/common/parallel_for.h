#pragma once
// Runs independent work items on a few threads; the first exception is rethrown to the caller.

#include <cstddef>
#include <functional>

namespace posescope {

/// Calls work(i) for every i in [0, count) on up to `threads` threads (0: the hardware's cores),
/// never more than one thread per `minPerThread` items; rethrows the first exception a call threw
/// after every thread has stopped.
void parallelFor(std::size_t count, int threads, const std::function<void(std::size_t)>& work,
                 std::size_t minPerThread = 64);

}  // namespace posescope
