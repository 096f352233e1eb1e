#pragma once
// A run's images and people as views see them (view_query.h): the per-image table, the ground
// truth and the keypoint error analysis joined image by image.

#include <vector>

#include "analysis/keypoint_analysis.h"
#include "eval/keypoint_data.h"
#include "report/per_image_table.h"
#include "report/view_query.h"

namespace posescope {

/// One ViewImage per row of `rows`, in their order. Each image's persons are: every prediction of
/// `results` on it (matched, background, or crowd, as `analysis` localised it, with its joints'
/// error labels), then every labelled regular ground-truth person of `gt` no prediction was
/// matched to (missed). `analysis` must be the analysis of `results` against `gt`. Never fails.
std::vector<ViewImage> viewImagesOf(const std::vector<PerImageRow>& rows,
                                    const KeypointGroundTruth& gt,
                                    const std::vector<KeypointDetection>& results,
                                    const KeypointAnalysis& analysis);

}  // namespace posescope
