// Fuzz target: a skeleton file (--skeleton FILE.json: joint names, sigmas, flip pairs, limbs,
// colours), parsed, written back and read again, then resolved against a ground truth of the same
// joints as `metrics --skeleton` does.

#include "eval/keypoint_layout.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  return posescope::fuzz::runOneInput([&] {
    const posescope::Skeleton skeleton = posescope::parseSkeleton(text, "fuzz.json");
    // What the run folder keeps must read back as the same skeleton.
    const posescope::Skeleton again =
        posescope::parseSkeleton(posescope::formatSkeletonJson(skeleton), "again.json");
    if (again.joints != skeleton.joints || again.sigmas != skeleton.sigmas ||
        again.flipIndex != skeleton.flipIndex || again.limbs != skeleton.limbs ||
        again.limbColours != skeleton.limbColours) {
      std::abort();
    }
    posescope::KeypointGroundTruth gt;
    gt.source = "gt.json";
    gt.categories.push_back({1, "animal", skeleton.joints, {}});
    posescope::LayoutChoice choice;
    choice.skeletonFile = skeleton;
    choice.skeletonSource = "fuzz.json";
    const posescope::KeypointLayout layout = posescope::resolveKeypointLayout(gt, choice);
    if (layout.skeleton.sigmas != skeleton.sigmas) std::abort();
  });
}
