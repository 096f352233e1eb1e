#pragma once
// Which settings two runs differ in: their config.yaml files, key by key.

#include <string>
#include <vector>

namespace posescope {

/// One config key whose value differs between run A and run B; values as config.yaml writes
/// them (Python literals), "" on the side whose config lacks the key.
struct ConfigDifference {
  std::string key;  // dotted path, e.g. "TEST.FLIP_TEST"
  std::string a, b;
};

/// The leaves of two merged configs (config.yaml texts) whose values differ, in A's key order,
/// then the keys only B has. `sourceA` / `sourceB` name the texts in errors. Throws ConfigError
/// naming the source and line when a text is not YAML.
std::vector<ConfigDifference> diffConfigYaml(const std::string& yamlA, const std::string& sourceA,
                                             const std::string& yamlB, const std::string& sourceB);

}  // namespace posescope
