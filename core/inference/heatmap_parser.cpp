#include "inference/heatmap_parser.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include <ATen/ops/max_pool2d.h>

namespace posescope {

namespace {

void checkShapes(const torch::Tensor& det, const torch::Tensor& tags, const ParserOptions& o) {
  if (det.dim() != 4 || det.size(0) != 1 || det.size(1) != o.numJoints) {
    throw std::invalid_argument("HeatmapParser: heatmaps must be 1x" + std::to_string(o.numJoints) +
                                "xHxW");
  }
  const int64_t tagJoints = o.tagPerJoint ? o.numJoints : 1;
  if (tags.dim() != 5 || tags.size(0) != 1 || tags.size(1) != tagJoints ||
      tags.size(2) != det.size(2) || tags.size(3) != det.size(3) || tags.size(4) < 1) {
    throw std::invalid_argument("HeatmapParser: tag maps must be 1x" + std::to_string(tagJoints) +
                                "xHxWxT with the heatmaps' H and W");
  }
  if (det.size(2) * det.size(3) < o.maxNumPeople) {
    throw std::invalid_argument("HeatmapParser: maps smaller than DATASET.MAX_NUM_PEOPLE pixels");
  }
}

MapView viewOf(const torch::Tensor& t) {
  MapView v;
  v.data = t.data_ptr<float>();
  v.channels = t.size(0);
  v.height = t.size(1);
  v.width = t.size(2);
  v.depth = t.dim() > 3 ? t.size(3) : 1;
  return v;
}

}  // namespace

HeatmapParser::HeatmapParser(ParserOptions options) : options_(std::move(options)) {
  options_.validate();
}

torch::Tensor HeatmapParser::nms(const torch::Tensor& det) const {
  const torch::Tensor pooled = at::max_pool2d(det, {options_.nmsKernel, options_.nmsKernel}, {1, 1},
                                              {options_.nmsPadding, options_.nmsPadding});
  return det * torch::eq(pooled, det).to(det.scalar_type());
}

JointCandidates HeatmapParser::topK(const torch::Tensor& det, const torch::Tensor& tags) const {
  checkShapes(det, tags, options_);
  const torch::Tensor detCpu = det[0].to(torch::kCPU, torch::kFloat).contiguous();
  const torch::Tensor tagsCpu = tags[0].to(torch::kCPU, torch::kFloat).contiguous();
  return candidates(viewOf(detCpu), viewOf(tagsCpu));
}

JointCandidates HeatmapParser::candidates(const MapView& det, const MapView& tags) const {
  const int64_t J = det.channels;
  const int64_t H = det.height;
  const int64_t W = det.width;
  const int64_t K = options_.maxNumPeople;
  JointCandidates c;
  c.numJoints = J;
  c.k = K;
  c.tagDim = tags.depth;
  c.values.assign(J * K, -std::numeric_limits<float>::infinity());
  c.x.assign(J * K, 0);
  c.y.assign(J * K, 0);
  c.tags.assign(J * K * c.tagDim, 0.0f);

  std::vector<float> suppressed(static_cast<size_t>(H * W));
  std::vector<std::pair<float, int64_t>> above;
  for (int64_t j = 0; j < J; ++j) {
    nmsPlane(det.data + j * H * W, H, W, options_.nmsKernel, options_.nmsPadding,
             suppressed.data());
    // Only candidates above the threshold reach the grouping. torch.topk sorts by value alone, so
    // their order is fixed unless two of them are equal (or tie with the first one left out);
    // then torch.topk itself decides, on the same NMS'd values.
    above.clear();
    for (int64_t q = 0; q < H * W; ++q) {
      if (static_cast<double>(suppressed[q]) > options_.detectionThreshold) {
        above.emplace_back(suppressed[q], q);
      }
    }
    const int64_t n = static_cast<int64_t>(above.size());
    const int64_t kept = std::min(n, K);
    std::partial_sort(above.begin(), above.begin() + kept, above.end(),
                      [](const auto& l, const auto& r) { return l.first > r.first; });
    bool tie = false;
    if (n > K) {
      const auto next =
          std::max_element(above.begin() + K, above.end(),
                           [](const auto& l, const auto& r) { return l.first < r.first; });
      tie = above[K - 1].first == next->first;
    }
    for (int64_t i = 1; i < kept && !tie; ++i) tie = above[i - 1].first == above[i].first;
    if (tie) {
      const auto top = torch::from_blob(suppressed.data(), {H * W}, torch::kFloat).topk(K);
      const torch::Tensor values = std::get<0>(top).contiguous();
      const torch::Tensor indices = std::get<1>(top).contiguous();
      above.clear();
      for (int64_t i = 0; i < K; ++i) {
        const float v = values.data_ptr<float>()[i];
        if (!(static_cast<double>(v) > options_.detectionThreshold)) break;
        above.emplace_back(v, indices.data_ptr<int64_t>()[i]);
      }
    }
    const float* tagPlane = tags.data + (tags.channels == 1 ? 0 : j) * H * W * c.tagDim;
    for (int64_t i = 0; i < std::min<int64_t>(K, static_cast<int64_t>(above.size())); ++i) {
      const int64_t at = j * K + i;
      const int64_t q = above[i].second;
      c.values[at] = above[i].first;
      c.x[at] = q % W;
      c.y[at] = q / W;
      std::copy(tagPlane + q * c.tagDim, tagPlane + (q + 1) * c.tagDim,
                c.tags.begin() + at * c.tagDim);
    }
  }
  return c;
}

ParsedPeople HeatmapParser::parse(const torch::Tensor& det, const torch::Tensor& tags, bool adjust,
                                  bool refine) const {
  checkShapes(det, tags, options_);
  const torch::Tensor detCpu = det[0].to(torch::kCPU, torch::kFloat).contiguous();
  const torch::Tensor tagsCpu = tags[0].to(torch::kCPU, torch::kFloat).contiguous();
  ParsedPeople out;
  out.people = matchByTag(candidates(viewOf(detCpu), viewOf(tagsCpu)), options_);
  if (adjust) adjustPeople(out.people, viewOf(detCpu));
  out.scores = personScores(out.people);
  if (refine) refinePeople(out.people, viewOf(detCpu), viewOf(tagsCpu));
  return out;
}

}  // namespace posescope
