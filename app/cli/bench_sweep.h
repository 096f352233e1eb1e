#pragma once
// posescope-cli bench --sweep: the thread-count and busy-machine table, and start-up times.

#include "commands.h"

namespace posescope::cli {

/// Runs `bench` with the same arguments as child processes for every thread count, quiet and
/// beside one busy process, and times the start-up of a Torch-free and a network command; prints
/// the table. `benchArgs` are bench's arguments without --sweep, --threads and --sweep-runs.
int runBenchSweep(const Args& benchArgs, int runs);

}  // namespace posescope::cli
