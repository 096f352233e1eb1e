#pragma once
// group.py's HeatmapParser: NMS by max-pooling and top-k in torch, then the plain C++ grouping.

#include <vector>

#include <torch/types.h>

#include "inference/grouping.h"
#include "inference/inference_options.h"

namespace posescope {

/// What parse returns: people in map coordinates and their scores (taken after adjust, before
/// refine, as the reference does).
struct ParsedPeople {
  GroupedPeople people;
  std::vector<float> scores;
};

/// Groups the final heatmaps and tag maps of one image into people.
class HeatmapParser {
 public:
  /// Throws ConfigError when the options fail ParserOptions::validate().
  explicit HeatmapParser(ParserOptions options);

  /// nms: keeps the values equal to their max-pool neighbourhood maximum, zeroes the others.
  torch::Tensor nms(const torch::Tensor& det) const;

  /// top_k on a 1xJxHxW heatmap and a 1xJtxHxWxT tag stack (Jt = J, or 1 without tags per joint):
  /// the candidates above the detection threshold, exactly as torch.topk of the NMS'd maps orders
  /// them (only the grouping reads those); the remaining slots hold -inf. Throws
  /// std::invalid_argument on shapes that do not fit the options.
  JointCandidates topK(const torch::Tensor& det, const torch::Tensor& tags) const;

  /// parse: top-k, match, optional adjust, scores, optional refine. Inputs may live on any
  /// device; throws std::invalid_argument on shapes that do not fit the options (batch must be 1).
  ParsedPeople parse(const torch::Tensor& det, const torch::Tensor& tags, bool adjust,
                     bool refine) const;

  const ParserOptions& options() const { return options_; }

 private:
  JointCandidates candidates(const MapView& det, const MapView& tags) const;

  ParserOptions options_;
};

}  // namespace posescope
