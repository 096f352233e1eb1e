#pragma once
// What one image's inference produces, in plain types (no torch), for the evaluator and viewer.

#include <cstdint>
#include <vector>

#include "inference/image_transforms.h"

namespace posescope {

/// One joint of a person in image pixels: position, heatmap score, first tag value.
struct Keypoint {
  float x = 0.0f;
  float y = 0.0f;
  float score = 0.0f;
  float tag = 0.0f;
};

/// A grouped person: numJoints keypoints and the person score (mean joint score before refine).
struct PersonPose {
  std::vector<Keypoint> joints;
  float score = 0.0f;
};

/// Wall time of each stage of one image, in milliseconds.
struct StageTimes {
  double preprocessMs = 0.0;   // resize and normalisation, every scale
  double forwardMs = 0.0;      // network (with flip) and map aggregation, every scale
  double networkMs = 0.0;      // of forwardMs, the network's own forward passes
  double groupMs = 0.0;        // HeatmapParser::parse
  double postprocessMs = 0.0;  // final predictions, and copying the maps when kept
};

/// A dense float array, row-major, with its shape.
struct FloatArray {
  std::vector<int64_t> shape;
  std::vector<float> values;
};

/// Result of PoseInference::run for one image.
struct InferenceResult {
  std::vector<PersonPose> people;  // in the reference's order
  StageTimes times;
  std::vector<std::vector<int64_t>> inputShapes;  // the network's input, one per scale
  FloatArray heatmaps;     // 1xJxHxW the parser used; only when maps were requested
  FloatArray tags;         // 1xJxHxWxT the parser used; only when maps were requested
  Affine2x3 mapToImage{};  // map pixel coordinates -> image pixels (get_final_preds' transform)
};

}  // namespace posescope
