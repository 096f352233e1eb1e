// Fuzz target: a sweep folder's sweep.json, as sweep --resume, merge and the run library read it.

#include <string>

#include "fuzz_support.h"
#include "pipeline/sweep_summary.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return posescope::fuzz::runOneInput([&] {
    const posescope::SweepSummary summary = posescope::sweepSummaryFromJsonText(text, "sweep.json");
    // What is read back writes and reads again.
    (void)posescope::sweepSummaryFromJsonText(posescope::sweepSummaryToJsonText(summary), "again");
  });
}
