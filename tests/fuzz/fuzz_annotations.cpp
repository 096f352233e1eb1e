// Fuzz target: a keypoint annotation file (COCO or CrowdPose person_keypoints JSON), parsed and
// checked for both evaluation variants as the metrics and eval commands do.

#include "eval/ground_truth.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return posescope::fuzz::runOneInput([&] {
    const posescope::KeypointGroundTruth gt = posescope::parseGroundTruth(text, "fuzz.json");
    for (auto variant : {posescope::EvalVariant::Coco, posescope::EvalVariant::CrowdPose}) {
      try {
        posescope::checkGroundTruthFor(gt, variant);
      } catch (const posescope::Error&) {
      }
    }
  });
}
