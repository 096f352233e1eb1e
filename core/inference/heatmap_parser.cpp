#include "inference/heatmap_parser.h"

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
  const int64_t J = det.size(1);
  const int64_t W = det.size(3);
  const torch::Tensor flat = nms(det).view({1, J, -1});
  auto [values, indices] = flat.topk(options_.maxNumPeople, 2);
  const torch::Tensor valuesCpu = values.to(torch::kCPU, torch::kFloat).contiguous();
  const torch::Tensor indicesCpu = indices.to(torch::kCPU).contiguous();
  const torch::Tensor tagsCpu = tags.to(torch::kCPU, torch::kFloat).contiguous();

  JointCandidates c;
  c.numJoints = J;
  c.k = options_.maxNumPeople;
  c.tagDim = tags.size(4);
  const int64_t n = J * c.k;
  const float* v = valuesCpu.data_ptr<float>();
  const int64_t* ind = indicesCpu.data_ptr<int64_t>();
  const float* tagData = tagsCpu.data_ptr<float>();
  const int64_t plane = det.size(2) * W * c.tagDim;
  c.values.assign(v, v + n);
  c.x.resize(n);
  c.y.resize(n);
  c.tags.resize(n * c.tagDim);
  for (int64_t j = 0; j < J; ++j) {
    const float* tagPlane = tagData + (options_.tagPerJoint ? j : 0) * plane;
    for (int64_t k = 0; k < c.k; ++k) {
      const int64_t at = j * c.k + k;
      c.x[at] = ind[at] % W;
      c.y[at] = ind[at] / W;
      for (int64_t t = 0; t < c.tagDim; ++t)
        c.tags[at * c.tagDim + t] = tagPlane[ind[at] * c.tagDim + t];
    }
  }
  return c;
}

ParsedPeople HeatmapParser::parse(const torch::Tensor& det, const torch::Tensor& tags, bool adjust,
                                  bool refine) const {
  ParsedPeople out;
  out.people = matchByTag(topK(det, tags), options_);
  if (!adjust && !refine) {
    out.scores = personScores(out.people);
    return out;
  }
  const torch::Tensor detCpu = det[0].to(torch::kCPU, torch::kFloat).contiguous();
  if (adjust) adjustPeople(out.people, viewOf(detCpu));
  out.scores = personScores(out.people);
  if (refine && out.people.count() > 0) {
    const torch::Tensor tagsCpu = tags[0].to(torch::kCPU, torch::kFloat).contiguous();
    refinePeople(out.people, viewOf(detCpu), viewOf(tagsCpu));
  }
  return out;
}

}  // namespace posescope
