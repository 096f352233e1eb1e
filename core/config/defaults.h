#pragma once
// Default trees: the reference's default.py (defaultConfig() in experiment.h) and per-model
// MODEL.EXTRA trees.
//
// Choice: defaultConfig()'s MODEL.EXTRA is empty, as in the reference, whose default.py imports
// models.py's MODEL_EXTRAS but never merges it, so every EXTRA key comes from the YAML untyped.
// The per-model trees below serve the did-you-mean warnings for MODEL.EXTRA (keyed by
// MODEL.NAME) and document what each network reads; they never change a loaded value.

#include <string>

#include "config/config_node.h"

namespace posescope {

/// MODEL.EXTRA defaults for a model: models.py's tree for pose_multi_resolution_net_v16, the
/// keys pose_higher_hrnet / the LitePose networks read for those; empty for other names.
ConfigNode modelExtraDefaults(const std::string& modelName);

}  // namespace posescope
