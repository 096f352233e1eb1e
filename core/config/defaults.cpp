// The reference's default tree (lib/config/default.py) and the MODEL.EXTRA trees of its models.
#include "config/defaults.h"

#include "config/experiment.h"

namespace posescope {

namespace {

ConfigValue b(bool v) {
  return ConfigValue{v};
}
ConfigValue i(std::int64_t v) {
  return ConfigValue{v};
}
ConfigValue f(double v) {
  return ConfigValue{v};
}
ConfigValue s(const char* v) {
  return ConfigValue{std::string(v)};
}
ConfigValue list(ConfigValue::List items) {
  return ConfigValue{std::move(items)};
}

// An empty section: a sub-node with no keys (MODEL.EXTRA in default.py).
void section(ConfigNode& cfg, const std::string& path) {
  ConfigNode* node = &cfg;
  std::string rest = path;
  while (true) {
    const auto dot = rest.find('.');
    const std::string key = rest.substr(0, dot);
    ConfigNode::Entry* e = node->find(key);
    if (!e) {
      node->entries().push_back({key, nullptr, std::make_shared<ConfigNode>()});
      e = &node->entries().back();
    }
    node = e->child.get();
    if (dot == std::string::npos) return;
    rest = rest.substr(dot + 1);
  }
}

}  // namespace

ConfigNode defaultConfig() {
  ConfigNode c;
  c.set("OUTPUT_DIR", s(""));
  c.set("LOG_DIR", s(""));
  c.set("DATA_DIR", s(""));
  c.set("GPUS", list({i(0)}));
  c.set("WORKERS", i(4));
  c.set("PRINT_FREQ", i(20));
  c.set("AUTO_RESUME", b(true));
  c.set("PIN_MEMORY", b(true));
  c.set("RANK", i(0));
  c.set("VERBOSE", b(true));
  c.set("DIST_BACKEND", s("nccl"));
  c.set("MULTIPROCESSING_DISTRIBUTED", b(true));

  c.set("FP16.ENABLED", b(false));
  c.set("FP16.STATIC_LOSS_SCALE", f(1.0));
  c.set("FP16.DYNAMIC_LOSS_SCALE", b(false));

  c.set("CUDNN.BENCHMARK", b(true));
  c.set("CUDNN.DETERMINISTIC", b(false));
  c.set("CUDNN.ENABLED", b(true));

  c.set("MODEL.NAME", s("pose_multi_resolution_net_v16"));
  c.set("MODEL.INIT_WEIGHTS", b(true));
  c.set("MODEL.PRETRAINED", s(""));
  c.set("MODEL.NUM_JOINTS", i(17));
  c.set("MODEL.TAG_PER_JOINT", b(true));
  section(c, "MODEL.EXTRA");
  c.set("MODEL.SYNC_BN", b(false));

  c.set("LOSS.NUM_STAGES", i(1));
  c.set("LOSS.WITH_HEATMAPS_LOSS", list({b(true)}));
  c.set("LOSS.HEATMAPS_LOSS_FACTOR", list({f(1.0)}));
  c.set("LOSS.WITH_AE_LOSS", list({b(true)}));
  c.set("LOSS.AE_LOSS_TYPE", s("max"));
  c.set("LOSS.PUSH_LOSS_FACTOR", list({f(0.001)}));
  c.set("LOSS.PULL_LOSS_FACTOR", list({f(0.001)}));

  c.set("DATASET.ROOT", s(""));
  c.set("DATASET.DATASET", s("coco_kpt"));
  c.set("DATASET.DATASET_TEST", s("coco"));
  c.set("DATASET.NUM_JOINTS", i(17));
  c.set("DATASET.MAX_NUM_PEOPLE", i(30));
  c.set("DATASET.TRAIN", s("train2017"));
  c.set("DATASET.TEST", s("val2017"));
  c.set("DATASET.DATA_FORMAT", s("jpg"));
  c.set("DATASET.MAX_ROTATION", i(30));
  c.set("DATASET.MIN_SCALE", f(0.75));
  c.set("DATASET.MAX_SCALE", f(1.25));
  c.set("DATASET.SCALE_TYPE", s("short"));
  c.set("DATASET.MAX_TRANSLATE", i(40));
  c.set("DATASET.INPUT_SIZE", i(512));
  c.set("DATASET.OUTPUT_SIZE", list({i(128), i(256), i(512)}));
  c.set("DATASET.FLIP", f(0.5));
  c.set("DATASET.SIGMA", i(-1));
  c.set("DATASET.SCALE_AWARE_SIGMA", b(false));
  c.set("DATASET.BASE_SIZE", f(256.0));
  c.set("DATASET.BASE_SIGMA", f(2.0));
  c.set("DATASET.INT_SIGMA", b(false));
  c.set("DATASET.WITH_CENTER", b(false));

  c.set("TRAIN.LR_FACTOR", f(0.1));
  c.set("TRAIN.LR_STEP", list({i(90), i(110)}));
  c.set("TRAIN.LR", f(0.001));
  c.set("TRAIN.OPTIMIZER", s("adam"));
  c.set("TRAIN.MOMENTUM", f(0.9));
  c.set("TRAIN.WD", f(0.0001));
  c.set("TRAIN.NESTEROV", b(false));
  c.set("TRAIN.GAMMA1", f(0.99));
  c.set("TRAIN.GAMMA2", f(0.0));
  c.set("TRAIN.BEGIN_EPOCH", i(0));
  c.set("TRAIN.END_EPOCH", i(140));
  c.set("TRAIN.RESUME", b(false));
  c.set("TRAIN.CHECKPOINT", s(""));
  c.set("TRAIN.IMAGES_PER_GPU", i(32));
  c.set("TRAIN.SHUFFLE", b(true));

  c.set("TEST.IMAGES_PER_GPU", i(32));
  c.set("TEST.FLIP_TEST", b(false));
  c.set("TEST.ADJUST", b(true));
  c.set("TEST.REFINE", b(true));
  c.set("TEST.SCALE_FACTOR", list({i(1)}));
  c.set("TEST.DETECTION_THRESHOLD", f(0.2));
  c.set("TEST.TAG_THRESHOLD", f(1.0));
  c.set("TEST.USE_DETECTION_VAL", b(true));
  c.set("TEST.IGNORE_TOO_MUCH", b(false));
  c.set("TEST.MODEL_FILE", s(""));
  c.set("TEST.IGNORE_CENTER", b(true));
  c.set("TEST.NMS_KERNEL", i(3));
  c.set("TEST.NMS_PADDING", i(1));
  c.set("TEST.PROJECT2IMAGE", b(false));
  c.set("TEST.WITH_HEATMAPS", list({b(true)}));
  c.set("TEST.WITH_AE", list({b(true)}));
  c.set("TEST.LOG_PROGRESS", b(false));

  c.set("DEBUG.DEBUG", b(true));
  c.set("DEBUG.SAVE_BATCH_IMAGES_GT", b(false));
  c.set("DEBUG.SAVE_BATCH_IMAGES_PRED", b(false));
  c.set("DEBUG.SAVE_HEATMAPS_GT", b(true));
  c.set("DEBUG.SAVE_HEATMAPS_PRED", b(true));
  c.set("DEBUG.SAVE_TAGMAPS_PRED", b(true));
  return c;
}

namespace {

void hrnetStage(ConfigNode& c, const std::string& stage, std::int64_t branches,
                ConfigValue::List blocks, ConfigValue::List channels, const char* block) {
  c.set(stage + ".NUM_MODULES", i(1));
  c.set(stage + ".NUM_BRANCHES", i(branches));
  c.set(stage + ".NUM_BLOCKS", list(std::move(blocks)));
  c.set(stage + ".NUM_CHANNELS", list(std::move(channels)));
  c.set(stage + ".BLOCK", s(block));
  c.set(stage + ".FUSE_METHOD", s("SUM"));
}

}  // namespace

ConfigNode modelExtraDefaults(const std::string& modelName) {
  ConfigNode c;
  if (modelName == "pose_multi_resolution_net_v16") {
    // models.py's POSE_HIGHER_RESOLUTION_NET, key for key (including its DECONV.NUM_DCONVS).
    c.set("PRETRAINED_LAYERS", list({s("*")}));
    c.set("STEM_INPLANES", i(64));
    c.set("FINAL_CONV_KERNEL", i(1));
    hrnetStage(c, "STAGE1", 1, {i(4)}, {i(64)}, "BOTTLENECK");
    hrnetStage(c, "STAGE2", 2, {i(4), i(4)}, {i(24), i(48)}, "BOTTLENECK");
    hrnetStage(c, "STAGE3", 3, {i(4), i(4), i(4)}, {i(24), i(48), i(92)}, "BOTTLENECK");
    hrnetStage(c, "STAGE4", 4, {i(4), i(4), i(4), i(4)}, {i(24), i(48), i(92), i(192)},
               "BOTTLENECK");
    c.set("DECONV.NUM_DCONVS", i(2));
    c.set("DECONV.NUM_CHANNELS", list({i(32), i(32)}));
    c.set("DECONV.NUM_BASIC_BLOCKS", i(4));
    c.set("DECONV.KERNEL_SIZE", list({i(2), i(2)}));
    c.set("DECONV.CAT_OUTPUT", list({b(true), b(true)}));
  } else if (modelName == "pose_higher_hrnet") {
    // The keys pose_higher_hrnet.py reads; values of the HigherHRNet-W32 configs.
    c.set("FINAL_CONV_KERNEL", i(1));
    c.set("PRETRAINED_LAYERS", list({s("*")}));
    c.set("STEM_INPLANES", i(64));
    hrnetStage(c, "STAGE2", 2, {i(4), i(4)}, {i(32), i(64)}, "BASIC");
    hrnetStage(c, "STAGE3", 3, {i(4), i(4), i(4)}, {i(32), i(64), i(128)}, "BASIC");
    hrnetStage(c, "STAGE4", 4, {i(4), i(4), i(4), i(4)}, {i(32), i(64), i(128), i(256)}, "BASIC");
    c.set("STAGE3.NUM_MODULES", i(4));
    c.set("STAGE4.NUM_MODULES", i(3));
    c.set("DECONV.NUM_DECONVS", i(1));
    c.set("DECONV.NUM_CHANNELS", list({i(32)}));
    c.set("DECONV.KERNEL_SIZE", list({i(4)}));
    c.set("DECONV.NUM_BASIC_BLOCKS", i(4));
    c.set("DECONV.CAT_OUTPUT", list({b(true)}));
  } else if (modelName == "pose_mobilenet" || modelName == "pose_supermobilenet" ||
             modelName == "pose_simplenet") {
    // The keys the LitePose networks read; values of the reference's LitePose configs.
    c.set("FINAL_CONV_KERNEL", i(1));
    c.set("PRETRAINED_LAYERS", list({s("*")}));
    c.set("NUM_DECONV_LAYERS", i(3));
    c.set("NUM_DECONV_FILTERS", list({i(64), i(48), i(32)}));
    c.set("NUM_DECONV_KERNELS", list({i(4), i(4), i(4)}));
    if (modelName == "pose_supermobilenet") {
      // PoseScope's optional supernet shape and search space (config/search_space.h).
      c.set("SUPERNET_INPUT_CHANNEL", i(24));
      c.set("SUPERNET_STAGE_CHANNELS", list({i(32), i(64), i(96), i(160)}));
      c.set("SUPERNET_STAGE_BLOCKS", list({i(6), i(8), i(10), i(10)}));
      c.set("SEARCH_STAGE_BLOCKS", list({i(4), i(6), i(8), i(8)}));
      c.set("SEARCH_INPUT_SIZES", list({i(256), i(320), i(384), i(448), i(512)}));
    }
  }
  return c;
}

}  // namespace posescope
