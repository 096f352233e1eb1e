#pragma once
// Fixed colours of the overlays (RGB order, as cv::Scalar).

#include <cstddef>

#include <opencv2/core/types.hpp>

#include "analysis/joint_errors.h"

namespace posescope {

/// Colour of predicted person `index` from a fixed 12-colour palette (cycles). Never fails.
cv::Scalar personColor(std::size_t index);

/// Ground-truth skeletons and joint rings.
inline const cv::Scalar kGroundTruthColor{255, 255, 255};
/// Crowd regions (translucent hatched boxes).
inline const cv::Scalar kCrowdColor{255, 64, 160};
/// Match lines and their OKS text.
inline const cv::Scalar kMatchColor{255, 230, 0};
/// Predictions matched to no one (a cross) and ground-truth people no one matched (a dashed
/// circle) at the match layer's threshold.
inline const cv::Scalar kUnmatchedColor{235, 40, 40};
/// Matches to ignored ground truth (crowd regions, unlabelled people).
inline const cv::Scalar kIgnoredMatchColor{160, 160, 160};

/// The error layer's colour of a joint labelled `label` (good green, jitter yellow, inversion
/// orange, swap violet, miss red; unlabelled grey, drawn hollow). Never fails.
cv::Scalar jointLabelColor(JointLabel label);

}  // namespace posescope
