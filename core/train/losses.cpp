#include "train/losses.h"

#include <stdexcept>

#include <ATen/ATen.h>

#include "common/errors.h"
#include "config/config_node.h"

namespace posescope::train {

namespace {

template <class T>
void requireStages(const std::vector<T>& list, int stages, const std::string& key) {
  if (static_cast<int>(list.size()) != stages)
    throw ConfigError(key + " has " + std::to_string(list.size()) +
                      " entries but LOSS.NUM_STAGES is " + std::to_string(stages));
}

}  // namespace

torch::Tensor heatmapLoss(const torch::Tensor& pred, const torch::Tensor& gt,
                          const torch::Tensor& mask) {
  if (pred.sizes() != gt.sizes())
    throw std::invalid_argument("heatmapLoss: prediction and target shapes differ");
  const torch::Tensor loss = (pred - gt).pow(2) * mask.unsqueeze(1).expand_as(pred);
  return loss.mean(3).mean(2).mean(1);
}

AeLossType aeLossTypeFromName(const std::string& name) {
  if (name == "exp") return AeLossType::Exp;
  if (name == "max") return AeLossType::Max;
  throw ConfigError("LOSS.AE_LOSS_TYPE is '" + name + "'; expected 'exp' or 'max'");
}

PushPull aeLoss(const torch::Tensor& tagsIn, const torch::Tensor& joints, AeLossType type) {
  const torch::Tensor tagMap = tagsIn.dim() == 3 ? tagsIn.squeeze(2) : tagsIn;
  const int64_t batch = joints.size(0), people = joints.size(1), numJoints = joints.size(2);
  const torch::Tensor vis = joints.select(3, 1).to(torch::kFloat);  // B x M x K
  torch::Tensor jointCount = vis.sum(2, true);                      // B x M x 1
  const torch::Tensor loc = joints.select(3, 0).reshape({batch, -1}).to(torch::kLong);
  const torch::Tensor tags =
      tagMap.gather(1, loc).reshape({batch, people, numJoints}) * vis;  // B x M x K

  const torch::Tensor present = (jointCount > 0).to(torch::kFloat);  // B x M x 1
  torch::Tensor personCount = present.squeeze(2).sum(1, true);       // B x 1
  personCount = torch::where(personCount == 0, torch::ones_like(personCount), personCount);
  torch::Tensor pairVis = present.expand({batch, people, people});
  pairVis = pairVis * pairVis.permute({0, 2, 1});
  jointCount = torch::where(jointCount == 0, torch::ones_like(jointCount), jointCount);

  const torch::Tensor mean = tags.sum(2, true) / jointCount;  // B x M x 1
  torch::Tensor pull = (vis * (tags - mean).pow(2)).sum(2, true) / jointCount;
  pull = (pull.squeeze(2).sum(1, true) / personCount).mean();

  const torch::Tensor means = mean.expand({batch, people, people});
  torch::Tensor diff = (means - means.permute({0, 2, 1})) * pairVis;
  if (type == AeLossType::Exp)
    diff = torch::exp(-diff.pow(2)) * pairVis;
  else
    diff = torch::clamp(1 - torch::abs(diff), 0) * pairVis;
  const torch::Tensor count = personCount.squeeze(1);
  torch::Tensor push =
      0.5 * (diff.sum({1, 2}) - count) / torch::clamp((count - 1) * count, 1);  // [B]
  push = torch::where(count < 2, torch::zeros_like(push), push);
  return {push.mean(), pull};
}

MultiLoss::MultiLoss(const ConfigNode& cfg) {
  numJoints_ = static_cast<int>(cfg.getInt("MODEL.NUM_JOINTS"));
  numStages_ = static_cast<int>(cfg.getInt("LOSS.NUM_STAGES"));
  withHeatmaps_ = cfg.getBoolList("LOSS.WITH_HEATMAPS_LOSS");
  withAe_ = cfg.getBoolList("LOSS.WITH_AE_LOSS");
  heatmapFactor_ = cfg.getDoubleList("LOSS.HEATMAPS_LOSS_FACTOR");
  pushFactor_ = cfg.getDoubleList("LOSS.PUSH_LOSS_FACTOR");
  pullFactor_ = cfg.getDoubleList("LOSS.PULL_LOSS_FACTOR");
  aeType_ = aeLossTypeFromName(cfg.getString("LOSS.AE_LOSS_TYPE"));
  requireStages(withHeatmaps_, numStages_, "LOSS.WITH_HEATMAPS_LOSS");
  requireStages(withAe_, numStages_, "LOSS.WITH_AE_LOSS");
  requireStages(heatmapFactor_, numStages_, "LOSS.HEATMAPS_LOSS_FACTOR");
  requireStages(pushFactor_, numStages_, "LOSS.PUSH_LOSS_FACTOR");
  requireStages(pullFactor_, numStages_, "LOSS.PULL_LOSS_FACTOR");
}

std::vector<StageLoss> MultiLoss::operator()(const std::vector<torch::Tensor>& outputs,
                                             const std::vector<torch::Tensor>& heatmaps,
                                             const std::vector<torch::Tensor>& masks,
                                             const std::vector<torch::Tensor>& joints) const {
  const size_t n = outputs.size();
  if (static_cast<int>(n) != numStages_ || heatmaps.size() != n || masks.size() != n ||
      joints.size() != n)
    throw std::invalid_argument("MultiLoss: outputs, targets and LOSS.NUM_STAGES differ in length");
  std::vector<StageLoss> losses(n);
  for (size_t s = 0; s < n; ++s) {
    int64_t offset = 0;
    if (withHeatmaps_[s]) {
      losses[s].heatmaps = heatmapLoss(outputs[s].narrow(1, 0, numJoints_), heatmaps[s], masks[s]) *
                           heatmapFactor_[s];
      offset = numJoints_;
    }
    if (withAe_[s]) {
      const torch::Tensor tags = outputs[s].narrow(1, offset, outputs[s].size(1) - offset);
      const PushPull pp = aeLoss(tags.contiguous().view({tags.size(0), -1}), joints[s], aeType_);
      losses[s].push = pp.push * pushFactor_[s];
      losses[s].pull = pp.pull * pullFactor_[s];
    }
  }
  return losses;
}

torch::Tensor MultiLoss::total(const std::vector<StageLoss>& losses) {
  torch::Tensor sum = torch::zeros({});
  for (const auto& l : losses) {
    if (l.heatmaps.defined()) sum = sum + l.heatmaps.mean(0);
    if (l.push.defined()) sum = sum + l.push;
    if (l.pull.defined()) sum = sum + l.pull;
  }
  return sum;
}

}  // namespace posescope::train
