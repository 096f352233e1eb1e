#pragma once
// Which joints a ground truth's people have, and with which OKS sigmas they are scored: COCO's and
// CrowdPose's layouts as valid.py scores them, any other skeleton with the sigmas its user gives
// (on the command line or in a skeleton file). Sigmas are never guessed.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// A keypoint layout: joint names, one OKS sigma per joint, left/right mirror and limbs to draw.
struct Skeleton {
  std::string name;
  std::vector<std::string> joints;
  std::vector<double> sigmas;  // as the evaluator uses them (COCO's nose: 0.026)
  /// flipIndex[k]: the joint mirroring joint k (k itself without a side); empty when unknown.
  std::vector<int> flipIndex;
  std::vector<std::pair<int, int>> limbs;  // 0-based joint pairs
  /// One colour per limb (RGB), or empty for the overlays' own colours.
  std::vector<std::array<std::uint8_t, 3>> limbColours;
};

/// COCO's 17 joints or CrowdPose's 14 with valid.py's sigmas, their flip pairs and limbs.
const Skeleton& referenceSkeleton(EvalVariant variant);

/// Left/right pairs from joint names ("left_wrist" ↔ "right_wrist"; a name without a side maps to
/// itself); empty when some "left_"/"right_" name has no partner or no name has a side.
std::vector<int> flipIndexFromNames(const std::vector<std::string>& names);

/// Reads a skeleton file (docs/skeletons.md): {"keypoints": [names], "sigmas": [numbers], and
/// optionally "name", "flip_pairs": [[a, b], ...], "limbs": [[a, b], ...], "limb_colors":
/// ["#rrggbb", ...]}, joints named or 1-based. Throws EvalError naming the file and the key for
/// malformed JSON, unknown keys, counts that differ, unknown joints, non-positive sigmas.
Skeleton loadSkeletonFile(const std::string& path);
/// The same for text in memory; `source` names it in messages.
Skeleton parseSkeleton(const std::string& jsonText, const std::string& source);
/// The skeleton as a skeleton file (joints named); parseSkeleton reads it back unchanged.
std::string formatSkeletonJson(const Skeleton& skeleton);

/// What the user said about the layout; everything optional.
struct LayoutChoice {
  std::optional<EvalVariant> dataset;         // --dataset, or a run's DATASET
  std::optional<std::vector<double>> sigmas;  // --sigmas
  std::string sigmasSource = "--sigmas";      // what gave them, for messages
  std::optional<Skeleton> skeletonFile;       // --skeleton
  std::string skeletonSource;                 // its path, for messages
  std::optional<std::int64_t> categoryId;     // --category
};

/// Thrown by resolveKeypointLayout when the joints are neither COCO's nor CrowdPose's and no
/// sigmas or skeleton file were given: a GUI words its own way to give them.
class UnknownSigmasError : public EvalError {
 public:
  UnknownSigmasError(const std::string& message, std::size_t joints)
      : EvalError(message), joints(joints) {}
  std::size_t joints;  // how many sigmas are needed
};

/// How a ground truth is evaluated.
struct KeypointLayout {
  EvalVariant variant = EvalVariant::Coco;  // whose rules (CrowdPose only for its own layout)
  Skeleton skeleton;                        // joints of the evaluated categories, their sigmas
  std::vector<std::int64_t> categoryIds;    // the keypoint categories evaluated, in file order
  std::string sigmasFrom;                   // "valid.py's COCO sigmas", "--sigmas", "FILE"
  bool restricted = false;                  // --category left other keypoint categories out
  /// COCO's or CrowdPose's joints (by name, or by count for a named dataset): valid.py's settings,
  /// sigmas included, are what its settings are compared with.
  bool isReference() const { return referenceJoints; }
  bool referenceJoints = false;
};

/// Resolves `gt`'s layout. The keypoint categories must share one list of joint names unless
/// `choice.categoryId` picks one. Sigmas come from the skeleton file, else --sigmas, else the
/// dataset's own when its joints are COCO's or CrowdPose's (by name, or by count when the dataset
/// is named, as valid.py reads its own files). Flip pairs from the file, else left_/right_ names;
/// limbs from the file, else the category's `skeleton` (the reference's when it does not fit COCO's
/// or CrowdPose's joints), else the reference's. Throws EvalError
/// naming the category, its joint count and both options when the sigmas are unknown, and for
/// categories with different layouts, an unknown category, counts that differ.
KeypointLayout resolveKeypointLayout(const KeypointGroundTruth& gt, const LayoutChoice& choice);

/// evalParamsFor(layout.variant) with the layout's sigmas.
EvalParams evalParamsFor(const KeypointLayout& layout);

/// The settings of `params` that are not valid.py's, one phrase each: differencesFromReference
/// for COCO's and CrowdPose's layouts; for another, "N keypoints of NAME, sigmas from SOURCE"
/// then what differs from the layout's own settings. Never fails.
/// What a layout beyond valid.py's datasets is scored with ("6 keypoints of 'quadruped6', sigmas
/// from skeleton.json"); "" for COCO's and CrowdPose's joints (valid.py's settings).
std::string ownSettingsText(const KeypointLayout& layout);

std::vector<std::string> settingChangesFor(const EvalParams& params, const KeypointLayout& layout);

/// `gt` with only the layout's categories and their annotations when the layout is restricted
/// (--category), else `gt` unchanged.
KeypointGroundTruth groundTruthOfLayout(const KeypointGroundTruth& gt,
                                        const KeypointLayout& layout);
/// `detections` of the layout's categories only when it is restricted, else all of them.
std::vector<KeypointDetection> detectionsOfLayout(const std::vector<KeypointDetection>& detections,
                                                  const KeypointLayout& layout);

}  // namespace posescope
