#pragma once
// Which errors changed on one image from run A to run B ("B: 2 new swaps, 1 miss fewer").

#include <cstdint>
#include <map>
#include <string>

#include "analysis/triage.h"

namespace posescope {

/// B's error counts against A's on one image: swaps, inversions, misses and jitters (joints of
/// localised detections), background false positives and missed people, e.g. "B: 2 new swaps,
/// 1 miss fewer"; "" when nothing changed. A missing side counts as no errors. Never fails.
std::string errorLabelChanges(const ImageTriage* a, const ImageTriage* b);

/// errorLabelChanges for every image of either triage, by image id; images without a change are
/// left out. Never fails.
std::map<std::int64_t, std::string> errorLabelChangesByImage(const Triage& a, const Triage& b);

}  // namespace posescope
