#pragma once
// yacs' merge rules (CfgNode.merge_from_file / merge_from_list) on a ConfigNode.

#include <map>
#include <string>
#include <vector>

#include "config/config_node.h"
#include "config/experiment.h"
#include "config/yaml_reader.h"

namespace posescope {

/// What a merge learned besides the values: lines of keys and keys new to the defaults.
struct MergeLog {
  std::map<std::string, int> lines;  // full key -> 1-based line in the YAML file
  struct NewKey {
    std::string key;       // full dotted key
    int line = 0;          // 1-based
    const YamlItem* item;  // the YAML subtree that added it (valid while the YamlItem lives)
  };
  std::vector<NewKey> newKeys;
};

/// Merges a parsed YAML file into `cfg` as _merge_a_into_b does (every node of the defaults
/// accepts new keys; known keys keep their type); throws ConfigError naming file, line and key.
void mergeYaml(ConfigNode& cfg, const YamlItem& root, const std::string& source, MergeLog& log);

/// Applies KEY VALUE overrides as merge_from_list does (keys must exist; values are Python
/// literals); throws ConfigError on an odd count, an unknown key or a value of the wrong type.
void mergeOverrides(ConfigNode& cfg, const std::vector<std::string>& overrides);

/// Warnings for keys the defaults do not have (did-you-mean from the defaults; MODEL.EXTRA keys
/// are checked against the MODEL.NAME's EXTRA keys, see defaults.h).
std::vector<ConfigWarning> unknownKeyWarnings(const ConfigNode& cfg, const MergeLog& log,
                                              const std::string& source);

/// The did-you-mean of unknownKeyWarnings for `fullKey`, a key the defaults lack: the closest
/// default key, or for a MODEL.EXTRA key the closest EXTRA key `model` reads (as a full key);
/// "" when none is close. Never throws.
std::string unknownKeySuggestion(const std::string& fullKey, const std::string& model);

}  // namespace posescope
