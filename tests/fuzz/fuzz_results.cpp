// Fuzz target: a results JSON (the reference's COCO results format), parsed and written back.

#include "eval/results_io.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return posescope::fuzz::runOneInput([&] {
    const auto detections = posescope::parseResults(text, "fuzz.json");
    (void)posescope::formatResultsJson(detections);
  });
}
