#pragma once

#include <vector>
// Vector layers of an overlay: predicted skeletons, ground truth, crowd regions, matches.

#include <opencv2/core/types.hpp>

#include "render/canvas.h"
#include "render/overlay_scene.h"
#include "render/render_options.h"

namespace posescope {

/// Joint radius and line width in canvas pixels.
struct StrokeSizes {
  double jointRadius = 3;
  int lineWidth = 2;
};

/// Sizes from `options`, or from the canvas size where the options say 0 (see RenderOptions).
StrokeSizes strokeSizesFor(const RenderOptions& options, cv::Size canvasSize);

/// Predicted people: limbs then joints, colour personColor(person index), joints under the
/// threshold hidden with their limbs; size / opacity by score as the options say, the person's
/// score as well as the joint's (a crowd of low-scoring people stays faint), the best-scoring
/// people drawn last, on top. Never fails; limbs naming joints a person does not have are skipped.
void drawPredictions(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                     const StrokeSizes& sizes);

/// Ground-truth people (not crowd regions): thin dashed white limbs between the rings of
/// labelled joints and white hollow rings at labelled joints. Never fails.
void drawGroundTruth(Canvas& canvas, const OverlayScene& scene, const StrokeSizes& sizes);

/// Crowd regions: translucent, hatched boxes with a solid border. Never fails.
void drawCrowdRegions(Canvas& canvas, const OverlayScene& scene, const StrokeSizes& sizes);

/// One line per match from the prediction's centroid (joints above the threshold, else all) to
/// the ground truth's centroid (labelled joints, else the box centre), with the OKS as text.
/// Never fails; matches naming unknown people or annotations are skipped.
/// Which predicted people are drawn (minPersonScore, maxPeople: the highest-scoring first), by
/// index into scene.predictions. Never fails.
std::vector<bool> shownPeople(const OverlayScene& scene, const RenderOptions& options);

/// The error layer: each joint of a shown prediction that has marks (scene.jointErrors), above
/// the joint threshold, as a disc in jointLabelColor of its label with a dark rim (unlabelled: a
/// hollow grey ring); a swap gets a thin line in its colour to the joint it landed on, an inversion
/// one to the mirrored joint. Never fails; marks that do not fit the prediction are skipped.
void drawJointErrors(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                     const StrokeSizes& sizes);

/// A dashed white box (with a dark outline, for light images) around the joints above the
/// threshold of scene.selectedPerson, when it is shown. Never fails.
void drawSelection(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                   const StrokeSizes& sizes);

/// Predictions matched to no one (crossed out in red at their centroid; with the predictions
/// layer) and ground-truth people no prediction matched (a dashed red circle around them; with
/// the ground-truth layer), at the scene's match threshold; crowd regions and people without
/// labelled joints are left alone, and a scene without ground truth gets no marks.
void drawUnmatchedMarks(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                        const StrokeSizes& sizes);

/// The lines from each shown prediction to the ground-truth person it matched (grey when that one
/// is ignored); with `labels`, their OKS labels instead, drawn after every other layer so that
/// no person covers them. Never fails.
void drawMatches(Canvas& canvas, const OverlayScene& scene, const RenderOptions& options,
                 const StrokeSizes& sizes, bool labels);

/// Centroid of a prediction's joints scoring >= threshold (all joints when none does); nullopt
/// for a person without joints.
std::optional<cv::Point2d> predictionCentroid(const PersonPrediction& person, double threshold);

/// Centroid of an annotation's labelled joints (visibility > 0), else its box centre.
cv::Point2d groundTruthCentroid(const GroundTruthPerson& person);

}  // namespace posescope
