#include "common/openmp_wait.h"

#include <unistd.h>

#include <cstdlib>

namespace posescope {

bool preferPassiveOpenMpWait() {
  if (std::getenv(kOpenMpWaitPolicyVariable) != nullptr) return false;
  return setenv(kOpenMpWaitPolicyVariable, kOpenMpWaitPolicyDefault, /*overwrite=*/0) == 0;
}

void restartWithPassiveOpenMpWait(char** argv) {
  if (!preferPassiveOpenMpWait()) return;
  execv("/proc/self/exe", argv);  // returns only when it fails: keep going as we are
}

}  // namespace posescope
