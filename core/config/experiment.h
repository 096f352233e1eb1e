#pragma once
// An experiment: the merged config (defaults + YAML + overrides + update_config) and its arch.

#include <optional>
#include <string>
#include <vector>

#include "config/arch_config.h"
#include "config/config_node.h"

namespace posescope {

/// A non-fatal finding while loading (unknown key, with a did-you-mean suggestion).
struct ConfigWarning {
  std::string file;  // file or "command line"
  int line = 0;      // 1-based, 0 when unknown
  std::string key;
  std::string message;
};

/// What a user gives valid.py: --cfg, --superconfig and KEY VALUE overrides.
struct ExperimentSpec {
  std::string cfgFile;
  std::string archFile;                // empty: no --superconfig
  std::vector<std::string> overrides;  // KEY VALUE KEY VALUE ...
};

/// The loaded experiment; `cfg` has update_config/check_config applied, and valid.py's
/// --superconfig rule (INPUT_SIZE, OUTPUT_SIZE) when `arch` came from a file.
struct Experiment {
  ExperimentSpec spec;
  ConfigNode cfg;
  std::optional<ArchConfig> arch;  // from --superconfig
  std::vector<ConfigWarning> warnings;

  /// The arch the network is built with: the --superconfig one, or ArchManager.fixed_sample()
  /// for pose_mobilenet / pose_simplenet / pose_supermobilenet, as valid.py does; nullopt otherwise.
  std::optional<ArchConfig> effectiveArch() const;
};

/// The reference's full default tree (lib/config/default.py; MODEL.EXTRA per models.py).
ConfigNode defaultConfig();

/// Loads and merges; throws ConfigError naming the file and key or line.
Experiment loadExperiment(const ExperimentSpec& spec);

/// The merged config as YAML that loadExperiment reads back to the same config.
std::string dumpConfigYaml(const ConfigNode& cfg);

}  // namespace posescope
