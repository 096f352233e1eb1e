#include "models/model_options.h"

#include "common/errors.h"
#include "config/config_node.h"

namespace posescope::models {

namespace {

std::vector<int> intList(const ConfigNode& cfg, const std::string& key) {
  std::vector<int> out;
  for (const auto v : cfg.getIntList(key)) out.push_back(static_cast<int>(v));
  return out;
}

void requireLength(size_t have, int need, const std::string& key) {
  if (need > 0 && have < static_cast<size_t>(need))
    throw ModelError(key + " has " + std::to_string(have) + " entries but the network needs " +
                     std::to_string(need));
}

}  // namespace

int HeadOptions::outputChannels(size_t stage) const {
  const int dimTag = tagPerJoint ? numJoints : 1;
  const bool heatmaps = stage < withHeatmapsLoss.size() && withHeatmapsLoss[stage];
  const bool tags = stage < withAeLoss.size() && withAeLoss[stage];
  return (heatmaps ? numJoints : 0) + (tags ? dimTag : 0);
}

HeadOptions headOptionsFromConfig(const ConfigNode& cfg) {
  HeadOptions head;
  head.numJoints = static_cast<int>(cfg.getInt("MODEL.NUM_JOINTS"));
  head.tagPerJoint = cfg.getBool("MODEL.TAG_PER_JOINT");
  head.withHeatmapsLoss = cfg.getBoolList("LOSS.WITH_HEATMAPS_LOSS");
  head.withAeLoss = cfg.getBoolList("LOSS.WITH_AE_LOSS");
  if (head.numJoints <= 0)
    throw ModelError("MODEL.NUM_JOINTS must be positive, got " + std::to_string(head.numJoints));
  return head;
}

LitePoseOptions litePoseOptionsFromConfig(const ConfigNode& cfg, const ArchConfig& arch) {
  LitePoseOptions o;
  o.head = headOptionsFromConfig(cfg);
  o.numDeconvLayers = static_cast<int>(cfg.getInt("MODEL.EXTRA.NUM_DECONV_LAYERS"));
  o.deconvKernels = intList(cfg, "MODEL.EXTRA.NUM_DECONV_KERNELS");
  o.arch = arch;
  requireLength(o.deconvKernels.size(), o.numDeconvLayers, "MODEL.EXTRA.NUM_DECONV_KERNELS");
  requireLength(o.head.withHeatmapsLoss.size(), o.numDeconvLayers - 1, "LOSS.WITH_HEATMAPS_LOSS");
  requireLength(o.head.withAeLoss.size(), o.numDeconvLayers - 1, "LOSS.WITH_AE_LOSS");
  return o;
}

SuperNetOptions superNetOptionsFromConfig(const ConfigNode& cfg, const ArchConfig& searchArch) {
  SuperNetOptions o;
  o.head = headOptionsFromConfig(cfg);
  o.shape = supernetShapeFromConfig(cfg);
  o.numDeconvLayers = static_cast<int>(cfg.getInt("MODEL.EXTRA.NUM_DECONV_LAYERS"));
  o.deconvKernels = intList(cfg, "MODEL.EXTRA.NUM_DECONV_KERNELS");
  o.deconvFilters = intList(cfg, "MODEL.EXTRA.NUM_DECONV_FILTERS");
  o.searchArch = searchArch;
  requireLength(o.deconvKernels.size(), o.numDeconvLayers, "MODEL.EXTRA.NUM_DECONV_KERNELS");
  requireLength(o.deconvFilters.size(), o.numDeconvLayers, "MODEL.EXTRA.NUM_DECONV_FILTERS");
  requireLength(o.head.withHeatmapsLoss.size(), o.numDeconvLayers - 1, "LOSS.WITH_HEATMAPS_LOSS");
  requireLength(o.head.withAeLoss.size(), o.numDeconvLayers - 1, "LOSS.WITH_AE_LOSS");
  return o;
}

HigherHrnetOptions higherHrnetOptionsFromConfig(const ConfigNode& cfg) {
  HigherHrnetOptions o;
  o.head = headOptionsFromConfig(cfg);
  o.stemInplanes = static_cast<int>(cfg.getInt("MODEL.EXTRA.STEM_INPLANES"));
  o.finalConvKernel = static_cast<int>(cfg.getInt("MODEL.EXTRA.FINAL_CONV_KERNEL"));
  for (const char* name : {"STAGE2", "STAGE3", "STAGE4"}) {
    const std::string p = std::string("MODEL.EXTRA.") + name + ".";
    HrnetStageOptions s;
    s.numModules = static_cast<int>(cfg.getInt(p + "NUM_MODULES"));
    s.numBranches = static_cast<int>(cfg.getInt(p + "NUM_BRANCHES"));
    s.block = cfg.getString(p + "BLOCK");
    s.numBlocks = intList(cfg, p + "NUM_BLOCKS");
    s.numChannels = intList(cfg, p + "NUM_CHANNELS");
    s.fuseMethod = cfg.getString(p + "FUSE_METHOD");
    if (s.block != "BASIC" && s.block != "BOTTLENECK")
      throw ModelError(p + "BLOCK must be BASIC or BOTTLENECK, got '" + s.block + "'");
    if (static_cast<int>(s.numBlocks.size()) != s.numBranches)
      throw ModelError(p + "NUM_BLOCKS has " + std::to_string(s.numBlocks.size()) +
                       " entries but NUM_BRANCHES is " + std::to_string(s.numBranches));
    if (static_cast<int>(s.numChannels.size()) != s.numBranches)
      throw ModelError(p + "NUM_CHANNELS has " + std::to_string(s.numChannels.size()) +
                       " entries but NUM_BRANCHES is " + std::to_string(s.numBranches));
    o.stages.push_back(s);
  }
  o.numDeconvs = static_cast<int>(cfg.getInt("MODEL.EXTRA.DECONV.NUM_DECONVS"));
  o.deconvChannels = intList(cfg, "MODEL.EXTRA.DECONV.NUM_CHANNELS");
  o.deconvKernels = intList(cfg, "MODEL.EXTRA.DECONV.KERNEL_SIZE");
  o.numBasicBlocks = static_cast<int>(cfg.getInt("MODEL.EXTRA.DECONV.NUM_BASIC_BLOCKS"));
  o.catOutput = cfg.getBoolList("MODEL.EXTRA.DECONV.CAT_OUTPUT");
  requireLength(o.deconvChannels.size(), o.numDeconvs, "MODEL.EXTRA.DECONV.NUM_CHANNELS");
  requireLength(o.deconvKernels.size(), o.numDeconvs, "MODEL.EXTRA.DECONV.KERNEL_SIZE");
  requireLength(o.catOutput.size(), o.numDeconvs, "MODEL.EXTRA.DECONV.CAT_OUTPUT");
  requireLength(o.head.withAeLoss.size(), o.numDeconvs + 1, "LOSS.WITH_AE_LOSS");
  return o;
}

}  // namespace posescope::models
