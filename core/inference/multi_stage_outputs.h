#pragma once
// inference.py's get_multi_stage_outputs and aggregate_results, with the flip pass run in the
// same batch as the image.

#include <optional>
#include <vector>

#include <torch/types.h>
#include <opencv2/core/mat.hpp>

#include "inference/inference_options.h"

namespace posescope {

class PoseNet;

/// ToTensor (+ Normalize with the ImageNet mean/std when `normalize`) of an RGB uint8 image:
/// a 1x3xHxW float tensor on the CPU. Throws std::invalid_argument unless the image is CV_8UC3.
torch::Tensor imageToInput(const cv::Mat& rgb, bool normalize);

/// Heatmaps (the stage average of the image, then of its flip) and tag maps (every stage of the
/// image, then of its flip) of one scale, as get_multi_stage_outputs returns them.
struct ScaleMaps {
  std::vector<torch::Tensor> heatmaps;
  std::vector<torch::Tensor> tags;
  double networkMs = 0;  // the network's forward pass (queued, not finished, on a GPU)
};

/// The size heatmaps and tags are projected to (valid.py's base size), width then height.
struct ProjectSize {
  int64_t width = 0;
  int64_t height = 0;
};

/// get_multi_stage_outputs for a 1x3xHxW input on the network's device; with options.flipTest
/// the image and its horizontal flip go through the network as one batch of two. Throws
/// std::invalid_argument when the network's outputs do not fit the per-stage options.
ScaleMaps multiStageOutputs(PoseNet& net, const torch::Tensor& input,
                            const InferenceOptions& options,
                            const std::optional<ProjectSize>& projectTo);

/// Running state of aggregate_results over the scales of one image.
struct AggregatedMaps {
  torch::Tensor heatmaps;           // sum over scales so far (undefined before the first)
  std::vector<torch::Tensor> tags;  // each 1xJxHxWx1
};

/// aggregate_results for one scale (the loop runs scales in descending order).
void aggregateResults(const InferenceOptions& options, double scale, AggregatedMaps& acc,
                      const ScaleMaps& maps);

/// The end of valid.py's scale loop: heatmaps divided by the number of scales, tags concatenated
/// on a fifth dimension. Throws std::invalid_argument when no scale produced tag maps.
std::pair<torch::Tensor, torch::Tensor> finalMaps(const InferenceOptions& options,
                                                  const AggregatedMaps& acc);

}  // namespace posescope
