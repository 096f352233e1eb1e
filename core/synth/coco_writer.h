#pragma once
// The COCO person-keypoints annotation file of a synthetic split.

#include <cstdint>
#include <string>
#include <vector>

#include "synth/synth_image.h"

namespace posescope::synth {

/// One image of a split as the annotation file lists it.
struct SynthImageEntry {
  std::int64_t id = 0;
  std::string fileName;
  int width = 0, height = 0;
  std::vector<SynthAnnotation> people;
};

/// COCO's file name for an image id: twelve digits and ".jpg" (000000000042.jpg).
std::string cocoFileName(std::int64_t id);

/// The annotation JSON (info, licenses, images, annotations with ids 1.., the person category
/// with the 17 keypoint names and COCO's skeleton); deterministic text, never fails.
std::string cocoAnnotationJson(const std::vector<SynthImageEntry>& images,
                               const std::string& description);

}  // namespace posescope::synth
