#pragma once
// Child processes for the benchmarks: run a program and keep its output, and keep a busy
// competitor (`yes > /dev/null`) running while a measurement is taken.

#include <sys/types.h>
#include <string>
#include <vector>

namespace posescope::cli {

/// Exit status, standard output and wall time of one finished child.
struct ChildRun {
  int exitCode = -1;  // -1 when it did not exit normally
  std::string out;
  double wallSeconds = 0;
};

/// Runs `argv` (argv[0] is the program's path) with `extraEnvironment` ("NAME=value") added to
/// this process's environment; standard error passes through. Throws Error naming the program
/// when it cannot be started.
ChildRun runChild(const std::vector<std::string>& argv,
                  const std::vector<std::string>& extraEnvironment = {});

/// A process that keeps one core busy for as long as the object lives: `yes` writing to
/// /dev/null, what a compile or a browser tab does to a benchmark.
class BusyCompetitor {
 public:
  BusyCompetitor();
  ~BusyCompetitor();
  BusyCompetitor(const BusyCompetitor&) = delete;
  BusyCompetitor& operator=(const BusyCompetitor&) = delete;

 private:
  pid_t pid_ = -1;
};

}  // namespace posescope::cli
