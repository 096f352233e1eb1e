// Placeholder until its issue's helper writes it.
#include <iostream>

#include "commands.h"

namespace posescope::cli {

int runVerifyModel(const Args&) {
  std::cerr << "posescope-cli: this command is being written\n";
  return 1;
}

}  // namespace posescope::cli
