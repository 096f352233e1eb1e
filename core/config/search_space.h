#pragma once
// The supernet's shape and ArchManager's search space from an experiment config. LitePose fixes
// both in code (pose_supermobilenet.py, arch_manager.py); PoseScope reads them from optional
// MODEL.EXTRA keys so that a small supernet (the demo's) can be trained and searched. Absent
// keys give the reference's values.
//
//   MODEL.EXTRA.SUPERNET_INPUT_CHANNEL   stem width                      (reference 24)
//   MODEL.EXTRA.SUPERNET_STAGE_CHANNELS  the 4 stages' widths            ([32, 64, 96, 160])
//   MODEL.EXTRA.SUPERNET_STAGE_BLOCKS    the supernet's blocks per stage ([6, 8, 10, 10])
//   MODEL.EXTRA.SEARCH_STAGE_BLOCKS      the blocks ArchManager draws    ([4, 6, 8, 8])
//   MODEL.EXTRA.SEARCH_INPUT_SIZES       the input sizes it draws from   ([256, 320, ..., 512])

#include <vector>

#include "config/arch_config.h"
#include "config/config_node.h"

namespace posescope {

/// The widths and blocks a pose_supermobilenet holds (its state_dict's shapes).
struct SupernetShape {
  int inputChannel = 24;
  std::vector<int> stageChannels{32, 64, 96, 160};
  std::vector<int> stageBlocks{6, 8, 10, 10};
};

/// Throws ConfigError naming the key when a value is unusable (not 4 positive stages, ...).
SupernetShape supernetShapeFromConfig(const ConfigNode& cfg);
/// The space over the supernet's widths; its blocks are at most the supernet's.
SearchSpace searchSpaceFromConfig(const ConfigNode& cfg);
/// ArchManager over that space with MODEL.EXTRA.NUM_DECONV_FILTERS.
ArchManager archManagerFromConfig(const ConfigNode& cfg);

}  // namespace posescope
