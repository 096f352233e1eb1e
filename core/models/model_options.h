#pragma once
// What each native network needs from the experiment, as plain values (no torch, no config tree).

#include <string>
#include <vector>

#include "config/arch_config.h"
#include "config/search_space.h"

namespace posescope {
class ConfigNode;
}

namespace posescope::models {

/// Output heads: MODEL.NUM_JOINTS, MODEL.TAG_PER_JOINT, LOSS.WITH_HEATMAPS_LOSS / WITH_AE_LOSS.
struct HeadOptions {
  int numJoints = 17;
  bool tagPerJoint = true;
  std::vector<bool> withHeatmapsLoss{true, true};
  std::vector<bool> withAeLoss{true, false};

  /// Channels of output stage `stage` of LitePose-style heads (heatmaps and/or tags).
  int outputChannels(size_t stage) const;
};

/// pose_mobilenet and pose_simplenet: an arch plus MODEL.EXTRA's deconvolution settings.
struct LitePoseOptions {
  HeadOptions head;
  int numDeconvLayers = 3;
  std::vector<int> deconvKernels{4, 4, 4};
  ArchConfig arch;
};

/// pose_supermobilenet: the supernet's widths and blocks (the reference's unless MODEL.EXTRA
/// says otherwise, config/search_space.h), deconv widths (MODEL.EXTRA.NUM_DECONV_FILTERS) and
/// the searched sub-network (search_arch) its forward uses.
struct SuperNetOptions {
  HeadOptions head;
  SupernetShape shape;
  int numDeconvLayers = 3;
  std::vector<int> deconvKernels{4, 4, 4};
  std::vector<int> deconvFilters{256, 256, 256};
  ArchConfig searchArch;
};

/// One of MODEL.EXTRA.STAGE2..4 of pose_higher_hrnet.
struct HrnetStageOptions {
  int numModules = 1;
  int numBranches = 1;
  std::string block = "BASIC";
  std::vector<int> numBlocks;
  std::vector<int> numChannels;
  std::string fuseMethod = "SUM";
};

/// pose_higher_hrnet: MODEL.EXTRA (stem, stages, final layers, DECONV).
struct HigherHrnetOptions {
  HeadOptions head;
  int stemInplanes = 64;
  int finalConvKernel = 1;
  std::vector<HrnetStageOptions> stages;  // STAGE2, STAGE3, STAGE4
  int numDeconvs = 1;
  std::vector<int> deconvChannels;
  std::vector<int> deconvKernels;
  int numBasicBlocks = 0;
  std::vector<bool> catOutput;
};

/// Readers from the merged config; they throw ConfigError naming a missing or mistyped key and
/// ModelError when values are inconsistent (e.g. a list shorter than the layer count).
HeadOptions headOptionsFromConfig(const ConfigNode& cfg);
LitePoseOptions litePoseOptionsFromConfig(const ConfigNode& cfg, const ArchConfig& arch);
SuperNetOptions superNetOptionsFromConfig(const ConfigNode& cfg, const ArchConfig& searchArch);
HigherHrnetOptions higherHrnetOptionsFromConfig(const ConfigNode& cfg);

}  // namespace posescope::models
