#pragma once
// The reference's training losses (lib/core/loss.py): masked heatmap MSE, associative-embedding
// push/pull, and MultiLossFactory's per-stage combination with the LOSS.* factors.

#include <string>
#include <vector>

#include <torch/types.h>

namespace posescope {
class ConfigNode;
}

namespace posescope::train {

/// HeatmapLoss: ((pred - gt)^2 * mask) averaged over joints and pixels, one value per image
/// ([B]); pred/gt are B x K x H x W, mask B x H x W. Throws std::invalid_argument on shape
/// mismatch.
torch::Tensor heatmapLoss(const torch::Tensor& pred, const torch::Tensor& gt,
                          const torch::Tensor& mask);

/// AELoss's push term kind (LOSS.AE_LOSS_TYPE).
enum class AeLossType { Exp, Max };

/// LOSS.AE_LOSS_TYPE to a kind; throws ConfigError naming the key for other values.
AeLossType aeLossTypeFromName(const std::string& name);

/// Push and pull of AELoss.batchTagLoss, each a scalar averaged over the batch.
struct PushPull {
  torch::Tensor push, pull;
};

/// AELoss over a batch: `tags` is B x N (N = tag channels x H x W, flattened), `joints` is
/// B x M x K x 2 (flat index, labelled flag) as JointsGenerator makes them.
PushPull aeLoss(const torch::Tensor& tags, const torch::Tensor& joints, AeLossType type);

/// One stage's losses after the factors; undefined tensors where the stage has no such loss.
struct StageLoss {
  torch::Tensor heatmaps;  // [B]
  torch::Tensor push, pull;
};

/// MultiLossFactory from the config (MODEL.NUM_JOINTS, LOSS.NUM_STAGES, LOSS.WITH_HEATMAPS_LOSS,
/// LOSS.HEATMAPS_LOSS_FACTOR, LOSS.WITH_AE_LOSS, LOSS.AE_LOSS_TYPE, LOSS.PUSH/PULL_LOSS_FACTOR).
class MultiLoss {
 public:
  /// Throws ConfigError naming the key when a list's length differs from LOSS.NUM_STAGES.
  explicit MultiLoss(const ConfigNode& cfg);
  /// Per-stage losses; throws std::invalid_argument when the list lengths differ from the stages.
  std::vector<StageLoss> operator()(const std::vector<torch::Tensor>& outputs,
                                    const std::vector<torch::Tensor>& heatmaps,
                                    const std::vector<torch::Tensor>& masks,
                                    const std::vector<torch::Tensor>& joints) const;
  /// The training objective: sum over stages of mean heatmap loss + push + pull (do_train).
  static torch::Tensor total(const std::vector<StageLoss>& losses);

 private:
  int numJoints_ = 17, numStages_ = 1;
  std::vector<bool> withHeatmaps_, withAe_;
  std::vector<double> heatmapFactor_, pushFactor_, pullFactor_;
  AeLossType aeType_ = AeLossType::Exp;
};

}  // namespace posescope::train
