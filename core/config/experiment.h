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

/// `warning` as every program prints it: "warning: FILE[:LINE]: MESSAGE". Never fails.
std::string formatConfigWarning(const ConfigWarning& warning);

/// What a user gives valid.py: --cfg, --superconfig and KEY VALUE overrides.
struct ExperimentSpec {
  std::string cfgFile;
  std::string archFile;                // empty: no --superconfig
  std::vector<std::string> overrides;  // KEY VALUE KEY VALUE ...
  /// True when cfgFile is a dumped merged config (a run folder's config.yaml): update_config's
  /// DATA_DIR joins and WITH_CENTER joint are already in it and are not applied a second time.
  bool updateConfigApplied = false;
};

/// The loaded experiment; `cfg` has update_config/check_config applied, and valid.py's
/// --superconfig rule (INPUT_SIZE, OUTPUT_SIZE) when `arch` came from a file.
struct Experiment {
  ExperimentSpec spec;
  ConfigNode cfg;
  std::optional<ArchConfig> arch;  // from --superconfig
  std::vector<ConfigWarning> warnings;

  /// The arch the network is built with: the --superconfig one, or ArchManager.fixed_sample()
  /// for pose_mobilenet / pose_simplenet / pose_supermobilenet, as valid.py does; nullopt
  /// otherwise.
  std::optional<ArchConfig> effectiveArch() const;
};

/// The reference's full default tree (lib/config/default.py; MODEL.EXTRA per models.py).
ConfigNode defaultConfig();

/// Loads and merges; throws ConfigError naming the file and key or line.
Experiment loadExperiment(const ExperimentSpec& spec);

/// The merged config as YAML that loadExperiment reads back to the same config (with
/// updateConfigApplied set when DATA_DIR is not empty or DATASET.WITH_CENTER is true).
std::string dumpConfigYaml(const ConfigNode& cfg);

/// Defaults merged with one YAML text, without update_config (a GUI preview, a reopened run);
/// `source` names it in errors; throws ConfigError like loadExperiment.
ConfigNode mergeConfigText(const std::string& yamlText, const std::string& source,
                           std::vector<ConfigWarning>* warnings = nullptr);

/// The reference's update_config after the merges (DATA_DIR joins, WITH_CENTER, OUTPUT_SIZE
/// promotion); throws ConfigError naming `source` when a key has an unusable type.
void applyUpdateConfig(ConfigNode& cfg, const std::string& source);

/// valid.py's --superconfig rule: INPUT_SIZE = img_size, OUTPUT_SIZE = [img/4, img/2].
void applyArchResolution(ConfigNode& cfg, const ArchConfig& arch);

/// os.path.join(a, b) for two POSIX parts: an absolute b wins, an empty a gives b.
std::string pythonPathJoin(const std::string& a, const std::string& b);

}  // namespace posescope
