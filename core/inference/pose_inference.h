#pragma once
// The per-image engine: valid.py's loop body (multi-scale, flip, aggregation, grouping, final
// predictions) for one decoded image.

#include <c10/core/Device.h>
#include <opencv2/core/mat.hpp>

#include "common/cancellation.h"
#include "inference/heatmap_parser.h"
#include "inference/inference_options.h"
#include "inference/inference_result.h"

namespace posescope {

class PoseNet;

/// Runs a network over single images exactly as valid.py does. Not thread-safe: one engine per
/// worker thread. Sets no thread policy (the caller does).
class PoseInference {
 public:
  /// The network must already be on `device` and in eval mode; throws ConfigError when the
  /// options fail validate().
  PoseInference(PoseNet& net, InferenceOptions options, c10::Device device);

  /// People of one RGB uint8 image (as the dataset decodes it); with keepMaps the final heatmaps
  /// and tag maps are copied into the result. Throws std::invalid_argument for an empty or
  /// non-RGB image and when the network's outputs do not fit the options. Checks `cancel` before
  /// each scale's forward and before grouping and throws CancelledError when it is set, so a cancel
  /// of a slow multi-scale image waits for one forward at most, not the whole image.
  InferenceResult run(const cv::Mat& rgbImage, bool keepMaps = false,
                      const CancellationToken* cancel = nullptr);

  const InferenceOptions& options() const { return options_; }

 private:
  PoseNet& net_;
  InferenceOptions options_;
  c10::Device device_;
  HeatmapParser parser_;
  std::vector<double> scales_;  // descending
  double minScale_ = 1.0;
};

}  // namespace posescope
