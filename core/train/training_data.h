#pragma once
// Training samples as the reference's CocoKeypoints + build_transforms make them: random affine
// crop (scale, rotation, translation), horizontal flip with the dataset's flip index, ImageNet
// normalisation, and per output stage the heatmaps, loss mask and AE joint indices.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <torch/types.h>

#include "train/target_generators.h"

namespace posescope {
class ConfigNode;
}

namespace posescope::train {

/// Augmentation and target settings (DATASET.*, MODEL.TAG_PER_JOINT).
struct SampleOptions {
  int inputSize = 256;
  std::vector<int> outputSizes{64, 128};
  double maxRotation = 30, minScale = 0.75, maxScale = 1.5, maxTranslate = 40, flip = 0.5;
  bool scaleShort = true;  // DATASET.SCALE_TYPE short (else long)
  double sigma = 2;
  int maxPeople = 30;
  int numJoints = 17;
  bool tagPerJoint = true;
  std::vector<int> flipIndex;  // FLIP_CONFIG of the dataset family
  bool augment = true;         // false: no random scale/rotation/translation/flip
  /// True (the reference): the loss ignores map pixels the crop takes from outside the image.
  /// False: those pixels are background (target 0), so the network learns to stay quiet on the
  /// padding the evaluation's resize_align_multi_scale adds.
  bool maskPadding = true;
};

/// Reads DATASET.INPUT_SIZE, OUTPUT_SIZE, MAX_ROTATION, MIN/MAX_SCALE, SCALE_TYPE, MAX_TRANSLATE,
/// FLIP, SIGMA, MAX_NUM_PEOPLE, NUM_JOINTS, DATASET (coco or crowd_pose flip index) and
/// MODEL.TAG_PER_JOINT; throws ConfigError naming the key when one is absent or unusable.
SampleOptions sampleOptionsFromConfig(const ConfigNode& cfg);

/// One training sample; tensors on the CPU.
struct TrainingSample {
  torch::Tensor image;                  // 3 x S x S, float, normalised
  std::vector<torch::Tensor> heatmaps;  // per stage: K x r x r
  std::vector<torch::Tensor> masks;     // per stage: r x r
  std::vector<torch::Tensor> joints;    // per stage: M x K x 2, int64
};

/// A batch: the samples' tensors stacked along a new first dimension.
struct TrainingBatch {
  torch::Tensor images;
  std::vector<torch::Tensor> heatmaps, masks, joints;
};

/// Stacks samples (all with the same stage count); throws std::invalid_argument when empty.
TrainingBatch collate(const std::vector<TrainingSample>& samples);

/// The training split of a COCO-layout dataset: ROOT/annotations/person_keypoints_<split>.json
/// and ROOT/images/<split>/<file>.
class TrainingDataset {
 public:
  /// Throws DatasetError naming the file when the annotations are missing or malformed.
  TrainingDataset(const std::string& root, const std::string& split);
  size_t size() const { return images_.size(); }
  /// Decodes image `index` and builds its sample with `rng`'s augmentation draws; throws
  /// DatasetError naming the image file when it cannot be read.
  TrainingSample sample(size_t index, std::mt19937_64& rng, const SampleOptions& options) const;

 private:
  struct Entry {
    std::string path;
    std::vector<PersonJoints> people;  // image pixels
  };
  std::vector<Entry> images_;
};

/// The reference's get_affine_transform of RandomAffineTransform (_get_affine_matrix), first two
/// rows: maps image pixels to a res x res map for a crop of 200 * scale around `center`, rotated
/// by `rotation` degrees.
std::vector<double> cropAffine(double cx, double cy, double scale, int res, double rotation);

}  // namespace posescope::train
