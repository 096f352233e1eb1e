// posescope-cli-full: the commands of posescope-cli that need LibTorch or OpenCV. posescope-cli
// starts it for them with the same arguments; it is not meant to be run by hand.

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
  posescope::restartWithPassiveOpenMpWait(
      argv);  // when started by hand rather than by posescope-cli
  return posescope::cli::dispatch(argc, argv, posescope::cli::commandTable(), notHere);
}
