#include "widgets/session/run_types.h"

namespace posescope {

void registerRunMetaTypes() {
  qRegisterMetaType<RunRequest>();
  qRegisterMetaType<RunOutcome>();
  qRegisterMetaType<RunSummary>();
  qRegisterMetaType<ImageRecord>();
}

}  // namespace posescope
