#pragma once
// group.py's associative-embedding grouping on plain arrays: match_by_tag, adjust, the person
// scores and refine. Values keep the reference's precision (float32 storage, float64 distances).

#include <cstdint>
#include <vector>

#include "inference/inference_options.h"

namespace posescope {

/// Top-k candidates of one image: for each joint, k entries of location, value and tag vector.
struct JointCandidates {
  int64_t numJoints = 0;
  int64_t k = 0;
  int64_t tagDim = 0;
  std::vector<int64_t> x;     // numJoints x k, column in the map
  std::vector<int64_t> y;     // numJoints x k, row in the map
  std::vector<float> values;  // numJoints x k, NMS'd heatmap value
  std::vector<float> tags;    // numJoints x k x tagDim
};

/// People in map coordinates: count() x numJoints rows of (x, y, score, tag_0 .. tag_{T-1}).
struct GroupedPeople {
  int64_t numJoints = 0;
  int64_t tagDim = 0;
  std::vector<float> data;

  int64_t rowSize() const { return 3 + tagDim; }
  int64_t count() const {
    return numJoints == 0 ? 0 : static_cast<int64_t>(data.size()) / (numJoints * rowSize());
  }
  float* joint(int64_t person, int64_t j) {
    return data.data() + (person * numJoints + j) * rowSize();
  }
  const float* joint(int64_t person, int64_t j) const {
    return data.data() + (person * numJoints + j) * rowSize();
  }
};

/// A read-only view of a C-contiguous float map stack: channels x height x width x depth.
struct MapView {
  const float* data = nullptr;
  int64_t channels = 0;
  int64_t height = 0;
  int64_t width = 0;
  int64_t depth = 1;

  const float* at(int64_t c, int64_t y, int64_t x) const {
    return data + ((c * height + y) * width + x) * depth;
  }
};

/// match_by_tag: joins candidates into people in the reference's joint order, Munkres on the
/// padded cost matrix; people keep the reference's order (first appearance of their key).
/// Throws std::invalid_argument when the candidates and options disagree on the joint count.
GroupedPeople matchByTag(const JointCandidates& candidates, const ParserOptions& options);

/// adjust: moves every detected joint a quarter pixel towards its larger neighbour in `det`
/// (channels = joints) and adds 0.5; throws std::invalid_argument on a size mismatch.
void adjustPeople(GroupedPeople& people, const MapView& det);

/// Mean joint score of each person, computed in float32 as numpy's mean does.
std::vector<float> personScores(const GroupedPeople& people);

/// refine: fills each person's missing joints (score 0) with the best position of det minus the
/// rounded distance to the person's mean tag; `tags` has one channel per joint, or one shared
/// channel. A person without any detected joint is left as is. Throws std::invalid_argument on a
/// size mismatch.
void refinePeople(GroupedPeople& people, const MapView& det, const MapView& tags);

/// nms on one H x W plane: a value equal to the maximum of its kernel x kernel neighbourhood
/// (padding cells never win, as max-pooling's -inf padding) is kept, any other becomes value * 0,
/// bit for bit what HeatmapParser::nms computes on maps without NaN; throws std::invalid_argument
/// unless kernel is 2 * padding + 1.
void nmsPlane(const float* det, int64_t height, int64_t width, int64_t kernel, int64_t padding,
              float* out);

/// numpy's float32 pairwise summation (the add.reduce inner loop) of n values `stride` apart.
float numpyPairwiseSum(const float* values, int64_t n, int64_t stride);

}  // namespace posescope
