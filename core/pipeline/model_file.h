#pragma once
// Which checkpoint an evaluation loads: TEST.MODEL_FILE, or (empty) valid.py's fallback to the
// training run's best weights.

#include <string>

#include "config/config_node.h"

namespace posescope {

/// valid.py's final_output_dir (lib/utils/utils.py create_logger): OUTPUT_DIR / DATASET.DATASET
/// (':' replaced by '_') / MODEL.NAME / the --cfg file name up to its first '.'. A relative
/// OUTPUT_DIR is taken from the working directory, as Python does. Never fails.
std::string validPyOutputDir(const ConfigNode& cfg, const std::string& cfgFile);

/// TEST.MODEL_FILE when set; when empty, validPyOutputDir(cfg, cfgFile)/model_best.pth.tar (made
/// absolute), as valid.py loads. Throws CheckpointError naming that path when the fallback file is
/// absent.
std::string resolveModelFile(const ConfigNode& cfg, const std::string& cfgFile);

}  // namespace posescope
