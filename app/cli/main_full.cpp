// posescope-cli-full: the commands of posescope-cli that need LibTorch or OpenCV. posescope-cli
// starts it for them with the same arguments; it is not meant to be run by hand.

#include <csignal>
#include <iostream>

#include "cli_args.h"
#include "cli_main.h"
#include "common/openmp_wait.h"

namespace {

int notHere(const char* name, char**) {
  std::cerr << "posescope-cli-full: '" << name << "' is a posescope-cli command\n";
  return posescope::cli::kUsage;
}

}  // namespace

int main(int argc, char** argv) {
  posescope::restartWithPassiveOpenMpWait(argv);  // when started by hand, not by posescope-cli
  // Past a file size limit (ulimit -f) a write then fails with "File too large" and the command
  // reports which file, instead of the process dying of SIGXFSZ with a half-written run.
  std::signal(SIGXFSZ, SIG_IGN);
  return posescope::cli::dispatch(argc, argv, posescope::cli::commandTable(), notHere);
}
