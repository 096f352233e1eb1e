#pragma once
// Two runs scored on different annotation files: why they are not comparable as they are, and
// the two restricted to the images whose ground truth both files hold identically (compare
// --shared-images), their metric tables recomputed there.

#include <string>
#include <utility>

#include "pipeline/run_folder.h"

namespace posescope {

/// A sentence naming both annotation files when `a` and `b` were scored on different ones (the
/// paths differ and their recorded SHA-256s differ or are unknown); empty when they share one.
std::string annotationFileDifference(const LoadedRun& a, const LoadedRun& b);

/// The two runs as if each had evaluated only the images that both evaluated and whose ground
/// truth (image and every annotation of it) is the same in both annotation files: records
/// restricted, metrics and their Markdown table recomputed on those images as valid.py computes
/// them. `shared` receives how many images that is. Throws Error naming a run folder or file that
/// cannot be read, and when no image is shared.
std::pair<LoadedRun, LoadedRun> restrictToSharedImages(const LoadedRun& a, const LoadedRun& b,
                                                       std::size_t& shared);

}  // namespace posescope
